import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { FixOutput } from './fix-outputs.js';

/**
 * Type-checks in-memory TypeScript files against the installed SDK (with fixtures/tsconfig.json's
 * options), and tells which diagnostics a fixed output has that its input did not. Diagnostics are
 * compared without positions, which a fix moves.
 */

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Where the in-memory files live: inside fixtures/, so the SDK resolves from node_modules. */
export const VIRTUAL_DIR = join(FIXTURES, 'typecheck-virtual');

/**
 * Diagnostics with the same cause, counted as one code: a shorthand property naming nothing in scope
 * (TS18004) is the unknown name (TS2304) it becomes once written out as `key: name`.
 */
const SAME_CAUSE: Readonly<Record<number, number>> = { 18004: 2304 };

interface Diagnostic {
  code: number;
  text: string;
}

/**
 * The tsconfig.json that governs a file: the nearest one up to fixtures/ (a multi-file project under
 * fixtures/projects/ has its own, with its paths and module settings), else fixtures/tsconfig.json.
 */
export function tsconfigFor(file: string): string {
  for (let dir = dirname(file); dir.startsWith(FIXTURES) && dir.length >= FIXTURES.length - 1; dir = dirname(dir)) {
    const candidate = join(dir, 'tsconfig.json');
    if (ts.sys.fileExists(candidate)) return candidate;
  }
  return join(FIXTURES, 'tsconfig.json');
}

function typeCheck(files: ReadonlyMap<string, string>, tsconfig?: string): Map<string, Diagnostic[]> {
  const byConfig = new Map<string, Map<string, string>>();
  for (const [file, text] of files) {
    const config = tsconfig ?? tsconfigFor(file);
    let group = byConfig.get(config);
    if (!group) byConfig.set(config, (group = new Map()));
    group.set(file, text);
  }
  const result = new Map<string, Diagnostic[]>();
  for (const [config, group] of byConfig) for (const [file, diagnostics] of typeCheckWith(config, group)) result.set(file, diagnostics);
  return result;
}

/**
 * What the compiler read of one tsconfig's files (the default libraries, @types/node, the SDK's
 * declarations), kept parsed and bound between checks in one process: most of a check's cost, and
 * the same every time. A file is taken from here only while its text is unchanged.
 */
const KEPT_CONFIGS = 3;
const parsedFiles = new Map<string, { options: ts.CompilerOptions; sourceFiles: Map<string, ts.SourceFile>; declarations: string[] }>();

function typeCheckWith(tsconfig: string, files: ReadonlyMap<string, string>): Map<string, Diagnostic[]> {
  let parsedConfig = parsedFiles.get(tsconfig);
  if (parsedConfig) parsedFiles.delete(tsconfig);
  else {
    const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    // The project's own declaration files (`declare module 'axios'` in src/types/) are part of every check, as tsc -p has them.
    parsedConfig = { options: { ...parsed!.options, noEmit: true }, sourceFiles: new Map(), declarations: parsed!.fileNames.filter((file) => file.endsWith('.d.ts')) };
  }
  // The most recently used tsconfigs' files only: each holds the SDK's declarations (a few hundred MB).
  parsedFiles.set(tsconfig, parsedConfig);
  for (const oldest of parsedFiles.keys()) if (parsedFiles.size > KEPT_CONFIGS) parsedFiles.delete(oldest);
  const { options, sourceFiles, declarations } = parsedConfig;
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (file) => files.has(file) || ts.sys.fileExists(file);
  host.readFile = (file) => files.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, onError) => {
    const text = files.get(file);
    if (text !== undefined) return ts.createSourceFile(file, text, language);
    const format = typeof language === 'object' ? `${language.languageVersion}/${language.impliedNodeFormat}` : String(language);
    const key = `${file}\0${format}`;
    const kept = sourceFiles.get(key);
    if (kept && kept.text === readFile(file)) return kept;
    const sourceFile = getSourceFile(file, language, onError);
    if (sourceFile) sourceFiles.set(key, sourceFile);
    return sourceFile;
  };
  const program = ts.createProgram([...files.keys(), ...declarations], options, host);
  const result = new Map<string, Diagnostic[]>();
  for (const file of files.keys()) {
    const source = program.getSourceFile(file)!;
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    result.set(
      file,
      diagnostics.map((d) => ({ code: SAME_CAUSE[d.code] ?? d.code, text: `TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}` })),
    );
  }
  return result;
}

/**
 * For each input/output pair of `files`, the output's diagnostics that the input does not have. A
 * fix renames what messages quote (a property, an object type), so diagnostics are counted per code:
 * the output may not have more of a code than its input; the surplus is shown by text.
 */
export function introducedDiagnostics<Pair extends { input: string; output: string }>(
  files: ReadonlyMap<string, string>,
  pairs: readonly Pair[],
  /** The tsconfig.json every file is checked with (by default, the nearest one in fixtures/). */
  tsconfig?: string,
): { pair: Pair; diagnostic: string }[] {
  if (pairs.length === 0) return [];
  const diagnostics = typeCheck(files, tsconfig);
  return pairs.flatMap((pair) => {
    const before = diagnostics.get(pair.input)!;
    const after = diagnostics.get(pair.output)!;
    const count = (list: readonly Diagnostic[], code: number) => list.filter((diagnostic) => diagnostic.code === code).length;
    return [...new Set(after.map((diagnostic) => diagnostic.code))]
      .filter((code) => count(after, code) > count(before, code))
      .flatMap((code) => {
        const surplus = after.filter((diagnostic) => diagnostic.code === code);
        const unseen = surplus.filter((diagnostic) => !before.some((old) => old.text === diagnostic.text));
        return (unseen.length > 0 ? unseen : surplus).map((diagnostic) => ({ pair, diagnostic: diagnostic.text }));
      });
  });
}

/**
 * Suggestions that leave work to the person, as their text says: a rename whose value must then be
 * reshaped, a rename offered only once a person has checked the value fits, and an SDK method swap
 * whose request or response may not fit the new types. Their outputs are not expected to compile
 * until that work is done; every other output, and every autofix, must.
 */
export const UNFINISHED_SUGGESTIONS: ReadonlySet<string> = new Set(['renameField', 'renameFieldChecked', 'switchToReplacementChecked']);

/**
 * Type-checks recorded fix outputs with their inputs in one program, and lists, as
 * `source, what: diagnostic`, each diagnostic an output has that its input does not have.
 */
export function fixOutputProblems(fixOutputs: readonly FixOutput[], exempt: ReadonlySet<string> = UNFINISHED_SUGGESTIONS): string[] {
  const files = new Map<string, string>();
  const fileOf = new Map<string, string>();
  const fileFor = (code: string, dir: string, extension: string): string => {
    const key = `${dir}\0${extension}\0${code}`;
    let file = fileOf.get(key);
    if (file === undefined) {
      file = join(dir, `typecheck-${fileOf.size}${extension}`);
      fileOf.set(key, file);
      files.set(file, code);
    }
    return file;
  };
  const pairs = fixOutputs
    .filter((fixOutput) => !exempt.has(fixOutput.what))
    .map((fixOutput) => {
      const dir = fixOutput.dir ?? VIRTUAL_DIR;
      return { fixOutput, input: fileFor(fixOutput.input, dir, fixOutput.extension), output: fileFor(fixOutput.output, dir, fixOutput.extension) };
    });
  return introducedDiagnostics(files, pairs).map(({ pair, diagnostic }) => `${pair.fixOutput.source}, ${pair.fixOutput.what}: ${diagnostic}`);
}
