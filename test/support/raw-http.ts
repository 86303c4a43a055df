import { request } from 'node:http';
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One request exactly as written: node:http sends the path as given, where fetch (WHATWG URL) would resolve
 * `%2E%2E` and `..` and re-encode what it does not like before anything reaches the host.
 */
export const rawRequest = (
  baseUrl: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** No answer by then is a failure, not a hang. */
    timeoutMs?: number;
  },
): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    const req = request(
      {
        host: hostname,
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 20_000, () => req.destroy(new Error('no answer in time')));
    req.on('error', reject);
    req.end(options.body);
  });

/** Bytes straight onto a socket (what no HTTP client would send), and everything the host answers. */
export const rawSocket = (baseUrl: string, bytes: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });

/** The status and JSON body of a raw HTTP answer read off a socket (chunked or not). */
export const parseRawAnswer = (answer: string): { status: number; body: unknown } => {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
  const split = answer.indexOf('\r\n\r\n');
  const head = answer.slice(0, split);
  let body = answer.slice(split + 4);
  if (/^transfer-encoding: *chunked/im.test(head)) {
    let text = '';
    for (let at = 0; ;) {
      const end = body.indexOf('\r\n', at);
      const size = parseInt(body.slice(at, end), 16);
      if (!size) break;
      text += body.slice(end + 2, end + 2 + size);
      at = end + 2 + size + 2;
    }
    body = text;
  }
  return { status, body: body ? (JSON.parse(body) as unknown) : null };
};
