import type { StandInsInfo } from './index.ts';
import type { Provisioned } from '../provision.ts';

/**
 * The environment the handlers read, pointed at the local stand-ins. The names are the ones the AWS
 * deployment sets; there the *_ENDPOINT variables are simply absent.
 */
export const localEnvironment = (
  standIns: StandInsInfo,
  provisioned: Provisioned,
  /**
   * pinKey: the local stand-in for the KMS key that seals PINs (32 bytes, base64); auditKey: for the KMS
   * HMAC key that signs audit entries (the same); anchorDir: for the Object Lock bucket of audit anchors;
   * mfaRequiredRoles: the roles that must use two-step verification (none unless given).
   */
  extra: {
    appUrl: string;
    mailFrom: string;
    pinKey: string;
    auditKey: string;
    anchorDir: string;
    mfaRequiredRoles?: readonly number[];
  },
): Record<string, string> => ({
  AWS_REGION: standIns.region,
  AWS_ACCESS_KEY_ID: standIns.credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: standIns.credentials.secretAccessKey,
  TABLE_NAME: provisioned.tableName,
  USER_POOL_ID: provisioned.userPoolId,
  USER_POOL_CLIENT_ID: provisioned.userPoolClientId,
  UPLOAD_BUCKET: provisioned.bucketName,
  MAIL_FROM: extra.mailFrom,
  APP_URL: extra.appUrl,
  DYNAMODB_ENDPOINT: standIns.endpoints.dynamodb,
  COGNITO_ENDPOINT: standIns.endpoints.cognito,
  S3_ENDPOINT: standIns.endpoints.s3,
  SES_ENDPOINT: standIns.endpoints.ses,
  REKOGNITION_ENDPOINT: standIns.endpoints.rekognition,
  GEOCODER: 'offline',
  PIN_LOCAL_KEY: extra.pinKey,
  AUDIT_LOCAL_KEY: extra.auditKey,
  AUDIT_ANCHOR_DIR: extra.anchorDir,
  MFA_REQUIRED_ROLES: (extra.mfaRequiredRoles ?? []).join(','),
  // Powertools' own switches: no EMF on stdout, no X-Ray (there is no daemon here).
  POWERTOOLS_METRICS_DISABLED: 'true',
  POWERTOOLS_TRACE_ENABLED: 'false',
});
