import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Routes } from '@sitewalk/shared/contract/index';
import type { RouteParamsInput } from '@sitewalk/shared/contract/route';
import { PRESIGNED_URL_SECONDS, PROFILE_IMAGE_TIMEOUT_MS } from '@sitewalk/shared/constants';
import type { ViewUrl } from '@sitewalk/shared/schemas/common';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';
import { fileNameOf } from '../lib/upload.ts';
import type { User } from '@sitewalk/shared/schemas/user';

/** The routes that answer a short-lived URL to view a logo or a profile picture. */
export type PictureRoute = 'managementCompany.logo' | 'organization.logo' | 'user.profilePicture';

/** A presigned view URL lasts 300 s: it is asked again a minute before it runs out. */
const FRESH_MS = (PRESIGNED_URL_SECONDS - 60) * 1000;

export const pictureUrlQueryOptions = <N extends PictureRoute>(
  route: N,
  params: RouteParamsInput<Routes[N]>,
) =>
  queryOptions({
    queryKey: queryKeyOf(route, { params }),
    queryFn: ({ signal }) => {
      const ask = api as unknown as (
        name: PictureRoute,
        input: { params: Record<string, string | number>; signal?: AbortSignal; timeoutMs?: number },
      ) => Promise<ViewUrl>;
      // The specs' 5 s timeout on the profile-image call; a logo is asked the same way.
      return ask(route, {
        params: params as Record<string, string | number>,
        signal,
        timeoutMs: PROFILE_IMAGE_TIMEOUT_MS,
      });
    },
    staleTime: FRESH_MS,
    retry: false,
  });

/**
 * The URL to show for a logo or profile picture: a string, null when there is none (nothing uploaded,
 * or the call failed or took more than 5 s, so the generic picture shows), or undefined while asking.
 * Asks nothing when `enabled` is false (say, `hasLogo` is false).
 */
export const usePictureUrl = <N extends PictureRoute>(
  route: N,
  params: RouteParamsInput<Routes[N]>,
  enabled = true,
): string | null | undefined => {
  const query = useQuery({ ...pictureUrlQueryOptions(route, params), enabled });
  if (!enabled || query.isError) return null;
  return query.data ? query.data.url : undefined;
};

/** The `{first}-{last}` segment the profile-picture calls carry, as the top bar asks it. */
export const profilePictureName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  fileNameOf(`${user.firstName}-${user.lastName}`);

/** The user's picture URL (5 s timeout): null for the generic picture, undefined while asking. */
export const useProfilePictureUrl = (user: User) =>
  usePictureUrl(
    'user.profilePicture',
    { userId: user.id, name: profilePictureName(user) },
    user.hasProfileImage,
  );
