import type { ParserServicesWithTypeInformation, TSESLint } from '@typescript-eslint/utils';
import type * as ts from 'typescript';
import { SDK_PACKAGE } from '../sdk/index.js';

/** The type checker, when the user's config gives type information: what type-aware matching asks. */

/** Declarations inside the installed SDK package (either path separator). */
export const SDK_PATH = new RegExp(`[\\\\/]${SDK_PACKAGE.split('/').join('[\\\\/]')}[\\\\/]`);

export function typeServices(sourceCode: TSESLint.SourceCode): ParserServicesWithTypeInformation | undefined {
  const services = sourceCode.parserServices as Partial<ParserServicesWithTypeInformation> | undefined;
  return services?.program && services.esTreeNodeToTSNodeMap ? (services as ParserServicesWithTypeInformation) : undefined;
}

const sdkInProgram = new WeakMap<ts.Program, boolean>();

/**
 * True when the program holds a file of the SDK package. Without one no type can be an SDK model, so
 * code that never imports the SDK asks the type checker nothing (asking creates types, which costs
 * memory and time on code bases that do not use Glean). Scanned once per program.
 */
export function programIncludesSdk(program: ts.Program): boolean {
  let includes = sdkInProgram.get(program);
  if (includes === undefined) {
    includes = program.getSourceFiles().some((file) => SDK_PATH.test(file.fileName));
    sdkInProgram.set(program, includes);
  }
  return includes;
}

