import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GenerateMacCommand, KMSClient, KMSInvalidMacException, VerifyMacCommand } from '@aws-sdk/client-kms';
import { kmsAuditSigner, localAuditSigner } from './audit-signer.ts';

const key = () => randomBytes(32).toString('base64');

describe('localAuditSigner (HMAC-SHA-256)', () => {
  const signer = localAuditSigner(key());

  it('verifies its own MAC of a message, and no other message, MAC or key', async () => {
    const mac = await signer.mac('entry 1');
    expect(await signer.verify('entry 1', mac)).toBe(true);
    expect(await signer.verify('entry 2', mac)).toBe(false);
    expect(await signer.verify('entry 1', mac.slice(0, 10))).toBe(false);
    expect(await localAuditSigner(key()).verify('entry 1', mac)).toBe(false);
  });

  it('needs a 32-byte key', () => {
    expect(() => localAuditSigner(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});

describe('kmsAuditSigner', () => {
  const kms = mockClient(KMSClient);
  afterEach(() => kms.reset());
  const signer = () =>
    kmsAuditSigner({ AWS_REGION: 'us-east-1', AUDIT_KEY_ID: 'arn:key/audit' }, new KMSClient({}));

  it('asks KMS for an HMAC_SHA_256 MAC with the audit key', async () => {
    kms.on(GenerateMacCommand).resolves({ Mac: Buffer.from('mac-bytes') });
    expect(await signer().mac('entry 1')).toBe(Buffer.from('mac-bytes').toString('base64'));
    expect(kms.commandCalls(GenerateMacCommand)[0]?.args[0].input).toEqual({
      KeyId: 'arn:key/audit',
      MacAlgorithm: 'HMAC_SHA_256',
      Message: Buffer.from('entry 1'),
    });
  });

  it('answers false for a MAC KMS refuses, and passes on any other failure', async () => {
    kms
      .on(VerifyMacCommand)
      .resolvesOnce({ MacValid: true })
      .rejectsOnce(new KMSInvalidMacException({ message: 'invalid', $metadata: {} }))
      .rejectsOnce(new Error('AccessDeniedException'));
    const mac = Buffer.from('mac-bytes').toString('base64');
    expect(await signer().verify('entry 1', mac)).toBe(true);
    expect(await signer().verify('entry 1', mac)).toBe(false);
    await expect(signer().verify('entry 1', mac)).rejects.toThrow('AccessDenied');
    expect(kms.commandCalls(VerifyMacCommand)[0]?.args[0].input).toMatchObject({
      KeyId: 'arn:key/audit',
      MacAlgorithm: 'HMAC_SHA_256',
      Mac: Buffer.from('mac-bytes'),
    });
  });
});
