import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { EndpointItem } from '../register/types.js';
import type { SdkCall } from '../matchers/sdk-calls.js';
import type { SdkTables } from '../sdk/types.js';
import type { SdkOperation, SdkParam } from '../sdk/types.js';
import { unwrap } from '../util/resolve.js';
import { planBodyMove } from './body-move.js';
import { applyEdits, type TextEdit } from './object-edits.js';
import { replacementOperation } from './policy.js';

/**
 * Rewrites a call of a deprecated SDK operation into a call of its replacement, mapping arguments by
 * what they are on the wire: `glean.client.agents.retrieve(id)` → `glean.agents.get(id)`,
 * `glean.client.agents.run({ agent_id, ...rest })` → `glean.agents.createRun({ ...rest }, agent_id)`.
 * Undefined unless every argument of the new call is visible and every old argument has a place.
 */

export interface SdkRewrite {
  fix: TSESLint.ReportFixFunction;
  /** The new call, for the suggestion's text: `agents.get()`. */
  description: string;
}

export function buildSdkRewrite(
  sourceCode: TSESLint.SourceCode,
  sdkCall: SdkCall,
  item: EndpointItem,
  tables: SdkTables,
): SdkRewrite | undefined {
  const replacement = item.replacement;
  const target = replacementOperation(item, tables);
  if (replacement.kind !== 'endpoint' || !target || sdkCall.kind === 'hook') return undefined;
  // `.call`, `.apply` and `.bind` name their own `this`: the rewrite would drop it.
  if (sdkCall.kind === 'method' && ((!sdkCall.root && sdkCall.rootName === undefined) || sdkCall.indirect)) return undefined;
  const { call } = sdkCall;
  if (call.typeArguments || sdkCall.args.some((arg) => arg.type === AST_NODE_TYPES.SpreadElement)) return undefined;
  // Comments between arguments would be lost when the argument list is rebuilt.
  const argumentComments = sourceCode
    .getCommentsInside(call)
    .filter((comment) => !call.arguments.some((arg) => arg.range[0] <= comment.range[0] && comment.range[1] <= arg.range[1]));
  if (argumentComments.length > 0) return undefined;

  const oldParams = sdkCall.operation.params;
  const given = new Map<SdkParam, TSESTree.Node>();
  sdkCall.args.forEach((arg, index) => {
    const param = oldParams[index];
    if (param && !isUndefined(arg)) given.set(param, arg);
  });
  if (sdkCall.args.length > oldParams.length) return undefined;

  const oldBody = [...given].find(([param]) => param.role === 'body')?.[1];
  const needsBody = Object.keys(replacement.pathFromBody ?? {}).length > 0 || Object.keys(replacement.addToBody ?? {}).length > 0;
  const bodyObject = oldBody && unwrap(oldBody).type === AST_NODE_TYPES.ObjectExpression ? (unwrap(oldBody) as TSESTree.ObjectExpression) : undefined;
  const move = needsBody && bodyObject ? planBodyMove(sourceCode, bodyObject, replacement) : undefined;
  if (needsBody && !move) return undefined;

  const used = new Set<SdkParam>();
  const texts: (string | undefined)[] = target.params.map((param) => {
    const same = [...given.keys()].find(
      (old) => old.role === param.role && (param.role === 'body' || param.role === 'options' || old.wire === param.wire),
    );
    if (same) {
      used.add(same);
      const node = given.get(same)!;
      return param.role === 'body' && move ? applyEdits(sourceCode, node, move.edits) : sourceCode.getText(node);
    }
    if (param.role === 'path' && param.wire && move?.values[param.wire]) return move.values[param.wire]!.text;
    return undefined;
  });
  // Every argument the old call passes must have a place in the new one.
  if ([...given.keys()].some((param) => !used.has(param))) return undefined;
  if (target.params.some((param, index) => !param.optional && texts[index] === undefined)) return undefined;
  while (texts.length > 0 && texts.at(-1) === undefined) texts.pop();
  const args = texts.map((text) => text ?? 'undefined').join(', ');

  if (sdkCall.kind === 'method' && !sdkCall.root) {
    // Through a destructured sub-client (`agents.retrieve(id)` of `const { agents } = glean.client`): the new chain starts at the instance.
    const callee = `${sdkCall.rootName!}.${target.chain.join('.')}`;
    return {
      fix: (fixer) => fixer.replaceText(call, `${callee}(${args})`),
      description: `${target.chain.join('.')}()`,
    };
  }
  if (sdkCall.kind === 'method') {
    // The root as written, with its parentheses (`(await getGlean())`), and `?.` when the old chain
    // starts with one (`glean?.client…` → `glean?.agents…`).
    const dot = sourceCode.getTokenAfter(sdkCall.root!, { filter: (token) => token.value !== ')' });
    if (!dot || (dot.value !== '.' && dot.value !== '?.')) return undefined;
    const callee = `${sourceCode.text.slice(call.range[0], dot.range[0])}${dot.value}${target.chain.join('.')}`;
    return {
      fix: (fixer) => fixer.replaceText(call, `${callee}(${args})`),
      description: `${target.chain.join('.')}()`,
    };
  }
  const imports = importEdits(sourceCode, sdkCall, target, tables);
  if (!imports) return undefined;
  return {
    fix: (fixer) => [
      fixer.replaceTextRange([call.range[0], call.range[1]], `${target.func}(${[sourceCode.getText(call.arguments[0]!), args].filter(Boolean).join(', ')})`),
      ...imports.map((edit) => fixer.replaceTextRange(edit.range, edit.text)),
    ],
    description: `${target.func}()`,
  };
}

function isUndefined(node: TSESTree.Node): boolean {
  return node.type === AST_NODE_TYPES.Identifier && node.name === 'undefined';
}

/**
 * A standalone function swap also swaps its import: the new function is imported beside the old one,
 * and the old import goes when this was its last use. Only ES imports are rewritten.
 */
function importEdits(
  sourceCode: TSESLint.SourceCode,
  sdkCall: SdkCall,
  target: SdkOperation,
  tables: SdkTables,
): TextEdit[] | undefined {
  const callee = sdkCall.call.callee;
  if (callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = sourceCode.scopeManager?.globalScope && findImportVariable(sourceCode, callee);
  const definition = variable?.defs[0];
  if (!variable || definition?.type !== 'ImportBinding' || definition.node.type !== AST_NODE_TYPES.ImportSpecifier) return undefined;
  const specifier = definition.node;
  const declaration = definition.parent as TSESTree.ImportDeclaration;
  const suffix = declaration.source.value.endsWith('.js') ? '.js' : '';
  const quote = declaration.source.raw[0] ?? "'";
  const alreadyImported = sourceCode.ast.body.some(
    (statement) =>
      statement.type === AST_NODE_TYPES.ImportDeclaration &&
      statement.specifiers.some((s) => s.type === AST_NODE_TYPES.ImportSpecifier && s.local.name === target.func),
  );
  const source = `${tables.packageName}/funcs/${target.func}${suffix}`;
  const semicolon = sourceCode.getText(declaration).endsWith(';') ? ';' : '';
  const newImport = `import { ${target.func} } from ${quote}${source}${quote}${semicolon}`;
  const lastUse = variable.references.length === 1;
  if (lastUse && declaration.specifiers.length === 1) {
    if (!alreadyImported) return [{ range: [declaration.range[0], declaration.range[1]], text: newImport }];
    const lineEnd = sourceCode.text.indexOf('\n', declaration.range[1]);
    return [{ range: [declaration.range[0], lineEnd === -1 ? declaration.range[1] : lineEnd + 1], text: '' }];
  }
  const edits: TextEdit[] = [];
  if (!alreadyImported) edits.push({ range: [declaration.range[1], declaration.range[1]], text: `\n${newImport}` });
  if (lastUse) {
    const after = sourceCode.getTokenAfter(specifier);
    const before = sourceCode.getTokenBefore(specifier);
    if (after?.value === ',') edits.push({ range: [specifier.range[0], sourceCode.getTokenAfter(after)!.range[0]], text: '' });
    else if (before?.value === ',') edits.push({ range: [before.range[0], specifier.range[1]], text: '' });
    else return undefined;
  }
  return edits;
}

function findImportVariable(sourceCode: TSESLint.SourceCode, identifier: TSESTree.Identifier) {
  const scope = sourceCode.getScope(identifier);
  for (let current: TSESLint.Scope.Scope | null = scope; current; current = current.upper) {
    const variable = current.set.get(identifier.name);
    if (variable) return variable;
  }
  return undefined;
}
