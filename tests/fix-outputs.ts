import { dirname, extname, isAbsolute, join } from 'node:path';

/**
 * The fixed TypeScript outputs a test file asserts, recorded with their inputs so that the file's
 * `afterAll` hook (tests/setup.ts) can type-check them against the SDK in one compiler run. Vitest
 * runs each test file in its own module graph, so this registry holds one file's outputs.
 */

export interface FixOutput {
  /** Where it comes from: the run's title and the case's name or first line. */
  source: string;
  /** `autofix`, or the suggestion's messageId. */
  what: string;
  input: string;
  output: string;
  /** The directory the file lives in (relative imports resolve from there) and its extension. */
  dir?: string;
  extension: string;
}

const recorded: FixOutput[] = [];

export function recordFixOutput(fixOutput: FixOutput): void {
  if (fixOutput.output !== fixOutput.input) recorded.push(fixOutput);
}

export function recordedFixOutputs(): readonly FixOutput[] {
  return recorded;
}

/** The parts of a RuleTester invalid case this reads (typescript-eslint's `InvalidTestCase`). */
interface InvalidCase {
  name?: string;
  code: string;
  filename?: string;
  output?: string | readonly string[] | null;
  errors: readonly { suggestions?: readonly { messageId: string; output: string }[] | null }[];
  languageOptions?: { parserOptions?: ParserOptions };
}

interface ParserOptions {
  ecmaFeatures?: { jsx?: boolean };
  project?: unknown;
  tsconfigRootDir?: string;
}

const TYPESCRIPT = /\.[cm]?tsx?$/;

/** Records the fixed outputs of RuleTester invalid cases (see `fixOutputsOfCases`). */
export function recordRuleTesterCases(title: string, cases: readonly InvalidCase[], testerOptions: ParserOptions = {}): void {
  for (const fixOutput of fixOutputsOfCases(title, cases, testerOptions)) recordFixOutput(fixOutput);
}

/**
 * Each TypeScript invalid case's `--fix` output (the last pass of several) and every suggestion's
 * output, with the file named as typescript-eslint's RuleTester names it when the case does not.
 */
export function fixOutputsOfCases(title: string, cases: readonly InvalidCase[], testerOptions: ParserOptions = {}): FixOutput[] {
  const fixOutputs: FixOutput[] = [];
  for (const testCase of cases) {
    const options = { ...testerOptions, ...testCase.languageOptions?.parserOptions };
    const filename = testCase.filename ?? (options.ecmaFeatures?.jsx ? 'react.tsx' : 'file.ts');
    if (!TYPESCRIPT.test(filename)) continue;
    const location = {
      source: `${title}: ${testCase.name ?? testCase.code.split('\n', 1)[0]}`,
      input: testCase.code,
      extension: extname(filename),
      ...(isAbsolute(filename) ? { dir: dirname(filename) } : options.tsconfigRootDir ? { dir: dirname(join(options.tsconfigRootDir, filename)) } : {}),
    };
    const output = typeof testCase.output === 'string' ? testCase.output : testCase.output?.at(-1);
    if (output) fixOutputs.push({ ...location, what: 'autofix', output });
    for (const error of testCase.errors) {
      for (const suggestion of error.suggestions ?? []) fixOutputs.push({ ...location, what: suggestion.messageId, output: suggestion.output });
    }
  }
  return fixOutputs;
}
