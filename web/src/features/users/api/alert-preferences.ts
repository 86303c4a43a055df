import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertPreferences } from '@sitewalk/shared/schemas/alert';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

/** The signed-in user's alert preferences (only one's own exist). */
export const usePreferences = () =>
  useQuery({
    queryKey: queryKeyOf('alert.preferences'),
    queryFn: ({ signal }) => api('alert.preferences', { signal }),
  });

export const useSetPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertPreferences) => api('alert.setPreferences', { body }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeyOf('alert.preferences'), saved),
  });
};
