import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { followImports, staticKeyName, unwrap } from '../util/resolve.js';
import { forEachReturned, isFunction, readsEverywhere, resolveFunction, type FunctionNode } from './functions.js';
import { importOf, variableAt } from './module-names.js';
import { isEmptyState } from './stores.js';

/**
 * zustand's stores: `export const useSearchStore = create<State>()((set, get) => ({ results: [], search:
 * async (q) => set({ results: … }) }))`, also through middleware (`create(devtools(persist((set) => …)))`).
 * A value the creator's `set` writes under a key (`set({ results })`, `set((state) => ({ results }))`) is
 * the state's key where the store is read, here or in a module that imports it: a selector's state
 * (`useSearchStore((s) => s.results)`, whose result is the hook's), the whole state (`useSearchStore()`,
 * `useSearchStore.getState()`), and the creator's own `get()`.
 */

/** The functions zustand makes a store with, by package. */
const STORE_MAKERS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['zustand', new Set(['create', 'createStore'])],
  ['zustand/vanilla', new Set(['createStore'])],
  ['zustand/traditional', new Set(['createWithEqualityFn'])],
]);
const SHALLOW_PACKAGES = new Set(['zustand/react/shallow', 'zustand/shallow']);
/** How many middleware calls may wrap the creator (`devtools(persist(immer(fn)))`). */
const MIDDLEWARE_DEPTH = 4;

export interface ZustandStore {
  /** The function that makes the state, given `set` and `get`. */
  creator: FunctionNode;
  /** The `create(…)` call the store is made by. */
  made: TSESTree.CallExpression;
  /** The name of the `const` the store is kept in (`useSearchStore`), read where the state is read. */
  hook: TSESTree.Identifier | undefined;
}

/** What reads a key of a store's state. */
export interface StateHolders {
  /** Expressions whose value is the whole state: `useSearchStore()`, `useSearchStore.getState()`, the creator's `get()`. */
  states: TSESTree.Node[];
  /** Selectors, whose first parameter is the state, and the hook calls whose value is what the selector returns. */
  selectors: { fn: FunctionNode; call: TSESTree.CallExpression }[];
  /** Whether the key may hold other values than the one followed: another write, or a value the state starts with. */
  others: boolean;
}

/** The store whose `set` a call is (`set({ results })` in the creator, or in a function of it). */
export function storeOfSetCall(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): ZustandStore | undefined {
  if (call.callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const definition = variableAt(call.callee, sourceCode)?.defs[0];
  if (definition?.type !== 'Parameter' || !isFunction(definition.node) || definition.node.params[0] !== definition.name) return undefined;
  return storeOfCreator(definition.node, sourceCode);
}

/** The store a function makes the state of, where it is given to zustand's `create` (through middleware). */
function storeOfCreator(creator: FunctionNode, sourceCode: TSESLint.SourceCode): ZustandStore | undefined {
  let current: TSESTree.Node = creator;
  for (let depth = 0; depth <= MIDDLEWARE_DEPTH; depth++) {
    const call: TSESTree.Node | undefined = current.parent;
    if (call?.type !== AST_NODE_TYPES.CallExpression || call.arguments[0] !== current) return undefined;
    if (makesStore(call, sourceCode)) {
      const declarator = call.parent;
      const hook = declarator?.type === AST_NODE_TYPES.VariableDeclarator && declarator.init === call && declarator.id.type === AST_NODE_TYPES.Identifier ? declarator.id : undefined;
      return { creator, made: call, hook };
    }
    // A middleware (`devtools(fn, options)`, `persist(fn, options)`) hands the creator on.
    current = call;
  }
  return undefined;
}

/** `create(fn)`, or the curried `create<State>()(fn)`, of zustand's. */
function makesStore(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): boolean {
  const callee = call.callee.type === AST_NODE_TYPES.CallExpression && call.callee.arguments.length === 0 ? call.callee.callee : call.callee;
  if (callee.type !== AST_NODE_TYPES.Identifier) return false;
  const imported = importOf(callee, sourceCode);
  return imported !== undefined && (STORE_MAKERS.get(imported.from)?.has(imported.name) ?? false);
}

/** The value a set call writes for each key: the object it is given, or the one its updater returns. */
function writtenObjects(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): TSESTree.ObjectExpression[] {
  const [argument] = call.arguments;
  if (!argument) return [];
  const value = unwrap(argument);
  if (value.type === AST_NODE_TYPES.ObjectExpression) return [value];
  if (!isFunction(value)) return [];
  const objects: TSESTree.ObjectExpression[] = [];
  forEachReturned(value, sourceCode, (returned) => {
    const object = unwrap(returned);
    if (object.type === AST_NODE_TYPES.ObjectExpression) objects.push(object);
  });
  return objects;
}

/** Whether an object writes a key (`{ results }`, `{ results: … }`). */
function writesKey(object: TSESTree.ObjectExpression, name: string): boolean {
  return object.properties.some((property) => property.type === AST_NODE_TYPES.Property && staticKeyName(property) === name);
}

/** The set call a function is an updater of (`set((state) => ({ … }))`). */
export function setCallOfUpdater(fn: FunctionNode, sourceCode: TSESLint.SourceCode): TSESTree.CallExpression | undefined {
  const call = fn.parent;
  return call?.type === AST_NODE_TYPES.CallExpression && call.arguments[0] === fn && storeOfSetCall(call, sourceCode) ? call : undefined;
}

/**
 * Where a key of the store's state is read, in the store's module and in the modules joined with it;
 * `written` is the set call being followed.
 */
export function stateHolders(store: ZustandStore, name: string, written: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): StateHolders {
  const holders: StateHolders = { states: [], selectors: [], others: startsWithValue(store, name) };
  const [setParam, getParam] = store.creator.params;
  // Another write of the key: by the creator's `set`, or `useStore.setState(…)`.
  const setVariable = setParam?.type === AST_NODE_TYPES.Identifier ? variableAt(setParam, sourceCode) : undefined;
  for (const reference of setVariable?.references ?? []) {
    const call = reference.identifier.parent;
    if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== reference.identifier || call === written) continue;
    if (writtenObjects(call, sourceCode).some((object) => writesKey(object, name))) holders.others = true;
  }
  const getVariable = getParam?.type === AST_NODE_TYPES.Identifier ? variableAt(getParam, sourceCode) : undefined;
  for (const reference of getVariable?.references ?? []) {
    const call = reference.identifier.parent;
    if (call?.type === AST_NODE_TYPES.CallExpression && call.callee === reference.identifier) holders.states.push(call);
  }
  const hook = store.hook && variableAt(store.hook, sourceCode);
  if (!hook) return holders;
  const uses = readsEverywhere(hook);
  for (const use of uses) {
    const parent = use.parent;
    // `useSearchStore.getState()`, `useSearchStore.setState({ … })`.
    if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === use && parent.parent?.type === AST_NODE_TYPES.CallExpression && parent.parent.callee === parent) {
      const method = staticKeyName(parent);
      if (method === 'getState') holders.states.push(parent.parent);
      if (method === 'setState' && writtenObjects(parent.parent, sourceCode).some((object) => writesKey(object, name))) holders.others = true;
      continue;
    }
    if (parent?.type !== AST_NODE_TYPES.CallExpression || parent.callee !== use) continue;
    const [selector] = parent.arguments;
    if (!selector) {
      holders.states.push(parent);
      continue;
    }
    const fn = selectorFunction(selector, sourceCode);
    if (fn) holders.selectors.push({ fn, call: parent });
  }
  return holders;
}

/** A selector written in place or named (`(s) => s.results`, `selectResults`), also inside `useShallow(…)`. */
function selectorFunction(node: TSESTree.Node, sourceCode: TSESLint.SourceCode): FunctionNode | undefined {
  let value = unwrap(node);
  if (value.type === AST_NODE_TYPES.CallExpression && value.callee.type === AST_NODE_TYPES.Identifier && value.arguments.length === 1) {
    const imported = importOf(value.callee, sourceCode);
    if (imported && SHALLOW_PACKAGES.has(imported.from) && imported.name === 'useShallow') value = unwrap(value.arguments[0]!);
  }
  if (isFunction(value)) return value;
  if (value.type !== AST_NODE_TYPES.Identifier) return undefined;
  const scope = variableAt(value, sourceCode)?.scope;
  return scope ? resolveFunction(value, scope) : undefined;
}

/** Whether the creator's state starts the key with a value of its own (not `null`, `[]`, `{}`). */
function startsWithValue(store: ZustandStore, name: string): boolean {
  const initial: TSESTree.ObjectExpression[] = [];
  const body = store.creator.body;
  if (body.type !== AST_NODE_TYPES.BlockStatement) {
    const object = unwrap(body);
    if (object.type === AST_NODE_TYPES.ObjectExpression) initial.push(object);
  } else {
    for (const statement of body.body) {
      const object = statement.type === AST_NODE_TYPES.ReturnStatement && statement.argument ? unwrap(statement.argument) : undefined;
      if (object?.type === AST_NODE_TYPES.ObjectExpression) initial.push(object);
    }
  }
  for (const object of initial) {
    const property = object.properties.find((candidate): candidate is TSESTree.Property => candidate.type === AST_NODE_TYPES.Property && staticKeyName(candidate) === name);
    if (property && !isEmptyState(property.value)) return true;
  }
  return false;
}

/** The store a call reads (`useSearchStore(…)`, `useSearchStore.getState()`), here or imported: its module is where its state is written. */
export function storeReadBy(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): ZustandStore | undefined {
  const callee = call.callee.type === AST_NODE_TYPES.MemberExpression && staticKeyName(call.callee) === 'getState' ? call.callee.object : call.callee;
  if (callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = variableAt(callee, sourceCode);
  const linked = variable ? followImports(variable) : undefined;
  const definition = linked?.kind === 'variable' && linked.variable.defs.length === 1 ? linked.variable.defs[0] : undefined;
  const init = definition?.type === 'Variable' && definition.node.init ? unwrap(definition.node.init) : undefined;
  if (init?.type !== AST_NODE_TYPES.CallExpression) return undefined;
  let creator: TSESTree.Node | undefined = init.arguments[0];
  // Through middleware to the function that makes the state.
  for (let depth = 0; creator && !isFunction(creator) && depth < MIDDLEWARE_DEPTH; depth++) creator = creator.type === AST_NODE_TYPES.CallExpression ? creator.arguments[0] : undefined;
  return creator && isFunction(creator) ? storeOfCreator(creator, sourceCode) : undefined;
}
