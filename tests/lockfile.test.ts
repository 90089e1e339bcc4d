import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { floatingSpecs, type LockfileShape, type Overrides } from '../tools/lockfile-specs.js';

/**
 * A fresh clone's `npm ci` must not depend on where a registry tag points today: every dependency spec
 * in the locked tree is a semver range, or an `overrides` entry pins it to the version the lockfile
 * holds. Both lockfiles `npm ci` installs are checked: the project's and the corpus's.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;

describe.each(['.', 'fixtures/corpus', 'fixtures/bench-app'])('the lockfile in %s', (dir) => {
  it('has no dependency spec that floats with the registry', () => {
    const lock = readJson<LockfileShape>(join(dir, 'package-lock.json'));
    const { overrides } = readJson<{ overrides?: Overrides }>(join(dir, 'package.json'));
    expect(floatingSpecs(lock, overrides).map((found) => found.problem)).toEqual([]);
  });
});

describe('floatingSpecs', () => {
  const sarifTree = (installed: string): LockfileShape => ({
    packages: {
      '': { name: 'app', devDependencies: { '@microsoft/eslint-formatter-sarif': '^3.1.0' } },
      'node_modules/@microsoft/eslint-formatter-sarif': { version: '3.1.0', dependencies: { jschardet: 'latest', lodash: '^4.17.21' } },
      'node_modules/jschardet': { version: installed },
      'node_modules/lodash': { version: '4.17.21' },
    },
  });

  it('names the package and its dependent for a dist-tag with no override', () => {
    expect(floatingSpecs(sarifTree('4.0.0'))).toEqual([
      {
        dependent: '@microsoft/eslint-formatter-sarif',
        dependency: 'jschardet',
        spec: 'latest',
        problem:
          '@microsoft/eslint-formatter-sarif depends on jschardet@"latest", which is not a semver range; npm ci resolves it against the registry again. Pin it in package.json "overrides" (for example "@microsoft/eslint-formatter-sarif": { "jschardet": "4.0.0" }).',
      },
    ]);
  });

  it('accepts a tag pinned by an override under its dependent, or at the top level', () => {
    expect(floatingSpecs(sarifTree('4.0.0'), { '@microsoft/eslint-formatter-sarif': { jschardet: '4.0.0' } })).toEqual([]);
    expect(floatingSpecs(sarifTree('4.0.0'), { jschardet: '4.0.0' })).toEqual([]);
    expect(floatingSpecs(sarifTree('4.0.0'), { jschardet: { '.': '4.0.0' } })).toEqual([]);
  });

  it('does not count an override under another package', () => {
    expect(floatingSpecs(sarifTree('4.0.0'), { 'some-other-package': { jschardet: '4.0.0' } }).map((found) => found.dependency)).toEqual([
      'jschardet',
    ]);
  });

  it('rejects an override that is itself a range', () => {
    expect(floatingSpecs(sarifTree('4.0.0'), { jschardet: '^4.0.0' }).map((found) => found.problem)).toEqual([
      '@microsoft/eslint-formatter-sarif depends on jschardet@"latest"; its override "^4.0.0" is not an exact version, so it still floats.',
    ]);
  });

  it('rejects an override the lockfile does not install', () => {
    expect(floatingSpecs(sarifTree('4.0.0'), { jschardet: '4.1.0' }).map((found) => found.problem)).toEqual([
      '@microsoft/eslint-formatter-sarif depends on jschardet@"latest", pinned to 4.1.0 by "overrides", but the lockfile installs 4.0.0; run npm install to update the lockfile.',
    ]);
  });

  it('finds the copy a nested dependent installs, as Node resolves it', () => {
    const lock: LockfileShape = {
      packages: {
        '': { name: 'app', dependencies: { a: '1.0.0' } },
        'node_modules/a': { version: '1.0.0', dependencies: { b: 'next' } },
        'node_modules/a/node_modules/b': { version: '2.0.0-rc.1' },
        'node_modules/b': { version: '1.0.0' },
      },
    };
    expect(floatingSpecs(lock).map((found) => found.problem)).toEqual([
      'a depends on b@"next", which is not a semver range; npm ci resolves it against the registry again. Pin it in package.json "overrides" (for example "a": { "b": "2.0.0-rc.1" }).',
    ]);
    expect(floatingSpecs(lock, { a: { b: '2.0.0-rc.1' } })).toEqual([]);
  });

  it('flags URLs and tagged aliases, and accepts ranges, aliases of ranges and the root’s own specs', () => {
    const lock: LockfileShape = {
      packages: {
        '': {
          name: 'app',
          dependencies: { x: '*', y: '>=1 <3', 'eslint-v9': 'npm:eslint@^9.39.5', z: 'github:owner/z', w: 'npm:w@beta' },
          devDependencies: { v: 'https://example.com/v.tgz' },
        },
      },
    };
    expect(floatingSpecs(lock).map((found) => `${found.dependent} → ${found.dependency}@${found.spec}`)).toEqual([
      '(root) → z@github:owner/z',
      '(root) → w@npm:w@beta',
      '(root) → v@https://example.com/v.tgz',
    ]);
  });

  it('ignores the devDependencies of installed packages, which npm never installs', () => {
    const lock: LockfileShape = {
      packages: { '': { name: 'app', dependencies: { a: '1.0.0' } }, 'node_modules/a': { version: '1.0.0', devDependencies: { b: 'latest' } } },
    };
    expect(floatingSpecs(lock)).toEqual([]);
  });
});
