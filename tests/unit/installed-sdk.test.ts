import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLints, treatAsLongLived } from '../../src/modules/index.js';
import { forgetInstalledSdks, installedSdkVersion, sdkContextForFile } from '../../src/sdk/installed.js';
import { compareVersions, sdkContextOf } from '../../src/sdk/versions.js';

/**
 * Which SDK version a file uses: the `@gleanwork/api-client` Node resolves from its directory, read
 * once per package.json; the tables used for it, its own or the nearest version's.
 */

const root = mkdtempSync(join(tmpdir(), 'glean-installed-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  forgetInstalledSdks();
  forgetLints();
  vi.useRealTimers();
});

function installSdk(dir: string, version: string): string {
  const sdk = join(dir, 'node_modules', '@gleanwork', 'api-client');
  mkdirSync(sdk, { recursive: true });
  const manifest = join(sdk, 'package.json');
  writeFileSync(manifest, JSON.stringify({ name: '@gleanwork/api-client', version }));
  return manifest;
}

/** A monorepo: the root installs 0.20.15, one package its own 0.9.1, another nothing of its own. */
const mono = join(root, 'mono');
const rootManifest = installSdk(mono, '0.20.15');
const legacyManifest = installSdk(join(mono, 'packages', 'legacy'), '0.9.1');
for (const dir of ['packages/legacy/src/deep', 'packages/app/src']) mkdirSync(join(mono, dir), { recursive: true });

describe('the installed SDK', () => {
  it('is the nearest node_modules/@gleanwork/api-client up the tree: each package of a monorepo its own', () => {
    expect(installedSdkVersion(join(mono, 'packages', 'legacy', 'src', 'deep'))).toBe('0.9.1');
    expect(installedSdkVersion(join(mono, 'packages', 'app', 'src'))).toBe('0.20.15');
    expect(installedSdkVersion(mono)).toBe('0.20.15');
    expect(installedSdkVersion(root)).toBeUndefined();
  });

  it('is read once per package.json in a run; forgetting reads it again', () => {
    expect(installedSdkVersion(join(mono, 'packages', 'legacy', 'src'))).toBe('0.9.1');
    writeFileSync(legacyManifest, JSON.stringify({ name: '@gleanwork/api-client', version: '0.13.0' }));
    expect(installedSdkVersion(join(mono, 'packages', 'legacy', 'src', 'deep'))).toBe('0.9.1');
    forgetInstalledSdks();
    expect(installedSdkVersion(join(mono, 'packages', 'legacy', 'src', 'deep'))).toBe('0.13.0');
    writeFileSync(legacyManifest, JSON.stringify({ name: '@gleanwork/api-client', version: '0.9.1' }));
  });

  it('is read again in an editor’s long-lived process once two seconds old, so an upgrade shows', () => {
    vi.useFakeTimers();
    treatAsLongLived();
    expect(installedSdkVersion(join(mono, 'packages', 'app'))).toBe('0.20.15');
    writeFileSync(rootManifest, JSON.stringify({ name: '@gleanwork/api-client', version: '0.20.14' }));
    expect(installedSdkVersion(join(mono, 'packages', 'app'))).toBe('0.20.15');
    vi.advanceTimersByTime(2001);
    expect(installedSdkVersion(join(mono, 'packages', 'app'))).toBe('0.20.14');
    writeFileSync(rootManifest, JSON.stringify({ name: '@gleanwork/api-client', version: '0.20.15' }));
  });

  it('an unreadable package.json or one without a version is no version', () => {
    const broken = join(root, 'broken');
    writeFileSync(installSdk(broken, '0'), '{ not json');
    expect(installedSdkVersion(broken)).toBeUndefined();
  });

  it('a relative filename (and `<text>`) is a file in the working directory', () => {
    expect(sdkContextForFile('src/app.ts', join(mono, 'packages', 'legacy')).installed).toBe('0.9.1');
    expect(sdkContextForFile('<text>', join(mono, 'packages', 'legacy')).installed).toBe('0.9.1');
    expect(sdkContextForFile(join(mono, 'packages', 'app', 'src', 'app.ts'), '/elsewhere').installed).toBe('0.20.15');
  });
});

describe('the tables a file is read with', () => {
  const context = (installed: string | undefined) => {
    const { tables, known } = sdkContextOf(installed);
    return `${tables.version} ${known ? 'known' : 'unknown'}`;
  };

  it('a supported version: its own tables', () => {
    expect(['0.9.1', '0.13.0', '0.20.14', '0.20.15'].map(context)).toEqual(['0.9.1 known', '0.13.0 known', '0.20.14 known', '0.20.15 known']);
  });

  it('any other version: the nearest one before it (the oldest before the range); none installed: the newest', () => {
    expect(context('0.7.1')).toBe('0.9.1 unknown');
    expect(context('0.1.0-beta.7')).toBe('0.9.1 unknown');
    expect(context('0.15.2')).toBe('0.13.0 unknown');
    expect(context('0.20.15-rc.1')).toBe('0.20.14 unknown');
    expect(context('0.21.0')).toBe('0.20.15 unknown');
    expect(context('1.0.0')).toBe('0.20.15 unknown');
    expect(context(undefined)).toBe('0.20.15 unknown');
  });

  it('versions are ordered as semver orders them', () => {
    const versions = ['0.20.15', '0.9.1', '0.20.14', '0.13.0', '0.20.15-rc.1', '0.1.0-beta.7', '1.0.0'];
    expect([...versions].sort(compareVersions)).toEqual(['0.1.0-beta.7', '0.9.1', '0.13.0', '0.20.14', '0.20.15-rc.1', '0.20.15', '1.0.0']);
  });
});
