import { afterEach, describe, expect, it } from 'vitest';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NetworkInterfaceInfo } from 'node:os';
import { LAN_TLS_DIR, lanAddresses, lanCertificate, lanNotice } from './lan.ts';
import { startLocalHost, type LocalHost } from './host.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sitewalk-lan-'));
  dirs.push(dir);
  return dir;
};
const hosts: LocalHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const entry = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;

/** A GET over HTTPS trusting only `ca`, answered with its status, body and the certificate the server sent. */
const getOverHttps = (url: string, ca: string) =>
  new Promise<{ status: number; body: string; served: string }>((resolve, reject) => {
    const req = httpsRequest(url, { ca, agent: false }, (res) => {
      const served = (res.socket as import('node:tls').TLSSocket).getPeerX509Certificate()?.fingerprint256;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          served: served ?? '',
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });

describe('lanAddresses', () => {
  it('lists the IPv4 addresses on networks, not loopback or IPv6, each once', () => {
    expect(
      lanAddresses({
        lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
        wlan0: [entry('192.168.1.20', 'IPv4', false), entry('fe80::1', 'IPv6', false)],
        eth0: [entry('10.0.0.5', 'IPv4', false)],
        bridge: [entry('10.0.0.5', 'IPv4', false)],
      }),
    ).toEqual(['192.168.1.20', '10.0.0.5']);
    expect(lanAddresses({ lo: [entry('127.0.0.1', 'IPv4', true)] })).toEqual([]);
  });
});

describe('lanCertificate', () => {
  it('is made on first use for localhost and the addresses, its key readable by its owner only, then kept', async () => {
    const dir = dataDir();
    const first = await lanCertificate(dir, ['192.168.1.20']);
    expect(first.made).toBe(true);
    const certificate = new X509Certificate(first.cert);
    expect(certificate.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:192.168.1.20');
    expect(
      certificate.checkPrivateKey(await import('node:crypto').then((c) => c.createPrivateKey(first.key))),
    ).toBe(true);
    expect(statSync(join(dir, LAN_TLS_DIR, 'key.pem')).mode & 0o777).toBe(0o600);
    // At most a year (Apple's devices refuse a longer-lived server certificate than 825 days).
    expect(new Date(certificate.validTo).getTime() - Date.now()).toBeLessThanOrEqual(366 * 86_400_000);

    const again = await lanCertificate(dir, ['192.168.1.20']);
    expect(again).toEqual({ ...first, made: false });
    // An address it already names, fewer addresses: the same one.
    expect((await lanCertificate(dir, [])).cert).toBe(first.cert);
  });

  it('is made anew when the machine has an address it does not name, when it runs out, or when broken', async () => {
    const dir = dataDir();
    const first = await lanCertificate(dir, ['192.168.1.20']);
    const moved = await lanCertificate(dir, ['192.168.1.20', '10.0.0.5']);
    expect(moved.made).toBe(true);
    expect(new X509Certificate(moved.cert).subjectAltName).toContain('IP Address:10.0.0.5');
    expect(moved.cert).not.toBe(first.cert);

    const nearItsEnd = new Date(Date.now() + 365 * 86_400_000);
    expect((await lanCertificate(dir, ['10.0.0.5'], nearItsEnd)).made).toBe(true);

    writeFileSync(join(dir, LAN_TLS_DIR, 'cert.pem'), 'not a certificate');
    expect((await lanCertificate(dir, ['10.0.0.5'])).made).toBe(true);
  });

  it('is named in the start-up notice with the https URL of each address and what the phone must do', async () => {
    const certificate = await lanCertificate(dataDir(), ['192.168.1.20']);
    const notice = lanNotice(['192.168.1.20', '10.0.0.5'], 3443, certificate);
    expect(notice).toContain('https://192.168.1.20:3443');
    expect(notice).toContain('https://10.0.0.5:3443');
    expect(notice).toContain('made now: the phone must accept it once');
    const kept = await lanCertificate(dirs.at(-1)!, ['192.168.1.20']);
    expect(lanNotice(['192.168.1.20'], 3443, kept)).toContain('a phone that accepted it needs nothing more');
    expect(notice).toContain(certificate.fingerprint);
    expect(lanNotice([], 3443, certificate)).toContain('https://localhost:3443');
  });
});

describe('the local host with --lan', () => {
  it('serves HTTPS with the generated certificate, names its https origin, keeps plain http, and reuses the certificate on the next start', async () => {
    const dir = dataDir();
    const start = async () => {
      const certificate = await lanCertificate(dir, []);
      const host = await startLocalHost({
        port: 0,
        auth: { jwksUrl: 'http://127.0.0.1:9/jwks.json', issuer: 'local', clientId: 'local' },
        https: { port: 0, hostname: '127.0.0.1', key: certificate.key, cert: certificate.cert },
      });
      hosts.push(host);
      return { host, certificate };
    };

    const { host, certificate } = await start();
    expect(certificate.made).toBe(true);
    const secure = `https://127.0.0.1:${new URL(host.httpsUrl ?? '').port}`;
    const answer = await getOverHttps(`${secure}/config.json`, certificate.cert);
    expect(answer.status).toBe(200);
    expect(answer.served).toBe(certificate.fingerprint);
    // The page's URLs on its own https origin.
    expect((JSON.parse(answer.body) as { mapStyleUrl: string }).mapStyleUrl).toBe(`${secure}/map/style.json`);
    // localhost stays plain http.
    const plain = await fetch(`${host.url}/config.json`);
    expect(((await plain.json()) as { mapStyleUrl: string }).mapStyleUrl).toMatch(
      /^http:\/\/localhost:\d+\//,
    );
    // A client that trusts another certificate is refused (a phone asks its user once).
    const another = await lanCertificate(dataDir(), []);
    await expect(getOverHttps(`${secure}/config.json`, another.cert)).rejects.toThrow(/self-signed|verify/i);
    await host.close();
    hosts.splice(0);

    const next = await start();
    expect(next.certificate.made).toBe(false);
    const secureAgain = `https://127.0.0.1:${new URL(next.host.httpsUrl ?? '').port}`;
    expect((await getOverHttps(`${secureAgain}/config.json`, certificate.cert)).served).toBe(
      certificate.fingerprint,
    );
  });
});
