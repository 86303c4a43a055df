/**
 * Where the last signed-in user is kept on this device (lib/saved-session.ts reads and writes it), importing
 * nothing: the document's first script reads the saved role with it, before the contract has loaded.
 */
export const SAVED_USER_KEY = 'sitewalk.user';

export const savedUserStorage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage refused (a privacy setting): the app works online as before
  }
};

/**
 * The saved user's role id, unchecked (a guess of where /app lands, never a permission: the server decides
 * every call), or undefined when there is none.
 */
export const savedRoleId = (): number | undefined => {
  try {
    const roleId: unknown = (
      JSON.parse(savedUserStorage()?.getItem(SAVED_USER_KEY) ?? 'null') as {
        roleId?: unknown;
      } | null
    )?.roleId;
    return typeof roleId === 'number' ? roleId : undefined;
  } catch {
    return undefined;
  }
};
