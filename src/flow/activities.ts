import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { staticKeyName, unwrap } from '../util/resolve.js';
import { programOf } from '../util/linking.js';
import { walk } from '../util/walk.js';
import { analysisSources, recordOfProgram, resolveImport } from '../modules/index.js';
import type { FunctionNode } from './functions.js';
import { importOf, variableAt } from './module-names.js';

/**
 * Temporal's activities: a workflow runs them through the proxy `proxyActivities<typeof activities>(options)`
 * makes (`import type * as activities from './activities'`), destructured (`const { searchDocs } =
 * proxyActivities<…>(…)`) or as its members (`acts.searchDocs(q)`). Each call resolves to what the
 * activity of that name returns (a worker runs it), so an activity's result is followed to the calls.
 */

const WORKFLOW_PACKAGE = '@temporalio/workflow';
const PROXIES = new Set(['proxyActivities', 'proxyLocalActivities']);
/** Text a module that calls activities through a proxy holds. */
const PROXY_TEXT = /\bproxy(?:Local)?Activities\b/;

/** The calls, in the linted file and the modules joined with it, that run an exported function of a module as an activity. */
export function activityCallsOf(fn: FunctionNode, sourceCode: TSESLint.SourceCode): TSESTree.CallExpression[] {
  const name = exportedName(fn);
  const home = name === undefined ? undefined : recordOfProgram(programOf(fn))?.path;
  if (name === undefined || home === undefined) return [];
  const calls: TSESTree.CallExpression[] = [];
  const modules = analysisSources(sourceCode);
  for (const module of modules) {
    for (const proxy of proxyCalls(module)) {
      if (activitiesModuleOf(proxy, sourceCode) === home) calls.push(...callsThrough(proxy, name, sourceCode));
    }
  }
  return calls;
}

/** The module whose exports a proxy's type argument names (`typeof activities` of `import type * as activities from './activities'`). */
export function activitiesModuleOf(proxy: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): string | undefined {
  const argument = proxy.typeArguments?.params[0];
  if (argument?.type !== AST_NODE_TYPES.TSTypeQuery || argument.exprName.type !== AST_NODE_TYPES.Identifier) return undefined;
  const definition = variableAt(argument.exprName, sourceCode)?.defs[0];
  if (definition?.type !== 'ImportBinding' || definition.node.type !== AST_NODE_TYPES.ImportNamespaceSpecifier || definition.parent?.type !== AST_NODE_TYPES.ImportDeclaration) return undefined;
  const from = recordOfProgram(programOf(proxy))?.path;
  return from === undefined ? undefined : resolveImport(from, definition.parent.source.value);
}

/** The calls of the activity `name` through a proxy: of the name destructured from it, or of its member. */
function callsThrough(proxy: TSESTree.CallExpression, name: string, sourceCode: TSESLint.SourceCode): TSESTree.CallExpression[] {
  const declarator = proxy.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== proxy) return [];
  const calls: TSESTree.CallExpression[] = [];
  const called = (identifier: TSESTree.Node): void => {
    const call = identifier.parent;
    if (call?.type === AST_NODE_TYPES.CallExpression && call.callee === identifier) calls.push(call);
  };
  if (declarator.id.type === AST_NODE_TYPES.ObjectPattern) {
    const property = declarator.id.properties.find((candidate): candidate is TSESTree.Property => candidate.type === AST_NODE_TYPES.Property && staticKeyName(candidate) === name);
    const local = property && unwrap(property.value);
    if (local?.type === AST_NODE_TYPES.Identifier) for (const reference of variableAt(local, sourceCode)?.references ?? []) called(reference.identifier);
  } else if (declarator.id.type === AST_NODE_TYPES.Identifier) {
    for (const reference of variableAt(declarator.id, sourceCode)?.references ?? []) {
      const member = reference.identifier.parent;
      if (member?.type === AST_NODE_TYPES.MemberExpression && member.object === reference.identifier && !member.computed && staticKeyName(member) === name) called(member);
    }
  }
  return calls;
}

const proxiesByProgram = new WeakMap<TSESTree.Program, TSESTree.CallExpression[]>();

/** A module's calls of Temporal's `proxyActivities` / `proxyLocalActivities` (remembered while its tree lives). */
export function proxyCalls(module: TSESLint.SourceCode): TSESTree.CallExpression[] {
  let calls = proxiesByProgram.get(module.ast);
  if (!calls) {
    const found: TSESTree.CallExpression[] = [];
    if (PROXY_TEXT.test(module.text)) walk(module.ast, module.visitorKeys, (node) => {
      if (node.type !== AST_NODE_TYPES.CallExpression || node.callee.type !== AST_NODE_TYPES.Identifier || !PROXIES.has(node.callee.name)) return;
      const imported = importOf(node.callee, module);
      if (imported?.from === WORKFLOW_PACKAGE && PROXIES.has(imported.name)) found.push(node);
    });
    proxiesByProgram.set(module.ast, (calls = found));
  }
  return calls;
}

/** The name a module exports a top-level function under (`export async function searchDocs`, `export const searchDocs = async () => …`). */
function exportedName(fn: FunctionNode): string | undefined {
  const parent = fn.parent;
  if (fn.type === AST_NODE_TYPES.FunctionDeclaration) return fn.id && parent?.type === AST_NODE_TYPES.ExportNamedDeclaration ? fn.id.name : undefined;
  const declaration = parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === fn && parent.id.type === AST_NODE_TYPES.Identifier ? parent.parent : undefined;
  return declaration?.parent?.type === AST_NODE_TYPES.ExportNamedDeclaration && parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier ? parent.id.name : undefined;
}
