import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { kmsPinCipher, localPinCipher } from './pins.ts';

const key = () => randomBytes(32).toString('base64');

describe('localPinCipher (AES-256-GCM)', () => {
  const cipher = localPinCipher(key());

  it('seals a PIN so the stored value does not hold it, and opens it again', async () => {
    const sealed = await cipher.seal('4321', 7);
    expect(sealed).toMatch(/^aes1:/);
    expect(sealed).not.toContain('4321');
    expect(Buffer.from(sealed.slice(5), 'base64').toString('latin1')).not.toContain('4321');
    expect(await cipher.open(sealed, 7)).toBe('4321');
    // A fresh IV each time: equal PINs do not look equal in the table.
    expect(await cipher.seal('4321', 7)).not.toBe(sealed);
  });

  it('refuses a sealed PIN moved to another user, tampered with, or sealed under another key', async () => {
    const sealed = await cipher.seal('12345678', 7);
    await expect(cipher.open(sealed, 8)).rejects.toThrow();
    const bytes = Buffer.from(sealed.slice(5), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    await expect(cipher.open(`aes1:${bytes.toString('base64')}`, 7)).rejects.toThrow();
    await expect(localPinCipher(key()).open(sealed, 7)).rejects.toThrow();
    await expect(cipher.open('kms1:AAAA', 7)).rejects.toThrow(/another kind/);
    await expect(cipher.open('aes1:AAAA', 7)).rejects.toThrow(/too short/);
  });

  it('needs a 32-byte key', () => {
    expect(() => localPinCipher(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});

describe('kmsPinCipher', () => {
  const kms = mockClient(KMSClient);
  afterEach(() => kms.reset());
  const env = { AWS_REGION: 'us-east-1', PIN_KEY_ID: 'arn:aws:kms:us-east-1:123456789012:key/abc' };

  it('encrypts and decrypts under the stage key, bound to the user by the encryption context', async () => {
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Buffer.from('sealed-bytes') });
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from('4321') });
    const cipher = kmsPinCipher(env, new KMSClient({ region: 'us-east-1' }));
    const sealed = await cipher.seal('4321', 7);
    expect(sealed).toBe(`kms1:${Buffer.from('sealed-bytes').toString('base64')}`);
    expect(await cipher.open(sealed, 7)).toBe('4321');
    const context = { purpose: 'sitewalk-pin', userId: '7' };
    expect(kms.commandCalls(EncryptCommand)[0]?.args[0].input).toMatchObject({
      KeyId: env.PIN_KEY_ID,
      EncryptionContext: context,
    });
    expect(kms.commandCalls(DecryptCommand)[0]?.args[0].input).toMatchObject({
      KeyId: env.PIN_KEY_ID,
      EncryptionContext: context,
    });
    await expect(cipher.open('aes1:AAAA', 7)).rejects.toThrow(/another kind/);
  });
});
