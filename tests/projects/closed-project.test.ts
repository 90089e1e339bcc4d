import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { builtinCompiled } from '../../src/matchers/compiled-register.js';
import { forgetProject, projectIsUnmarked } from '../../src/modules/index.js';
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
