import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Type-checks in-memory TypeScript files against the installed SDK (with fixtures/tsconfig.json's
 * options), and tells which diagnostics a fixed output has that its input did not. Diagnostics are
 * compared as `TScode message`, without positions, which a fix moves.
 */

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Where the in-memory files live: inside fixtures/, so the SDK resolves from node_modules. */
export const VIRTUAL_DIR = join(FIXTURES, 'typecheck-virtual');

function typeCheck(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(FIXTURES, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const options = { ...parsed!.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (file) => files.has(file) || ts.sys.fileExists(file);
  host.readFile = (file) => files.get(file) ?? readFile(file);
  host.getSourceFile = (file, language) => {
    const text = files.get(file);
    return text === undefined ? getSourceFile(file, language) : ts.createSourceFile(file, text, language);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  const result = new Map<string, string[]>();
  for (const file of files.keys()) {
    const source = program.getSourceFile(file)!;
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    result.set(file, diagnostics.map((d) => `TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`).sort());
  }
  return result;
}

/** For each input/output pair of `files`, the output's diagnostics that the input does not have. */
export function introducedDiagnostics<Pair extends { input: string; output: string }>(
  files: ReadonlyMap<string, string>,
  pairs: readonly Pair[],
): { pair: Pair; diagnostic: string }[] {
  const diagnostics = typeCheck(files);
  return pairs.flatMap((pair) => {
    const before = diagnostics.get(pair.input)!;
    return diagnostics
      .get(pair.output)!
      .filter((diagnostic) => !before.includes(diagnostic))
      .map((diagnostic) => ({ pair, diagnostic }));
  });
}
