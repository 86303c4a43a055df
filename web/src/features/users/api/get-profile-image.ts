import type { User } from '@sitewalk/shared/schemas/user';
import { usePictureUrl } from '../../../hooks/use-picture-url.ts';
import { fileNameOf } from '../../../lib/upload.ts';

/** The `{first}-{last}` segment the profile-image calls carry (spec section 7), as the top bar asks it. */
export const profileImageName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  fileNameOf(`${user.firstName}-${user.lastName}`);

/** The user's picture URL (5 s timeout): null for the generic picture, undefined while asking. */
export const useProfileImageUrl = (user: User) =>
  usePictureUrl('user.profilePicture', { userId: user.id, name: profileImageName(user) }, user.hasProfileImage);
