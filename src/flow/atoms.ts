import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { followImports, unwrap } from '../util/resolve.js';
import { programOf } from '../util/linking.js';
import { isFunction, readsEverywhere, type FunctionNode } from './functions.js';
import { importOf, variableAt } from './module-names.js';

/**
 * jotai's derived and async atoms: `export const resultsAtom = atom(async (get) => glean.client.search.query(…))`.
 * What the read function returns is the atom's value where it is read, here or in a module that imports
 * it: `useAtomValue(resultsAtom)` and the first element of `useAtom(resultsAtom)` (a promise's value:
 * React suspends until it settles), and `get(resultsAtom)` in another atom's read function (the promise
 * itself, for an async atom).
 */

const JOTAI_PACKAGES = new Set(['jotai', 'jotai/vanilla', 'jotai/react']);
/** How a read gives the atom's value: as it is (`useAtomValue`), as the first element of a pair (`useAtom`), or as `get` does (an async atom's promise). */
export type AtomReadKind = 'value' | 'pair' | 'get';
const HOOKS: ReadonlyMap<string, AtomReadKind> = new Map([
  ['useAtomValue', 'value'],
  ['useAtom', 'pair'],
]);
/** Text a module that reads an atom holds. */
export const ATOM_READ_TEXT = /\buseAtom(?:Value)?\b/;

export interface AtomRead {
  call: TSESTree.CallExpression;
  kind: AtomReadKind;
}

/** `atom(fn)` of jotai's, for a function given to it as its read function. */
function atomOfReadFunction(fn: FunctionNode, sourceCode: TSESLint.SourceCode): TSESTree.CallExpression | undefined {
  const call = fn.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || call.arguments[0] !== fn || call.callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const imported = importOf(call.callee, sourceCode);
  return imported && JOTAI_PACKAGES.has(imported.from) && imported.name === 'atom' ? call : undefined;
}

/** Where the atom a read function makes is read (none when `fn` is not an atom's read function). */
export function atomReads(fn: FunctionNode, sourceCode: TSESLint.SourceCode): AtomRead[] {
  const made = atomOfReadFunction(fn, sourceCode);
  const declarator = made?.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== made || declarator.id.type !== AST_NODE_TYPES.Identifier) return [];
  const variable = variableAt(declarator.id, sourceCode);
  if (!variable) return [];
  const reads: AtomRead[] = [];
  const uses = readsEverywhere(variable);
  for (const use of uses) {
    const call = use.parent;
    if (call?.type !== AST_NODE_TYPES.CallExpression || call.arguments[0] !== use || call.callee.type !== AST_NODE_TYPES.Identifier) continue;
    const hook = importOf(call.callee, sourceCode);
    const kind = hook && JOTAI_PACKAGES.has(hook.from) ? HOOKS.get(hook.name) : isGetter(call.callee, sourceCode) ? 'get' : undefined;
    if (kind) reads.push({ call, kind });
  }
  return reads;
}

/** `get` of another atom's read function (`atom((get) => get(resultsAtom))`). */
function isGetter(callee: TSESTree.Identifier, sourceCode: TSESLint.SourceCode): boolean {
  const definition = variableAt(callee, sourceCode)?.defs[0];
  return definition?.type === 'Parameter' && isFunction(definition.node) && definition.node.params[0] === definition.name && atomOfReadFunction(definition.node, sourceCode) !== undefined;
}

/**
 * The module where an atom a hook reads is made (`useAtomValue(resultsAtom)`, the atom imported), when
 * it is not the reader's: joined so that the atom's read function is followed to the hook.
 */
export function atomModuleOf(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): TSESTree.Program | undefined {
  if (call.callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const hook = importOf(call.callee, sourceCode);
  const [argument] = call.arguments;
  if (!hook || !JOTAI_PACKAGES.has(hook.from) || !HOOKS.has(hook.name) || argument?.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = variableAt(argument, sourceCode);
  const linked = variable ? followImports(variable) : undefined;
  const definition = linked?.kind === 'variable' && linked.variable.defs.length === 1 ? linked.variable.defs[0] : undefined;
  const init = definition?.type === 'Variable' && definition.node.init ? unwrap(definition.node.init) : undefined;
  const read = init?.type === AST_NODE_TYPES.CallExpression ? init.arguments[0] : undefined;
  if (!read || !isFunction(read) || !atomOfReadFunction(read, sourceCode)) return undefined;
  const program = programOf(init!);
  return program !== programOf(call) ? program : undefined;
}
