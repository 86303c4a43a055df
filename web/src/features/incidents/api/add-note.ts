import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateRoute } from '../../../lib/query.ts';

export interface AddNoteInput {
  incidentId: number;
  note: string;
}

/** The author is the caller (the API takes it from the session). */
export const addNote = ({ incidentId, note }: AddNoteInput) =>
  api('incident.addNote', { body: { incidentId, note } });

export const useAddNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNote,
    onSuccess: () =>
      Promise.all([
        invalidateRoute(queryClient, 'incident.get'),
        invalidateRoute(queryClient, 'incident.dashboard'),
      ]),
  });
};
