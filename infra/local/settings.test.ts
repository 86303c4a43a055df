import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localPinKey, localSettings } from './settings.ts';

describe('localPinKey', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('makes a 32-byte key once under the data directory, readable by its owner only, and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitewalk-pin-key-'));
    dirs.push(dir);
    const dataDir = join(dir, '.data');
    const key = localPinKey(dataDir);
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(statSync(join(dataDir, 'pin-key')).mode & 0o777).toBe(0o600);
    expect(localPinKey(dataDir)).toBe(key);
    const elsewhere = mkdtempSync(join(tmpdir(), 'sitewalk-pin-key-'));
    dirs.push(elsewhere);
    expect(localPinKey(elsewhere)).not.toBe(key);
  });
});

describe('localSettings: the map style', () => {
  it('is the host’s own offline style unless SITEWALK_MAP_STYLE_URL names an online one', () => {
    expect(localSettings({}).mapStyleUrl).toBeUndefined();
    expect(
      localSettings({ SITEWALK_MAP_STYLE_URL: 'https://tiles.openfreemap.org/styles/liberty' }).mapStyleUrl,
    ).toBe('https://tiles.openfreemap.org/styles/liberty');
  });

  it('refuses a style address that is not http(s)', () => {
    expect(() => localSettings({ SITEWALK_MAP_STYLE_URL: 'javascript:alert(1)' })).toThrow();
    expect(() => localSettings({ SITEWALK_MAP_STYLE_URL: 'not a url' })).toThrow();
  });
});

describe('localSettings: who must use two-step verification', () => {
  it('is nobody unless SITEWALK_MFA_REQUIRED_ROLES names roles by id', () => {
    expect(localSettings({}).mfaRequiredRoles).toEqual([]);
    expect(localSettings({ SITEWALK_MFA_REQUIRED_ROLES: '50, 45,40' }).mfaRequiredRoles).toEqual([
      50, 45, 40,
    ]);
  });

  it('refuses what is not a role id', () => {
    expect(() => localSettings({ SITEWALK_MFA_REQUIRED_ROLES: '50,99' })).toThrow(/Not a role id.*99/);
    expect(() => localSettings({ SITEWALK_MFA_REQUIRED_ROLES: 'owner' })).toThrow(/Not a role id.*owner/);
  });
});

describe('localSettings: the LAN port (--lan)', () => {
  it('is PORT + 443 unless LAN_PORT names one', () => {
    expect(localSettings({}).lanPort).toBe(3443);
    expect(localSettings({ PORT: '4000' }).lanPort).toBe(4443);
    expect(localSettings({ LAN_PORT: '8443' }).lanPort).toBe(8443);
  });

  it('refuses a port out of range, or a PORT whose default LAN port would be', () => {
    expect(() => localSettings({ LAN_PORT: '70000' })).toThrow();
    expect(() => localSettings({ LAN_PORT: 'https' })).toThrow();
    expect(() => localSettings({ PORT: '65500' })).toThrow();
    expect(localSettings({ PORT: '65500', LAN_PORT: '3443' }).lanPort).toBe(3443);
  });
});
