import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintProjectFile, PROJECTS } from './lint-project.js';
import { M } from './messages.js';

/**
 * Resolution that does not depend on the project's tooling being complete: a tsconfig.json whose
 * `extends` names a shared config that is not installed (a workspace package not linked yet, a Docker
 * lint stage that copies only the sources) must not cost the project its relative imports. TypeScript
 * reports the missing base; the linter must not go silent on every module the file imports.
 */

const TMP = fileURLToPath(new URL('../../.tmp/projects-resolution/', import.meta.url));

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  // Only the project, not ../tsconfig.base.json, which its tsconfig.json extends.
  cpSync(join(PROJECTS, 'http-clients'), join(TMP, 'http-clients'), { recursive: true });
  const tsconfig = join(TMP, 'http-clients/tsconfig.json');
  writeFileSync(tsconfig, readFileSync(tsconfig, 'utf8').replace('"../tsconfig.base.json"', '"@acme/tsconfig/node20.json"'));
});

describe('resolution with an incomplete tsconfig', () => {
  it('a tsconfig.json that extends a config that is not installed: relative imports are still followed', () => {
    const project = relative(PROJECTS, join(TMP, 'http-clients'));
    expect(lintProjectFile(project, 'src/features/answers.ts')).toEqual({
      reports: [
        { line: 4, column: 24, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 7, column: 59, rule: 'glean/no-deprecated', message: M.agentGet },
      ],
      output: null,
    });
  });
});

const ALIASED = join(TMP, 'aliased');

describe('resolution of tsconfig `paths` for files its `include` leaves out', () => {
  beforeAll(() => {
    mkdirSync(join(ALIASED, 'src/lib'), { recursive: true });
    mkdirSync(join(ALIASED, 'src/routes/x'), { recursive: true });
    writeFileSync(join(ALIASED, 'package.json'), '{ "name": "aliased", "private": true, "type": "module" }\n');
    writeFileSync(
      join(ALIASED, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '$lib/*': ['./src/lib/*'] } }, include: ['src/**/*.ts'], exclude: ['src/routes/x/a.ts'] }, null, 2),
    );
    writeFileSync(join(ALIASED, 'src/lib/glean.ts'), "export const GLEAN_API = 'https://acme-be.glean.com/rest/api/v1';\n");
    const importer = "import { GLEAN_API } from '$lib/glean';\n\nexport const answers = () => fetch(`${GLEAN_API}/listanswers`, { method: 'POST' });\n";
    writeFileSync(join(ALIASED, 'src/routes/x/a.ts'), importer);
    writeFileSync(join(ALIASED, 'src/routes/x/b.ts'), importer);
  });

  it('an excluded file linted first, then its sibling the tsconfig includes: both follow the alias, as a bundler does (the sibling’s result does not depend on the excluded file)', () => {
    const project = relative(PROJECTS, ALIASED);
    const report = { reports: [{ line: 3, column: 36, rule: 'glean/no-removed', message: M.listAnswers }], output: null };
    expect(lintProjectFile(project, 'src/routes/x/a.ts')).toEqual(report);
    expect(lintProjectFile(project, 'src/routes/x/b.ts')).toEqual(report);
  });
});
