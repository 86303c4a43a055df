import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import type { Env } from '../env.ts';
import { tracedClient } from './tracer.ts';

/**
 * Seals PINs for the table, so that a read of the table alone (a backup, an export, a leaked read-only
 * credential) does not give them away: KMS in AWS, AES-256-GCM with a key kept under .data/ on the local
 * host. Each sealed PIN is bound to its user id (KMS encryption context, GCM associated data): moved onto
 * another user's row it no longer opens.
 */
export interface PinCipher {
  seal(pin: string, userId: number): Promise<string>;
  open(sealed: string, userId: number): Promise<string>;
}

/** Which implementation sealed a value; a value of the other kind is refused rather than misread. */
const KMS_PREFIX = 'kms1:';
const LOCAL_PREFIX = 'aes1:';

const contextOf = (userId: number) => ({ purpose: 'sitewalk-pin', userId: String(userId) });

const unwrap = (sealed: string, prefix: string): Buffer => {
  if (!sealed.startsWith(prefix)) throw new Error(`A sealed PIN of another kind (expected ${prefix})`);
  return Buffer.from(sealed.slice(prefix.length), 'base64');
};

/** Direct Encrypt and Decrypt under the stage's key (a PIN is far below KMS's 4 KB plaintext limit). */
export const kmsPinCipher = (env: Env<'AWS_REGION' | 'PIN_KEY_ID'>, client?: KMSClient): PinCipher => {
  const kms = tracedClient(() => client ?? new KMSClient({ region: env.AWS_REGION }));
  return {
    async seal(pin, userId) {
      const { CiphertextBlob } = await kms().send(
        new EncryptCommand({
          KeyId: env.PIN_KEY_ID,
          Plaintext: Buffer.from(pin, 'utf8'),
          EncryptionContext: contextOf(userId),
        }),
      );
      if (!CiphertextBlob) throw new Error('KMS answered no ciphertext');
      return KMS_PREFIX + Buffer.from(CiphertextBlob).toString('base64');
    },
    async open(sealed, userId) {
      const { Plaintext } = await kms().send(
        new DecryptCommand({
          KeyId: env.PIN_KEY_ID,
          CiphertextBlob: unwrap(sealed, KMS_PREFIX),
          EncryptionContext: contextOf(userId),
        }),
      );
      if (!Plaintext) throw new Error('KMS answered no plaintext');
      return Buffer.from(Plaintext).toString('utf8');
    },
  };
};

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM under a 32-byte key (base64), as the local host and the test host provide it. */
export const localPinCipher = (keyBase64: string): PinCipher => {
  const key = Buffer.from(keyBase64, 'base64');
  if (key.length !== 32) throw new Error('The local PIN key must be 32 bytes, base64-encoded');
  const aad = (userId: number) => Buffer.from(`${contextOf(userId).purpose}:${userId}`, 'utf8');
  return {
    async seal(pin, userId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(userId));
      const body = Buffer.concat([cipher.update(pin, 'utf8'), cipher.final()]);
      return LOCAL_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    async open(sealed, userId) {
      const bytes = unwrap(sealed, LOCAL_PREFIX);
      if (bytes.length <= IV_BYTES + TAG_BYTES) throw new Error('A sealed PIN too short to be one');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
        .setAAD(aad(userId))
        .setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
};
