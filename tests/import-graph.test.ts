import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './e2e/build.js';

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

  it('loads no entry of @typescript-eslint/utils nor @eslint-community/eslint-utils: the analysis loads them when a file names Glean', () => {
    expect(loaded.filter((path) => path.startsWith('node_modules/@typescript-eslint/utils/'))).toEqual([]);
    expect(loaded.filter((path) => path.startsWith('node_modules/@eslint-community/'))).toEqual([]);
  });
});

/**
 * What linting loads, with the built plugin (what the package ships): a file that never names Glean
 * loads nothing more (under oxlint nothing else has loaded them); a file that calls Glean loads the
 * light entry points of `@typescript-eslint/utils` (never its main entry, which loads ESLint's API)
 * and is reported.
 */
const LINT_AND_LIST = `
import { createRequire } from 'node:module';
import { Linter } from 'eslint';
const plugin = (await import('./dist/bundle/index.js')).default;
const cache = createRequire(import.meta.url).cache;
const implementationLoaded = () => Object.keys(cache).some((path) => path.endsWith('/dist/bundle/implementation.js'));
const atImport = implementationLoaded();
const utils = () => Object.keys(cache).filter((path) => path.includes('/node_modules/@typescript-eslint/utils/')).map((path) => path.replace(/.*\\/node_modules\\//, ''));
const config = [{ plugins: { glean: plugin }, rules: plugin.configs.recommended.rules, settings: { glean: { now: '2026-11-23' } } }];
const linter = new Linter({ cwd: process.cwd() });
const lint = (code, name) => linter.verify(code, config, { filename: process.cwd() + '/' + name }).map((message) => message.ruleId);
const quiet = lint('export const answers = () => fetch("/api/answers");', 'quiet.js');
const quietUtils = utils();
const glean = lint('export const answers = () => fetch("/rest/api/v1/listanswers", { method: "POST" });', 'glean.js');
process.stdout.write(JSON.stringify({ atImport, quiet, quietUtils, glean, gleanUtils: utils(), afterLint: implementationLoaded() }));
`;

describe('linting with the plugin', () => {
  it('loads the analysis packages only once a file names Glean', async () => {
    ensureBuilt();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '--eval', LINT_AND_LIST],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
    );
    const listed = JSON.parse(stdout) as { atImport: boolean; quiet: string[]; quietUtils: string[]; glean: string[]; gleanUtils: string[]; afterLint: boolean };
    // The import compiles the rules' metadata and first look; ESLint's first lint loads the analysis.
    expect([listed.atImport, listed.afterLint]).toEqual([false, true]);
    expect(listed.quiet).toEqual([]);
    expect(listed.quietUtils).toEqual([]);
    expect(listed.glean).toEqual(['glean/no-removed']);
    expect(listed.gleanUtils).toContain('@typescript-eslint/utils/dist/ast-utils/index.js');
    expect(listed.gleanUtils).not.toContain('@typescript-eslint/utils/dist/index.js');
    expect(listed.gleanUtils.filter((path) => path.includes('/dist/ts-eslint/'))).toEqual([]);
  }, 60_000);
});

/**
 * Under oxlint, in a project that names no Glean and whose verdict an earlier run kept, no file needs
 * the analysis: a run loads the plugin's entry and nothing more. oxlint's rule context is imitated
 * (one per rule, a text decoded when first read, settings parsed anew), with the rules' createOnce form.
 */
const OXLINT_RUN = `
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
const plugin = (await import(process.env.PLUGIN)).default;
const root = process.env.PROJECT;
const file = { path: '', text: undefined, reads: 0 };
const sourceCode = Object.freeze({ get text() { if (file.text === undefined) { file.reads += 1; file.text = readFileSync(file.path, 'utf8'); } return file.text; } });
const context = Object.freeze({
  get sourceCode() { return sourceCode; }, get physicalFilename() { return file.path; }, get filename() { return file.path; },
  get cwd() { return root; }, get settings() { return Object.freeze({ glean: Object.freeze({}) }); }, options: [], report() {},
});
const visitors = Object.values(plugin.rules).map((rule) => rule.createOnce(context));
const verdicts = ['src/api.ts', 'src/http.ts'].map((name) => { file.path = join(root, name); file.text = undefined; return visitors.map((visitor) => visitor.before()); });
const loaded = Object.keys(createRequire(import.meta.url).cache).some((path) => path.endsWith('/dist/bundle/implementation.js'));
process.stdout.write(JSON.stringify({ verdicts, reads: file.reads, loaded }));
`;

describe('an oxlint run on a project that names no Glean', () => {
  it('loads the analysis to take the verdict once, and not at all on the next run, which keeps it', async () => {
    ensureBuilt();
    const project = join(ROOT, '.tmp', 'import-graph-closed');
    rmSync(project, { recursive: true, force: true });
    mkdirSync(join(project, 'src'), { recursive: true });
    mkdirSync(join(project, 'node_modules'));
    writeFileSync(join(project, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
    writeFileSync(join(project, 'src/api.ts'), "import { http } from './http';\nexport const chat = (q: string) => http.post('/chat', { q });\n");
    writeFileSync(join(project, 'src/http.ts'), "export const http = { post: (path: string, body: unknown) => fetch(path, { method: 'POST', body: JSON.stringify(body) }) };\n");
    const run = async () => {
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', OXLINT_RUN], {
        cwd: ROOT,
        env: { ...process.env, PLUGIN: pathToFileURL(join(ROOT, 'dist/bundle/index.js')).href, PROJECT: project },
      });
      return JSON.parse(stdout) as { verdicts: boolean[][]; reads: number; loaded: boolean };
    };
    const none = [false, false, false];
    expect(await run()).toEqual({ verdicts: [none, none], reads: 1, loaded: true });
    expect(await run()).toEqual({ verdicts: [none, none], reads: 0, loaded: false });
  }, 60_000);
});
