import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROFILE_IMAGE_TIMEOUT_MS } from '@sitewalk/shared/constants';
import type { User } from '@sitewalk/shared/schemas/user';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

/** The `{first}-{last}` segment the profile-image calls carry (spec section 7). */
export const profileImageName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  `${user.firstName}-${user.lastName}`.slice(0, 120) || 'user';

const input = (user: Pick<User, 'id' | 'firstName' | 'lastName'>) => ({
  params: { userId: user.id, name: profileImageName(user) },
});

/** A short-lived URL of the user's picture, asked with the spec's 5 s timeout; none when nothing was uploaded. */
export const profileImageQueryOptions = (user: Pick<User, 'id' | 'firstName' | 'lastName'>) =>
  queryOptions({
    queryKey: queryKeyOf('user.profileImage', input(user)),
    queryFn: ({ signal }) => api('user.profileImage', { ...input(user), signal, timeoutMs: PROFILE_IMAGE_TIMEOUT_MS }),
    select: ({ url }) => url,
    retry: false,
    staleTime: 60_000,
  });

export const useProfileImageUrl = (user: User) =>
  useQuery({ ...profileImageQueryOptions(user), enabled: user.hasProfileImage });
