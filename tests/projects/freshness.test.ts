import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintProjectFile, PROJECTS } from './lint-project.js';
import { M } from './messages.js';

/**
 * An editor keeps ESLint running while the user edits the project: the next lint of a module must see
 * what changed on disk in the modules it depends on. These tests lint a copy of a fixture project (in
 * .tmp/, never the committed fixtures), change another module of it on disk, and lint again in the
 * same process, without telling the plugin anything.
 */

const TMP = fileURLToPath(new URL('../../.tmp/projects-freshness/', import.meta.url));
/** The copy's folder as lintProjectFile takes it: a path under fixtures/projects/. */
const copyOf = (project: string) => relative(PROJECTS, join(TMP, project));
const write = (project: string, file: string, change: (text: string) => string) => {
  const path = join(TMP, project, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the edit of ${file} changes nothing`);
  writeFileSync(path, after);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  // The projects' tsconfig.json extends ../tsconfig.base.json: the copy keeps that layout.
  cpSync(join(PROJECTS, 'tsconfig.base.json'), join(TMP, 'tsconfig.base.json'));
  for (const project of ['readme-client', 'hr-sync']) cpSync(join(PROJECTS, project), join(TMP, project), { recursive: true });
});

describe('freshness: edits of other modules are seen by the next lint', () => {
  it('an imported base URL edited on disk: the importer’s next lint follows the new value at once', () => {
    const project = copyOf('readme-client');
    const endpointLine4 = { line: 4, column: 36, rule: 'glean/no-removed', message: M.listAnswers };
    const linesOf = () => lintProjectFile(project, 'src/agents.ts').reports.map(({ line, column, rule, message }) => ({ line, column, rule, message }));

    expect(linesOf()).toContainEqual(endpointLine4);

    write('readme-client', 'src/lib/glean.ts', (text) => text.replace("'https://acme-be.glean.com/rest/api/v1'", "'https://search.example.com/v1'"));
    expect(linesOf()).not.toContainEqual(endpointLine4);
    expect(linesOf().map(({ line }) => line)).toEqual([3, 6]);

    write('readme-client', 'src/lib/glean.ts', (text) => text.replace("'https://search.example.com/v1'", "'https://acme-be.glean.com/api/index/v1'"));
    // POST /api/index/v1/listanswers is no operation either.
    expect(linesOf().map(({ line }) => line)).toEqual([3, 6]);

    write('readme-client', 'src/lib/glean.ts', (text) => text.replace("'https://acme-be.glean.com/api/index/v1'", "'https://acme-be.glean.com/rest/api/v1'"));
    expect(linesOf().map(({ line }) => line)).toEqual([3, 4, 6]);
  });

  it('an imported client replaced by another SDK’s: the importer’s SDK calls are no longer uses', () => {
    const project = copyOf('readme-client');
    expect(lintProjectFile(project, 'src/agents.ts').reports.map(({ line }) => line)).toEqual([3, 4, 6]);
    write('readme-client', 'src/lib/glean.ts', (text) =>
      text
        .replace("import { Glean } from '@gleanwork/api-client';", "class Other { client = { agents: { retrieve: (id: string) => id }, search: { query: async (q: { query: string }) => ({ results: [{ snippets: [{ snippet: q.query }] }] }) } }; constructor(_: object) {} }")
        .replace('new Glean(', 'new Other('),
    );
    expect(lintProjectFile(project, 'src/agents.ts').reports.map(({ line }) => line)).toEqual([4]);
  });

  it('the module that sends a mapper’s payload to Glean edited on disk: the mapper’s next lint, a moment later as in an editor, follows it', async () => {
    const project = copyOf('hr-sync');
    const location = { line: 7, column: 5, rule: 'glean/no-removed', message: M.location };
    expect(lintProjectFile(project, 'src/mappers.js')).toEqual({ reports: [location], output: null });

    // The shared axios instance now points at the HR system's own API: nothing sends the employee to Glean.
    write('hr-sync', 'src/client.js', (text) => text.replace("`${process.env.GLEAN_HOST || 'https://acme-be.glean.com'}/api/index/v1`", "'https://hr.example.com/api/v3'"));
    await sleep(2500);
    expect(lintProjectFile(project, 'src/mappers.js')).toEqual({ reports: [], output: null });

    write('hr-sync', 'src/client.js', (text) => text.replace("'https://hr.example.com/api/v3'", "`${process.env.GLEAN_HOST || 'https://acme-be.glean.com'}/api/index/v1`"));
    await sleep(2500);
    expect(lintProjectFile(project, 'src/mappers.js')).toEqual({ reports: [location], output: null });
  });
});
