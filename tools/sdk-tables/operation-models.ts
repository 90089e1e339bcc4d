// src/models/operations/*.ts: the request wrappers' renames and the response aliases (`addRemaps`
// reads the component models' renames too).
import { join } from 'node:path';
import ts from 'typescript';
import { isExported, nameText, parse, tsFiles, walk } from './syntax.js';

export interface OperationModels {
  /** `X$outboundSchema` → input key → payload key, from `remap$(v, { inputKey: "PayloadKey" })`. */
  remaps: Map<string, Map<string, string>>;
  /** `export type X = ...` (to resolve `operations.*` responses that are unions of components). */
  aliases: Map<string, ts.TypeNode>;
}

export function readOperationModels(sdkRoot: string): OperationModels {
  const dir = join(sdkRoot, 'src', 'models', 'operations');
  const remaps = new Map<string, Map<string, string>>();
  const aliases = new Map<string, ts.TypeNode>();
  for (const file of tsFiles(dir)) {
    for (const statement of parse(join(dir, file)).statements) {
      if (ts.isTypeAliasDeclaration(statement) && isExported(statement) && !statement.name.text.includes('$')) aliases.set(statement.name.text, statement.type);
      else addRemaps(statement, remaps);
    }
  }
  return { remaps, aliases };
}

/** `const X$outboundSchema = …remap$(v, { inputKey: "PayloadKey" })…`: its renames, by schema name. */
export function addRemaps(statement: ts.Statement, remaps: Map<string, Map<string, string>>): void {
  if (!ts.isVariableStatement(statement)) return;
  for (const declaration of statement.declarationList.declarations) {
    if (!ts.isIdentifier(declaration.name)) continue;
    if (!declaration.name.text.endsWith('$outboundSchema')) continue;
    const remap = new Map<string, string>();
    walk(declaration, (node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'remap$' &&
        node.arguments[1] &&
        ts.isObjectLiteralExpression(node.arguments[1])
      ) {
        for (const p of node.arguments[1].properties) {
          if (ts.isPropertyAssignment(p) && ts.isStringLiteral(p.initializer)) {
            remap.set(nameText(p.name), p.initializer.text);
          }
        }
      }
    });
    remaps.set(declaration.name.text, remap);
  }
}
