import { vi } from 'vitest';

/**
 * A stand-in XMLHttpRequest for uploads (lib/upload.ts PUTs files with it): records what is sent, and the
 * test reports progress and answers. `installFakeXhr()` stubs the global; `vi.unstubAllGlobals()` undoes it.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  /** The storage answers with this status. */
  answer(status: number) {
    this.status = status;
    this.onload?.();
  }
  /** The storage cannot be reached. */
  fail() {
    this.onerror?.();
  }
}

export const installFakeXhr = () => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    /** The uploads sent so far. */
    sent: () => FakeXhr.sent,
    /** The latest upload, once it has been sent. */
    latest: async () => {
      await vi.waitFor(() => {
        if (FakeXhr.sent.length === 0) throw new Error('Nothing uploaded yet');
      });
      return FakeXhr.sent[FakeXhr.sent.length - 1]!;
    },
  };
};
