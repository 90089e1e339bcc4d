import { Linter, type SourceCode } from 'eslint';
import fc from 'fast-check';
import tseslint from 'typescript-eslint';
import { expect, it } from 'vitest';
import plugin from '../../src/index.js';
import { programArbitrary, type ExpectedUse, type GeneratedProgram, type GeneratorOptions, type KnownBug } from './generators.js';
import { NOW, itemById, items, ruleFor } from './model.js';
import { VIRTUAL_DIR, introducedDiagnostics } from '../typecheck.js';
import { join } from 'node:path';

/**
 * The fuzz properties, for every generated program (see `generators.ts`):
 *  1. no crash: linting never throws, and the program parses (a fatal message is a generator bug);
 *  2. every generated use of a register item is reported exactly once, by the lifecycle rule its dates
 *     call for (`no-removed` or `no-deprecated`, never both), at the exact range of the literal, key
 *     or read that names it, with a message that names the item, and without an autofix where
 *     another value than Glean's may reach it;
 *  3. nothing else is reported (look-alike keys and paths, non-deprecated neighbours, other rules);
 *  4. `verifyAndFix` under `configs.migrate`: the output parses, a second pass would change nothing
 *     (the fix loop's last pass, which lints the output, offers no fix), and exactly the reports that
 *     carried a fix are gone; a fixed TypeScript program has no type error its input did not have
 *     (checked against the SDK, for all programs at once).
 *
 * Properties 2 and 3 are checked on the `migrate` lint: it runs the same rules as `strict` and
 * reports the same uses (only severities differ, and endpoint swaps carry autofixes), so the first
 * pass of one `verifyAndFix` serves all four properties: a program without fixes is linted once, one
 * with fixes once more for each fix pass.
 *
 * Runs: `FUZZ_RUNS` programs in all (default 300, so `npm test` stays fast; CI: 10000), half of
 * them JavaScript (`fuzz.test.ts`) and half TypeScript (`fuzz-ts.test.ts`); seed `FUZZ_SEED` (fixed
 * default).
 */

export const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
/** The seed `npm test` and CI run with; the coverage check is sized for it (see coverageRuns). */
const DEFAULT_SEED = 20261123;
export const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
/** Programs per language. */
const PER_LANGUAGE = Math.ceil(RUNS / 2);
/** SDK programs per language and SDK version: half of the HTTP ones, at most 400 (`FUZZ_SDK_RUNS` sets it). */
export const SDK_RUNS = Number(process.env.FUZZ_SDK_RUNS ?? Math.min(PER_LANGUAGE, 400));

/**
 * Plugin bugs the fuzzer found, with a minimal reproduction each. While a bug is listed, the generator
 * avoids the form that shows it (so the run keeps looking for others) and its reproduction is an
 * expected failure; once the bug is fixed the reproduction passes, vitest reports that, and the entry
 * must go, which puts the form back into the fuzz run.
 */
export const KNOWN_BUGS: Partial<
  Record<KnownBug, { title: string; code: string; filename: string; expected: string[]; /** The config whose fixed output must type-check. */ typeChecked?: 'strict' | 'migrate' }>
> = {};

const linter = new Linter({ configType: 'flat' });
const typescript: Linter.Config = { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser } };
const settings: Linter.Config = { settings: { glean: { now: NOW } } };
export const STRICT: Linter.Config[] = [typescript, plugin.configs.strict, settings];
export const MIGRATE: Linter.Config[] = [typescript, plugin.configs.migrate, settings];
const LIFECYCLE_RULES = new Set(['glean/no-removed', 'glean/no-deprecated']);

function failure(program: GeneratedProgram, problem: string, code = program.code): Error {
  const numbered = code
    .split('\n')
    .map((line, index) => `${String(index + 1).padStart(3)} | ${line}`)
    .join('\n');
  return new Error(`${problem}\n--- ${program.filename} ---\n${numbered}\n---`);
}

/** What a report says it is about: an endpoint's method and path, or a field's name. */
export function mentions(message: string, use: ExpectedUse): boolean {
  const item = itemById(use.item);
  if (item.kind === 'field') return message.startsWith(`Field \`${item.field}\` of `);
  return message.startsWith(`${item.operation.method} ${item.operation.path}`);
}

export const describeUse = (use: ExpectedUse) =>
  `${use.rule} ${use.line}:${use.column}-${use.endLine}:${use.endColumn} ${use.item} at ${JSON.stringify(use.text)}${use.unfixable ? ' (no autofix)' : ''}`;

export function describeMessage(message: Linter.LintMessage, code: string): string {
  const lines = code.split('\n');
  const text =
    message.endLine === undefined
      ? ''
      : message.line === message.endLine
        ? lines[message.line - 1]!.slice(message.column - 1, message.endColumn! - 1)
        : `${lines[message.line - 1]!.slice(message.column - 1)}…`;
  return `${message.ruleId} ${message.line}:${message.column}-${message.endLine}:${message.endColumn} ${JSON.stringify(text)}${message.fix ? ' (fix)' : ''}: ${message.message}`;
}

/**
 * `verifyAndFix` under `configs.migrate`, with the messages of its first pass: ESLint's fix loop lints
 * each pass with the linter's own `verify` (caught here as it is called), so its first pass is the
 * program's plain lint, and the program is linted once to report and fix, not once for each.
 */
function lintAndFix(program: GeneratedProgram): { messages: Linter.LintMessage[]; report: Linter.FixReport } {
  const passes: Linter.LintMessage[][] = [];
  const verify = Linter.prototype.verify as (this: Linter, ...args: unknown[]) => Linter.LintMessage[];
  Object.defineProperty(linter, 'verify', {
    configurable: true,
    value: (...args: unknown[]) => {
      const messages = verify.apply(linter, args);
      passes.push(messages);
      return messages;
    },
  });
  let report: Linter.FixReport;
  try {
    report = linter.verifyAndFix(program.code, MIGRATE, { filename: program.filename });
  } catch (error) {
    const what = passes.length === 0 ? 'linting the program' : 'fixing';
    throw failure(program, `no crash: ${what} threw: ${(error as Error).stack ?? String(error)}`, program.code);
  } finally {
    delete (linter as { verify?: unknown }).verify;
  }
  const messages = passes[0];
  if (messages === undefined) throw new Error("ESLint's verifyAndFix no longer lints through Linter#verify: check.ts must lint the program separately");
  const fatal = messages.find((message) => message.fatal);
  if (fatal) throw failure(program, `linting the program does not parse (${fatal.line}:${fatal.column}): ${fatal.message}`, program.code);
  return { messages, report };
}

/** The fixes a second `verifyAndFix` over this one's output would apply: those its last pass still offers. */
export function stillFixable(report: Linter.FixReport): Linter.LintMessage[] {
  return report.messages.filter((message) => message.fix);
}

/** All four properties for one program; throws a readable error on the first violation. Returns the fixed output, if any. */
/** Reports of a program (or a project's module) against its expected uses: what is missing, unexpected, or autofixed though another value may reach it. */
export function compareReports(messages: readonly Linter.LintMessage[], expected: readonly ExpectedUse[]): { missing: ExpectedUse[]; unexpected: Linter.LintMessage[]; autofixed: Linter.LintMessage[] } {
  const missing = [...expected];
  const unexpected: Linter.LintMessage[] = [];
  const autofixed: Linter.LintMessage[] = [];
  for (const message of messages) {
    const index = missing.findIndex(
      (use) =>
        use.rule === message.ruleId &&
        use.line === message.line &&
        use.column === message.column &&
        use.endLine === message.endLine &&
        use.endColumn === message.endColumn &&
        mentions(message.message, use),
    );
    if (index === -1) unexpected.push(message);
    else {
      if (missing[index]!.unfixable && message.fix) autofixed.push(message);
      missing.splice(index, 1);
    }
  }
  return { missing, unexpected, autofixed };
}

export function checkProgram(program: GeneratedProgram): string | undefined {
  const { messages, report: first } = lintAndFix(program);

  // Properties 2 and 3: exactly the expected reports; uses that another value may reach are reported, never autofixed.
  const { missing, unexpected, autofixed } = compareReports(messages, program.expected);
  if (missing.length > 0 || unexpected.length > 0 || autofixed.length > 0) {
    throw failure(
      program,
      [
        'every generated use is reported once by the right rule (never autofixed where another value may reach), and nothing else: reports differ',
        ...missing.map((use) => `  not reported: ${describeUse(use)}`),
        ...unexpected.map((message) => `  unexpected:   ${describeMessage(message, program.code)}`),
        ...autofixed.map((message) => `  autofixed though another value may reach it: ${describeMessage(message, program.code)}`),
        ...program.expected.map((use) => `  expected:     ${describeUse(use)}`),
      ].join('\n'),
    );
  }

  // Property 4: fixes.
  const fixable = messages.filter((message) => message.fix);
  if (fixable.length === 0) return undefined;
  const fatal = first.messages.find((message) => message.fatal);
  if (fatal) throw failure(program, `fixes re-parse: the fixed output does not parse (${fatal.line}:${fatal.column}): ${fatal.message}\n--- output ---\n${first.output}`);
  // The fix loop stops at a pass with nothing left to fix, and that pass linted the output: a fix
  // still offered there (after ten passes, or fixes that undo each other) is what a second `--fix`
  // would apply.
  const left = stillFixable(first);
  if (left.length > 0) {
    throw failure(
      program,
      [`fixes are idempotent: a second fix pass would change the output again`, ...left.map((message) => `  still fixable: ${describeMessage(message, first.output)}`), '--- output ---', first.output].join('\n'),
    );
  }
  const before = messages.filter((message) => message.ruleId && LIFECYCLE_RULES.has(message.ruleId));
  const after = first.messages.filter((message) => message.ruleId && LIFECYCLE_RULES.has(message.ruleId));
  if (after.length !== before.length - fixable.length) {
    throw failure(
      program,
      [
        `fixes fix what they claim: ${after.length} reports remain after fixing, expected ${before.length} - ${fixable.length} fixed`,
        ...before.map((message) => `  before: ${describeMessage(message, program.code)}`),
        ...after.map((message) => `  after:  ${describeMessage(message, first.output)}`),
        '--- output ---',
        first.output,
      ].join('\n'),
    );
  }
  return first.output;
}

const FLOW_FEATURES = [
  'array:callback-map',
  'array:callback-flatMap',
  'array:callback-rows',
  'read:array-flatMap',
  'read:array-callback-map',
  'read:array-callback-find',
  'value:helper-function',
  'value:helper-arrow',
  'value:helper-after',
  'value:helper-method',
  'value:helper-shared',
  'payload:helper',
  'payload:push',
  'payload:object-assign',
  'wrapper:field',
  'wrapper:constructor',
  'wrapper:private',
  'wrapper:private-constructor',
  'wrapper:static',
  'wrapper:function',
  'wrapper:layered',
  'wrapper:axios-client-field',
  'wrapper:axios-client-constructor',
  'wrapper:axios-join',
  'wrapper:shared',
  'response:fetch-then',
  'response:fetch-all',
  'response:fetch-helper',
  'response:fetch-send',
  'response:axios-send',
  'response:fetch-inspect',
  'response:fetch-replaced',
  'response:fetch-maybe-replaced',
  'response:fetch-reassigned-glean',
  'hook:mutation-on-success',
  'hook:mutation-mutate-async',
];

/** A family of generated programs, checked by `fuzzTest`. */
export interface FuzzSuite {
  /** What the programs call, for the test's title. */
  kind: string;
  arbitrary: (options: GeneratorOptions) => fc.Arbitrary<GeneratedProgram>;
  /** Programs per language. */
  runs: number;
  /** Register items a run of at least `COVERAGE_RUNS` programs generates uses of, every one. */
  items: readonly string[];
  /** Generator features such a run generates, every one (those named `ts:…` in TypeScript only). */
  features: readonly string[];
  /** The config whose `--fix` output must keep a TypeScript program compiling. */
  typeChecked: Linter.Config[];
  /** Where the programs live (their SDK resolves from there, they are type-checked with its tsconfig); by default fixtures/. */
  dir?: string;
}

/** Runs below this many programs per language are too short to be expected to cover every item and feature. */
const COVERAGE_RUNS = 150;

/**
 * Under another seed, a short run may not draw a rare form (seeds 7, 99 and 31337 each missed one of
 * dozens, such as `hook:mutation-mutate-async`, in 150 programs): coverage is asked of such a run only
 * from this many programs per language up.
 */
const COVERAGE_RUNS_ANY_SEED = 1000;

/** Whether a run of `runs` programs per language is expected to cover every item and feature. */
export function coverageRuns(runs: number): boolean {
  return runs >= (SEED === DEFAULT_SEED ? COVERAGE_RUNS : COVERAGE_RUNS_ANY_SEED);
}

/** The HTTP programs of `generators.ts`. */
export const HTTP_SUITE: FuzzSuite = {
  kind: 'Glean-calling',
  arbitrary: programArbitrary,
  runs: PER_LANGUAGE,
  items: items.filter((item) => ruleFor(item)).map((item) => item.id),
  features: FLOW_FEATURES,
  typeChecked: MIGRATE,
};

/** The fuzz test for one language, and the known-bug reproductions. */
export function fuzzTest(lang: 'js' | 'ts', suite: FuzzSuite = HTTP_SUITE): void {
  const runs = suite.runs;
  it(
    `${runs} generated ${suite.kind} ${lang === 'js' ? 'JavaScript' : 'TypeScript'} programs: no crash, every use reported once by the right rule and nothing else, fixes re-parse and are idempotent`,
    () => {
      const avoid = new Set(Object.keys(KNOWN_BUGS) as KnownBug[]);
      const seen = new Set<string>();
      const features = new Set<string>();
      let uses = 0;
      let count = 0;
      // Fixed TypeScript programs, type-checked with their inputs at the end (one compiler run, against the SDK).
      const files = new Map<string, string>();
      const pairs: { input: string; output: string; program: GeneratedProgram }[] = [];
      const started = performance.now();
      fc.assert(
        fc.property(suite.arbitrary({ avoid, lang }), (program) => {
          count++;
          const migrated = checkProgram(program);
          const fixed =
            migrated === undefined || suite.typeChecked === MIGRATE
              ? migrated
              : linter.verifyAndFix(program.code, suite.typeChecked, { filename: program.filename }).output;
          if (lang === 'ts' && fixed !== undefined && fixed !== program.code) {
            const input = join(suite.dir ?? VIRTUAL_DIR, `fuzz-${count}.ts`);
            const output = join(suite.dir ?? VIRTUAL_DIR, `fuzz-${count}.fixed.ts`);
            files.set(input, program.code).set(output, fixed);
            pairs.push({ input, output, program });
          }
          uses += program.expected.length;
          for (const use of program.expected) seen.add(use.item);
          for (const feature of program.features) features.add(feature);
        }),
        { seed: SEED, numRuns: runs },
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `fuzz ${suite.kind} ${lang}: ${count} programs, ${uses} expected uses, ${seconds.toFixed(1)} s (${(count / seconds).toFixed(0)} programs/s, seed ${SEED})` +
          (lang === 'ts' ? `; ${pairs.length} fixed programs type-checked` : ''),
      );
      const introduced = introducedDiagnostics(files, pairs).map(({ pair, diagnostic }) => `${diagnostic}\n${pair.program.code}\n--- fixed ---\n${files.get(pair.output)}`);
      expect(introduced, `fixes keep TypeScript compiling (${pairs.length} fixed programs)`).toEqual([]);
      // Every register item that is deprecated or removed on NOW was generated (given enough runs).
      if (coverageRuns(runs)) expect(suite.items.filter((item) => !seen.has(item))).toEqual([]);
      // The suite's shapes were generated (for HTTP programs: array callbacks, helpers, incremental building, wrappers, promises, mutations, reassigned variables).
      const wanted = suite.features.filter((feature) => lang === 'ts' || !feature.startsWith('ts:'));
      if (coverageRuns(runs)) expect(wanted.filter((feature) => !features.has(feature))).toEqual([]);
    },
    Math.max(60_000, runs * 200),
  );
}

export function knownBugTests(): void {
  for (const [id, bug] of Object.entries(KNOWN_BUGS)) {
    // Expected to fail while the bug is open: when this passes, remove the entry from KNOWN_BUGS.
    it.fails(`known bug ${id}: ${bug.title}`, () => {
      const messages = linter.verify(bug.code, STRICT, bug.filename);
      expect(messages.map((message) => `${message.ruleId} ${message.line}:${message.column}`)).toEqual(bug.expected);
      expect(linter.verifyAndFix(bug.code, MIGRATE, { filename: bug.filename }).messages.filter((message) => message.fatal)).toEqual([]);
      if (bug.typeChecked) {
        const fixed = linter.verifyAndFix(bug.code, bug.typeChecked === 'migrate' ? MIGRATE : STRICT, { filename: bug.filename }).output;
        const input = join(VIRTUAL_DIR, `known-bug-${id}.ts`);
        const output = join(VIRTUAL_DIR, `known-bug-${id}.fixed.ts`);
        const files = new Map([[input, bug.code], [output, fixed]]);
        expect(introducedDiagnostics(files, [{ input, output }]).map(({ diagnostic }) => diagnostic)).toEqual([]);
      }
    });
  }
}

/**
 * What the fix check takes from ESLint's fix loop holds: its first pass is the program's plain lint,
 * and a fix that a second pass would apply is still offered by the last pass of the first.
 */
export function fixLoopTests(): void {
  it('the first pass of verifyAndFix is the plain lint of a generated program', () => {
    const programs = fc.sample(HTTP_SUITE.arbitrary({ avoid: new Set(Object.keys(KNOWN_BUGS) as KnownBug[]) }), { seed: SEED, numRuns: 30 });
    const fixable = programs.filter((program) => linter.verify(program.code, MIGRATE, program.filename).some((message) => message.fix));
    expect(fixable.length).toBeGreaterThan(2);
    for (const program of programs) expect(lintAndFix(program).messages).toEqual(linter.verify(program.code, MIGRATE, program.filename));
  });

  it('a fix that a second pass would apply again is still offered after the first: the check fails on it', () => {
    const toy = (fix: (text: string) => string | undefined): Linter.Config[] => [
      {
        plugins: {
          toy: {
            rules: {
              rule: {
                meta: { type: 'suggestion', fixable: 'code', schema: [] },
                create: (context) => ({
                  Program(node) {
                    const text = fix((context.sourceCode as SourceCode).text);
                    if (text !== undefined) context.report({ node, message: 'toy', fix: (fixer) => fixer.replaceText(node, text) });
                  },
                }),
              },
            },
          },
        },
        rules: { 'toy/rule': 'error' },
      },
    ];
    // Converges: one pass renames, the next finds nothing.
    const once = linter.verifyAndFix('var snippet = 1;', toy((text) => (text.includes('snippet') ? text.replace('snippet', 'text') : undefined)));
    expect([once.output, stillFixable(once)]).toEqual(['var text = 1;', []]);
    // Never converges: every pass appends (ESLint stops after ten).
    const forever = linter.verifyAndFix('var a = 1;', toy((text) => `${text};`));
    expect(forever.output).toBe('var a = 1;;;;;;;;;;;');
    expect(stillFixable(forever).map((message) => message.message)).toEqual(['toy']);
    // Undoes itself: ESLint stops at the circle.
    // (A linter of its own, made while the process's warnings are caught: ESLint warns of the circle through them.)
    const warnings: string[] = [];
    const emitWarning = process.emitWarning;
    process.emitWarning = (warning: string | Error) => void warnings.push(String(warning));
    let circleLinter: Linter;
    try {
      circleLinter = new Linter({ configType: 'flat' });
    } finally {
      process.emitWarning = emitWarning;
    }
    const circle = circleLinter.verifyAndFix('let x;', toy((text) => (text.includes('x') ? text.replace('x', 'y') : text.replace('y', 'x'))), { filename: 'circle.js' });
    expect([circle.output, stillFixable(circle).map((message) => message.message)]).toEqual(['let x;', ['toy']]);
    expect(warnings).toEqual([expect.stringContaining('Circular fixes detected while fixing circle.js')]);
  });
}

/** The property is not vacuous: a program checks out only with exactly its uses. */
export function sanityTests(suite: FuzzSuite = HTTP_SUITE): void {
  it(`the check fails when a use of a generated ${suite.kind} program goes missing or an extra one is expected`, () => {
    const programs = fc.sample(suite.arbitrary({ avoid: new Set(Object.keys(KNOWN_BUGS) as KnownBug[]) }), { seed: SEED, numRuns: 40 });
    const withUses = programs.filter((program) => program.expected.length > 0);
    expect(withUses.length).toBeGreaterThan(10);
    for (const program of withUses.slice(0, 10)) {
      checkProgram(program);
      expect(() => checkProgram({ ...program, expected: program.expected.slice(1) })).toThrow(/unexpected:/);
      expect(() => checkProgram({ ...program, expected: [...program.expected, { ...program.expected[0]!, line: program.expected[0]!.line + 1 }] })).toThrow(/not reported:/);
      const other = program.expected[0]!.rule === 'glean/no-removed' ? 'glean/no-deprecated' : 'glean/no-removed';
      expect(() => checkProgram({ ...program, expected: [{ ...program.expected[0]!, rule: other }, ...program.expected.slice(1)] })).toThrow(/not reported:/);
    }
    // A use marked as one another value may reach fails the check when its report carries an autofix.
    const fixedUses = withUses.flatMap((program) =>
      linter
        .verify(program.code, MIGRATE, program.filename)
        .filter((message) => message.fix)
        .map((message) => ({ program, index: program.expected.findIndex((use) => use.line === message.line && use.column === message.column) })),
    );
    expect(fixedUses.length).toBeGreaterThan(0);
    for (const { program, index } of fixedUses.slice(0, 3)) {
      const expected = program.expected.map((use, i) => (i === index ? { ...use, unfixable: true as const } : use));
      expect(() => checkProgram({ ...program, expected })).toThrow(/autofixed though another value may reach it/);
    }
  });
}
