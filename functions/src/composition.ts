import { readEnv, tableEnv } from './env.ts';
import { createDocumentClient } from './db/client.ts';
import { createService, type DataService } from './db/service.ts';
import { cognitoIdentity, type IdentityProvider } from './ports/identity.ts';
import { sesMailer, type Mailer } from './ports/mailer.ts';
import { s3Storage, type Storage } from './ports/storage.ts';
import { kmsPinCipher, localPinCipher, type PinCipher } from './ports/pins.ts';
import { auditSignerFromEnv } from './ports/audit-signer.ts';
import { localAnchorStore, s3AnchorStore, type AnchorStore } from './ports/audit-anchors.ts';
import { amazonLocationGeocoder, offlineZipGeocoder, type Geocoder } from './ports/geocoder.ts';
import { loadActor } from './domain/actor.ts';
import type { HandlerOptions } from './http/handler.ts';

/**
 * What a Lambda's entry module builds at cold start, from its environment (read now, failing fast with
 * the missing names).
 */
export const dataFromEnv = (): DataService => {
  const env = readEnv(tableEnv);
  return createService(createDocumentClient(env), env.TABLE_NAME);
};

/**
 * The table, for a function that writes audit entries: it also needs the audit key to sign them, and fails
 * fast without it (AUDIT_KEY_ID, or AUDIT_LOCAL_KEY on the local host).
 */
export const auditedDataFromEnv = (): DataService => {
  auditSignerFromEnv();
  return dataFromEnv();
};

export const identityFromEnv = (): IdentityProvider =>
  cognitoIdentity(readEnv(['AWS_REGION', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'COGNITO_ENDPOINT']));

export const mailerFromEnv = (): Mailer => sesMailer(readEnv(['AWS_REGION', 'MAIL_FROM', 'SES_ENDPOINT']));

export const storageFromEnv = (): Storage =>
  s3Storage(readEnv(['AWS_REGION', 'UPLOAD_BUCKET', 'S3_ENDPOINT']));

export const geocoderFromEnv = (): Geocoder =>
  readEnv(['GEOCODER']).GEOCODER === 'offline'
    ? offlineZipGeocoder()
    : amazonLocationGeocoder(readEnv(['AWS_REGION']));

/** KMS in AWS; on the local host (PIN_LOCAL_KEY set) AES-256-GCM under the key kept in .data/. */
export const pinsFromEnv = (): PinCipher => {
  const { PIN_LOCAL_KEY } = readEnv(['PIN_LOCAL_KEY']);
  return PIN_LOCAL_KEY ? localPinCipher(PIN_LOCAL_KEY) : kmsPinCipher(readEnv(['AWS_REGION', 'PIN_KEY_ID']));
};

export { auditSignerFromEnv };

/** The Object Lock bucket in AWS; on the local host (AUDIT_ANCHOR_DIR set) a directory under .data/. */
export const anchorsFromEnv = (): AnchorStore => {
  const { AUDIT_ANCHOR_DIR } = readEnv(['AUDIT_ANCHOR_DIR']);
  return AUDIT_ANCHOR_DIR
    ? localAnchorStore(AUDIT_ANCHOR_DIR)
    : s3AnchorStore(readEnv(['AWS_REGION', 'AUDIT_ANCHOR_BUCKET']));
};

/** Protected routes get their actor from one read of the user's `userAccess` collection. */
export const withActors = (db: DataService): HandlerOptions => ({
  resolveActor: (claims) => loadActor(db, claims),
});
