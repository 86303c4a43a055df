/**
 * Entry point of the cognito-local child process (cwd = its data directory, env PORT/HOST): cognito-local
 * 5.3.0 with the sign-in behaviours SiteWalk relies on brought in line with Amazon Cognito, then started
 * exactly as its own bin/start.js does. Plain JavaScript: the child runs on bare Node.
 *
 * What cognito-local does differently, and what this changes:
 * - AdminInitiateAuth (ADMIN_USER_PASSWORD_AUTH) hands a FORCE_CHANGE_PASSWORD user tokens at once.
 *   Here it answers NEW_PASSWORD_REQUIRED with a Session, as Cognito does.
 * - InitiateAuth (USER_PASSWORD_AUTH) answers NEW_PASSWORD_REQUIRED without checking the temporary
 *   password. Here the password is checked first.
 * - RespondToAuthChallenge accepts any Session string. Here NEW_PASSWORD_REQUIRED needs a Session issued
 *   to that user within the last 3 minutes, used once.
 * - The refresh token issued by RespondToAuthChallenge is not stored, so it cannot be used. Here it is.
 * - AdminRespondToAuthChallenge does not exist. Here it behaves as RespondToAuthChallenge.
 * - AdminDisableUser is recorded but sign-in ignores it. Here password and refresh sign-ins of a disabled
 *   user fail with NotAuthorizedException "User is disabled.".
 * - A wrong password is InvalidPasswordException. Here it is NotAuthorizedException "Incorrect username
 *   or password." (also for an unknown user, as with PreventUserExistenceErrors).
 * - AdminUserGlobalSignOut does not exist. Here it ends every refresh token of the user.
 * - A refreshed access token carries the time of the refresh as `auth_time`. Here it keeps the time of
 *   the original sign-in (the refresh token's `iat`), as Cognito does: the API judges sessions by it.
 * - Access tokens carry no `origin_jti`. Here every access token of one sign-in, refreshed ones too, carries
 *   the same one (its refresh token's `jti`), as Cognito's do with token revocation on: a logout ends it.
 * - AdminSetUserPassword and the new-password challenge ignore the pool's password policy. Here a password
 *   that breaks it is InvalidPasswordException.
 * - Two-step verification (TOTP; see the MFA section below): AdminInitiateAuth hands a user with a verified
 *   software token tokens at once, the MFA challenges accept any Session, AdminSetUserMFAPreference does
 *   not exist, and the MFA_SETUP flow (AssociateSoftwareToken and VerifySoftwareToken with a Session) is
 *   refused. Here they behave as in Cognito, with codes checked by otplib (RFC 6238: SHA-1, 6 digits,
 *   30 s, one step either side).
 * - Every change rewrites the pool's whole JSON file at once, so two changes at once write one file twice
 *   at the same time, and a file can be left half written. Here a pool's saves run one at a time, each
 *   written beside the file and renamed over it; the changes made while one runs are saved together by the
 *   next (a bulk load of 1,500 accounts spent most of its time rewriting the file).
 */
import { createPrivateKey, createPublicKey, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { generateSecret, verifySync } from 'otplib';

const require = createRequire(import.meta.url);
const { Targets } = require('cognito-local/lib/targets/targets.js');
const {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} = require('cognito-local/lib/errors.js');
const jwt = createRequire(require.resolve('cognito-local/package.json'))('jsonwebtoken');
const privateKey = require('cognito-local/lib/keys/cognitoLocal.private.json');

const SESSION_LIFETIME_MS = 3 * 60 * 1000;
/** Session → whom it was issued to. */
const sessions = new Map();

const incorrect = () => new NotAuthorizedError('Incorrect username or password.');

const assertCanSignIn = (user, password) => {
  if (!user) throw incorrect();
  if (password !== undefined && user.Password !== password) throw incorrect();
  if (user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
};

const newPasswordChallenge = (user, userPoolId) => {
  const session = randomUUID();
  sessions.set(session, {
    kind: 'new-password',
    userPoolId,
    username: user.Username,
    expires: Date.now() + SESSION_LIFETIME_MS,
  });
  const { sub: _sub, ...attributes } = Object.fromEntries(
    (user.Attributes ?? []).map((a) => [a.Name, a.Value]),
  );
  return {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    ChallengeParameters: {
      USER_ID_FOR_SRP: user.Username,
      requiredAttributes: '[]',
      userAttributes: JSON.stringify(attributes),
    },
    Session: session,
  };
};

/** The password flows of both InitiateAuth variants; undefined = let cognito-local answer. */
const passwordFlow = async (services, ctx, req) => {
  const username = req.AuthParameters?.USERNAME;
  const password = req.AuthParameters?.PASSWORD;
  if (!username || !password) return undefined; // cognito-local reports the missing parameter
  const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = await userPool.getUserByUsername(ctx, username);
  assertCanSignIn(user, password);
  if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') return newPasswordChallenge(user, userPool.options.Id);
  return mfaChallenge(user, userPool);
};

const refreshFlow = async (services, ctx, req) => {
  const token = req.AuthParameters?.REFRESH_TOKEN;
  if (!token) return;
  const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = await userPool.getUserByRefreshToken(ctx, token);
  if (user?.Enabled === false) throw new NotAuthorizedError('User is disabled.');
};

const isRefresh = (flow) => flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN';

/**
 * Re-signs the access token of a sign-in or refresh with its sign-in's `origin_jti` (the refresh token's
 * `jti`) and, for a refresh, the sign-in time of its refresh token as `auth_time`.
 */
const withSignIn = (result, refreshToken, { refreshed }) => {
  const accessToken = result.AuthenticationResult?.AccessToken;
  const signIn = refreshToken ? jwt.decode(refreshToken) : null;
  if (!accessToken || typeof signIn?.iat !== 'number' || typeof signIn.jti !== 'string') return result;
  const { header, payload } = jwt.decode(accessToken, { complete: true });
  const claims = { ...payload, origin_jti: signIn.jti, ...(refreshed ? { auth_time: signIn.iat } : {}) };
  const AccessToken = jwt.sign(claims, privateKey.pem, { algorithm: header.alg, keyid: header.kid });
  return { ...result, AuthenticationResult: { ...result.AuthenticationResult, AccessToken } };
};
const signedIn = (result) =>
  withSignIn(result, result.AuthenticationResult?.RefreshToken, { refreshed: false });

/** Cognito's check of a new password against the pool's policy. */
const assertPolicy = (userPool, password) => {
  const policy = userPool.options.Policies?.PasswordPolicy;
  if (!policy || typeof password !== 'string') return;
  const broken = [
    password.length < (policy.MinimumLength ?? 8) && 'Password not long enough',
    policy.RequireUppercase && !/[A-Z]/.test(password) && 'Password must have uppercase characters',
    policy.RequireLowercase && !/[a-z]/.test(password) && 'Password must have lowercase characters',
    policy.RequireNumbers && !/\d/.test(password) && 'Password must have numeric characters',
    policy.RequireSymbols && !/[^A-Za-z0-9\s]/.test(password) && 'Password must have symbol characters',
  ].find(Boolean);
  if (broken) {
    throw new CognitoError('InvalidPasswordException', `Password does not conform to policy: ${broken}`);
  }
};

const wrapInitiateAuth = (original, passwordFlowName) => (services) => {
  const handler = original(services);
  return async (ctx, req) => {
    if (req.AuthFlow === passwordFlowName) {
      const challenge = await passwordFlow(services, ctx, req);
      if (challenge) return challenge;
    } else if (isRefresh(req.AuthFlow)) {
      await refreshFlow(services, ctx, req);
      return withSignIn(await handler(ctx, req), req.AuthParameters.REFRESH_TOKEN, { refreshed: true });
    }
    return signedIn(await handler(ctx, req));
  };
};

// --- Two-step verification (TOTP) ---------------------------------------------------------------------
// The key lives on the user record (SoftwareTokenMfaConfiguration, as cognito-local's own calls keep it), so
// it is stored with the rest of the pool's data: under .data/ for the local host, a temporary directory for
// tests. MFA sessions live here in memory, like the new-password ones.

/** Cognito's TOTP: RFC 6238 with SHA-1, 6 digits, 30-second steps, one step of clock drift either side. */
const codeIsValid = (secret, code) => {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return false;
  try {
    return verifySync({ secret, token: code, epochTolerance: 30 }).valid;
  } catch {
    return false;
  }
};

const hasSoftwareToken = (user) =>
  (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') &&
  user.SoftwareTokenMfaConfiguration?.Verified === true;

const issueSession = (kind, user, userPoolId) => {
  const session = randomUUID();
  sessions.set(session, {
    kind,
    userPoolId,
    username: user.Username,
    expires: Date.now() + SESSION_LIFETIME_MS,
  });
  return session;
};

/** The session's entry when it was issued for this kind of step to this user and still lasts. */
const sessionOf = (session, kind, userPoolId, username) => {
  const entry = session ? sessions.get(session) : undefined;
  if (!entry || entry.kind !== kind || entry.userPoolId !== userPoolId || entry.username !== username) {
    throw new NotAuthorizedError('Invalid session for the user.');
  }
  if (entry.expires < Date.now()) {
    sessions.delete(session);
    throw new NotAuthorizedError('Invalid session for the user, session is expired.');
  }
  return entry;
};

/** After a right password: the code of a user with TOTP on, set-up when the pool requires MFA; else none. */
const mfaChallenge = (user, userPool) => {
  const userPoolId = userPool.options.Id;
  if (hasSoftwareToken(user)) {
    return {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ChallengeParameters: { USER_ID_FOR_SRP: user.Username },
      Session: issueSession('mfa', user, userPoolId),
    };
  }
  if (userPool.options.MfaConfiguration === 'ON') {
    return {
      ChallengeName: 'MFA_SETUP',
      ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: user.Username },
      Session: issueSession('setup', user, userPoolId),
    };
  }
  return undefined;
};

/** The user a set-up Session (MFA_SETUP flow) was issued to, across the pools of this instance. */
const userOfSetupSession = async (services, ctx, session) => {
  const entry = session ? sessions.get(session) : undefined;
  if (!entry || entry.kind !== 'setup') throw new NotAuthorizedError('Invalid session for the user.');
  const userPool = await services.cognito.getUserPool(ctx, entry.userPoolId);
  sessionOf(session, 'setup', entry.userPoolId, entry.username);
  const user = await userPool.getUserByUsername(ctx, entry.username);
  if (!user) throw new NotAuthorizedError('Invalid session for the user.');
  return { userPool, user };
};

/** AssociateSoftwareToken: cognito-local's own for an access token; with a Session, the MFA_SETUP flow. */
const wrapAssociateSoftwareToken = (original) => (services) => {
  const handler = original(services);
  return async (ctx, req) => {
    if (req.AccessToken || !req.Session) return handler(ctx, req);
    const { userPool, user } = await userOfSetupSession(services, ctx, req.Session);
    const secret = generateSecret({ length: 20 });
    await userPool.saveUser(ctx, {
      ...user,
      SoftwareTokenMfaConfiguration: { Secret: secret, Verified: false },
    });
    return { SecretCode: secret, Session: req.Session };
  };
};

/** VerifySoftwareToken: the code checked by otplib, with an access token or a set-up Session. */
const wrapVerifySoftwareToken = (original) => (services) => {
  const handler = original(services);
  return async (ctx, req) => {
    if (req.AccessToken || !req.Session) {
      // cognito-local's own, after the same check of the code as everywhere else here.
      if (req.AccessToken && req.UserCode) {
        const decoded = jwt.decode(req.AccessToken);
        const userPool =
          decoded?.client_id && (await services.cognito.getUserPoolForClientId(ctx, decoded.client_id));
        const user = userPool && (await userPool.getUserByUsername(ctx, decoded.sub));
        const secret = user?.SoftwareTokenMfaConfiguration?.Secret;
        if (secret && !codeIsValid(secret, req.UserCode)) throw new CodeMismatchError();
      }
      return handler(ctx, req);
    }
    const { userPool, user } = await userOfSetupSession(services, ctx, req.Session);
    const secret = user.SoftwareTokenMfaConfiguration?.Secret;
    if (!secret) throw new InvalidParameterError('User has not associated a software token');
    if (!codeIsValid(secret, req.UserCode)) throw new CodeMismatchError();
    await userPool.saveUser(ctx, {
      ...user,
      SoftwareTokenMfaConfiguration: { ...user.SoftwareTokenMfaConfiguration, Verified: true },
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
    });
    sessions.get(req.Session).verified = true;
    return { Status: 'SUCCESS', Session: req.Session };
  };
};

/** Turns TOTP on or off for a user by name; off also forgets the key, so a new set-up starts afresh. */
const AdminSetUserMFAPreference =
  ({ cognito }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    if (req.SMSMfaSettings?.Enabled)
      throw new InvalidParameterError('SMS MFA is not configured for this pool.');
    const software = req.SoftwareTokenMfaSettings;
    if (!software) return {};
    if (software.Enabled) {
      if (user.SoftwareTokenMfaConfiguration?.Verified !== true) {
        throw new InvalidParameterError('User has not verified software token mfa');
      }
      await userPool.saveUser(ctx, {
        ...user,
        UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
        PreferredMfaSetting: software.PreferredMfa ? 'SOFTWARE_TOKEN_MFA' : undefined,
      });
    } else {
      const { SoftwareTokenMfaConfiguration: _forgotten, ...rest } = user;
      await userPool.saveUser(ctx, { ...rest, UserMFASettingList: [], PreferredMfaSetting: undefined });
    }
    return {};
  };

/** The SOFTWARE_TOKEN_MFA and MFA_SETUP answers: a session issued for that step, and a right code. */
const answerMfa = async (services, ctx, req, userPool, user) => {
  const userPoolId = userPool.options.Id;
  if (req.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    sessionOf(req.Session, 'mfa', userPoolId, user.Username);
    const secret = user.SoftwareTokenMfaConfiguration?.Secret;
    // A wrong code leaves the session usable until it expires, as in Cognito.
    if (!hasSoftwareToken(user) || !codeIsValid(secret, req.ChallengeResponses.SOFTWARE_TOKEN_MFA_CODE)) {
      throw new CodeMismatchError();
    }
  } else {
    const entry = sessionOf(req.Session, 'setup', userPoolId, user.Username);
    if (!entry.verified) throw new NotAuthorizedError('Invalid session for the user.');
  }
  sessions.delete(req.Session);
  const client = await services.cognito.getAppClient(ctx, req.ClientId);
  const groups = await userPool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(
    ctx,
    user,
    groups,
    client,
    req.ClientMetadata,
    'Authentication',
  );
  await userPool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  return { ChallengeParameters: {}, AuthenticationResult: tokens };
};

const wrapRespondToAuthChallenge = (original) => (services) => {
  const handler = original(services);
  return async (ctx, req) => {
    if (req.ChallengeName === 'SOFTWARE_TOKEN_MFA' || req.ChallengeName === 'MFA_SETUP') {
      const username = req.ChallengeResponses?.USERNAME;
      if (!username) throw new InvalidParameterError('Missing required parameter USERNAME');
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, username);
      if (!user) throw new NotAuthorizedError('Invalid session for the user.');
      if (user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
      return answerMfa(services, ctx, req, userPool, user);
    }
    if (req.ChallengeName !== 'NEW_PASSWORD_REQUIRED') return handler(ctx, req);
    const username = req.ChallengeResponses?.USERNAME;
    if (!username || !req.Session || !req.ChallengeResponses?.NEW_PASSWORD) return handler(ctx, req);
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, username);
    const session = sessions.get(req.Session);
    if (
      !user ||
      !session ||
      session.kind !== 'new-password' ||
      session.userPoolId !== userPool.options.Id ||
      session.username !== user.Username
    ) {
      throw new NotAuthorizedError('Invalid session for the user.');
    }
    sessions.delete(req.Session);
    if (session.expires < Date.now()) {
      throw new NotAuthorizedError('Invalid session for the user, session is expired.');
    }
    assertPolicy(userPool, req.ChallengeResponses.NEW_PASSWORD);
    const result = await handler(ctx, req);
    const refreshToken = result.AuthenticationResult?.RefreshToken;
    if (refreshToken) {
      const updated = await userPool.getUserByUsername(ctx, user.Username);
      if (updated) await userPool.storeRefreshToken(ctx, refreshToken, updated);
    }
    return signedIn(result);
  };
};

const wrapAdminSetUserPassword = (original) => (services) => {
  const handler = original(services);
  return async (ctx, req) => {
    assertPolicy(await services.cognito.getUserPool(ctx, req.UserPoolId), req.Password);
    return handler(ctx, req);
  };
};

/** Every refresh token of the user stops working (access tokens live on until they expire, as in Cognito). */
const AdminUserGlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };

Targets.AdminInitiateAuth = wrapInitiateAuth(Targets.AdminInitiateAuth, 'ADMIN_USER_PASSWORD_AUTH');
Targets.InitiateAuth = wrapInitiateAuth(Targets.InitiateAuth, 'USER_PASSWORD_AUTH');
Targets.RespondToAuthChallenge = wrapRespondToAuthChallenge(Targets.RespondToAuthChallenge);
Targets.AdminRespondToAuthChallenge = Targets.RespondToAuthChallenge;
Targets.AdminSetUserPassword = wrapAdminSetUserPassword(Targets.AdminSetUserPassword);
Targets.AdminUserGlobalSignOut = AdminUserGlobalSignOut;
Targets.AssociateSoftwareToken = wrapAssociateSoftwareToken(Targets.AssociateSoftwareToken);
Targets.VerifySoftwareToken = wrapVerifySoftwareToken(Targets.VerifySoftwareToken);
Targets.AdminSetUserMFAPreference = AdminSetUserMFAPreference;

setInterval(() => {
  const now = Date.now();
  for (const [session, { expires }] of sessions) if (expires < now) sessions.delete(session);
}, 60_000).unref();

// Orphaned (the parent died without stopping us): go too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1_000).unref();

// Saves one at a time per file, as a group: a save asked for while one runs waits for the next, which
// writes the state handed to the last save asked for (the pool's whole state: every change until then).
{
  const { localFileEngine } = createRequire(require.resolve('cognito-local/package.json'))('stormdb');
  /** file → the state to write next and the callers waiting for it; present while a save runs. */
  const files = new Map();
  const save = async (path, { serialize, data }) => {
    const temporary = `${path}.saving`;
    await writeFile(temporary, serialize(data));
    await rename(temporary, path);
  };
  const run = (path, state) =>
    save(path, state).finally(() => {
      const file = files.get(path);
      if (!file.next) return files.delete(path);
      const { next } = file;
      file.next = null;
      run(path, next).then(next.resolve, next.reject);
    });
  localFileEngine.prototype.write = function write(data) {
    const state = { serialize: this.serialize, data };
    const file = files.get(this.path);
    if (!file) {
      files.set(this.path, { next: null });
      return run(this.path, state);
    }
    if (!file.next) {
      let resolve, reject;
      const promise = new Promise((res, rej) => ((resolve = res), (reject = rej)));
      file.next = { resolve, reject, promise };
    }
    Object.assign(file.next, state);
    return file.next.promise;
  };
}

// The signing key made for this data directory (SIGNING_KEY_FILE, see cognito.ts) replaces the one shipped in
// the package, for signing and in the JWKS, so no one can mint a token the host trusts. The shipped key's
// objects are changed in place, before cognito-local loads, because its modules sign and serve from them.
// The key id stays "CognitoLocal": cognito-local names it in every token it signs.
{
  const ownKey = createPrivateKey(readFileSync(process.env.SIGNING_KEY_FILE, 'utf8'));
  const publicKey = require('cognito-local/lib/keys/cognitoLocal.public.json');
  const { kty, n, e } = createPublicKey(ownKey).export({ format: 'jwk' });
  Object.assign(privateKey, { pem: ownKey.export({ type: 'pkcs1', format: 'pem' }), jwk: undefined });
  Object.assign(publicKey, {
    pem: createPublicKey(ownKey).export({ type: 'pkcs1', format: 'pem' }),
    jwk: { kty, e, n, use: 'sig', kid: 'CognitoLocal', alg: 'RS256' },
  });
}

require('cognito-local/lib/bin/start.js');
