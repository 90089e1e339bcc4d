import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { unwrap, withTypeWrappers } from '../util/resolve.js';
import { programOf } from '../util/linking.js';
import { recordOfProgram } from '../modules/index.js';
import { walk } from '../util/walk.js';
import { isFunction, type FunctionNode } from './functions.js';
import { importOf, variableAt } from './module-names.js';

/**
 * React Router and Remix route modules: what a route's `loader` (or `action`) returns is what the route's
 * component reads, by the framework's convention rather than by a call the code makes —
 * `useLoaderData<typeof loader>()`, `useActionData()`, `useFetcher<typeof loader>().data`, and
 * framework mode's `loaderData` / `actionData` props of the module's default export. Next.js's pages
 * likewise: what `getServerSideProps` or `getStaticProps` returns under `props` is the page's props.
 */

const ROUTER_PACKAGES = new Set(['react-router', 'react-router-dom', '@remix-run/react']);
/** The router's hooks a route's data is read with, by the names the router exports them under. */
const ROUTER_HOOKS = new Set(['useLoaderData', 'useActionData', 'useFetcher']);
/** The packages whose `json(value)` / `data(value)` hand the component `value` itself. */
const RESPONSE_HELPER_PACKAGES = new Set(['react-router', '@remix-run/node', '@remix-run/cloudflare', '@remix-run/deno', '@remix-run/server-runtime']);
const RESPONSE_HELPERS = new Set(['json', 'data']);

/**
 * The route exports whose result the component reads, and how: through a hook, or under a key of its
 * props (`loaderData`); Next.js's data functions return `{ props }`, which are the page's props.
 */
const ROUTE_EXPORTS: ReadonlyMap<string, { hook?: string; prop?: string; overriddenBy?: string; pageProps?: true }> = new Map([
  ['loader', { hook: 'useLoaderData', prop: 'loaderData', overriddenBy: 'clientLoader' }],
  ['clientLoader', { hook: 'useLoaderData', prop: 'loaderData' }],
  ['action', { hook: 'useActionData', prop: 'actionData', overriddenBy: 'clientAction' }],
  ['clientAction', { hook: 'useActionData', prop: 'actionData' }],
  ['getServerSideProps', { pageProps: true }],
  ['getStaticProps', { pageProps: true }],
]);

/**
 * Where the component receives the route export's result: a hook's call (the value itself, or held under
 * `.data` by a fetcher), or the component's props parameter (held under `loaderData` / `actionData`, or,
 * for Next.js, what the result holds under `props`: `inside`).
 */
export interface RouteDataRead {
  node: TSESTree.Node;
  held?: string;
  inside?: string;
  parameter?: boolean;
}

/** Whether a call is a router's `json(value)` or `data(value)`, which the component receives as `value`. */
export function isRouteResponseHelper(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): boolean {
  if (call.callee.type !== AST_NODE_TYPES.Identifier) return false;
  const imported = importOf(call.callee, sourceCode);
  return imported !== undefined && RESPONSE_HELPER_PACKAGES.has(imported.from) && RESPONSE_HELPERS.has(imported.name);
}

/** Where the route component reads what a route export returns, in the route module (empty when `fn` is not a route export). */
export function routeDataReads(fn: FunctionNode, sourceCode: TSESLint.SourceCode): RouteDataRead[] {
  const name = exportedName(fn, sourceCode);
  const route = name === undefined ? undefined : ROUTE_EXPORTS.get(name);
  if (!route) return [];
  const program = programOf(fn);
  if (route.pageProps) {
    const props = defaultExportedFunction(program, sourceCode)?.params[0];
    return props ? [{ node: props, inside: 'props', parameter: true }] : [];
  }
  const exported = exportedNames(program);
  // Without a type argument, the hook reads the client export when the module has one.
  const byConvention = !(route.overriddenBy && exported.has(route.overriddenBy));
  const reads: RouteDataRead[] = [];
  for (const node of routerHookCalls(program, sourceCode)) {
    const hook = importOf(node.callee as TSESTree.Identifier, sourceCode);
    if (!hook || !ROUTER_PACKAGES.has(hook.from)) continue;
    const typed = typeQueryName(node);
    const readsThis = typed ? variableAt(typed, sourceCode) === functionVariable(fn, sourceCode) : byConvention;
    if (!readsThis) continue;
    if (route.hook && hook.name === route.hook) reads.push({ node });
    // A fetcher loads any route: only one typed by this export is read as its result.
    else if (hook.name === 'useFetcher' && typed) reads.push({ node, held: 'data' });
  }
  const props = defaultExportedFunction(program, sourceCode)?.params[0];
  if (props && byConvention && route.prop) reads.push({ node: props, held: route.prop, parameter: true });
  return reads;
}

/** The route module's data functions (`loader`, `action`, their client versions, Next.js's `getServerSideProps` and `getStaticProps`), where it writes them as functions. */
export function routeExports(program: TSESTree.Program): FunctionNode[] {
  const exported = exportedNames(program);
  const found: FunctionNode[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === AST_NODE_TYPES.ExportNamedDeclaration && statement.declaration ? statement.declaration : statement;
    if (declaration.type === AST_NODE_TYPES.FunctionDeclaration && declaration.id && ROUTE_EXPORTS.has(declaration.id.name) && exported.has(declaration.id.name)) found.push(declaration);
    if (declaration.type !== AST_NODE_TYPES.VariableDeclaration) continue;
    for (const declarator of declaration.declarations) {
      const init = declarator.init && unwrap(declarator.init);
      if (declarator.id.type === AST_NODE_TYPES.Identifier && ROUTE_EXPORTS.has(declarator.id.name) && exported.has(declarator.id.name) && init && isFunction(init)) found.push(init);
    }
  }
  return found;
}

const ROUTER_HOOK_TEXT = /\buse(?:LoaderData|ActionData|Fetcher)\b/;
const hookCallsByProgram = new WeakMap<TSESTree.Program, TSESTree.CallExpression[]>();

/** A module's calls of a function named like a router's data hook (remembered while its tree lives). */
function routerHookCalls(program: TSESTree.Program, sourceCode: TSESLint.SourceCode): TSESTree.CallExpression[] {
  let calls = hookCallsByProgram.get(program);
  if (!calls) {
    const found: TSESTree.CallExpression[] = [];
    const text = program === sourceCode.ast ? sourceCode.text : recordOfProgram(program)?.text;
    if (text === undefined || ROUTER_HOOK_TEXT.test(text)) {
      walk(program, sourceCode.visitorKeys, (node) => {
        if (node.type === AST_NODE_TYPES.CallExpression && node.callee.type === AST_NODE_TYPES.Identifier && ROUTER_HOOKS.has(node.callee.name)) found.push(node);
      });
    }
    hookCallsByProgram.set(program, (calls = found));
  }
  return calls;
}

/** `typeof loader` of `useLoaderData<typeof loader>()`. */
function typeQueryName(call: TSESTree.CallExpression): TSESTree.Identifier | undefined {
  const argument = call.typeArguments?.params[0];
  return argument?.type === AST_NODE_TYPES.TSTypeQuery && argument.exprName.type === AST_NODE_TYPES.Identifier ? argument.exprName : undefined;
}

/**
 * The name a function is declared or kept under at the top of its module (`export async function loader`,
 * `export const loader = …`, also `(async () => …) satisfies GetServerSideProps`).
 */
function declaredName(fn: FunctionNode): TSESTree.Identifier | undefined {
  if (fn.type === AST_NODE_TYPES.FunctionDeclaration) return fn.id ?? undefined;
  const value = withTypeWrappers(fn);
  const parent = value.parent;
  return parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === value && parent.id.type === AST_NODE_TYPES.Identifier ? parent.id : undefined;
}

function functionVariable(fn: FunctionNode, sourceCode: TSESLint.SourceCode): TSESLint.Scope.Variable | undefined {
  const name = declaredName(fn);
  return name && variableAt(name, sourceCode);
}

/** The name the module exports a top-level function under, if it exports it under its own name. */
function exportedName(fn: FunctionNode, sourceCode: TSESLint.SourceCode): string | undefined {
  const name = declaredName(fn);
  if (!name || !ROUTE_EXPORTS.has(name.name)) return undefined;
  const variable = variableAt(name, sourceCode);
  if (!variable || variable.scope.type !== 'module') return undefined;
  return exportedNames(programOf(fn)).has(name.name) ? name.name : undefined;
}

const exportsByProgram = new WeakMap<TSESTree.Program, Set<string>>();

/** The names a module exports whose local name is the same (`export function loader`, `export { loader }`). */
function exportedNames(program: TSESTree.Program): Set<string> {
  let names = exportsByProgram.get(program);
  if (names) return names;
  names = new Set();
  for (const statement of program.body) {
    if (statement.type !== AST_NODE_TYPES.ExportNamedDeclaration) continue;
    const declaration = statement.declaration;
    if (declaration?.type === AST_NODE_TYPES.FunctionDeclaration && declaration.id) names.add(declaration.id.name);
    if (declaration?.type === AST_NODE_TYPES.VariableDeclaration) {
      for (const declarator of declaration.declarations) if (declarator.id.type === AST_NODE_TYPES.Identifier) names.add(declarator.id.name);
    }
    if (statement.source) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.local.type === AST_NODE_TYPES.Identifier && specifier.exported.type === AST_NODE_TYPES.Identifier && specifier.local.name === specifier.exported.name) names.add(specifier.local.name);
    }
  }
  exportsByProgram.set(program, names);
  return names;
}

/** The route's component: the function the module exports as default, written there or kept in a top-level `const`. */
function defaultExportedFunction(program: TSESTree.Program, sourceCode: TSESLint.SourceCode): FunctionNode | undefined {
  const statement = program.body.find((each): each is TSESTree.ExportDefaultDeclaration => each.type === AST_NODE_TYPES.ExportDefaultDeclaration);
  if (!statement) return undefined;
  const declaration = unwrap(statement.declaration as TSESTree.Node);
  if (isFunction(declaration)) return declaration;
  if (declaration.type !== AST_NODE_TYPES.Identifier) return undefined;
  const definition = variableAt(declaration, sourceCode)?.defs;
  const only = definition?.length === 1 ? definition[0] : undefined;
  if (only?.type === 'FunctionName' && isFunction(only.node)) return only.node;
  const init = only?.type === 'Variable' && only.node.init ? unwrap(only.node.init) : undefined;
  return init && isFunction(init) ? init : undefined;
}
