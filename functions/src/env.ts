import * as z from 'zod';

/**
 * The environment each Lambda reads at cold start. The same names configure AWS (set by the CDK app) and
 * the local host (set by infra/local); the `*_ENDPOINT` names exist only locally and point the SDK at the
 * stand-ins, `PIN_LOCAL_KEY` and `AUDIT_LOCAL_KEY` take the place of the KMS keys there, and
 * `AUDIT_ANCHOR_DIR` that of the anchor bucket.
 */
const variables = {
  AWS_REGION: z.string().min(1),
  TABLE_NAME: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  UPLOAD_BUCKET: z.string().min(1),
  MAIL_FROM: z.string().min(1),
  APP_URL: z.url(),
  GEOCODER: z.enum(['offline', 'amazon-location']),
  /** The KMS key that seals PINs (AWS). */
  PIN_KEY_ID: z.string().min(1),
  /** Local host only, like the endpoints: the AES-256-GCM key (base64) that seals PINs instead of KMS. */
  PIN_LOCAL_KEY: z.string().min(1).optional(),
  /**
   * The roles that must use two-step verification on this stage, as comma-separated role ids ("50,45,40");
   * empty: none (a management company may still require it for its own roles).
   */
  MFA_REQUIRED_ROLES: z.string(),
  /** The HMAC KMS key that signs audit entries (AWS; functions/src/ports/audit-signer.ts). */
  AUDIT_KEY_ID: z.string().min(1),
  /** Local host only: the HMAC-SHA-256 key (base64) that signs audit entries instead of KMS. */
  AUDIT_LOCAL_KEY: z.string().min(1).optional(),
  /** The Object Lock bucket the audit logs' heads are anchored in (AWS; functions/src/ports/audit-anchors.ts). */
  AUDIT_ANCHOR_BUCKET: z.string().min(1),
  /** Local host only: the directory the anchors are written to (once each) instead of the bucket. */
  AUDIT_ANCHOR_DIR: z.string().min(1).optional(),
  DYNAMODB_ENDPOINT: z.url().optional(),
  COGNITO_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  SES_ENDPOINT: z.url().optional(),
  REKOGNITION_ENDPOINT: z.url().optional(),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']).optional(),
} as const;

type Variables = typeof variables;
export type EnvName = keyof Variables;
export type Env<K extends EnvName> = { [P in K]: z.output<Variables[P]> };

export class MissingEnvironmentError extends Error {
  override name = 'MissingEnvironmentError';
}

/** Parses the named variables now and fails fast, naming every missing or malformed one. */
export const readEnv = <K extends EnvName>(
  names: readonly K[],
  source: NodeJS.ProcessEnv = process.env,
): Env<K> => {
  const shape = Object.fromEntries(names.map((name) => [name, variables[name]]));
  const result = z.object(shape).safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} (${issue.message})`);
    throw new MissingEnvironmentError(`Environment variables missing or invalid: ${problems.join(', ')}`);
  }
  return result.data as Env<K>;
};

/** What every handler that touches the table needs. */
export const tableEnv = ['AWS_REGION', 'TABLE_NAME', 'DYNAMODB_ENDPOINT'] as const;
