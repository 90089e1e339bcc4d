import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { staticKeyName, unwrap, withTypeWrappers } from '../util/resolve.js';
import { programOf, visitorKeysFor } from '../util/linking.js';
import { moduleAt, recordOfProgram } from '../modules/index.js';
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

/**
 * SvelteKit: what a route's `load` (in `+page.server.ts`, `+page.ts`, or the layout's) returns is the
 * `data` prop of the route's component beside it (`+page.svelte`, `+layout.svelte`), and what a form
 * action of `actions` returns is the page's `form` prop: `let { data } = $props()` (Svelte 5) or
 * `export let data` (Svelte 4).
 */
const SVELTEKIT_DATA_MODULE = /[\\/]\+(page|layout)(?:\.server)?\.[cm]?[jt]s$/;

/** The component a SvelteKit data module's `load` or actions feed, beside it. */
function svelteComponentOf(dataModule: string): string {
  return dataModule.replace(SVELTEKIT_DATA_MODULE, (_, kind: string) => `${dataModule.includes('\\') ? '\\' : '/'}+${kind}.svelte`);
}

/** The data modules beside a SvelteKit route component (`+page.svelte` → `+page.server.ts`, `+page.ts`, …). */
export function svelteDataModulesOf(component: string): string[] {
  const match = /^(.*[\\/])\+(page|layout)\.svelte$/.exec(component);
  if (!match) return [];
  const [, folder, kind] = match;
  return ['.server.ts', '.server.js', '.ts', '.js'].map((suffix) => `${folder}+${kind}${suffix}`);
}

/**
 * Where a SvelteKit route component receives what a function of its data module returns: `load`'s as
 * `data`, a form action's as `form` (`actions = { default: async (event) => … }`). Each target is a name
 * bound to the prop (`data` of `let { data } = $props()`, `export let data`), or a props object that holds it under the key.
 */
export function svelteDataTargets(fn: FunctionNode, sourceCode: TSESLint.SourceCode): { node: TSESTree.Node; held?: string; mixed?: boolean }[] {
  const path = recordOfProgram(programOf(fn))?.path;
  if (path === undefined || !SVELTEKIT_DATA_MODULE.test(path)) return [];
  const prop = sveltePropOf(fn);
  if (!prop) return [];
  // Beside a universal `+page.ts`, the page's data is what that module's `load` returns (it is handed the server's).
  const universal = /\.server\.[cm]?[jt]s$/.test(path) ? ['.ts', '.js'].some((extension) => moduleAt(path.replace(/\.server\.[cm]?[jt]s$/, extension)) !== undefined) : false;
  if (prop.name === 'data' && universal) return [];
  const mixed = prop.actions > 1;
  const component = moduleAt(svelteComponentOf(path));
  if (!component) return [];
  const targets: { node: TSESTree.Node; held?: string; mixed?: boolean }[] = [];
  walk(component.ast, visitorKeysFor(component.ast, sourceCode.visitorKeys), (node) => {
    if (node.type !== AST_NODE_TYPES.VariableDeclarator) return;
    const init = node.init && unwrap(node.init);
    const fromProps = init?.type === AST_NODE_TYPES.CallExpression && init.callee.type === AST_NODE_TYPES.Identifier && init.callee.name === '$props';
    if (fromProps && node.id.type === AST_NODE_TYPES.ObjectPattern) {
      const property = node.id.properties.find((candidate): candidate is TSESTree.Property => candidate.type === AST_NODE_TYPES.Property && staticKeyName(candidate) === prop.name);
      if (property) targets.push({ node: property.value, mixed });
    } else if (fromProps && node.id.type === AST_NODE_TYPES.Identifier) {
      targets.push({ node: node.id, held: prop.name, mixed });
    } else if (node.id.type === AST_NODE_TYPES.Identifier && node.id.name === prop.name && node.parent?.parent?.type === AST_NODE_TYPES.ExportNamedDeclaration) {
      targets.push({ node: node.id, mixed });
    }
  });
  return targets;
}

/**
 * `data` for a module's `export const load` / `export function load`, `form` for a function of its
 * `export const actions = { … }`; `actions`: how many actions the page has (each may fill `form`).
 */
function sveltePropOf(fn: FunctionNode): { name: 'data' | 'form'; actions: number } | undefined {
  const name = declaredName(fn);
  if (name?.name === 'load') return exportedNames(programOf(fn)).has('load') ? { name: 'data', actions: 0 } : undefined;
  const value = withTypeWrappers(fn);
  const property = value.parent;
  const object = property?.type === AST_NODE_TYPES.Property && property.value === value ? property.parent : undefined;
  const declarator = object?.type === AST_NODE_TYPES.ObjectExpression ? withTypeWrappers(object).parent : undefined;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id.type !== AST_NODE_TYPES.Identifier || declarator.id.name !== 'actions' || !exportedNames(programOf(fn)).has('actions')) return undefined;
  return { name: 'form', actions: (object as TSESTree.ObjectExpression).properties.length };
}
