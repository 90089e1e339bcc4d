import { existsSync, mkdirSync, readFileSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { builtinCompiled } from '../../src/matchers/compiled-register.js';
import { enterFile, forgetProject, isScanned, projectIsUnmarked } from '../../src/modules/index.js';
import plugin from '../../src/index.js';
import { rules } from '../../src/rules.js';
import { forgetUnreadLane } from '../../src/rule-kit/unread-lane.js';
import { gatesFor } from '../../src/uses/gates.js';
import { lintProjectFile, PROJECTS } from './lint-project.js';
import { M } from './messages.js';

/**
 * A project that never names Glean is read once (each file's text, one test) instead of walking every
 * linted file's imports: then nothing of it can import Glean. The check must say "unmarked" only when
 * that holds: a file that names Glean anywhere, or an import that leaves the files it read (a workspace
 * package elsewhere, a path out of the working directory), and the per-file walk decides as before.
 */

const TMP = fileURLToPath(new URL('../../.tmp/projects-closed/', import.meta.url));
const namesGlean = gatesFor(builtinCompiled).namesGlean;

function project(name: string, files: Record<string, string>): string {
  const root = join(TMP, name);
  rmSync(root, { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const APP = {
  'package.json': '{ "name": "app", "private": true, "type": "module" }\n',
  'src/api.ts': "import { http } from './http';\nexport const chat = (q: string) => http.post('/chat/completions', { q });\n",
  'src/http.ts': "import axios from 'axios';\nexport const http = axios.create({ baseURL: 'https://api.example.com/v1' });\n",
};

beforeEach(() => {
  forgetProject();
  forgetUnreadLane();
  oxlintFile.settingsReads = 0;
});

const RULES = ['no-removed', 'no-deprecated', 'agent-run-input'] as const;
/** The file oxlint lints now, and what its rules read of it. */
const oxlintFile = { root: '', path: '', text: undefined as string | undefined, glean: {} as object, reads: 0, settingsReads: 0 };
/** oxlint's SourceCode: one object for every file, whose text is decoded from the linter's buffer when first read. */
const oxlintSource = Object.freeze({
  get text(): string {
    if (oxlintFile.text === undefined) {
      oxlintFile.reads += 1;
      oxlintFile.text = readFileSync(oxlintFile.path, 'utf8');
    }
    return oxlintFile.text;
  },
  parserServices: Object.freeze({}),
});
/** oxlint's rule context: one per rule, its getters reading the current file; the settings parsed anew (and frozen) at each read. */
const oxlintContext = Object.freeze({
  get sourceCode() {
    return oxlintSource;
  },
  get physicalFilename() {
    return oxlintFile.path;
  },
  get filename() {
    return oxlintFile.path;
  },
  get cwd() {
    return oxlintFile.root;
  },
  get settings() {
    oxlintFile.settingsReads += 1;
    return deepFreeze(JSON.parse(JSON.stringify({ glean: oxlintFile.glean })) as object);
  },
  options: [],
  report() {},
});
const deepFreeze = <T extends object>(value: T): T => {
  for (const part of Object.values(value)) if (typeof part === 'object' && part !== null) deepFreeze(part as object);
  return Object.freeze(value);
};
/** The rules in oxlint's form, created once as oxlint does. */
const visitors = RULES.map((rule) => rules[rule].createOnce(oxlintContext as never));

/**
 * One lint of `path` as oxlint runs the recommended rules: each rule's `before` hook, which says
 * whether the rule looks at the file at all.
 */
function oxlintLint(root: string, path: string, glean: object = {}): { verdicts: boolean[]; reads: number } {
  Object.assign(oxlintFile, { root, path, text: undefined, glean, reads: 0 });
  const verdicts = visitors.map((visitor) => visitor.before() !== false);
  return { verdicts, reads: oxlintFile.reads };
}

describe('a project that never names Glean', () => {
  it('is unmarked: its files name nothing of Glean’s and import nothing outside them', () => {
    expect(projectIsUnmarked(project('plain', APP), namesGlean)).toBe(true);
  });

  it('is marked by any file that names Glean, even one nothing imports', () => {
    const root = project('one-url', { ...APP, 'scripts/answers.ts': "export const URL = 'https://acme-be.glean.com/rest/api/v1/listanswers';\n" });
    expect(projectIsUnmarked(root, namesGlean)).toBe(false);
  });

  it('is marked by a JSON module it imports that names Glean (a config file the analysis reads), not by one that does not', () => {
    const config = "import config from '../config/glean.json';\nexport const base = config.base;\n";
    const marked = project('json-marked', { ...APP, 'src/config.ts': config, 'config/glean.json': '{ "base": "https://acme-be.glean.com/rest/api/v1" }\n' });
    expect(projectIsUnmarked(marked, namesGlean)).toBe(false);
    forgetProject();
    const plain = project('json-plain', { ...APP, 'src/config.ts': config, 'config/glean.json': '{ "base": "https://api.example.com/v1", "name": "app" }\n' });
    expect(projectIsUnmarked(plain, namesGlean)).toBe(true);
  });

  it('is marked by a JSON module required without its extension (a file, a folder’s index.json); a source file of the same name answers first', () => {
    const required = "const config = require('../config/glean');\nconst urls = require('../config/urls');\nmodule.exports = { base: config.base, urls };\n";
    const glean = '{ "base": "https://acme-be.glean.com/rest/api/v1" }\n';
    const plain = '{ "base": "https://api.example.com/v1" }\n';
    expect(projectIsUnmarked(project('json-bare-file', { ...APP, 'src/config.cjs': required, 'config/glean.json': glean, 'config/urls/index.json': plain }), namesGlean)).toBe(false);
    forgetProject();
    expect(projectIsUnmarked(project('json-bare-index', { ...APP, 'src/config.cjs': required, 'config/glean.json': plain, 'config/urls/index.json': glean }), namesGlean)).toBe(false);
    forgetProject();
    expect(projectIsUnmarked(project('json-bare-plain', { ...APP, 'src/config.cjs': required, 'config/glean.json': plain, 'config/urls/index.json': plain }), namesGlean)).toBe(true);
    forgetProject();
    // `require('../config/glean')` is config/glean.js here, which names nothing of Glean's.
    const shadowed = project('json-bare-shadowed', { ...APP, 'src/config.cjs': required, 'config/glean.js': 'module.exports = { base: "https://api.example.com/v1" };\n', 'config/glean.json': glean, 'config/urls/index.json': plain });
    expect(projectIsUnmarked(shadowed, namesGlean)).toBe(true);
  });

  it('is not taken as closed when an import leaves it: a relative path out of the working directory', () => {
    const root = project('outside/app', { ...APP, 'src/shared.ts': "export { BASE } from '../../shared/base';\n" });
    project('outside/shared', { 'base.ts': "export const BASE = 'https://api.example.com';\n" });
    expect(projectIsUnmarked(root, namesGlean)).toBe(false);
  });

  it('nor when a workspace package resolves to sources outside it', () => {
    const root = project('workspace/apps/web', { ...APP, 'src/search.ts': "import { search } from '@acme/search';\nexport const run = () => search('q');\n" });
    project('workspace/packages/search', {
      'package.json': '{ "name": "@acme/search", "type": "module", "exports": "./src/index.ts" }\n',
      'src/index.ts': 'export const search = (q: string) => q;\n',
    });
    mkdirSync(join(root, 'node_modules/@acme'), { recursive: true });
    symlinkSync(relative(join(root, 'node_modules/@acme'), join(TMP, 'workspace/packages/search')), join(root, 'node_modules/@acme/search'));
    expect(projectIsUnmarked(root, namesGlean)).toBe(false);
  });

  it('is unmarked by other code’s `.client.` calls and strings: Slack’s, Vite’s, the Anthropic and OpenAI SDKs’, OpenTelemetry’s', () => {
    const root = project('other-clients', {
      ...APP,
      'src/slack.ts': "import { App } from '@slack/bolt';\nexport const app = new App({});\nexport const say = (channel: string) => app.client.chat.postMessage({ channel, text: 'hi' });\n",
      'src/vite-plugin.ts': "export const reload = (server: any, err: Error) => server.environments.client.hot.send({ type: 'error', err });\n",
      'src/ai.ts': "export class Ai {\n  constructor(private client: any) {}\n  ask = (q: string) => this.client.chat.completions.create({ messages: [{ role: 'user', content: q }] });\n  session = () => this.client.beta.sessions.create({});\n}\n",
      'src/metrics.ts': "export const DURATION = 'db.client.operation.duration';\n",
    });
    expect(projectIsUnmarked(root, namesGlean)).toBe(true);
  });

  it('is marked by a module that calls a Glean client it is handed (no import, no URL), by the SDK’s own sub-client and method names', () => {
    for (const [name, call] of [
      ['injected-search', 'this.glean.client.search.query({ query: q })'],
      ['injected-optional', 'this.glean?.client?.agents.retrieve(q)'],
      ['injected-indexing', 'this.glean.indexing.documents.index({ document: { id: q } })'],
      ['injected-governance', 'this.glean.client.governance.data.policies.list()'],
    ] as const) {
      const root = project(name, { ...APP, 'src/service.js': `export class Service {\n  constructor(glean) { this.glean = glean; }\n  run(q) { return ${call}; }\n}\n` });
      expect(projectIsUnmarked(root, namesGlean), name).toBe(false);
    }
  });

  it('does not count another package’s files under node_modules, or a relative path into them', () => {
    const root = project('deps', {
      ...APP,
      'src/types.ts': "/// <reference path='../node_modules/undici-types/index.d.ts' />\nexport type T = import('../node_modules/undici-types/index.js').Dispatcher;\n",
      'node_modules/glean-mock/index.js': "export const URL = 'https://acme-be.glean.com/rest/api/v1/listanswers';\n",
    });
    expect(projectIsUnmarked(root, namesGlean)).toBe(true);
  });
});

describe('which linted files the verdict covers (the files the scan reads)', () => {
  const root = join(sep, 'work', 'app');
  it.each([
    [join(root, 'index.ts'), true],
    [join(root, 'src', 'lib', 'glean.ts'), true],
    [join(root, 'src', 'dist-utils', 'x.ts'), true],
    [join(root, 'node_modules', 'pkg', 'index.js'), false],
    [join(root, 'src', 'dist', 'x.js'), false],
    [join(root, '.storybook', 'main.ts'), false],
    [join(root, 'src', '.hidden', 'x.ts'), false],
    [join(sep, 'work', 'app2', 'index.ts'), false],
    [join(sep, 'work', 'index.ts'), false],
    [root, false],
  ])('%s: %s', (path, scanned) => {
    expect(isScanned(root, path)).toBe(scanned);
    expect(isScanned(root + sep, path)).toBe(scanned);
  });
});

describe('the verdict kept between runs (node_modules/.cache/eslint-plugin-glean)', () => {
  const { namesGleanKey } = gatesFor(builtinCompiled);
  /** What the rules keep a verdict under with no settings.glean (`{}`). */
  const KEEP = { key: namesGleanKey, settings: '{}', settingFiles: [] };
  const PLAIN_API = "import { http } from './http';\nexport const chat = (q: string) => http.post('https://api.example.com/v1/chat/completions', { q });\n";
  const GLEAN_API = "import { http } from './http';\nexport const chat = (q: string) => http.post('https://acme1-be.glean.com/rest/api/v1/chat', { q });\n";
  /** A whole second: a stamp set this way is read back exactly. */
  const FIXED_TIME = 1_700_000_000;

  /**
   * A project with its own node_modules, its files' times fixed, scanned once with the key: its verdict
   * is kept (with `glean`, as the rules keep it under those settings).
   */
  function keptProject(name: string, root = join(TMP, name), extra: Record<string, string> = {}, glean?: Record<string, unknown>): string {
    rmSync(root, { recursive: true, force: true });
    const files = { ...APP, 'src/api.ts': PLAIN_API, ...extra };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
      utimesSync(join(root, path), FIXED_TIME, FIXED_TIME);
    }
    mkdirSync(join(root, 'node_modules'));
    if (glean === undefined) {
      expect(projectIsUnmarked(root, namesGlean, KEEP)).toBe(true);
    } else {
      expect(oxlintLint(root, join(root, 'package.json'), glean).verdicts).toEqual([false, false, false]);
    }
    forgetProject();
    forgetUnreadLane();
    return root;
  }

  /** Makes src/api.ts name Glean without changing its size or time: only a read of the file can tell. */
  function nameGleanUnseen(root: string): void {
    const path = join(root, 'src/api.ts');
    expect(GLEAN_API.length).toBe(readFileSync(path, 'utf8').length);
    writeFileSync(path, GLEAN_API);
    utimesSync(path, FIXED_TIME, FIXED_TIME);
  }

  it('is written where the project’s node_modules is', () => {
    const root = keptProject('kept-written');
    expect(readdirSync(join(root, 'node_modules/.cache/eslint-plugin-glean'))).toEqual([expect.stringMatching(/^closed-project-[0-9a-f]{14}\.json$/)]);
  });

  it('is trusted while every file and folder it rests on is unchanged: the files are not read again', () => {
    const root = keptProject('kept-trusted');
    nameGleanUnseen(root);
    expect(projectIsUnmarked(root, namesGlean, KEEP)).toBe(true);
    // Without the key nothing kept is used: the scan reads the file.
    forgetProject();
    expect(projectIsUnmarked(root, namesGlean)).toBe(false);
  });

  it('is read again when a file changes', () => {
    const root = keptProject('kept-edited');
    writeFileSync(join(root, 'src/api.ts'), "export const URL = 'https://acme-be.glean.com/rest/api/v1/listanswers';\n");
    expect(projectIsUnmarked(root, namesGlean, KEEP)).toBe(false);
  });

  it('is read again when a JSON module it imports changes', () => {
    const root = keptProject('kept-json', undefined, { 'src/config.ts': "import config from './glean.json';\nexport const base = config.base;\n", 'src/glean.json': '{ "base": "https://api.example.com/v1" }\n' });
    writeFileSync(join(root, 'src/glean.json'), '{ "base": "https://acme-be.glean.com/rest/api/v1" }\n');
    expect(projectIsUnmarked(root, namesGlean, KEEP)).toBe(false);
  });

  it('is read again when a JSON module required without its extension changes', () => {
    const root = keptProject('kept-json-bare', undefined, { 'src/config.cjs': "module.exports = require('./glean');\n", 'src/glean.json': '{ "base": "https://api.example.com/v1" }\n' });
    writeFileSync(join(root, 'src/glean.json'), '{ "base": "https://acme-be.glean.com/rest/api/v1" }\n');
    expect(projectIsUnmarked(root, namesGlean, KEEP)).toBe(false);
  });

  it('is read again when a file is added to a folder', () => {
    const root = keptProject('kept-added');
    mkdirSync(join(root, 'src/glean'));
    writeFileSync(join(root, 'src/glean/answers.ts'), "export const URL = 'https://acme-be.glean.com/rest/api/v1/listanswers';\n");
    expect(projectIsUnmarked(root, namesGlean, KEEP)).toBe(false);
  });

  it('is read again when a config that decides where imports lead changes (package.json, tsconfig, an install)', () => {
    for (const [name, change] of [
      ['kept-package', (root: string) => writeFileSync(join(root, 'package.json'), '{ "name": "app", "private": true, "type": "module", "imports": {} }\n')],
      ['kept-install', (root: string) => writeFileSync(join(root, 'node_modules/.package-lock.json'), '{}\n')],
    ] as const) {
      const root = keptProject(name);
      nameGleanUnseen(root);
      change(root);
      expect(projectIsUnmarked(root, namesGlean, KEEP), name).toBe(false);
      forgetProject();
    }
  });

  it('is not used under another key (another register, other patterns)', () => {
    const root = keptProject('kept-key');
    nameGleanUnseen(root);
    expect(projectIsUnmarked(root, namesGlean, { ...KEEP, key: `${namesGleanKey} with an item of the user’s` })).toBe(false);
  });

  it('under oxlint, lets a file it tested go unread on its first lint, and reads it on the next (an editor’s)', () => {
    const root = keptProject('kept-unread');
    nameGleanUnseen(root);
    const api = join(root, 'src/api.ts');
    // The kept verdict holds (same sizes and times): the first lint takes the disk's text for tested.
    expect(oxlintLint(root, api)).toEqual({ verdicts: [false, false, false], reads: 0 });
    // The same rules again: a new lint of the file, whose text may be an unsaved buffer's.
    expect(oxlintLint(root, api)).toEqual({ verdicts: [true, true, true], reads: 1 });
  });

  it('reads a file it did not test (a folder the scan skips), a project that names Glean, and ESLint’s text, which is already there', () => {
    const root = keptProject('kept-untested');
    const built = join(root, 'dist/api.ts');
    mkdirSync(dirname(built), { recursive: true });
    writeFileSync(built, PLAIN_API);
    expect(oxlintLint(root, built)).toEqual({ verdicts: [false, false, false], reads: 1 });

    const marked = project('marked-unread', { ...APP, 'src/answers.ts': "export const URL = 'https://acme-be.glean.com/rest/api/v1/listanswers';\n" });
    expect(oxlintLint(marked, join(marked, 'src/http.ts'))).toEqual({ verdicts: [false, false, false], reads: 1 });

    forgetProject();
    nameGleanUnseen(root);
    const api = join(root, 'src/api.ts');
    const eslintContext = { sourceCode: { text: readFileSync(api, 'utf8'), parserServices: {} }, physicalFilename: api, filename: api, cwd: root, settings: {}, options: [] };
    expect(Object.keys(plugin.rules['no-removed'].create(eslintContext as never))).toEqual(['Program']);
  });

  it('lets a file go unread when this run’s own scan tested it (the first file’s analysis took the verdict)', () => {
    const root = project('scanned-unread', APP);
    expect(oxlintLint(root, join(root, 'src/api.ts'))).toEqual({ verdicts: [false, false, false], reads: 1 });
    expect(oxlintLint(root, join(root, 'src/http.ts'))).toEqual({ verdicts: [false, false, false], reads: 0 });
  });

  it('under oxlint, reads the settings once for the run, not for every file (an oxlint config at the root is no folder’s own)', () => {
    const root = keptProject('kept-settings-once', undefined, { '.oxlintrc.json': '{ "settings": { "glean": {} } }\n' });
    expect(oxlintLint(root, join(root, 'src/api.ts'))).toEqual({ verdicts: [false, false, false], reads: 0 });
    expect(oxlintLint(root, join(root, 'src/http.ts'))).toEqual({ verdicts: [false, false, false], reads: 0 });
    expect(oxlintFile.settingsReads).toBe(1);
  });

  it('under oxlint, reads every file’s settings when a folder below holds an oxlint config of its own', () => {
    const root = keptProject('kept-nested-config', undefined, { 'src/.oxlintrc.json': '{ "settings": { "glean": { "now": "2026-01-01" } } }\n' });
    expect(oxlintLint(root, join(root, 'src/api.ts'))).toEqual({ verdicts: [false, false, false], reads: 0 });
    expect(oxlintLint(root, join(root, 'src/http.ts'))).toEqual({ verdicts: [false, false, false], reads: 0 });
    expect(oxlintFile.settingsReads).toBe(3);
    // The folder's own settings: no verdict was kept under them, so the first file is read and the
    // analysis takes one; the next file is left unread.
    forgetProject();
    forgetUnreadLane();
    const nested = { now: '2026-01-01' };
    expect(oxlintLint(root, join(root, 'src/api.ts'), nested)).toEqual({ verdicts: [false, false, false], reads: 1 });
    expect(oxlintLint(root, join(root, 'src/http.ts'), nested)).toEqual({ verdicts: [false, false, false], reads: 0 });
  });

  it('is kept under the settings it was taken with: other settings, or a register file changed since, are not trusted', () => {
    const root = keptProject('kept-settings');
    nameGleanUnseen(root);
    const api = join(root, 'src/api.ts');
    expect(oxlintLint(root, api, { escalateWithinDays: 30 })).toEqual({ verdicts: [true, true, true], reads: 1 });

    const withFile = keptProject('kept-register-file', undefined, { 'register.json': '{ "items": [] }\n' }, { register: './register.json' });
    nameGleanUnseen(withFile);
    expect(oxlintLint(withFile, join(withFile, 'src/api.ts'), { register: './register.json' })).toEqual({ verdicts: [false, false, false], reads: 0 });
    forgetProject();
    forgetUnreadLane();
    writeFileSync(join(withFile, 'register.json'), '{ "items": [ ] }\n');
    expect(oxlintLint(withFile, join(withFile, 'src/api.ts'), { register: './register.json' })).toEqual({ verdicts: [true, true, true], reads: 1 });
  });

  it('taken by another build of the plugin, is checked by the analysis (its text test’s key) and filed again under this build', () => {
    const root = keptProject('kept-other-build');
    const folder = join(root, 'node_modules/.cache/eslint-plugin-glean');
    const [name] = readdirSync(folder);
    const kept = JSON.parse(readFileSync(join(folder, name!), 'utf8')) as { build: string };
    writeFileSync(join(folder, name!), JSON.stringify({ ...kept, build: 'an older build' }));
    // The rules' first look cannot tell what an older build's verdict rests on: the analysis reads the file.
    expect(oxlintLint(root, join(root, 'src/api.ts'))).toEqual({ verdicts: [false, false, false], reads: 1 });
    expect((JSON.parse(readFileSync(join(folder, name!), 'utf8')) as { build: string }).build).toBe('source');
    forgetProject();
    forgetUnreadLane();
    expect(oxlintLint(root, join(root, 'src/api.ts'))).toEqual({ verdicts: [false, false, false], reads: 0 });
  });

  it('leaves malformed settings to the analysis, which stops the run', () => {
    const root = keptProject('kept-malformed');
    Object.assign(oxlintFile, { root, path: join(root, 'src/api.ts'), text: undefined, glean: { escalateWithinDay: 3 } });
    expect(() => visitors[0]!.before()).toThrow(/settings\.glean\.escalateWithinDay: unknown setting; did you mean "escalateWithinDays"\?/);
  });

  it('is not written while the linted file’s text is not the disk’s (an editor’s unsaved buffer)', () => {
    const root = project('kept-unsaved', { ...APP, 'node_modules/.keep': '' });
    const api = join(root, 'src/api.ts');
    enterFile(api, `${readFileSync(api, 'utf8')}// unsaved\n`, {});
    expect(projectIsUnmarked(root, namesGlean, KEEP)).toBe(true);
    expect(existsSync(join(root, 'node_modules/.cache'))).toBe(false);
    forgetProject();
    expect(projectIsUnmarked(root, namesGlean, KEEP)).toBe(true);
    expect(existsSync(join(root, 'node_modules/.cache/eslint-plugin-glean'))).toBe(true);
  });

  it('is not written for a project that names Glean, nor where no node_modules folder is at or above the root', () => {
    const root = project('kept-marked', { ...APP, 'src/answers.ts': "export const URL = 'https://acme-be.glean.com/rest/api/v1/listanswers';\n", 'node_modules/.keep': '' });
    expect(projectIsUnmarked(root, namesGlean, KEEP)).toBe(false);
    expect(existsSync(join(root, 'node_modules/.cache'))).toBe(false);
    const outside = mkdtempSync(join(tmpdir(), 'glean-closed-'));
    try {
      keptProject('', outside);
      expect(existsSync(join(outside, 'node_modules/.cache'))).toBe(true);
      rmSync(join(outside, 'node_modules'), { recursive: true });
      nameGleanUnseen(outside);
      expect(projectIsUnmarked(outside, namesGlean, KEEP)).toBe(false);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('the path-table mark', () => {
  const { providesGlean } = gatesFor(builtinCompiled);
  it('is given by exported values that write a path only Glean names', () => {
    expect(providesGlean("export const ENDPOINTS = { answers: '/listanswers' };\n")).toBe(true);
    expect(providesGlean("export const ANSWERS = '/listanswers';\n")).toBe(true);
  });

  it('not by exported functions that use one (they are followed when called, not read as values)', () => {
    expect(providesGlean("export const answers = () => fetch(`${BASE}/listanswers`);\n")).toBe(false);
    expect(providesGlean("export const answers = async (q) => post('/listanswers', q);\n")).toBe(false);
    expect(providesGlean("export const answers = function () { return post('/listanswers'); };\n")).toBe(false);
  });
});

describe('ESLint run from a workspace package’s folder (`npm run lint -w apps/bot`)', () => {
  it('follows the workspace package outside that folder as from the repository’s root', () => {
    const { reports } = lintProjectFile('monorepo/apps/bot', 'src/reply.ts');
    expect(reports.map(({ line, column, rule }) => `${rule} ${line}:${column}`)).toEqual(['glean/no-removed 6:34', 'glean/no-deprecated 9:51', 'glean/no-deprecated 10:41']);
    expect(reports[0]!.message).toBe(M.citations);
  });
});

describe('a base URL from a workspace package outside ESLint’s working directory', () => {
  it('is followed: the package’s sources are not among the files read, so the per-file walk decides', () => {
    const root = project('linked/apps/web', {
      'package.json': '{ "name": "web", "private": true, "type": "module" }\n',
      'src/answers.ts': "import { BASE } from '@acme/glean-config';\nexport const answers = () => fetch(`${BASE}/listanswers`, { method: 'POST' });\n",
    });
    project('linked/packages/glean-config', {
      'package.json': '{ "name": "@acme/glean-config", "type": "module", "exports": "./src/index.ts" }\n',
      'src/index.ts': "export const BASE = 'https://acme-be.glean.com/rest/api/v1';\n",
    });
    mkdirSync(join(root, 'node_modules/@acme'), { recursive: true });
    symlinkSync(relative(join(root, 'node_modules/@acme'), join(TMP, 'linked/packages/glean-config')), join(root, 'node_modules/@acme/glean-config'));
    const { reports } = lintProjectFile(relative(PROJECTS, root), 'src/answers.ts');
    expect(reports.map(({ line, column, rule, message }) => ({ line, column, rule, message }))).toEqual([{ line: 2, column: 36, rule: 'glean/no-removed', message: M.listAnswers }]);
  });
});

describe('in an editor’s long-lived process', () => {
  it('a project that named no Glean, then a module that does: the next lint a moment later sees it', async () => {
    const root = project('editor', {
      'package.json': '{ "name": "editor-app", "private": true, "type": "module" }\n',
      'src/agents.ts': "import { BASE } from './config';\nexport const answers = () => fetch(`${BASE}/listanswers`, { method: 'POST' });\n",
      'src/config.ts': "export const BASE = 'https://api.example.com/v1';\n",
    });
    const name = relative(PROJECTS, root);
    const lines = () => lintProjectFile(name, 'src/agents.ts').reports.map(({ line, column, rule }) => `${rule} ${line}:${column}`);
    expect(lines()).toEqual([]);
    writeFileSync(join(root, 'src/config.ts'), "export const BASE = 'https://acme-be.glean.com/rest/api/v1';\n");
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(lines()).toEqual(['glean/no-removed 2:36']);
  });
});
