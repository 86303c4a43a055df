import { X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

/**
 * `npm start -- --lan`: the app for a phone on the same network. A phone's browser gives a page its position,
 * its camera's capture and a service worker only in a secure context, and a LAN address over plain http is
 * none, so the LAN gets HTTPS with a self-signed certificate, made once under the data directory and kept.
 * localhost stays plain http (it is a secure context by itself).
 */

/** The machine's IPv4 addresses on its networks (not loopback), as a phone on the same network reaches them. */
export const lanAddresses = (
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] => [
  ...new Set(
    Object.values(interfaces)
      .flatMap((entries) => entries ?? [])
      .filter((entry) => entry.family === 'IPv4' && !entry.internal)
      .map((entry) => entry.address),
  ),
];

/** Where the certificate and its key are kept, under the data directory. */
export const LAN_TLS_DIR = 'lan-tls';
/** A year: Apple's devices refuse a server certificate valid for more than 825 days. */
const VALID_DAYS = 365;
/** A certificate this close to its end is made anew. */
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

export interface LanCertificate {
  key: string;
  cert: string;
  /** Whether it was made now (else it is the kept one, which a phone has accepted already). */
  made: boolean;
  /** SHA-256 fingerprint, for checking on the phone that it is this machine's. */
  fingerprint: string;
}

/** The names a certificate holds, from node's `subjectAltName` ("DNS:localhost, IP Address:127.0.0.1"). */
const namesOf = (certificate: X509Certificate): Set<string> =>
  new Set(
    (certificate.subjectAltName ?? '')
      .split(',')
      .map((entry) => entry.trim().replace(/^(DNS|IP Address):/, ''))
      .filter(Boolean),
  );

const kept = (dir: string, names: readonly string[], now: Date): LanCertificate | null => {
  let key: string;
  let cert: string;
  try {
    key = readFileSync(join(dir, 'key.pem'), 'utf8');
    cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  } catch {
    return null;
  }
  try {
    const certificate = new X509Certificate(cert);
    const held = namesOf(certificate);
    const current = new Date(certificate.validTo).getTime() - now.getTime() > RENEW_BEFORE_MS;
    if (!current || !names.every((name) => held.has(name))) return null;
    return { key, cert, made: false, fingerprint: certificate.fingerprint256 };
  } catch {
    // Not a certificate (a broken file): made anew.
    return null;
  }
};

/**
 * The LAN's certificate for `addresses` (and localhost): the one kept under `dataDir` while it names them all
 * and is current, else a new one (a phone then accepts it once more). Its key is readable by its owner only.
 */
export const lanCertificate = async (
  dataDir: string,
  addresses: readonly string[],
  now: Date = new Date(),
): Promise<LanCertificate> => {
  const dir = join(dataDir, LAN_TLS_DIR);
  const names = ['localhost', '127.0.0.1', ...addresses];
  const found = kept(dir, names, now);
  if (found) return found;
  const notAfter = new Date(now.getTime() + VALID_DAYS * 24 * 60 * 60 * 1000);
  const pems = await generate([{ name: 'commonName', value: 'SiteWalk on this machine' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2 as const, value: 'localhost' },
          ...names.slice(1).map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, 'key.pem'), pems.private, { mode: 0o600 });
  writeFileSync(join(dir, 'cert.pem'), pems.cert);
  return {
    key: pems.private,
    cert: pems.cert,
    made: true,
    fingerprint: new X509Certificate(pems.cert).fingerprint256,
  };
};

/** The lines `npm start -- --lan` prints: where a phone opens the app, and what it must accept once. */
export const lanNotice = (
  addresses: readonly string[],
  port: number,
  certificate: LanCertificate,
): string => {
  const urls = addresses.length
    ? addresses.map((address) => `https://${address}:${port}`).join('   ')
    : `(no network address found; https://localhost:${port} on this machine)`;
  const accept = certificate.made
    ? 'made now: the phone must accept it once'
    : 'kept from an earlier start: a phone that accepted it needs nothing more, another accepts it once';
  return [
    `  On a phone     ${urls}   (--lan, same network)`,
    `                 The certificate is this machine's own, self-signed, ${accept}.`,
    `                 Its SHA-256 fingerprint: ${certificate.fingerprint}`,
  ].join('\n');
};
