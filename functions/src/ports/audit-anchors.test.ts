import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { anchorKey, s3AnchorStore, type AuditAnchor } from './audit-anchors.ts';

const anchor = (anchoredAt: string, seq = 3): AuditAnchor => ({
  managementCompanyId: 12,
  seq,
  hash: 'a'.repeat(64),
  mac: 'bWFj',
  at: '2026-01-01T00:00:00.000Z',
  anchoredAt,
});

describe('anchor keys', () => {
  it('sort a log’s later anchors first', () => {
    const earlier = anchorKey(anchor('2026-01-01T00:00:00.000Z', 9));
    const later = anchorKey(anchor('2026-01-01T01:00:00.000Z', 3));
    expect(earlier.startsWith('logs/12/')).toBe(true);
    expect([earlier, later].sort()).toEqual([later, earlier]);
  });
});

describe('s3AnchorStore', () => {
  const s3 = mockClient(S3Client);
  afterEach(() => s3.reset());
  const store = () =>
    s3AnchorStore({ AWS_REGION: 'us-east-1', AUDIT_ANCHOR_BUCKET: 'anchors' }, new S3Client({}));

  it('writes each anchor as a new object, never over one, with the checksum Object Lock asks for', async () => {
    s3.on(PutObjectCommand).resolves({});
    await store().put(anchor('2026-01-01T00:00:00.000Z'));
    expect(s3.commandCalls(PutObjectCommand)[0]?.args[0].input).toMatchObject({
      Bucket: 'anchors',
      Key: anchorKey(anchor('2026-01-01T00:00:00.000Z')),
      IfNoneMatch: '*',
      ChecksumAlgorithm: 'SHA256',
    });
  });

  it('reads a log’s latest anchor as the first key under its folder, and lists the anchored logs', async () => {
    const latest = anchor('2026-01-02T00:00:00.000Z');
    s3.on(ListObjectsV2Command, { Prefix: 'logs/12/' }).resolves({ Contents: [{ Key: anchorKey(latest) }] });
    s3.on(ListObjectsV2Command, { Prefix: 'logs/' })
      .resolvesOnce({ CommonPrefixes: [{ Prefix: 'logs/0/' }], NextContinuationToken: 'next' })
      .resolvesOnce({ CommonPrefixes: [{ Prefix: 'logs/12/' }] });
    s3.on(GetObjectCommand, { Key: anchorKey(latest) }).resolves({
      // The part of the SDK's stream the store reads.
      Body: { transformToString: async () => JSON.stringify(latest) } as never,
    });
    expect(await store().latest(12)).toEqual(latest);
    expect(s3.commandCalls(ListObjectsV2Command)[0]?.args[0].input).toMatchObject({ MaxKeys: 1 });
    expect(await store().logs()).toEqual([0, 12]);
  });
});
