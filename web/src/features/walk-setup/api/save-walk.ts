import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import type { createWalkBody, updateWalkBody } from '@sitewalk/shared/schemas/walk';
import { api } from '../../../lib/api.ts';

export type CreateWalkInput = z.input<typeof createWalkBody>;
export type UpdateWalkInput = z.input<typeof updateWalkBody>;

export const createWalk = (body: CreateWalkInput) => api('walk.create', { body });
/** An edit keeps the markers' ids, so the walk's reports still point at them. */
export const updateWalk = (body: UpdateWalkInput) => api('walk.update', { body });
export const deleteWalk = (id: number) => api('walk.delete', { params: { id } });

/** Saves without touching the walk list: the screen reloads it 2 s after 'Saved!'. */
export const useCreateWalk = () => useMutation({ mutationFn: createWalk });
export const useUpdateWalk = () => useMutation({ mutationFn: updateWalk });

export const useDeleteWalk = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWalk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['walk.allByLocation'] }),
  });
};
