import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import plugin, { register } from '../src/index.js';
import type { RegisterItem } from '../src/register/types.js';
import { lifecycleEpoch } from '../src/rule-kit/lifecycle-epoch.js';

/**
 * The lifecycle epoch that the plugin's configs add to the serialised configuration, so that ESLint's
 * `--cache` is invalidated on the days a lifecycle decision changes (the CLI test runs it for real).
 * Built-in boundaries: announcements up to 2026-08-25 (the one before on 2026-05-13), removals on 2026-10-15, 2027-01-15, 2027-04-15.
 */

const FEED: RegisterItem = {
  id: 'acme.feed',
  kind: 'endpoint',
  operation: { method: 'POST', path: '/rest/api/v1/feed' },
  category: 'Client API',
  announced: '2026-11-01',
  removal: '2026-12-01',
  replacement: { kind: 'none', note: 'use search' },
};

describe('lifecycleEpoch', () => {
  it.each([
    ['2026-08-24', 0, '2026-05-13'],
    ['2026-08-25', 0, '2026-08-25'],
    ['2026-11-23', 0, '2026-10-15'],
    ['2027-01-14', 0, '2026-10-15'],
    ['2027-01-15', 0, '2027-01-15'],
    ['2030-01-01', 0, '2027-04-15'],
    // escalateWithinDays moves each removal boundary that many days earlier.
    ['2026-12-15', 30, '2026-09-15'],
    ['2026-12-16', 30, '2026-12-16'],
  ])('on %s with escalateWithinDays %i is %s', (today, escalate, epoch) => {
    expect(lifecycleEpoch(register.items, today, escalate)).toBe(epoch);
  });

  it('counts the boundaries of extra register items', () => {
    expect(lifecycleEpoch([...register.items, FEED], '2026-11-23', 0)).toBe('2026-11-01');
    expect(lifecycleEpoch([...register.items, FEED], '2026-12-01', 0)).toBe('2026-12-01');
  });

  it('is none before the first boundary', () => {
    expect(lifecycleEpoch([FEED], '2026-10-31', 0)).toBe('none');
  });
});

describe("the configs' settings in the configuration ESLint's cache serialises", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function serialisedSettings(configs: Linter.Config[]): Promise<unknown> {
    const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: configs });
    const config = (await eslint.calculateConfigForFile('src/answers.js')) as Linter.Config;
    return (JSON.parse(JSON.stringify(config)) as Linter.Config).settings;
  }

  it('carry the epoch of today when now is not pinned', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-14T23:59:00Z'));
    expect(await serialisedSettings([plugin.configs.recommended])).toEqual({ glean: { lifecycleEpoch: '2026-10-15' } });
    vi.setSystemTime(new Date('2027-01-15T00:01:00Z'));
    expect(await serialisedSettings([plugin.configs.strict])).toEqual({ glean: { lifecycleEpoch: '2027-01-15' } });
  });

  it("read the user's settings, before or after the plugin's config", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-16T12:00:00Z'));
    const user = { settings: { glean: { escalateWithinDays: 30, register: [FEED] }, other: { kept: true } } };
    const expected = { glean: { escalateWithinDays: 30, register: [FEED], lifecycleEpoch: '2026-12-16' }, other: { kept: true } };
    expect(await serialisedSettings([plugin.configs.recommended, user])).toEqual(expected);
    expect(await serialisedSettings([user, plugin.configs.migrate])).toEqual(expected);
  });

  it('carry the items of register files, so that a file imported anew invalidates the cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'glean-epoch-'));
    const file = join(dir, 'glean-register.json');
    writeFileSync(file, JSON.stringify({ sources: ['acme.yaml'], items: [FEED] }));
    const pinned = { settings: { glean: { now: '2026-11-23', register: [file] } } };
    expect(await serialisedSettings([plugin.configs.recommended, pinned])).toEqual({
      glean: { now: '2026-11-23', register: [file], lifecycleEpoch: '2026-11-01', registerFileItems: [FEED] },
    });
    rmSync(dir, { recursive: true });
  });

  it('follow a pinned now', async () => {
    const pinned = { settings: { glean: { now: '2027-04-15' } } };
    expect(await serialisedSettings([plugin.configs.recommended, pinned])).toEqual({ glean: { now: '2027-04-15', lifecycleEpoch: '2027-04-15' } });
  });
});
