import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { readEnv } from '../env.ts';
import { objectKey, ownerPrefix, s3Storage, tenantPrefix, type Storage } from './storage.ts';

let storage: Storage;

beforeAll(async () => {
  await isolatedEnvironment();
  storage = s3Storage(readEnv(['AWS_REGION', 'UPLOAD_BUCKET', 'S3_ENDPOINT']));
});

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);

/** Uploads through a presigned PUT, as the browser does: exactly the ticket's headers, no Authorization. */
const upload = async (key: string, body: Buffer, contentType = 'image/png') => {
  const ticket = await storage.presignUpload({
    key,
    contentType,
    contentLength: body.length,
    expiresIn: 300,
  });
  const response = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body });
  expect(response.status).toBe(200);
  return ticket;
};

describe('s3Storage', () => {
  it('hands out a presigned PUT that uploads the bytes, and a presigned GET that reads them back', async () => {
    const key = objectKey({ managementCompanyId: 11, kind: 'company-logo', id: 11 }, 'image/png');
    const ticket = await upload(key, png);
    expect(ticket).toMatchObject({
      key,
      expiresIn: 300,
      headers: { 'content-type': 'image/png', 'content-length': String(png.length), 'if-none-match': '*' },
    });

    const viewUrl = await storage.presignView(key, 60);
    const response = await fetch(viewUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png);
  });

  it('signs content-type and content-length, and carries no checksum of an empty body', async () => {
    // s3rver never checks signatures: assert what the URL signs, as real S3 will check it.
    const ticket = await storage.presignUpload({
      key: 'tenants/1/company-logo/1/a.jpg',
      contentType: 'image/jpeg',
      contentLength: 1234,
      expiresIn: 300,
    });
    const query = new URL(ticket.uploadUrl).searchParams;
    const signed = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
    expect(signed).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host', 'if-none-match']),
    );
    expect(query.get('X-Amz-Expires')).toBe('300');
    expect(query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect([...query.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(ticket.uploadUrl).toContain(
      `/${readEnv(['UPLOAD_BUCKET']).UPLOAD_BUCKET}/tenants/1/company-logo/1/a.jpg?`,
    );
  });

  it('tells whether an object exists', async () => {
    const key = objectKey({ managementCompanyId: 12, kind: 'profile-image', id: 5 }, 'image/jpeg');
    expect(await storage.exists(key)).toBe(false);
    await upload(key, png, 'image/jpeg');
    expect(await storage.exists(key)).toBe(true);
  });

  it('writes an object once: a second PUT to its key is refused (412), the first file stays', async () => {
    const key = objectKey({ managementCompanyId: 13, kind: 'walk-photo', id: 6 }, 'image/png');
    const ticket = await upload(key, png);
    const other = Buffer.from(png.map((byte) => 255 - byte));
    const again = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: other });
    expect(again.status).toBe(412);
    expect(Buffer.from((await storage.read(key)) ?? [])).toEqual(png);
  });

  it('reads an object with its ETag (the MD5 of its bytes, without quotes); null when there is none', async () => {
    const key = objectKey({ managementCompanyId: 13, kind: 'walk-photo', id: 7 }, 'image/png');
    expect(await storage.readTagged(key)).toBeNull();
    await upload(key, png);
    const read = await storage.readTagged(key);
    expect(Buffer.from(read?.bytes ?? [])).toEqual(png);
    expect(read?.etag).toBe(createHash('md5').update(png).digest('hex'));
  });

  it("deletes only the prefix's objects", async () => {
    const inside = [
      objectKey({ managementCompanyId: 1, kind: 'company-logo', id: 1 }, 'image/png'),
      objectKey({ managementCompanyId: 1, kind: 'organization-logo', id: 3 }, 'image/png'),
      objectKey({ managementCompanyId: 1, kind: 'walk-photo', id: 4 }, 'image/jpeg'),
    ];
    // Shares the text 'tenants/1' but is another tenant's.
    const outside = objectKey({ managementCompanyId: 10, kind: 'company-logo', id: 10 }, 'image/png');
    for (const key of [...inside, outside]) await upload(key, png);

    expect(await storage.deletePrefix(tenantPrefix(1))).toBe(3);
    for (const key of inside) expect(await storage.exists(key)).toBe(false);
    expect(await storage.exists(outside)).toBe(true);
    expect(await storage.deletePrefix(tenantPrefix(1))).toBe(0);
  });

  it('refuses a prefix that is not a folder', async () => {
    await expect(storage.deletePrefix('tenants/1')).rejects.toThrow(/ending with/);
    await expect(storage.deletePrefix('')).rejects.toThrow(/ending with/);
  });
});

describe('objectKey', () => {
  it("builds a server-chosen key under the tenant's prefix", () => {
    expect(
      objectKey({ managementCompanyId: 7, kind: 'incident-photo', id: 42 }, 'image/jpeg', () => 'abc'),
    ).toBe('tenants/7/incident-photo/42/abc.jpg');
    expect(objectKey({ managementCompanyId: 7, kind: 'organization-logo', id: 3 }, 'image/png')).toMatch(
      /^tenants\/7\/organization-logo\/3\/[0-9a-f]{24}\.png$/,
    );
    expect(ownerPrefix(7, 'walk-photo', 9)).toBe('tenants/7/walk-photo/9/');
  });

  it('refuses ids that could leave the prefix', () => {
    expect(() =>
      objectKey({ managementCompanyId: '../8', kind: 'company-logo', id: 1 }, 'image/png'),
    ).toThrow();
    expect(() =>
      objectKey({ managementCompanyId: 7, kind: 'company-logo', id: 'a/b' }, 'image/png'),
    ).toThrow();
  });
});
