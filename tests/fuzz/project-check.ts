import { Linter } from 'eslint';
import fc from 'fast-check';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { expect, it } from 'vitest';
import plugin from '../../src/index.js';
import { forgetProject } from '../../src/modules/index.js';
import { compareReports, coverageRuns, describeMessage, describeUse, SEED, RUNS, stillFixable } from './check.js';
import { NOW } from './model.js';
import type { ExpectedUse } from './generators.js';
import { projectArbitrary, type GeneratedFile, type GeneratedProject, type ProjectBug } from './project-generators.js';
import { introducedDiagnostics } from '../typecheck.js';

/**
 * The fuzz properties for generated multi-module projects (`project-generators.ts`), written to a
 * temporary folder under .tmp/ and linted module by module, each with its real path and ESLint's
 * working directory at the project's root (as the project harness tests/projects/lint-project.ts
 * does), after the plugin forgot what it learnt of the previous project (`forgetProject()`):
 *
 *  1. no crash, and every module parses (a fatal message is a generator bug);
 *  2. the union of the modules' reports is exactly the expected uses, each in the module where the
 *     generator wrote it, by the right rule, at its exact range, with a message that names it, and
 *     without an autofix where another value than Glean's may reach it;
 *  3. `verifyAndFix` under `configs.migrate`, per module: the output parses, a second pass would change
 *     nothing (its last pass offers no fix), exactly the reports that carried a fix are gone; and once
 *     every module is fixed, the fixed project, linted again, has in each module exactly the reports
 *     that were not fixed (a fix made in one module never changes what another module reports); a
 *     fixed TypeScript project has no type error its input did not have (all projects type-checked at
 *     once at the end).
 *
 * Runs: `FUZZ_PROJECT_RUNS` projects per language (default: a tenth of `FUZZ_RUNS`, at least 40 and at
 * most 150, which CI's `FUZZ_RUNS=10000` run gets): a project is several modules, each linted (and
 * fixed) on its own, and a failing one shrinks slowly (each step writes and lints a project), so CI
 * keeps to the runs it can afford; longer runs are for `FUZZ_PROJECT_RUNS` by hand.
 */

export const PROJECT_RUNS = Number(process.env.FUZZ_PROJECT_RUNS ?? Math.min(150, Math.max(40, Math.ceil(RUNS / 10))));

/**
 * Plugin bugs the project fuzzer found: while one is listed, the generator avoids the form that shows
 * it, and its reproduction in regressions.test.ts fails. Once it passes, remove the entry.
 */
export const KNOWN_PROJECT_BUGS: Partial<Record<ProjectBug, string>> = {
};

const ROOT = fileURLToPath(new URL('../../.tmp/fuzz-projects/', import.meta.url));
// The verdicts the plugin keeps for projects that name no Glean go into the nearest node_modules: this
// one, removed with .tmp, rather than the repository's.
mkdirSync(join(ROOT, 'node_modules'), { recursive: true });
const LIFECYCLE_RULES = new Set(['glean/no-removed', 'glean/no-deprecated']);

/** The lint config of a project's modules: typescript-eslint's parser for TypeScript, CommonJS for `.cjs`, `configs.migrate`. */
export const PROJECT_CONFIG: Linter.Config[] = [
  { files: ['**/*.{ts,mts,cts,tsx}'], languageOptions: { parser: tseslint.parser as Linter.Parser } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  plugin.configs.migrate,
  { settings: { glean: { now: NOW } } },
];

/** Writes a project's files under `dir` (emptied first). */
export function writeProject(dir: string, files: readonly { path: string; text: string }[]): void {
  rmSync(dir, { recursive: true, force: true });
  for (const file of files) {
    const path = join(dir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.text);
  }
}

function listing(project: GeneratedProject, dir: string, texts?: ReadonlyMap<string, string>): string {
  const files = project.files.map((file) => {
    const code = texts?.get(file.path) ?? file.code;
    const numbered = code
      .split('\n')
      .map((line, index) => `${String(index + 1).padStart(3)} | ${line}`)
      .join('\n');
    return `--- ${file.path} ---\n${numbered}`;
  });
  return `project (${project.lang}, ${project.system}) at ${dir}:\n${project.extra.map((file) => `--- ${file.path} ---\n${file.text}`).join('')}${files.join('\n')}\n---`;
}

function failure(project: GeneratedProject, dir: string, problem: string, texts?: ReadonlyMap<string, string>): Error {
  return new Error(`${problem}\n${listing(project, dir, texts)}`);
}

interface Linted {
  file: GeneratedFile;
  filename: string;
  messages: Linter.LintMessage[];
}

/** Lints every module of the project at `dir` (its files already written there) with ESLint's working directory at `dir`. */
function lintAll(project: GeneratedProject, dir: string, texts: ReadonlyMap<string, string> | undefined, what: string): Linted[] {
  forgetProject();
  const linter = new Linter({ configType: 'flat', cwd: dir });
  return project.files.map((file) => {
    const filename = join(dir, file.path);
    const code = texts?.get(file.path) ?? file.code;
    let messages: Linter.LintMessage[];
    try {
      messages = linter.verify(code, PROJECT_CONFIG, filename);
    } catch (error) {
      throw failure(project, dir, `no crash: ${what} ${file.path} threw: ${(error as Error).stack ?? String(error)}`, texts);
    }
    const fatal = messages.find((message) => message.fatal);
    if (fatal) throw failure(project, dir, `${what} ${file.path}: it does not parse (${fatal.line}:${fatal.column}): ${fatal.message}`, texts);
    return { file, filename, messages };
  });
}

/** All the properties for one project; throws a readable error on the first violation. Returns the fixed modules (by path) if any fix applied. */
export function checkProject(project: GeneratedProject, dir: string): Map<string, string> | undefined {
  writeProject(dir, [...project.extra, ...project.files.map((file) => ({ path: file.path, text: file.code }))]);
  const linted = lintAll(project, dir, undefined, 'linting');

  // Property 2: the union of the reports is exactly the expected uses, each in its module.
  const problems: string[] = [];
  for (const { file, messages } of linted) {
    const { missing, unexpected, autofixed } = compareReports(messages, file.expected);
    if (missing.length === 0 && unexpected.length === 0 && autofixed.length === 0) continue;
    problems.push(
      `${file.path}:`,
      ...missing.map((use) => `  not reported: ${describeUse(use)}`),
      ...unexpected.map((message) => `  unexpected:   ${describeMessage(message, file.code)}`),
      ...autofixed.map((message) => `  autofixed though another value may reach it: ${describeMessage(message, file.code)}`),
      ...file.expected.map((use) => `  expected:     ${describeUse(use)}`),
    );
  }
  if (problems.length > 0) {
    throw failure(project, dir, ['every generated use is reported once, in its module, by the right rule (never autofixed where another value may reach), and nothing else: reports differ', ...problems].join('\n'));
  }

  // Property 3: fixes, module by module (the other modules as they are on disk).
  const fixable = linted.filter(({ messages }) => messages.some((message) => message.fix));
  if (fixable.length === 0) return undefined;
  const linter = new Linter({ configType: 'flat', cwd: dir });
  const fixed = new Map<string, string>();
  const remaining = new Map<string, number>();
  for (const { file, filename, messages } of linted) {
    const before = messages.filter((message) => message.ruleId && LIFECYCLE_RULES.has(message.ruleId)).length;
    const fixes = messages.filter((message) => message.fix).length;
    remaining.set(file.path, before - fixes);
    if (fixes === 0) continue;
    const fix = (code: string, what: string) => {
      let report: Linter.FixReport;
      try {
        report = linter.verifyAndFix(code, PROJECT_CONFIG, { filename });
      } catch (error) {
        throw failure(project, dir, `no crash: ${what} ${file.path} threw: ${(error as Error).stack ?? String(error)}`);
      }
      const fatal = report.messages.find((message) => message.fatal);
      if (fatal) throw failure(project, dir, `fixes re-parse: ${file.path} does not parse once fixed (${fatal.line}:${fatal.column}): ${fatal.message}\n--- output ---\n${report.output}`);
      return report;
    };
    const first = fix(file.code, 'fixing');
    // The fix loop's last pass linted the output: what it still offers, a second pass would apply.
    const left = stillFixable(first);
    if (left.length > 0) {
      throw failure(project, dir, [`fixes are idempotent: a second fix pass would change ${file.path} again`, ...left.map((message) => `  still fixable: ${describeMessage(message, first.output)}`), '--- output ---', first.output].join('\n'));
    }
    const after = first.messages.filter((message) => message.ruleId && LIFECYCLE_RULES.has(message.ruleId));
    if (after.length !== before - fixes) {
      throw failure(
        project,
        dir,
        [
          `fixes fix what they claim: ${after.length} reports remain in ${file.path} after fixing, expected ${before} - ${fixes} fixed`,
          ...messages.filter((message) => message.ruleId && LIFECYCLE_RULES.has(message.ruleId)).map((message) => `  before: ${describeMessage(message, file.code)}`),
          ...after.map((message) => `  after:  ${describeMessage(message, first.output)}`),
          '--- output ---',
          first.output,
        ].join('\n'),
      );
    }
    fixed.set(file.path, first.output);
  }

  // The fixed project as a whole: each module keeps exactly its unfixed reports.
  const fixedDir = `${dir}-fixed`;
  writeProject(fixedDir, [...project.extra, ...project.files.map((file) => ({ path: file.path, text: fixed.get(file.path) ?? file.code }))]);
  const relinted = lintAll(project, fixedDir, fixed, 'linting the fixed project:');
  const drift = relinted.flatMap(({ file, messages }) => {
    const lifecycle = messages.filter((message) => message.ruleId && LIFECYCLE_RULES.has(message.ruleId));
    if (lifecycle.length === remaining.get(file.path)) return [];
    const code = fixed.get(file.path) ?? file.code;
    return [`${file.path}: ${lifecycle.length} reports in the fixed project, expected ${remaining.get(file.path)}`, ...lifecycle.map((message) => `  ${describeMessage(message, code)}`)];
  });
  rmSync(fixedDir, { recursive: true, force: true });
  if (drift.length > 0) throw failure(project, dir, ['a fix in one module never changes what another reports: the fixed project, linted again, differs', ...drift].join('\n'), fixed);
  return fixed;
}

/**
 * Lints every module of a small project (`files`: path → text), written under .tmp/, as the fuzz run
 * does; returns each module's reports as `rule line:column` (with ` (fix)` when `fixes` is set and the
 * report carries an autofix). For the regression cases of the bugs the project fuzzer found.
 */
export function lintProjectFiles(name: string, files: Readonly<Record<string, string>>, { fixes = false }: { fixes?: boolean } = {}): Record<string, string[]> {
  const dir = join(ROOT, `regression-${name.replace(/\W+/g, '-')}-${process.pid}`);
  const project: GeneratedProject = {
    lang: 'js',
    system: 'esm',
    files: Object.entries(files).filter(([path]) => /\.[cm]?[jt]s$/.test(path)).map(([path, code]) => ({ path, code, expected: [] })),
    extra: Object.entries(files).filter(([path]) => !/\.[cm]?[jt]s$/.test(path)).map(([path, text]) => ({ path, text })),
    features: [],
  };
  writeProject(dir, Object.entries(files).map(([path, text]) => ({ path, text })));
  try {
    return Object.fromEntries(
      lintAll(project, dir, undefined, 'linting').map(({ file, messages }) => [file.path, messages.map((message) => `${message.ruleId} ${message.line}:${message.column}${fixes && message.fix ? ' (fix)' : ''}`)]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Features every default run generates (those named `ts:…` in TypeScript only). */
const PROJECT_FEATURES = [
  'send:sdk',
  'send:base',
  'send:config-url',
  'send:instance',
  'send:wrapper',
  'send:base-parameter',
  'send:method-argument',
  'send:response-helper',
  'send:sdk+mapper',
  'send:base+mapper',
  'send:instance+mapper',
  'send:wrapper+mapper',
  'send:response-helper+mapper',
  'send:lookalike-openai',
  'send:lookalike-instance',
  'send:lookalike-wrapper',
  'send:lookalike-base-parameter',
  'lookalike:other-api-mapper',
  'sdk:const',
  'sdk:alias',
  'sdk:factory',
  'sdk:default',
  'sdk:object',
  'sdk:class-instance',
  'sdk:class',
  'sdk:dynamic',
  'sdk:handed',
  'sdk:handed-destructured',
  'sdk:handed-factory-object',
  'config:literal',
  'config:template',
  'config:env-default',
  'config:nested',
  'base:table',
  'base:host-template',
  'base:concat',
  'config-url:table',
  'config-url:const',
  'instance:axios',
  'instance:got',
  'instance:ky',
  'wrapper:remote-new',
  'wrapper:layered-module',
  'response-helper:mutation',
  'mapper:function-object',
  'mapper:arrow-object',
  'mapper:method-object',
  'mapper:template-object',
  'mapper:template-spread',
  'mapper:function-element',
  'mapper:function-body',
  'mapper:also-other-api',
  'import:esm-named',
  'import:esm-namespace',
  'import:esm-default',
  'import:alias',
  'export:esm-inline',
  'export:esm-list',
  'export:esm-default',
  'barrel:esm-star',
  'barrel:esm-list',
  'specifier:no-extension',
  'specifier:index-folder',
  'specifier:package-imports',
];
const JS_FEATURES = [
  'project:js-esm',
  'project:js-cjs',
  'project:js-cjs-cjs',
  'project:js-esm-mjs',
  'import:cjs-named',
  'import:cjs-namespace',
  'import:cjs-default',
  'export:cjs-value',
  'export:cjs-object',
  'export:cjs-exports-dot',
  'barrel:cjs-require',
];
const TS_FEATURES = ['project:ts-esm', 'specifier:js-for-ts', 'barrel:esm-default'];

let runCounter = 0;

/** The compiler options of the generated TypeScript projects (a bundler's resolution: extensionless and `.js` specifiers, package.json `imports`). */
function projectTsconfig(): string {
  const path = join(ROOT, 'tsconfig.json');
  mkdirSync(ROOT, { recursive: true });
  const compilerOptions = {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2023', 'DOM'],
    types: ['node'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    noUnusedLocals: false,
    noUnusedParameters: false,
  };
  writeFileSync(path, `${JSON.stringify({ compilerOptions, files: [] }, null, 2)}\n`);
  return path;
}

/** The project fuzz test for one language. */
export function fuzzProjectTest(lang: 'js' | 'ts', runs = PROJECT_RUNS): void {
  it(
    `${runs} generated multi-module ${lang === 'js' ? 'JavaScript' : 'TypeScript'} projects: no crash, every use reported once in its module by the right rule and nothing else, fixes re-parse, are idempotent and stay in their module`,
    () => {
      const avoid = new Set(Object.keys(KNOWN_PROJECT_BUGS) as ProjectBug[]);
      const base = join(ROOT, `${lang}-${process.pid}-${runCounter++}`);
      const features = new Set<string>();
      let count = 0;
      let uses = 0;
      let modules = 0;
      // Fixed TypeScript projects, type-checked with their inputs at the end (one compiler run): kept on disk until then.
      const files = new Map<string, string>();
      const pairs: { input: string; output: string }[] = [];
      const started = performance.now();
      try {
        fc.assert(
          fc.property(projectArbitrary({ avoid, lang }), (project) => {
            count++;
            const dir = join(base, `p${count}`);
            try {
              const fixed = checkProject(project, dir);
              if (lang === 'ts' && fixed) {
                const kept = join(base, `typecheck-${count}`);
                writeProject(join(kept, 'in'), [...project.extra, ...project.files.map((file) => ({ path: file.path, text: file.code }))]);
                writeProject(join(kept, 'out'), [...project.extra, ...project.files.map((file) => ({ path: file.path, text: fixed.get(file.path) ?? file.code }))]);
                for (const file of project.files) {
                  const input = join(kept, 'in', file.path);
                  const output = join(kept, 'out', file.path);
                  files.set(input, file.code).set(output, fixed.get(file.path) ?? file.code);
                  pairs.push({ input, output });
                }
              }
            } finally {
              rmSync(dir, { recursive: true, force: true });
            }
            modules += project.files.length;
            uses += project.files.reduce((sum, file) => sum + file.expected.length, 0);
            for (const feature of project.features) features.add(feature);
          }),
          { seed: SEED, numRuns: runs },
        );
        const seconds = (performance.now() - started) / 1000;
        const checked = new Set(pairs.map((pair) => pair.input.split('/in/')[0])).size;
        console.log(
          `fuzz projects ${lang}: ${count} projects (${modules} modules), ${uses} expected uses, ${seconds.toFixed(1)} s (${(count / seconds).toFixed(1)} projects/s, seed ${SEED})` +
            (lang === 'ts' ? `; ${checked} fixed projects type-checked` : ''),
        );
        const introduced = introducedDiagnostics(files, pairs, projectTsconfig()).map(({ pair, diagnostic }) => `${pair.output}: ${diagnostic}\n--- input ---\n${files.get(pair.input)}\n--- fixed ---\n${files.get(pair.output)}`);
        expect(introduced, `fixes keep TypeScript projects compiling (${checked} fixed projects)`).toEqual([]);
        const wanted = [...PROJECT_FEATURES, ...(lang === 'js' ? JS_FEATURES : TS_FEATURES)];
        // Projects, like programs, are held to cover every feature from check.ts's coverage threshold up.
        if (coverageRuns(runs)) expect(wanted.filter((feature) => !features.has(feature))).toEqual([]);
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    },
    Math.max(120_000, runs * 1500),
  );
}

/** The property is not vacuous: a project checks out only with exactly its uses, each in its module. */
export function projectSanityTests(): void {
  it('the check fails when a use of a generated project goes missing, moves to another module, or an extra one is expected', () => {
    const projects = fc.sample(projectArbitrary({ avoid: new Set(Object.keys(KNOWN_PROJECT_BUGS) as ProjectBug[]) }), { seed: SEED, numRuns: 40 });
    const withUses = projects.filter((project) => project.files.some((file) => file.expected.length > 0) && project.files.length > 1);
    expect(withUses.length).toBeGreaterThan(10);
    const dir = join(ROOT, `sanity-${process.pid}`);
    const replace = (project: GeneratedProject, path: string, expected: ExpectedUse[]): GeneratedProject => ({
      ...project,
      files: project.files.map((file) => (file.path === path ? { ...file, expected } : file)),
    });
    try {
      for (const project of withUses.slice(0, 8)) {
        checkProject(project, dir);
        const file = project.files.find((candidate) => candidate.expected.length > 0)!;
        const use = file.expected[0]!;
        expect(() => checkProject(replace(project, file.path, file.expected.slice(1)), dir)).toThrow(/unexpected:/);
        expect(() => checkProject(replace(project, file.path, [...file.expected, { ...use, line: use.line + 1 }]), dir)).toThrow(/not reported:/);
        const other = use.rule === 'glean/no-removed' ? 'glean/no-deprecated' : 'glean/no-removed';
        expect(() => checkProject(replace(project, file.path, [{ ...use, rule: other }, ...file.expected.slice(1)]), dir)).toThrow(/not reported:/);
        // The same use expected in another module: missing there, unexpected here.
        const elsewhere = project.files.find((candidate) => candidate !== file)!;
        const moved = replace(replace(project, file.path, file.expected.slice(1)), elsewhere.path, [...elsewhere.expected, use]);
        expect(() => checkProject(moved, dir)).toThrow(/not reported:[^]*unexpected:|unexpected:[^]*not reported:/);
      }
      // A use marked as one another value may reach fails the check when its report carries an autofix.
      let marked = 0;
      for (const project of withUses) {
        writeProject(dir, [...project.extra, ...project.files.map((file) => ({ path: file.path, text: file.code }))]);
        const fixedUse = lintAll(project, dir, undefined, 'linting')
          .flatMap(({ file, messages }) => messages.filter((message) => message.fix).map((message) => ({ file, message })))
          .map(({ file, message }) => ({ file, index: file.expected.findIndex((use) => use.line === message.line && use.column === message.column) }))
          .find(({ index }) => index >= 0);
        if (!fixedUse) continue;
        const expected = fixedUse.file.expected.map((use, i) => (i === fixedUse.index ? { ...use, unfixable: true as const } : use));
        expect(() => checkProject(replace(project, fixedUse.file.path, expected), dir)).toThrow(/autofixed though another value may reach it/);
        if (++marked === 3) break;
      }
      expect(marked).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}-fixed`, { recursive: true, force: true });
    }
  });
}
