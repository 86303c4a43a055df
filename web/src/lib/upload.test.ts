import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import { createFakeFetch, fakeError } from '../testing/fake-api.ts';
import { imageFileProblem, uploadImage, UploadError } from './upload.ts';
import { ApiError } from './api-client.ts';

/** A stand-in XMLHttpRequest: records what is sent; the test answers it. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number) {
    this.status = status;
    this.onload?.();
  }
}

const png = (bytes = 2048, name = 'logo.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

const ticket = {
  uploadUrl: 'https://uploads.example/tenants/7/company-logo/7/abc.png?X-Amz-Signature=1',
  key: 'tenants/7/company-logo/7/abc.png',
  headers: { 'content-type': 'image/png', 'content-length': '2048' },
  expiresIn: 300,
};

/** Lets the awaited ticket call finish, so the PUT has started. */
const untilSent = async () => {
  await vi.waitFor(() => expect(FakeXhr.last?.body ?? null).not.toBeNull());
  return FakeXhr.last!;
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
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
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
    const xhr = await untilSent();
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
    const fake = createFakeFetch({ 'user.profileImageUpload': () => ticket });
    vi.stubGlobal('fetch', fake.fetch);
    const params = { userId: 3, name: 'Ada-Lovelace' };
    await expect(
      uploadImage('user.profileImageUpload', { params }, png(10, 'a.svg', 'image/svg+xml')),
    ).rejects.toThrow(messages.upload.invalidFileType);
    await expect(uploadImage('user.profileImageUpload', { params }, png(1_000_001))).rejects.toThrow(
      messages.upload.fileTooLarge,
    );
    expect(fake.calls).toEqual([]);
    expect(FakeXhr.last).toBeNull();
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
    expect(FakeXhr.last).toBeNull();
  });

  it('fails when the storage refuses the file or cannot be reached', async () => {
    vi.stubGlobal('fetch', createFakeFetch({ 'managementCompany.logoUpload': () => ticket }).fetch);
    const refused = uploadImage('managementCompany.logoUpload', { params: { id: 7, name: 'Acme' } }, png());
    (await untilSent()).answer(403);
    await expect(refused).rejects.toBeInstanceOf(UploadError);

    FakeXhr.last = null;
    const offline = uploadImage('managementCompany.logoUpload', { params: { id: 7, name: 'Acme' } }, png());
    const xhr = await untilSent();
    xhr.onerror?.();
    await expect(offline).rejects.toThrow('The upload failed. Please try again.');
  });
});
