import { AST_NODE_TYPES, communityUtils, type ReferenceTracker } from './packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

type TraceMap = Record<string | symbol, unknown>;
type Tracked = { node: TSESTree.Node; type: symbol; info: unknown };

/**
 * `require('module')` where `require` is declared nowhere: a `.js` file that ESLint parses as an ES
 * module (its default) but that Node runs as CommonJS. ESLint declares `require` only for
 * `sourceType: 'commonjs'` or with Node globals, so eslint-utils' `iterateCjsReferences` finds these
 * calls only there; a `require` that resolves to a local function is never the module system.
 */
export function* iterateUndeclaredRequireReferences(
  tracker: ReferenceTracker,
  globalScope: TSESLint.Scope.Scope,
  traceMap: TraceMap,
): Generator<Tracked> {
  // A declared `require` (a global) is eslint-utils' own case.
  if (globalScope.set.has('require')) return;
  const { getStringIfConstant, READ } = communityUtils();
  for (const reference of globalScope.through) {
    const callee = reference.identifier;
    const call = callee.parent;
    if (callee.name !== 'require' || call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== callee) continue;
    const argument = call.arguments[0];
    // eslint-utils is typed for ESTree; the typescript-eslint tree is a superset of it.
    const key = argument ? getStringIfConstant(argument as never) : null;
    const next = key !== null && Object.hasOwn(traceMap, key) ? (traceMap[key] as Record<string | symbol, unknown>) : undefined;
    if (!next) continue;
    if (next[READ]) yield { node: call, type: READ, info: next[READ] };
    yield* tracker.iteratePropertyReferences(call as never, next as never) as unknown as Iterable<Tracked>;
  }
}
