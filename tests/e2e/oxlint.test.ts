import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GleanPlugin } from '../../src/index.js';
import { ensureBuilt, ROOT } from './build.js';

/**
 * oxlint as a supported runtime. The pinned oxlint (a dev dependency) runs the built plugin through
 * `jsPlugins`, with the `.oxlintrc.json` the README shows, on the rule fixtures (fixtures/sdk,
 * fixtures/typed), the demo and each multi-file project (fixtures/projects, linted from its root, where
 * the analysis reaches into other modules' trees); ESLint runs the same build on the same files. Both must report the
 * same findings (rule, severity, message, range) and make the same `--fix` changes, under the
 * recommended and the migrate options. Where oxlint differs by design, the test pins what the README
 * says about it: one pass of fixes, `--fix-suggestions` applying every report's first suggestion, and
 * a malformed `settings.glean` reported on every file.
 */

const OXLINT = join(ROOT, 'node_modules', 'oxlint', 'bin', 'oxlint');
const NOW = '2026-11-23';
const INPUTS = ['demo', 'sdk', 'typed'];
const SOURCE = /\.(?:[cm]?js|tsx?)$/;
/** Two calls of one SDK function under `migrate`: both swaps replace its import, so the second waits a pass. */
const NEEDS_SECOND_PASS = ['sdk/migrate-two-runs.ts'];

type Rules = NonNullable<Linter.Config['rules']>;

let plugin: GleanPlugin;
let work: string;
/** The linted files, relative to each copy's root. */
let files: string[];

/** The README's `.oxlintrc.json`: the JSON block that names `jsPlugins`. */
function readmeOxlintrc(): { jsPlugins: string[]; rules: Record<string, string> } {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]!).find((json) => json.includes('"jsPlugins"'));
  if (!block) throw new Error('README.md shows no .oxlintrc.json');
  return JSON.parse(block) as { jsPlugins: string[]; rules: Record<string, string> };
}

/** A fresh copy of the inputs inside the repository, where `eslint-plugin-glean` resolves to this build. */
function copyInputs(name: string, rules: Record<string, unknown>, settings: unknown = { glean: { now: NOW } }): string {
  const dir = join(work, name);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(ROOT, 'fixtures', file), join(dir, file));
  }
  writeFileSync(join(dir, '.oxlintrc.json'), JSON.stringify({ ...readmeOxlintrc(), rules, settings }, null, 2));
  return dir;
}

/** oxlint on every input file, named one by one: the copies live under the git-ignored .tmp/. */
function oxlint(dir: string, args: string[], only = files) {
  const run = spawnSync(process.execPath, [OXLINT, '-c', '.oxlintrc.json', '--disable-nested-config', ...args, ...only], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (run.error) throw run.error;
  return run;
}

/** One finding, the same for both linters: file, UTF-16 range, rule, severity, message. */
const finding = (file: string, start: number, end: number, rule: string, severity: string, message: string) =>
  `${file} ${start}-${end} ${rule} ${severity} ${message}`;

function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) offset = text.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

interface OxlintDiagnostic {
  message: string;
  code: string;
  severity: string;
  filename: string;
  labels: { span: { offset: number; length: number } }[];
}

function oxlintFindings(dir: string, only = files): string[] {
  const run = oxlint(dir, ['--format=json'], only);
  const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: OxlintDiagnostic[] };
  // The README's config keeps oxlint's own default rules on, as a user's would.
  return diagnostics
    .filter((diagnostic) => diagnostic.code.startsWith('glean('))
    .map((diagnostic) => {
      const text = Buffer.from(readFileSync(join(dir, diagnostic.filename), 'utf8'));
      // oxlint's offsets count UTF-8 bytes; ESLint's columns count UTF-16 code units.
      const { offset, length } = diagnostic.labels[0]!.span;
      const start = text.subarray(0, offset).toString().length;
      const end = text.subarray(0, offset + length).toString().length;
      const rule = diagnostic.code.replace(/^(\w+)\((.+)\)$/, '$1/$2');
      return finding(diagnostic.filename, start, end, rule, diagnostic.severity, diagnostic.message);
    })
    .sort();
}

function eslintFor(dir: string, rules: Rules, fix = false): ESLint {
  return new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    fix,
    overrideConfig: [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
      { files: ['**/*.{js,mjs,cjs,ts,tsx}'], plugins: { glean: plugin }, rules, settings: { glean: { now: NOW } } },
    ],
  });
}

async function eslintFindings(dir: string, rules: Rules, only = files): Promise<string[]> {
  const results = await eslintFor(dir, rules).lintFiles(only);
  return results
    .flatMap((result) => {
      const text = readFileSync(result.filePath, 'utf8');
      const file = relative(dir, result.filePath);
      return result.messages.map((message) =>
        finding(
          file,
          offsetOf(text, message.line, message.column),
          offsetOf(text, message.endLine ?? message.line, message.endColumn ?? message.column),
          message.ruleId ?? 'fatal',
          message.severity === 2 ? 'error' : 'warning',
          message.message,
        ),
      );
    })
    .sort();
}

const readAll = (dir: string) => Object.fromEntries(files.map((file) => [file, readFileSync(join(dir, file), 'utf8')]));

/** The files as `eslint --fix` leaves them. */
async function eslintFixed(dir: string, rules: Rules): Promise<Record<string, string>> {
  const results = await eslintFor(dir, rules, true).lintFiles(files);
  const fixed = readAll(dir);
  for (const result of results) if (result.output !== undefined) fixed[relative(dir, result.filePath)] = result.output;
  return fixed;
}

/** What one pass of ESLint's fixes makes of each file, written nowhere (the first pass's output of every file). */
async function eslintFixedOnce(dir: string, only: string[]): Promise<Record<string, string>> {
  const linter = new Linter({ cwd: dir });
  const config: Linter.Config[] = [
    { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
    { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
    { files: ['**/*.{js,mjs,cjs,ts,tsx}'], plugins: { glean: plugin }, rules: recommended(), settings: { glean: { now: NOW } } },
  ];
  return Object.fromEntries(
    only.map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const messages = linter.verify(text, config, join(dir, file));
      const fixes = messages.flatMap((message) => (message.fix ? [message.fix] : [])).sort((a, b) => a.range[0] - b.range[0]);
      let output = '';
      let at = 0;
      for (const fix of fixes) {
        if (fix.range[0] < at) continue;
        output += text.slice(at, fix.range[0]) + fix.text;
        at = fix.range[1];
      }
      return [file, output + text.slice(at)];
    }),
  );
}

const recommended = () => plugin.configs.recommended.rules!;
const migrate = () => plugin.configs.migrate.rules!;

beforeAll(async () => {
  ensureBuilt();
  plugin = ((await import(pathToFileURL(join(ROOT, 'dist', 'bundle', 'index.js')).href)) as { default: GleanPlugin }).default;
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  work = mkdtempSync(join(ROOT, '.tmp', 'oxlint-'));
  const sources = (dir: string): string[] =>
    readdirSync(join(ROOT, 'fixtures', dir), { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return SOURCE.test(entry.name) && entry.name !== 'eslint.config.js' ? [path] : [];
    });
  files = INPUTS.flatMap(sources).sort();
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('oxlint runs the plugin as ESLint does', () => {
  it("the README's .oxlintrc.json names the plugin and the recommended config's rules", () => {
    const { jsPlugins, rules } = readmeOxlintrc();
    expect(jsPlugins).toEqual(['eslint-plugin-glean']);
    expect(rules).toEqual(recommended());
  });

  it('the same findings: rule, severity, message and range', async () => {
    const dir = copyInputs('findings', recommended());
    const expected = await eslintFindings(dir, recommended());
    expect(expected.length).toBeGreaterThan(60);
    expect(oxlintFindings(dir)).toEqual(expected);
  });

  it.each([
    ['recommended', recommended],
    ['migrate', migrate],
  ])('the same --fix output with the %s options, where oxlint needs a second pass for overlapping fixes', async (name, rules) => {
    const dir = copyInputs(`fix-${name}`, rules());
    const expected = await eslintFixed(dir, rules());
    const changed = files.filter((file) => expected[file] !== readFileSync(join(dir, file), 'utf8'));
    expect(changed.length).toBeGreaterThan(2);

    oxlint(dir, ['--fix']);
    const afterOnePass = readAll(dir);
    const secondPass = name === 'migrate' ? NEEDS_SECOND_PASS : [];
    expect(files.filter((file) => afterOnePass[file] !== expected[file])).toEqual(secondPass);

    oxlint(dir, ['--fix']);
    expect(readAll(dir)).toEqual(expected);
  });

  it("--fix-suggestions applies every report's fix, or else its first suggestion, in one pass", async () => {
    const dir = copyInputs('suggestions', recommended());
    const results = await eslintFor(dir, recommended()).lintFiles(files);
    const expected = readAll(dir);
    let suggested = 0;
    for (const result of results) {
      const file = relative(dir, result.filePath);
      const edits = result.messages.flatMap((message) => {
        const edit = message.fix ?? message.suggestions?.[0]?.fix;
        if (!message.fix && edit) suggested++;
        return edit ? [edit] : [];
      });
      expected[file] = applyOnePass(expected[file]!, edits);
    }
    expect(suggested).toBeGreaterThan(5);
    oxlint(dir, ['--fix-suggestions']);
    expect(readAll(dir)).toEqual(expected);
  });

  it('reports malformed settings on every file, with the problems ESLint prints', () => {
    const dir = copyInputs('settings', recommended(), { glean: { now: 'tomorrow', escalateWithinDay: 3 } });
    const linted = ['demo/src/answers.js', 'demo/src/search.ts'];
    const run = oxlint(dir, [], linted);
    expect(run.status).toBe(1);
    // oxlint's report draws with colours and box characters where it thinks a terminal or CI shows them (CI=true does).
    // eslint-disable-next-line no-control-regex -- the escape character that starts a colour code
    const printed = run.stdout.replace(/\u001b\[[0-9;]*m/g, '').replaceAll('│', '|');
    for (const file of linted) {
      expect(printed).toContain(
        [
          `Invalid eslint-plugin-glean settings (settings.glean in the configuration for ${file}):`,
          '  |   - settings.glean.escalateWithinDay: unknown setting; did you mean "escalateWithinDays"? (known: now, escalateWithinDays, ignore, register, agentForms)',
          '  |   - settings.glean.now: expected a date "YYYY-MM-DD", got "tomorrow"',
        ].join('\n'),
      );
    }
  });
});

describe('oxlint on the multi-file fixture projects', () => {
  const PROJECTS = join(ROOT, 'fixtures', 'projects');
  /** Every source file of a project, relative to its root (node_modules holds only workspace links). */
  const sourcesOf = (root: string, dir = ''): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesOf(root, path);
      return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
    });

  // Names and values followed across modules reach nodes of other modules' trees, which oxlint's
  // SourceCode does not know: the findings must still be ESLint's, from the project's root.
  it.each(readdirSync(PROJECTS, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name))(
    '%s: the same findings and autofixes as ESLint, linted from the project’s root',
    async (project) => {
      const dir = join(work, 'projects', project);
      cpSync(join(PROJECTS, project), dir, { recursive: true, verbatimSymlinks: true });
      // The projects' tsconfigs extend one base beside them.
      cpSync(join(PROJECTS, 'tsconfig.base.json'), join(work, 'projects', 'tsconfig.base.json'));
      const sources = sourcesOf(dir).sort();
      // The project's own package.json is the nearest: the plugin is named by its path, not resolved by name.
      const entry = join(ROOT, 'dist', 'bundle', 'index.js');
      writeFileSync(join(dir, '.oxlintrc.json'), JSON.stringify({ jsPlugins: [entry], rules: recommended(), settings: { glean: { now: NOW } } }, null, 2));
      const expected = await eslintFindings(dir, recommended(), sources);
      expect(expected.length).toBeGreaterThan(0);
      expect(oxlintFindings(dir, sources)).toEqual(expected);
      // And the same autofixes (one pass each: oxlint makes one): ESLint's outputs, then oxlint's `--fix` in place.
      const eslintOutputs = await eslintFixedOnce(dir, sources);
      oxlint(dir, ['--fix'], sources);
      expect(Object.fromEntries(sources.map((file) => [file, readFileSync(join(dir, file), 'utf8')]))).toEqual(eslintOutputs);
    },
  );
});

describe('oxlint on a project that names no Glean', () => {
  const PROJECT = {
    'package.json': '{ "name": "plain-app", "private": true, "type": "module" }\n',
    'src/http.ts': "export const http = { post: (path: string, body: unknown) => fetch(`https://api.example.com/v1${path}`, { method: 'POST', body: JSON.stringify(body) }) };\n",
    'src/api.ts': "import { http } from './http.js';\nexport const chat = (q: string) => http.post('/chat/completions', { q });\n",
  };
  const write = (dir: string, files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  };
  const findings = (dir: string): string[] => {
    // Named one by one: the copy lives under the git-ignored .tmp/.
    const sources = readdirSync(join(dir, 'src')).map((name) => join('src', name));
    const run = spawnSync(process.execPath, [OXLINT, '-c', '.oxlintrc.json', '--disable-nested-config', '--format=json', ...sources], { cwd: dir, encoding: 'utf8' });
    const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: OxlintDiagnostic[] };
    return diagnostics.filter((diagnostic) => diagnostic.code.startsWith('glean(')).map((diagnostic) => `${diagnostic.filename} ${diagnostic.code}`).sort();
  };

  it('reports nothing and keeps that verdict; after a Glean base URL module and an importer are added, the importer’s removed endpoint is reported', () => {
    const dir = join(work, 'closed');
    write(dir, { ...PROJECT, 'node_modules/.package-lock.json': '{}\n' });
    const entry = join(ROOT, 'dist', 'bundle', 'index.js');
    writeFileSync(join(dir, '.oxlintrc.json'), JSON.stringify({ jsPlugins: [entry], rules: recommended(), settings: { glean: { now: NOW } } }));
    expect(findings(dir)).toEqual([]);
    expect(readdirSync(join(dir, 'node_modules/.cache/eslint-plugin-glean'))).toEqual([expect.stringMatching(/^closed-project-[0-9a-f]{14}\.json$/)]);
    // The next run trusts the kept verdict: still nothing.
    expect(findings(dir)).toEqual([]);

    write(dir, {
      'src/glean.ts': "export const GLEAN = 'https://acme-be.glean.com/rest/api/v1';\n",
      'src/answers.ts': "import { GLEAN } from './glean.js';\nexport const answers = () => fetch(`${GLEAN}/listanswers`, { method: 'POST' });\n",
    });
    expect(findings(dir)).toEqual(['src/answers.ts glean(no-removed)']);
  });
});

/** Fixes applied as ESLint and oxlint apply them in one pass: in order, each skipped where it touches an earlier one. */
function applyOnePass(text: string, edits: readonly { range: [number, number]; text: string }[]): string {
  let output = '';
  let position = 0;
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const edit of [...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1])) {
    if (edit.range[0] <= lastEnd) continue;
    output += text.slice(position, edit.range[0]) + edit.text;
    position = lastEnd = edit.range[1];
  }
  return output + text.slice(position);
}
