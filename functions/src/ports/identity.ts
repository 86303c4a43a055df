import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  VerifySoftwareTokenCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  RevokeTokenCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Env } from '../env.ts';
import { tracedClient } from './tracer.ts';

/** What a successful sign-in yields. */
export interface Tokens {
  accessToken: string;
  refreshToken?: string | undefined;
  expiresIn: number;
  /** The sign-in the access token belongs to (its `origin_jti`, kept by every refresh); absent if Cognito gave none. */
  originJti?: string | undefined;
}

export type SignInResult =
  | { kind: 'signed-in'; tokens: Tokens }
  /** A temporary password: the user must choose a new one (Cognito's NEW_PASSWORD_REQUIRED). */
  | { kind: 'new-password-required'; session: string }
  /** Two-step verification is on: the authenticator app's code is next (Cognito's SOFTWARE_TOKEN_MFA). */
  | { kind: 'mfa-code'; session: string }
  /** An MFA code that is not the current one; the session may be answered again while it lasts. */
  | { kind: 'wrong-code' }
  | { kind: 'refused' };

/**
 * The identity provider: Cognito in AWS, cognito-local on the local host. The Cognito username is the
 * SiteWalk user id, so e-mail changes never touch it.
 */
export interface IdentityProvider {
  createUser(userId: number, password: string, temporary: boolean): Promise<void>;
  /** A temporary password must be replaced at the next sign-in (NEW_PASSWORD_REQUIRED). */
  setPassword(userId: number, password: string, temporary?: boolean): Promise<void>;
  /** Ends every refresh token of the user; false when the user has no sign-in. */
  signOutEverywhere(userId: number): Promise<boolean>;
  deleteUser(userId: number): Promise<void>;
  /** Stops sign-in without losing the account (the first step of a delete that can be undone). */
  disableUser(userId: number): Promise<void>;
  enableUser(userId: number): Promise<void>;
  exists(userId: number): Promise<boolean>;
  signIn(userId: number, password: string): Promise<SignInResult>;
  completeNewPassword(userId: number, session: string, newPassword: string): Promise<SignInResult>;
  /** Answers the SOFTWARE_TOKEN_MFA challenge with the code of the user's authenticator app. */
  answerMfaCode(userId: number, session: string, code: string): Promise<SignInResult>;
  /** A new TOTP key for the signed-in user of the access token (replacing any unverified one). */
  associateSoftwareToken(accessToken: string): Promise<string>;
  /** Whether the code belongs to the key just associated (which then counts as verified). */
  verifySoftwareToken(accessToken: string, code: string): Promise<boolean>;
  /** Turns two-step verification by TOTP on (preferred) or off for the user. */
  setMfa(userId: number, enabled: boolean): Promise<void>;
  /** Whether the user has two-step verification by TOTP on. */
  mfaEnabled(userId: number): Promise<boolean>;
  refresh(refreshToken: string): Promise<Tokens | null>;
  revoke(refreshToken: string): Promise<void>;
}

/** Cognito's refusal of a password its pool policy does not allow. */
export class PasswordRefusedError extends Error {
  override name = 'PasswordRefusedError';
}

type IdentityEnv = Env<'AWS_REGION' | 'USER_POOL_ID' | 'USER_POOL_CLIENT_ID' | 'COGNITO_ENDPOINT'>;

const isNamed = (error: unknown, ...names: string[]) => error instanceof Error && names.includes(error.name);

/**
 * A claim of an access token Cognito has just answered (read, not verified: it came from Cognito itself, and
 * the API verifies every token it is sent).
 */
const claimOf = (accessToken: string, name: string): string | undefined => {
  try {
    const payload = JSON.parse(
      Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as unknown;
    const value = (payload as Record<string, unknown> | null)?.[name];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
};

const tokensOf = (result: AuthenticationResultType | undefined): Tokens | null =>
  result?.AccessToken
    ? {
        accessToken: result.AccessToken,
        refreshToken: result.RefreshToken,
        expiresIn: result.ExpiresIn ?? 3600,
        originJti: claimOf(result.AccessToken, 'origin_jti'),
      }
    : null;

export const cognitoIdentity = (env: IdentityEnv): IdentityProvider => {
  const client = tracedClient(
    () =>
      new CognitoIdentityProviderClient({
        region: env.AWS_REGION,
        ...(env.COGNITO_ENDPOINT ? { endpoint: env.COGNITO_ENDPOINT } : {}),
      }),
  );
  const pool = { UserPoolId: env.USER_POOL_ID };
  const username = (userId: number) => String(userId);

  const answer = (result: {
    AuthenticationResult?: AuthenticationResultType;
    ChallengeName?: string;
    Session?: string;
  }): SignInResult => {
    if (result.ChallengeName === 'NEW_PASSWORD_REQUIRED' && result.Session) {
      return { kind: 'new-password-required', session: result.Session };
    }
    if (result.ChallengeName === 'SOFTWARE_TOKEN_MFA' && result.Session) {
      return { kind: 'mfa-code', session: result.Session };
    }
    const tokens = tokensOf(result.AuthenticationResult);
    return tokens ? { kind: 'signed-in', tokens } : { kind: 'refused' };
  };

  /** The user's answer to a challenge of their sign-in (the session Cognito gave with it). */
  const respond = async (
    userId: number,
    challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA',
    session: string,
    responses: Record<string, string>,
  ) =>
    answer(
      await client().send(
        new AdminRespondToAuthChallengeCommand({
          ...pool,
          ClientId: env.USER_POOL_CLIENT_ID,
          ChallengeName: challenge,
          Session: session,
          ChallengeResponses: { USERNAME: username(userId), ...responses },
        }),
      ),
    );

  return {
    async createUser(userId, password, temporary) {
      await client().send(
        new AdminCreateUserCommand({
          ...pool,
          Username: username(userId),
          MessageAction: 'SUPPRESS', // SiteWalk tells people their password itself
          ...(temporary ? { TemporaryPassword: password } : {}),
        }),
      );
      if (!temporary) await this.setPassword(userId, password);
    },

    async setPassword(userId, password, temporary = false) {
      try {
        await client().send(
          new AdminSetUserPasswordCommand({
            ...pool,
            Username: username(userId),
            Password: password,
            Permanent: !temporary,
          }),
        );
      } catch (error) {
        if (isNamed(error, 'InvalidPasswordException'))
          throw new PasswordRefusedError((error as Error).message);
        throw error;
      }
    },

    async signOutEverywhere(userId) {
      try {
        await client().send(new AdminUserGlobalSignOutCommand({ ...pool, Username: username(userId) }));
        return true;
      } catch (error) {
        if (isNamed(error, 'UserNotFoundException')) return false;
        throw error;
      }
    },

    async deleteUser(userId) {
      try {
        await client().send(new AdminDeleteUserCommand({ ...pool, Username: username(userId) }));
      } catch (error) {
        if (!isNamed(error, 'UserNotFoundException')) throw error;
      }
    },

    async disableUser(userId) {
      await client().send(new AdminDisableUserCommand({ ...pool, Username: username(userId) }));
    },

    async enableUser(userId) {
      await client().send(new AdminEnableUserCommand({ ...pool, Username: username(userId) }));
    },

    async exists(userId) {
      try {
        await client().send(new AdminGetUserCommand({ ...pool, Username: username(userId) }));
        return true;
      } catch (error) {
        if (isNamed(error, 'UserNotFoundException')) return false;
        throw error;
      }
    },

    async signIn(userId, password) {
      try {
        return answer(
          await client().send(
            new AdminInitiateAuthCommand({
              ...pool,
              ClientId: env.USER_POOL_CLIENT_ID,
              AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
              AuthParameters: { USERNAME: username(userId), PASSWORD: password },
            }),
          ),
        );
      } catch (error) {
        if (isNamed(error, 'NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException')) {
          return { kind: 'refused' };
        }
        throw error;
      }
    },

    async completeNewPassword(userId, session, newPassword) {
      try {
        return await respond(userId, 'NEW_PASSWORD_REQUIRED', session, { NEW_PASSWORD: newPassword });
      } catch (error) {
        if (
          isNamed(
            error,
            'NotAuthorizedException',
            'CodeMismatchException',
            'ExpiredCodeException',
            'InvalidParameterException',
          )
        ) {
          return { kind: 'refused' };
        }
        throw error;
      }
    },

    async answerMfaCode(userId, session, code) {
      try {
        return await respond(userId, 'SOFTWARE_TOKEN_MFA', session, { SOFTWARE_TOKEN_MFA_CODE: code });
      } catch (error) {
        if (isNamed(error, 'CodeMismatchException')) return { kind: 'wrong-code' };
        if (isNamed(error, 'NotAuthorizedException', 'ExpiredCodeException', 'InvalidParameterException')) {
          return { kind: 'refused' };
        }
        throw error;
      }
    },

    async associateSoftwareToken(accessToken) {
      const { SecretCode } = await client().send(
        new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
      );
      if (!SecretCode) throw new Error('Cognito answered AssociateSoftwareToken without a secret');
      return SecretCode;
    },

    async verifySoftwareToken(accessToken, code) {
      try {
        const { Status } = await client().send(
          new VerifySoftwareTokenCommand({
            AccessToken: accessToken,
            UserCode: code,
            FriendlyDeviceName: 'SiteWalk',
          }),
        );
        return Status === 'SUCCESS';
      } catch (error) {
        if (isNamed(error, 'CodeMismatchException', 'EnableSoftwareTokenMFAException')) return false;
        throw error;
      }
    },

    async setMfa(userId, enabled) {
      await client().send(
        new AdminSetUserMFAPreferenceCommand({
          ...pool,
          Username: username(userId),
          SoftwareTokenMfaSettings: { Enabled: enabled, PreferredMfa: enabled },
        }),
      );
    },

    async mfaEnabled(userId) {
      const user = await client().send(new AdminGetUserCommand({ ...pool, Username: username(userId) }));
      return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
    },

    async refresh(refreshToken) {
      try {
        const result = await client().send(
          new AdminInitiateAuthCommand({
            ...pool,
            ClientId: env.USER_POOL_CLIENT_ID,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: refreshToken },
          }),
        );
        return tokensOf(result.AuthenticationResult);
      } catch (error) {
        if (isNamed(error, 'NotAuthorizedException')) return null;
        throw error;
      }
    },

    async revoke(refreshToken) {
      try {
        await client().send(
          new RevokeTokenCommand({ ClientId: env.USER_POOL_CLIENT_ID, Token: refreshToken }),
        );
      } catch (error) {
        // An unknown or already revoked token is as good as revoked.
        if (!isNamed(error, 'NotAuthorizedException', 'UnsupportedTokenTypeException')) throw error;
      }
    },
  };
};
