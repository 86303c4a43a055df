import { authRoutes } from '@sitewalk/shared/contract/auth';
import type { User } from '@sitewalk/shared/schemas/user';
import { SAVED_USER_KEY, savedUserStorage } from './saved-user-store.ts';

/**
 * The last signed-in user (`auth.me`'s answer), kept on this device so the installed app can start with no
 * network (lib/auth.tsx): written on every answer of `auth.me`, forgotten on logout and on a 401. It holds
 * no secret: the session itself is the HttpOnly refresh cookie, and every API call still needs a token.
 */
export const saveUser = (user: User): void => {
  try {
    savedUserStorage()?.setItem(SAVED_USER_KEY, JSON.stringify(user));
  } catch {
    // full or refused: the offline start is a convenience, never a reason to fail
  }
};

/** The saved user, if there is one and it still reads as `auth.me`'s answer. */
export const savedUser = (): User | null => {
  const text = savedUserStorage()?.getItem(SAVED_USER_KEY);
  if (!text) return null;
  try {
    const parsed = authRoutes['auth.me'].response.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as User) : null;
  } catch {
    return null;
  }
};

export const forgetUser = (): void => {
  savedUserStorage()?.removeItem(SAVED_USER_KEY);
};
