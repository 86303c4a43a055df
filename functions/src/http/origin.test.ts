import { afterEach, describe, expect, it, vi } from 'vitest';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { isOriginSecret, originSecretFromEnv } from './origin.ts';

afterEach(() => vi.restoreAllMocks());

describe('the origin secret', () => {
  it('is none without ORIGIN_SECRET_ARN (the local host)', () => {
    expect(originSecretFromEnv({ AWS_REGION: 'us-east-1' })).toBeUndefined();
  });

  it('is read from Secrets Manager once per container, and read again after a failed read', async () => {
    // Prepare
    const send = vi
      .spyOn(SecretsManagerClient.prototype, 'send')
      .mockImplementationOnce(async () => {
        throw new Error('throttled');
      })
      .mockImplementation(async () => ({ SecretString: 'the-secret' }));
    const secret = originSecretFromEnv({ AWS_REGION: 'eu-west-1', ORIGIN_SECRET_ARN: 'arn:secret' });
    // Act / Assess
    await expect(secret?.()).rejects.toThrow('throttled');
    expect(await secret?.()).toBe('the-secret');
    expect(await secret?.()).toBe('the-secret');
    expect(send).toHaveBeenCalledTimes(2);
    const command = send.mock.calls[1]?.[0] as GetSecretValueCommand;
    expect(command.input).toEqual({ SecretId: 'arn:secret' });
  });

  it.each([
    ['the secret', 'the-secret', true],
    ['another value of the same length', 'the-secreT', false],
    ['a prefix', 'the-secre', false],
    ['a longer value', 'the-secret!', false],
    ['nothing', undefined, false],
    ['an empty value', '', false],
  ])('matches %s: %s', (_, presented, matches) => {
    expect(isOriginSecret(presented, 'the-secret')).toBe(matches);
  });
});
