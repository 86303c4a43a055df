import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import { createFakeFetch, fakeError } from '../testing/fake-api.ts';
import { installFakeXhr } from '../testing/fake-xhr.ts';
import { fileNameOf, imageFileProblem, uploadImage, UploadError } from './upload.ts';
import { ApiError } from './api-client.ts';

const png = (bytes = 2048, name = 'logo.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

const ticket = {
  uploadUrl: 'https://uploads.example/tenants/7/company-logo/7/abc.png?X-Amz-Signature=1',
  key: 'tenants/7/company-logo/7/abc.png',
  headers: { 'content-type': 'image/png', 'content-length': '2048' },
  expiresIn: 300,
};

describe('imageFileProblem', () => {
  it.each([
    ['a text file', png(10, 'notes.txt', 'text/plain'), messages.upload.selectImage],
    ['a file of no type', png(10, 'mystery', ''), messages.upload.selectImage],
    ['an SVG', png(10, 'logo.svg', 'image/svg+xml'), messages.upload.invalidFileType],
    ['a HEIC photo', png(10, 'photo.heic', 'image/heic'), messages.upload.invalidFileType],
    ['a GIF', png(10, 'a.gif', 'image/gif'), messages.upload.invalidFileType],
    ['a PNG of 1,000,001 bytes', png(1_000_001), messages.upload.fileTooLarge],
  ])('refuses %s', (_, file, message) => {
    expect(imageFileProblem(file)).toBe(message);
  });

  it.each([
    ['a PNG of exactly 1,000,000 bytes', png(1_000_000)],
    ['a JPEG', png(10, 'a.jpeg', 'image/jpeg')],
    ['an image/jpg', png(10, 'a.jpg', 'image/jpg')],
  ])('takes %s', (_, file) => {
    expect(imageFileProblem(file)).toBeNull();
  });
});

describe('uploadImage', () => {
  let xhrs: ReturnType<typeof installFakeXhr>;
  beforeEach(() => {
    xhrs = installFakeXhr();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the ticket with the type and size, then PUTs the file there with progress and no Authorization', async () => {
    const fake = createFakeFetch({ 'managementCompany.logoUpload': () => ticket });
    vi.stubGlobal('fetch', fake.fetch);
    const progress: number[] = [];
    const file = png();

    const done = uploadImage('managementCompany.logoUpload', { params: { id: 7, name: 'Acme' } }, file, (p) =>
      progress.push(p),
    );
    const xhr = await xhrs.latest();
    expect(fake.callsOf('managementCompany.logoUpload')).toEqual([
      expect.objectContaining({ params: { id: '7', name: 'Acme' } }),
    ]);
    const query = fake.callsOf('managementCompany.logoUpload')[0]!.query;
    expect(Object.fromEntries(query)).toEqual({ contentType: 'image/png', contentLength: '2048' });

    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(ticket.uploadUrl);
    expect(xhr.body).toBe(file);
    // The browser sets content-length itself; no token goes to the storage.
    expect(xhr.headers).toEqual({ 'content-type': 'image/png' });

    xhr.progress(1024, 2048);
    xhr.answer(200);
    await expect(done).resolves.toEqual(ticket);
    expect(progress).toEqual([0, 50, 100]);
  });

  it('refuses a file the API would refuse without asking it', async () => {
    const fake = createFakeFetch({ 'user.profilePictureUpload': () => ticket });
    vi.stubGlobal('fetch', fake.fetch);
    const params = { userId: 3, name: 'Ada-Lovelace' };
    await expect(
      uploadImage('user.profilePictureUpload', { params }, png(10, 'a.svg', 'image/svg+xml')),
    ).rejects.toThrow(messages.upload.invalidFileType);
    await expect(uploadImage('user.profilePictureUpload', { params }, png(1_000_001))).rejects.toThrow(
      messages.upload.fileTooLarge,
    );
    expect(fake.calls).toEqual([]);
    expect(xhrs.sent()).toEqual([]);
  });

  it("passes the API's refusal on and sends nothing", async () => {
    vi.stubGlobal(
      'fetch',
      createFakeFetch({
        'organization.logoUpload': () => fakeError(403, 'You do not have permission to do this'),
      }).fetch,
    );
    const error = await uploadImage(
      'organization.logoUpload',
      { params: { id: 2, name: 'North' } },
      png(),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect(xhrs.sent()).toEqual([]);
  });

  it('fails when the storage refuses the file or cannot be reached', async () => {
    vi.stubGlobal('fetch', createFakeFetch({ 'managementCompany.logoUpload': () => ticket }).fetch);
    const refused = uploadImage('managementCompany.logoUpload', { params: { id: 7, name: 'Acme' } }, png());
    (await xhrs.latest()).answer(403);
    await expect(refused).rejects.toBeInstanceOf(UploadError);

    const offline = uploadImage('managementCompany.logoUpload', { params: { id: 7, name: 'Acme' } }, png());
    await vi.waitFor(() => expect(xhrs.sent()).toHaveLength(2));
    (await xhrs.latest()).fail();
    await expect(offline).rejects.toThrow('The upload failed. Please try again.');
  });
});

describe('fileNameOf', () => {
  it.each([
    ['Acme Storage', 'Acme-Storage'],
    ['A/B Storage?', 'A-B-Storage'],
    ['..', 'image'],
    ['José-Núñez', 'Jose-Nunez'],
    ['x'.repeat(150), 'x'.repeat(100)],
  ])('%j is named %j in a path', (text, name) => {
    expect(fileNameOf(text)).toBe(name);
  });
});
