import { createHmac, timingSafeEqual } from 'node:crypto';
import { GenerateMacCommand, KMSClient, VerifyMacCommand } from '@aws-sdk/client-kms';
import { readEnv, type Env } from '../env.ts';
import { tracedClient } from './tracer.ts';

/**
 * Signs audit-log entries (docs/data-model.md, 'The audit log'): a MAC that code able to write the table
 * cannot make. In AWS an HMAC_256 KMS key: only the functions that write audit entries may GenerateMac, only
 * the operator's verify command VerifyMac, and the key never leaves KMS. On the local host HMAC-SHA-256 under
 * a 32-byte key kept under .data/ (a fresh one per test file). MACs are base64.
 */
export interface AuditSigner {
  mac(message: string): Promise<string>;
  /** False when the MAC is not this key's over this message (never throws for a wrong one). */
  verify(message: string, mac: string): Promise<boolean>;
}

const ALGORITHM = 'HMAC_SHA_256';

export const kmsAuditSigner = (env: Env<'AWS_REGION' | 'AUDIT_KEY_ID'>, client?: KMSClient): AuditSigner => {
  const kms = tracedClient(() => client ?? new KMSClient({ region: env.AWS_REGION }));
  return {
    async mac(message) {
      const { Mac } = await kms().send(
        new GenerateMacCommand({
          KeyId: env.AUDIT_KEY_ID,
          MacAlgorithm: ALGORITHM,
          Message: Buffer.from(message, 'utf8'),
        }),
      );
      if (!Mac) throw new Error('KMS answered no MAC');
      return Buffer.from(Mac).toString('base64');
    },
    async verify(message, mac) {
      try {
        const { MacValid } = await kms().send(
          new VerifyMacCommand({
            KeyId: env.AUDIT_KEY_ID,
            MacAlgorithm: ALGORITHM,
            Message: Buffer.from(message, 'utf8'),
            Mac: Buffer.from(mac, 'base64'),
          }),
        );
        return MacValid === true;
      } catch (error) {
        // KMS answers a MAC that does not verify with this exception; anything else is a fault.
        if ((error as Error).name === 'KMSInvalidMacException') return false;
        throw error;
      }
    },
  };
};

/** HMAC-SHA-256 under a 32-byte key (base64), as the local host and the test host provide it. */
export const localAuditSigner = (keyBase64: string): AuditSigner => {
  const key = Buffer.from(keyBase64, 'base64');
  if (key.length !== 32) throw new Error('The local audit key must be 32 bytes, base64-encoded');
  const macOf = (message: string) => createHmac('sha256', key).update(message, 'utf8').digest();
  return {
    mac: async (message) => macOf(message).toString('base64'),
    verify: async (message, mac) => {
      const given = Buffer.from(mac, 'base64');
      const expected = macOf(message);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
};

let current: { source: string; signer: AuditSigner } | undefined;

/**
 * The process's signer, from its environment: AUDIT_LOCAL_KEY on the local host, else the KMS key
 * AUDIT_KEY_ID. The functions that write audit entries call it at cold start (failing fast without their
 * key); the audit writer calls it for each entry. Kept while the environment names the same key.
 */
export const auditSignerFromEnv = (): AuditSigner => {
  const { AUDIT_LOCAL_KEY } = readEnv(['AUDIT_LOCAL_KEY']);
  const env = AUDIT_LOCAL_KEY ? undefined : readEnv(['AWS_REGION', 'AUDIT_KEY_ID']);
  const source = AUDIT_LOCAL_KEY ? `local ${AUDIT_LOCAL_KEY}` : `kms ${env?.AUDIT_KEY_ID}`;
  if (current?.source !== source) {
    current = { source, signer: env ? kmsAuditSigner(env) : localAuditSigner(AUDIT_LOCAL_KEY ?? '') };
  }
  return current.signer;
};
