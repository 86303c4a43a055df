import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateRoute } from '../../../lib/query.ts';

export interface ResolveIncidentInput {
  id: number;
  resolved: boolean;
}

/** Resolving sends the current time; reopening sends none. */
export const resolveIncident = ({ id, resolved }: ResolveIncidentInput) =>
  api('incident.resolve', {
    params: { id },
    body: { resolved, resolvedAt: resolved ? new Date().toISOString() : null },
  });

export const useResolveIncident = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveIncident,
    onSettled: () =>
      Promise.all([
        invalidateRoute(queryClient, 'incident.get'),
        invalidateRoute(queryClient, 'incident.dashboard'),
      ]),
  });
};
