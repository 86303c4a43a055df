import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { parseRoleList } from '@sitewalk/shared/roles';

export const DEFAULT_ADMIN_EMAIL = 'admin@sitewalk.local';
export const DEFAULT_ADMIN_PASSWORD = 'SiteWalk2024';

/** The names of what `npm start` provisions in the stand-ins. */
export const LOCAL_RESOURCE_NAMES = {
  tableName: 'sitewalk-local',
  bucketName: 'sitewalk-local-uploads',
  userPoolName: 'sitewalk-local',
} as const;

/** The landing page's contact on one machine; a stage names its own (`-c contactEmail=… -c contactName=…`). */
export const LOCAL_CONTACT = { email: 'hello@sitewalk.local', name: 'the SiteWalk team' } as const;

const port = z.coerce.number().int().min(1).max(65535);

/**
 * What `npm start` reads from the environment, with the defaults docs/local-host.md lists. The stand-ins take
 * the five ports after PORT so their URLs stay the same between runs.
 */
export const localSettings = (env: NodeJS.ProcessEnv, dev = false) => {
  const parsed = z
    .object({
      PORT: port.default(3000),
      DEV_PORT: port.default(5173),
      // `--lan`'s HTTPS port (on every interface); unset, PORT + 443 (3443 by default).
      LAN_PORT: port.optional(),
      SITEWALK_ADMIN_EMAIL: z.email().default(DEFAULT_ADMIN_EMAIL),
      SITEWALK_ADMIN_PASSWORD: z.string().min(1).default(DEFAULT_ADMIN_PASSWORD),
      SITEWALK_MAIL_FROM: z.email().default('no-reply@sitewalk.local'),
      // Any online MapLibre style; unset, the host serves its own offline one (infra/local/map-style.ts).
      SITEWALK_MAP_STYLE_URL: z.url({ protocol: /^https?$/ }).optional(),
      // The roles that must use two-step verification, as role ids ("50,45,40"); none by default, so the
      // demo data and tests sign in with a password.
      SITEWALK_MFA_REQUIRED_ROLES: z
        .string()
        .default('')
        .transform((text, ctx) => {
          try {
            return parseRoleList(text);
          } catch (error) {
            ctx.addIssue({ code: 'custom', message: (error as Error).message });
            return z.NEVER;
          }
        }),
    })
    .parse(env);
  const appPort = parsed.PORT;
  return {
    port: appPort,
    devPort: parsed.DEV_PORT,
    lanPort: parsed.LAN_PORT ?? port.parse(appPort + 443),
    appUrl: `http://localhost:${dev ? parsed.DEV_PORT : appPort}`,
    mailFrom: parsed.SITEWALK_MAIL_FROM,
    mapStyleUrl: parsed.SITEWALK_MAP_STYLE_URL,
    adminEmail: parsed.SITEWALK_ADMIN_EMAIL,
    adminPassword: parsed.SITEWALK_ADMIN_PASSWORD,
    adminPasswordIsDefault: env.SITEWALK_ADMIN_PASSWORD === undefined,
    mfaRequiredRoles: parsed.SITEWALK_MFA_REQUIRED_ROLES,
    standInPorts: {
      dynamodb: appPort + 1,
      cognito: appPort + 2,
      s3: appPort + 3,
      ses: appPort + 4,
      rekognition: appPort + 5,
    },
  };
};

/** A 32-byte key (base64) made once under the data directory, readable by its owner only, then kept. */
const localKey = (dataDir: string, name: string): string => {
  const path = join(dataDir, name);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(path, 'utf8').trim();
};

/**
 * The key that seals PINs on this machine (AES-256-GCM, where AWS uses KMS): made once under the data
 * directory and kept with the data it opens (delete .data/ and both go). Passed to the handlers as
 * PIN_LOCAL_KEY.
 */
export const localPinKey = (dataDir: string): string => localKey(dataDir, 'pin-key');

/**
 * The audit log on this machine (docs/data-model.md, 'The audit log'): the HMAC key that signs its entries
 * (where AWS uses a KMS HMAC key), made once as `.data/audit-key`, and the directory its heads are anchored
 * in (where AWS uses an Object Lock bucket). Passed to the handlers as AUDIT_LOCAL_KEY and AUDIT_ANCHOR_DIR.
 */
export const localAudit = (dataDir: string) => ({
  auditKey: localKey(dataDir, 'audit-key'),
  anchorDir: join(dataDir, 'audit-anchors'),
});
