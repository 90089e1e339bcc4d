import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What importing the plugin loads is paid by every editor start and every lint run, before any file
 * is linted. This guards the structure rather than the time: a fresh `node` imports the plugin's
 * entry from source (through jiti's loader, which keeps every module it loads in `require.cache`)
 * and lists the modules that were loaded. Timings are in `npm run bench`.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LIST_LOADED_MODULES = `
import { createRequire } from 'node:module';
const entry = await import('./src/index.ts');
// jiti hands the module's namespace over as the default export.
const plugin = entry.default.default ?? entry.default;
const loaded = Object.keys(createRequire(import.meta.url).cache);
process.stdout.write(JSON.stringify({ rules: Object.keys(plugin.rules), loaded }));
`;

let rules: string[] = [];
let loaded: string[] = [];

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'jiti/register', '--input-type=module', '--eval', LIST_LOADED_MODULES],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  const listed = JSON.parse(stdout) as { rules: string[]; loaded: string[] };
  rules = listed.rules;
  // Relative to the repository, with forward slashes.
  loaded = listed.loaded.map((path) => path.slice(ROOT.length).split('\\').join('/'));
}, 60_000);

const packageOf = (path: string): string | undefined => /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];

describe('importing the plugin', () => {
  it('loads the plugin itself (the listing sees what is loaded)', () => {
    expect(rules).toEqual(['no-removed', 'no-deprecated', 'agent-run-input']);
    expect(loaded).toContain('src/rules.ts');
    expect(loaded).toContain('node_modules/@typescript-eslint/types/dist/index.js');
  });

  it('does not load ESLint, the TypeScript compiler or a parser', () => {
    const packages = new Set(loaded.map(packageOf));
    for (const heavy of ['eslint', 'typescript', 'typescript-eslint', '@typescript-eslint/parser', '@typescript-eslint/typescript-estree', 'ajv']) {
      expect(packages.has(heavy), heavy).toBe(false);
    }
  });

  it('loads only the light entry points of @typescript-eslint/utils, never its main entry (which loads ESLint)', () => {
    const utils = loaded.filter((path) => path.startsWith('node_modules/@typescript-eslint/utils/'));
    expect(utils).toContain('node_modules/@typescript-eslint/utils/dist/ast-utils/index.js');
    expect(utils).toContain('node_modules/@typescript-eslint/utils/dist/eslint-utils/index.js');
    expect(utils).not.toContain('node_modules/@typescript-eslint/utils/dist/index.js');
    expect(utils.filter((path) => path.includes('/dist/ts-eslint/'))).toEqual([]);
  });
});
