import { AST_NODE_TYPES, communityUtils, type ReferenceTracker } from './packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

type TraceMap = Record<string | symbol, unknown>;
type Tracked = { node: TSESTree.Node; type: symbol; info: unknown };

/**
 * `require('module')` where `require` is declared nowhere, or made by `createRequire`: a `.js` file that ESLint parses as an ES
 * module (its default) but that Node runs as CommonJS. ESLint declares `require` only for
 * `sourceType: 'commonjs'` or with Node globals, so eslint-utils' `iterateCjsReferences` finds these
 * calls only there; a `require` that resolves to a local function is never the module system.
 */
export function* iterateUndeclaredRequireReferences(
  tracker: ReferenceTracker,
  globalScope: TSESLint.Scope.Scope,
  traceMap: TraceMap,
): Generator<Tracked> {
  yield* iterateCreatedRequireReferences(tracker, globalScope, traceMap);
  // A declared `require` (a global) is eslint-utils' own case.
  if (globalScope.set.has('require')) return;
  for (const reference of globalScope.through) {
    if (reference.identifier.name === 'require') yield* loadedBy(reference.identifier, tracker, traceMap);
  }
}

/**
 * `const require = createRequire(import.meta.url)` of `node:module` (also `module.createRequire`): an
 * ES module's own `require`, under any name, declared at the module's top.
 */
function* iterateCreatedRequireReferences(tracker: ReferenceTracker, globalScope: TSESLint.Scope.Scope, traceMap: TraceMap): Generator<Tracked> {
  const moduleScope = globalScope.childScopes.find((scope) => scope.type === 'module');
  for (const variable of moduleScope?.variables ?? []) {
    const definition = variable.defs.length === 1 ? variable.defs[0] : undefined;
    if (definition?.type !== 'Variable' || !definition.node.init || !isCreateRequireCall(definition.node.init)) continue;
    for (const reference of variable.references) if (reference.isRead()) yield* loadedBy(reference.identifier, tracker, traceMap);
  }
}

/** `createRequire(…)` or `module.createRequire(…)`, by name: the scope has no other meaning for either at a module's top. */
function isCreateRequireCall(node: TSESTree.Node): boolean {
  if (node.type !== AST_NODE_TYPES.CallExpression) return false;
  const callee = node.callee;
  if (callee.type === AST_NODE_TYPES.Identifier) return callee.name === 'createRequire';
  return callee.type === AST_NODE_TYPES.MemberExpression && !callee.computed && callee.property.type === AST_NODE_TYPES.Identifier && callee.property.name === 'createRequire';
}

/** The references a `require(name)` call gives the trace map's entry for its module name. */
function* loadedBy(callee: TSESTree.Identifier | TSESTree.JSXIdentifier, tracker: ReferenceTracker, traceMap: TraceMap): Generator<Tracked> {
  const call = callee.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== callee) return;
  const { getStringIfConstant, READ } = communityUtils();
  const argument = call.arguments[0];
  // eslint-utils is typed for ESTree; the typescript-eslint tree is a superset of it.
  const key = argument ? getStringIfConstant(argument as never) : null;
  const next = key !== null && Object.hasOwn(traceMap, key) ? (traceMap[key] as Record<string | symbol, unknown>) : undefined;
  if (!next) return;
  if (next[READ]) yield { node: call, type: READ, info: next[READ] };
  yield* tracker.iteratePropertyReferences(call as never, next as never) as unknown as Iterable<Tracked>;
}
