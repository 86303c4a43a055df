import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';

/**
 * The upload bucket on the page's own origin (the local host only; in AWS the browser talks to S3 itself).
 *
 * The handlers presign for the S3 stand-in (`http://127.0.0.1:<s3 port>/<bucket>/<key>?X-Amz-…`), and the
 * host hands every such URL to the browser with only its origin swapped for the page's
 * (`<page origin>/<bucket>/<key>?X-Amz-…`): the path and query the signature covers stay as signed. A request
 * to `/<bucket>/…` is then checked as S3 would check it — SigV4 presigned query, signed for the stand-in's
 * Host, not expired — and only then forwarded, with that Host, to the stand-in (which checks no V4
 * signature itself). So the app works at localhost, 127.0.0.1 or a LAN address alike, with no CORS; the
 * write-once 412 is the stand-in's own answer, passed on.
 *
 * Nothing else is forwarded: one bucket, to one fixed endpoint, GET/HEAD/PUT only (no open proxy). No log
 * line names a URL's query (it holds the signature).
 */
export interface StorageProxyOptions {
  /** The S3 stand-in's endpoint, as the handlers' S3_ENDPOINT (e.g. http://127.0.0.1:3003). */
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** For tests: the time a signature's expiry is judged at. */
  now?: () => Date;
}

export interface StorageProxy {
  /** Whether a request path (raw, as sent) is the bucket's. */
  owns(path: string): boolean;
  /** A text (an API answer's body) with every URL of the bucket on the stand-in moved to `origin`. */
  toOrigin(text: string, origin: string): string;
  /** Checks a request to the bucket and forwards it to the stand-in; S3's XML error when it is refused. */
  forward(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3's longest presigned URL life (7 days). */
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
const METHODS = new Set(['GET', 'HEAD', 'PUT']);
/** What a browser may send that S3 reads besides the signed headers; anything else stays here. */
const FORWARDED_HEADERS = [
  'content-type',
  'content-length',
  'content-md5',
  'transfer-encoding',
  'if-none-match',
  'if-match',
  'if-modified-since',
  'if-unmodified-since',
  'range',
];
/** Not passed back from the stand-in: hop-by-hop, and its CORS answers (the browser is same-origin here). */
const DROPPED_ANSWER_HEADERS = /^(connection|keep-alive|transfer-encoding|access-control-.*)$/i;

export class StorageRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** RFC 3986 encoding, as SigV4 asks of query names and values. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** `20261126T210946Z` as a Date; null when it is not one. */
const amzDate = (text: string): Date | null => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) return null;
  const date = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A query's name/value pairs, each decoded once; null when an escape is malformed. */
const queryPairs = (rawQuery: string): [string, string][] | null => {
  if (rawQuery === '') return [];
  try {
    return rawQuery.split('&').map((part) => {
      const at = part.indexOf('=');
      const [name, value] = at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
      return [decodeURIComponent(name), decodeURIComponent(value)];
    });
  } catch {
    return null;
  }
};

const denied = (message: string) => new StorageRefusal(403, 'AccessDenied', message);

/**
 * Checks a presigned request as S3 does (SigV4, query form, signed for `signedHost`); throws a StorageRefusal
 * saying why not, else answers the names of the headers it signs. `rawPath` and `rawQuery` are as sent;
 * `headers` are the request's.
 */
export const verifyPresigned = (
  request: { method: string; rawPath: string; rawQuery: string; headers: IncomingMessage['headers'] },
  expected: { signedHost: string; region: string; accessKeyId: string; secretAccessKey: string; now: Date },
): string[] => {
  const pairs = queryPairs(request.rawQuery);
  if (!pairs) throw denied('Malformed query');
  const params = new Map<string, string>();
  for (const [name, value] of pairs) {
    if (params.has(name)) throw denied(`The query names ${name} twice`);
    params.set(name, value);
  }
  const need = (name: string) => {
    const value = params.get(name);
    if (!value) throw denied('Only presigned requests are served here');
    return value;
  };
  if (need('X-Amz-Algorithm') !== ALGORITHM) throw denied('Only AWS4-HMAC-SHA256 is accepted');
  const credential = need('X-Amz-Credential');
  const dateText = need('X-Amz-Date');
  const expiresText = need('X-Amz-Expires');
  const signedHeadersText = need('X-Amz-SignedHeaders');
  const signature = need('X-Amz-Signature');

  const date = amzDate(dateText);
  const expires = /^\d{1,6}$/.test(expiresText) ? Number(expiresText) : NaN;
  if (!date || !(expires >= 1 && expires <= MAX_EXPIRES_SECONDS)) throw denied('Malformed date or expiry');
  const scope = `${dateText.slice(0, 8)}/${expected.region}/s3/aws4_request`;
  if (credential !== `${expected.accessKeyId}/${scope}`) throw denied('Unknown credential or scope');
  const now = expected.now.getTime();
  if (now > date.getTime() + expires * 1000) throw denied('Request has expired');
  // S3 allows a little clock skew for a date ahead of its own.
  if (date.getTime() > now + 15 * 60 * 1000) throw denied('Request is not yet valid');

  const signedHeaders = signedHeadersText.split(';');
  if (
    !signedHeaders.includes('host') ||
    signedHeaders.some((name, i) => !/^[a-z0-9-]+$/.test(name) || (i > 0 && signedHeaders[i - 1]! >= name))
  )
    throw denied('Malformed signed headers');
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const sent = name === 'host' ? expected.signedHost : request.headers[name];
      if (sent === undefined) throw denied(`The signed header ${name} is missing`);
      const value = (Array.isArray(sent) ? sent.join(',') : sent).trim().replace(/\s+/g, ' ');
      return `${name}:${value}\n`;
    })
    .join('');
  const canonicalQuery = [...params]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    // S3 signs the path as sent (encoded once, never normalised).
    request.rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeadersText,
    params.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = [ALGORITHM, dateText, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${expected.secretAccessKey}`, dateText.slice(0, 8));
  for (const part of [expected.region, 's3', 'aws4_request']) key = hmac(key, part);
  const calculated = Buffer.from(createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex'));
  const provided = Buffer.from(signature);
  if (provided.length !== calculated.length || !timingSafeEqual(provided, calculated))
    throw new StorageRefusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided',
    );
  return signedHeaders;
};

const xmlEscape = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A refusal as S3 words one: its XML error document. */
const sendRefusal = (res: ServerResponse, refusal: StorageRefusal) => {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${xmlEscape(refusal.message)}</Message></Error>`;
  res.writeHead(refusal.status, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
};

/** Whether a raw path has a `.` or `..` segment, as sent or percent-encoded (a URL resolver would move it). */
const hasDotSegment = (rawPath: string) =>
  rawPath.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));

export const createStorageProxy = (options: StorageProxyOptions): StorageProxy => {
  const endpoint = new URL(options.endpoint);
  if (endpoint.protocol !== 'http:' || endpoint.pathname !== '/')
    throw new Error('The S3 stand-in is expected at a plain http origin');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(options.bucket)) throw new Error('Not an S3 bucket name');
  const bucketPath = `/${options.bucket}/`;
  const standInPrefix = `${endpoint.origin}${bucketPath}`;
  const now = options.now ?? (() => new Date());

  return {
    owns: (path) => path.startsWith(bucketPath),

    toOrigin: (text, origin) => text.split(standInPrefix).join(`${origin}${bucketPath}`),

    async forward(req, res) {
      const target = req.url ?? '/';
      const at = target.indexOf('?');
      const rawPath = at < 0 ? target : target.slice(0, at);
      const rawQuery = at < 0 ? '' : target.slice(at + 1);
      const method = req.method ?? 'GET';
      let signed: string[];
      try {
        if (!METHODS.has(method))
          throw new StorageRefusal(405, 'MethodNotAllowed', `${method} is not allowed here`);
        // Only an object of this bucket: a key, and no segment a resolver would take out of the bucket.
        if (!rawPath.startsWith(bucketPath) || rawPath === bucketPath || hasDotSegment(rawPath))
          throw denied('Not an object of this bucket');
        signed = verifyPresigned(
          { method, rawPath, rawQuery, headers: req.headers },
          { signedHost: endpoint.host, region: options.region, ...options.credentials, now: now() },
        );
      } catch (error) {
        if (!(error instanceof StorageRefusal)) throw error;
        // The body of a refused PUT is read and dropped, so the client hears the answer rather than a reset.
        req.resume();
        sendRefusal(res, error);
        return;
      }

      // The Host signed for, the headers the signature covers, and what S3 reads besides; nothing else.
      const headers: Record<string, string | string[]> = { host: endpoint.host };
      for (const name of [...FORWARDED_HEADERS, ...signed.filter((name) => name !== 'host')]) {
        const value = req.headers[name];
        if (value !== undefined) headers[name] = value;
      }
      const upstream = httpRequest({
        hostname: endpoint.hostname,
        port: endpoint.port,
        method,
        path: target,
        headers,
      });
      const answered = new Promise<IncomingMessage>((resolve, reject) => {
        upstream.once('response', resolve);
        upstream.once('error', reject);
      });
      // Awaited below, after the body is sent; until then a failure is pipeline's to report.
      answered.catch(() => undefined);
      try {
        await pipeline(req, upstream);
        const answer = await answered;
        const passed: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !DROPPED_ANSWER_HEADERS.test(name)) passed[name] = value;
        res.writeHead(answer.statusCode ?? 502, passed);
        await pipeline(answer, res);
      } catch (error) {
        // The path names the key only; the query (the signature) stays out of the log.
        console.error(`[local host] storage proxy: ${method} ${rawPath} failed: ${String(error)}`);
        if (res.headersSent) res.destroy();
        else
          sendRefusal(res, new StorageRefusal(502, 'ServiceUnavailable', 'The S3 stand-in did not answer'));
      }
    },
  };
};

/** The proxy's options for a bucket on the local stand-ins (as `npm start` and the tests' hosts run them). */
export const standInStorage = (
  standIns: { endpoints: { s3: string }; region: string; credentials: StorageProxyOptions['credentials'] },
  bucket: string,
): StorageProxyOptions => ({
  endpoint: standIns.endpoints.s3,
  bucket,
  region: standIns.region,
  credentials: standIns.credentials,
});
