import { existsSync, mkdirSync, readFileSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { builtinCompiled } from '../../src/matchers/compiled-register.js';
import type { TSESLint } from '@typescript-eslint/utils';
import { enterFile, forgetProject, isScanned, projectIsUnmarked } from '../../src/modules/index.js';
import { mayUseGlean } from '../../src/uses/analysis.js';
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

beforeEach(() => forgetProject());

const RULES = ['no-removed', 'no-deprecated', 'agent-run-input'];
/** oxlint's SourceCode: one object for every file, whose text is decoded from the linter's buffer when first read. */
const oxlintFile: { path: string; text: string | undefined; reads: number } = { path: '', text: undefined, reads: 0 };
const oxlintSource = Object.freeze({
  get text(): string {
    if (oxlintFile.text === undefined) {
      oxlintFile.reads += 1;
      oxlintFile.text = readFileSync(oxlintFile.path, 'utf8');
    }
    return oxlintFile.text;
  },
  parserServices: Object.freeze({}),
}) as unknown as TSESLint.SourceCode;

/** One lint of `path` as oxlint runs the recommended rules: each asks the prefilter before anything else. */
function oxlintLint(root: string, path: string): { verdicts: boolean[]; reads: number } {
  Object.assign(oxlintFile, { path, text: undefined, reads: 0 });
  const verdicts = RULES.map((rule) => mayUseGlean(oxlintSource, builtinCompiled, { filename: path, cwd: root, rule }));
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
  const PLAIN_API = "import { http } from './http';\nexport const chat = (q: string) => http.post('https://api.example.com/v1/chat/completions', { q });\n";
  const GLEAN_API = "import { http } from './http';\nexport const chat = (q: string) => http.post('https://acme1-be.glean.com/rest/api/v1/chat', { q });\n";
  /** A whole second: a stamp set this way is read back exactly. */
  const FIXED_TIME = 1_700_000_000;

  /** A project with its own node_modules, its files' times fixed, scanned once with the key: its verdict is kept. */
  function keptProject(name: string, root = join(TMP, name)): string {
    rmSync(root, { recursive: true, force: true });
    const files = { ...APP, 'src/api.ts': PLAIN_API };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
      utimesSync(join(root, path), FIXED_TIME, FIXED_TIME);
    }
    mkdirSync(join(root, 'node_modules'));
    expect(projectIsUnmarked(root, namesGlean, namesGleanKey)).toBe(true);
    forgetProject();
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
    expect(readdirSync(join(root, 'node_modules/.cache/eslint-plugin-glean'))).toEqual([expect.stringMatching(/^closed-project-[0-9a-f]{16}\.json$/)]);
  });

  it('is trusted while every file and folder it rests on is unchanged: the files are not read again', () => {
    const root = keptProject('kept-trusted');
    nameGleanUnseen(root);
    expect(projectIsUnmarked(root, namesGlean, namesGleanKey)).toBe(true);
    // Without the key nothing kept is used: the scan reads the file.
    forgetProject();
    expect(projectIsUnmarked(root, namesGlean)).toBe(false);
  });

  it('is read again when a file changes', () => {
    const root = keptProject('kept-edited');
    writeFileSync(join(root, 'src/api.ts'), "export const URL = 'https://acme-be.glean.com/rest/api/v1/listanswers';\n");
    expect(projectIsUnmarked(root, namesGlean, namesGleanKey)).toBe(false);
  });

  it('is read again when a file is added to a folder', () => {
    const root = keptProject('kept-added');
    mkdirSync(join(root, 'src/glean'));
    writeFileSync(join(root, 'src/glean/answers.ts'), "export const URL = 'https://acme-be.glean.com/rest/api/v1/listanswers';\n");
    expect(projectIsUnmarked(root, namesGlean, namesGleanKey)).toBe(false);
  });

  it('is read again when a config that decides where imports lead changes (package.json, tsconfig, an install)', () => {
    for (const [name, change] of [
      ['kept-package', (root: string) => writeFileSync(join(root, 'package.json'), '{ "name": "app", "private": true, "type": "module", "imports": {} }\n')],
      ['kept-install', (root: string) => writeFileSync(join(root, 'node_modules/.package-lock.json'), '{}\n')],
    ] as const) {
      const root = keptProject(name);
      nameGleanUnseen(root);
      change(root);
      expect(projectIsUnmarked(root, namesGlean, namesGleanKey), name).toBe(false);
      forgetProject();
    }
  });

  it('is not used under another key (another register, other patterns)', () => {
    const root = keptProject('kept-key');
    nameGleanUnseen(root);
    expect(projectIsUnmarked(root, namesGlean, `${namesGleanKey} with an item of the user’s`)).toBe(false);
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
    const eslintSource = { text: readFileSync(join(root, 'src/api.ts'), 'utf8'), parserServices: {} } as unknown as TSESLint.SourceCode;
    expect(mayUseGlean(eslintSource, builtinCompiled, { filename: join(root, 'src/api.ts'), cwd: root, rule: 'no-removed' })).toBe(true);
  });

  it('lets a file go unread when this run’s own scan tested it', () => {
    const root = project('scanned-unread', APP);
    expect(oxlintLint(root, join(root, 'src/api.ts'))).toEqual({ verdicts: [false, false, false], reads: 0 });
    expect(oxlintLint(root, join(root, 'src/http.ts'))).toEqual({ verdicts: [false, false, false], reads: 0 });
  });

  it('is not written while the linted file’s text is not the disk’s (an editor’s unsaved buffer)', () => {
    const root = project('kept-unsaved', { ...APP, 'node_modules/.keep': '' });
    const api = join(root, 'src/api.ts');
    enterFile(api, `${readFileSync(api, 'utf8')}// unsaved\n`, {});
    expect(projectIsUnmarked(root, namesGlean, namesGleanKey)).toBe(true);
    expect(existsSync(join(root, 'node_modules/.cache'))).toBe(false);
    forgetProject();
    expect(projectIsUnmarked(root, namesGlean, namesGleanKey)).toBe(true);
    expect(existsSync(join(root, 'node_modules/.cache/eslint-plugin-glean'))).toBe(true);
  });

  it('is not written for a project that names Glean, nor where no node_modules folder is at or above the root', () => {
    const root = project('kept-marked', { ...APP, 'src/answers.ts': "export const URL = 'https://acme-be.glean.com/rest/api/v1/listanswers';\n", 'node_modules/.keep': '' });
    expect(projectIsUnmarked(root, namesGlean, namesGleanKey)).toBe(false);
    expect(existsSync(join(root, 'node_modules/.cache'))).toBe(false);
    const outside = mkdtempSync(join(tmpdir(), 'glean-closed-'));
    try {
      keptProject('', outside);
      expect(existsSync(join(outside, 'node_modules/.cache'))).toBe(true);
      rmSync(join(outside, 'node_modules'), { recursive: true });
      nameGleanUnseen(outside);
      expect(projectIsUnmarked(outside, namesGlean, namesGleanKey)).toBe(false);
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
