import type { Actor } from '@sitewalk/shared/policy';
import { isRoleId } from '@sitewalk/shared/roles';
import type { DataService } from '../db/service.ts';
import { getUserAccess } from '../db/users.ts';
import { UnauthorizedError } from './errors.ts';

/** The verified access-token claims API Gateway (or the local host) hands over; values arrive as strings. */
export interface Claims {
  sub: string;
  username?: string;
  exp?: string;
  [claim: string]: unknown;
}

/**
 * Turns verified access-token claims into the actor, with one Query of the user's `userAccess`
 * collection (the user and all their memberships). The Cognito username is the SiteWalk user id.
 * A user who no longer exists, or whose sessions were ended after this token's sign-in, is a 401. The
 * sign-in time is `auth_time`, which refreshed tokens keep, not `iat`: a refresh token of a session that
 * was ended cannot mint access tokens that pass. So is a token of a session that was logged out: the same
 * Query reads the user's ended sessions, by the `origin_jti` every token of a sign-in carries.
 */
export const loadActor = async (db: DataService, claims: Claims): Promise<Actor> => {
  const userId = Number(claims.username);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new UnauthorizedError();
  const data = await getUserAccess(db, userId);
  const user = data.user[0];
  if (!user || !isRoleId(user.roleId)) throw new UnauthorizedError();
  const signedInAtMs = Number(claims.auth_time) * 1000; // tokensValidAfter is in milliseconds
  if (user.tokensValidAfter !== undefined && !(signedInAtMs >= user.tokensValidAfter))
    throw new UnauthorizedError();
  // A logged-out session's access tokens, until they expire.
  if (data.endedSession.some((ended) => ended.originJti === claims.origin_jti)) throw new UnauthorizedError();
  return {
    userId,
    roleId: user.roleId,
    managementCompanyIds: user.managementCompanyId === undefined ? [] : [user.managementCompanyId],
    organizationIds: data.userOrganization.map((m) => m.organizationId),
    locationIds: data.userLocation.map((m) => m.locationId),
  };
};
