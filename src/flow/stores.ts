import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { followImports, staticKeyName, unwrap } from '../util/resolve.js';
import { declaredVariables } from '../util/linking.js';
import { walk } from '../util/walk.js';
import { usesElsewhere } from '../modules/program.js';
import { isFunction, type FunctionNode } from './functions.js';
import { importOf, variableAt } from './module-names.js';
import { importedAs } from '../modules/index.js';

/**
 * State that framework code keeps a value in and reads elsewhere: Vue's refs and Pinia's stores.
 *
 * Pinia's options stores: `defineStore('search', { state, getters, actions })`. An action keeps a value
 * in the store's state (`this.results = res.results`); the store's getters and actions read it as
 * `this.results` (a getter also as `state.results` of its parameter), and the code that uses the store
 * as `store.results` of `const store = useSearchStore()`, `useSearchStore().results`, or `results.value`
 * of `const { results } = storeToRefs(store)`, in the store's module or in one that imports it.
 */

/** A Pinia store: its `defineStore(…)` call (kept in `export const useSearchStore = …`) and the options object it is given. */
export interface PiniaStore {
  options: TSESTree.ObjectExpression;
  define: TSESTree.CallExpression;
}

/** The store whose state `this.<name>` writes or reads, for a `this` inside one of its actions or getters. */
export function storeOfThis(member: TSESTree.MemberExpression, sourceCode: TSESLint.SourceCode): PiniaStore | undefined {
  if (member.object.type !== AST_NODE_TYPES.ThisExpression) return undefined;
  let fn: TSESTree.Node | undefined = member.parent;
  while (fn && !(isFunction(fn) && fn.type !== AST_NODE_TYPES.ArrowFunctionExpression)) fn = fn.parent;
  return fn ? storeOfMember(fn, sourceCode) : undefined;
}

/** The store whose `actions` or `getters` hold a function (`search(q) { … }`, `search: function (q) { … }`, or, for a getter, an arrow). */
function storeOfMember(fn: TSESTree.Node, sourceCode: TSESLint.SourceCode): PiniaStore | undefined {
  const property = fn.parent;
  if (property?.type !== AST_NODE_TYPES.Property || property.value !== fn) return undefined;
  const group = property.parent;
  const holder = group.type === AST_NODE_TYPES.ObjectExpression ? group.parent : undefined;
  if (holder?.type !== AST_NODE_TYPES.Property || holder.value !== group) return undefined;
  const section = staticKeyName(holder);
  if (section !== 'actions' && section !== 'getters') return undefined;
  const options = holder.parent;
  return options.type === AST_NODE_TYPES.ObjectExpression ? storeOfOptions(options, sourceCode) : undefined;
}

function storeOfOptions(options: TSESTree.ObjectExpression, sourceCode: TSESLint.SourceCode): PiniaStore | undefined {
  const define = options.parent;
  if (define?.type !== AST_NODE_TYPES.CallExpression || !define.arguments.includes(options) || define.callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  return isPiniaExport(define.callee, 'defineStore', sourceCode) ? { options, define } : undefined;
}

/** Whether a name is pinia's `exported`, imported or required under any local name. */
function isPiniaExport(identifier: TSESTree.Identifier, exported: string, sourceCode: TSESLint.SourceCode): boolean {
  const imported = importOf(identifier, sourceCode);
  return imported?.from === 'pinia' && imported.name === exported;
}

/** The functions of a store's `actions` and `getters`. */
function storeFunctions(store: PiniaStore, section: 'actions' | 'getters'): FunctionNode[] {
  const group = store.options.properties.find((property): property is TSESTree.Property => property.type === AST_NODE_TYPES.Property && staticKeyName(property) === section);
  if (group?.value.type !== AST_NODE_TYPES.ObjectExpression) return [];
  return group.value.properties.flatMap((property) => (property.type === AST_NODE_TYPES.Property && isFunction(property.value) ? [property.value] : []));
}

export interface StateReads {
  /** Where the state's key is read (`this.results`, `state.results`, `store.results`, `results.value`). */
  reads: TSESTree.Node[];
  /** Whether the key may hold other values than the one followed: another write, or a value the state starts with. */
  others: boolean;
}

/** The reads of a key of a store's state, in its module and in the modules joined with it; `written` is the write being followed. */
export function stateReads(store: PiniaStore, name: string, written: TSESTree.Node, sourceCode: TSESLint.SourceCode): StateReads {
  const reads: TSESTree.Node[] = [];
  let others = startsWithValue(store, name);
  const keep = (read: TSESTree.Node): void => {
    if (read === written) return;
    const parent = read.parent;
    if (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.left === read) others = true;
    else reads.push(read);
  };
  for (const fn of [...storeFunctions(store, 'actions'), ...storeFunctions(store, 'getters')]) {
    walk(fn.body, sourceCode.visitorKeys, (node) => {
      if (node.type === AST_NODE_TYPES.MemberExpression && node.object.type === AST_NODE_TYPES.ThisExpression && staticKeyName(node) === name && ownFunction(node) === fn) keep(node);
    });
  }
  // A getter's `state` parameter: `firstSnippet: (state) => state.results[0]…`.
  for (const getter of storeFunctions(store, 'getters')) {
    const param = getter.params[0];
    if (param?.type !== AST_NODE_TYPES.Identifier) continue;
    const variable = declaredVariables(getter, sourceCode).find((candidate) => candidate.name === param.name);
    for (const reference of variable?.references ?? []) {
      const member = reference.identifier.parent;
      if (member?.type === AST_NODE_TYPES.MemberExpression && member.object === reference.identifier && staticKeyName(member) === name) keep(member);
    }
  }
  for (const read of instanceReads(store, name, sourceCode)) keep(read);
  return { reads, others };
}

/** The function whose `this` a node sees (an arrow's is its parent's). */
function ownFunction(node: TSESTree.Node): TSESTree.Node | undefined {
  for (let current = node.parent; current; current = current.parent) if (isFunction(current) && current.type !== AST_NODE_TYPES.ArrowFunctionExpression) return current;
  return undefined;
}

/** Whether the store's `state()` gives the key a value to start with other than an empty one (`null`, `[]`, `{}`). */
function startsWithValue(store: PiniaStore, name: string): boolean {
  const state = store.options.properties.find((property): property is TSESTree.Property => property.type === AST_NODE_TYPES.Property && staticKeyName(property) === 'state');
  const fn = state && isFunction(state.value) ? state.value : undefined;
  const body = fn?.body && unwrap(fn.body as TSESTree.Node);
  if (body?.type !== AST_NODE_TYPES.ObjectExpression) return false;
  const initial = body.properties.find((property): property is TSESTree.Property => property.type === AST_NODE_TYPES.Property && staticKeyName(property) === name);
  if (!initial) return false;
  return !isEmptyState(initial.value);
}

/** A value state starts with that holds nothing to read: `null`, `undefined`, `[]`, `{}`. */
export function isEmptyState(node: TSESTree.Node): boolean {
  const value = unwrap(node);
  if (value.type === AST_NODE_TYPES.Literal && value.value === null) return true;
  if (value.type === AST_NODE_TYPES.Identifier && value.name === 'undefined') return true;
  if (value.type === AST_NODE_TYPES.ArrayExpression) return value.elements.length === 0;
  if (value.type === AST_NODE_TYPES.ObjectExpression) return value.properties.length === 0;
  return false;
}

/**
 * Where the code that uses the store reads a key of its state: `store.<name>` of the calls of the `useX`
 * its `defineStore` is kept in (here and in the modules joined with this one), read in place or where
 * they are kept (`const store = useX()`), and `<name>.value` of the refs `storeToRefs` makes of them
 * (`const { results } = storeToRefs(store)`).
 */
function instanceReads(store: PiniaStore, name: string, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const declarator = store.define.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== store.define || declarator.id.type !== AST_NODE_TYPES.Identifier) return [];
  const variable = variableAt(declarator.id, sourceCode);
  if (!variable) return [];
  const reads: TSESTree.Node[] = [];
  for (const use of [...readsOf(variable), ...usesElsewhere(variable)]) {
    const call = use.parent;
    if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== use) continue;
    // The store made here, and the variable it is kept in; each is read for the key, or handed to `storeToRefs`.
    const kept = call.parent?.type === AST_NODE_TYPES.VariableDeclarator && call.parent.init === call && call.parent.id.type === AST_NODE_TYPES.Identifier ? variableAt(call.parent.id, sourceCode) : undefined;
    for (const instance of [call, ...readsOf(kept)]) {
      const member = instance.parent;
      if (member?.type === AST_NODE_TYPES.MemberExpression && member.object === instance && !member.computed && staticKeyName(member) === name) reads.push(member);
      if (member?.type === AST_NODE_TYPES.CallExpression && member.arguments[0] === instance && member.callee.type === AST_NODE_TYPES.Identifier && isPiniaExport(member.callee, 'storeToRefs', sourceCode)) {
        reads.push(...refValueReads(member, name, sourceCode));
      }
    }
  }
  return reads;
}

/** `const { results } = storeToRefs(store)`: the `results.value` reads, for the key `name`. */
function refValueReads(refs: TSESTree.CallExpression, name: string, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const declarator = refs.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== refs || declarator.id.type !== AST_NODE_TYPES.ObjectPattern) return [];
  const property = declarator.id.properties.find((candidate): candidate is TSESTree.Property => candidate.type === AST_NODE_TYPES.Property && staticKeyName(candidate) === name);
  if (property?.value.type !== AST_NODE_TYPES.Identifier) return [];
  return readsOf(variableAt(property.value, sourceCode)).flatMap((read) => {
    const member = read.parent;
    return member?.type === AST_NODE_TYPES.MemberExpression && member.object === read && !member.computed && staticKeyName(member) === 'value' ? [member] : [];
  });
}

/** The places a variable is read, in its own module. */
function readsOf(variable: TSESLint.Scope.Variable | undefined): TSESTree.Node[] {
  return variable?.references.flatMap((reference) => (reference.isRead() ? [reference.identifier as TSESTree.Node] : [])) ?? [];
}

/** The store a call makes, where its callee is the `useX` a `defineStore(…)` is kept in (here, or imported): `useSearchStore()`. */
export function storeMadeBy(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): PiniaStore | undefined {
  if (call.callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = variableAt(call.callee, sourceCode);
  const linked = variable ? followImports(variable) : undefined;
  const definition = linked?.kind === 'variable' && linked.variable.defs.length === 1 ? linked.variable.defs[0] : undefined;
  const init = definition?.type === 'Variable' ? definition.node.init : undefined;
  if (init?.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const options = init.arguments.find((argument): argument is TSESTree.ObjectExpression => argument.type === AST_NODE_TYPES.ObjectExpression);
  return options ? storeOfOptions(options, sourceCode) : undefined;
}

/** Where Vue's `ref` comes from; Nuxt imports it for the code without an import statement. */
const VUE_PACKAGES = new Set(['vue', '@vue/reactivity', '@vue/runtime-core', 'vue-demi', '#imports']);
const REF_MAKERS = new Set(['ref', 'shallowRef']);

/**
 * A Vue ref a value is written to (`data.value = response` of `const data = ref(null)`), and the reads
 * of the ref: the ref is an object that holds its value under `value`, read as `data.value`, handed
 * on, or returned from a composable (`return { data }`) and destructured where it is called.
 * `others`: the ref starts with a value of its own or is written elsewhere, and may hold other values.
 */
export function refReads(target: TSESTree.MemberExpression, sourceCode: TSESLint.SourceCode): StateReads | undefined {
  if (target.computed || staticKeyName(target) !== 'value' || target.object.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = variableAt(target.object, sourceCode);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (definition?.type !== 'Variable' || definition.parent.kind !== 'const' || definition.node.id !== definition.name) return undefined;
  const init = definition.node.init && unwrap(definition.node.init);
  if (init?.type !== AST_NODE_TYPES.CallExpression || init.callee.type !== AST_NODE_TYPES.Identifier || !makesRef(init.callee, sourceCode)) return undefined;
  const [initial] = init.arguments;
  let others = initial !== undefined && !isEmptyState(initial);
  const reads: TSESTree.Node[] = [];
  for (const reference of variable!.references) {
    if (!reference.isRead()) continue;
    const read = reference.identifier;
    const member = read.parent;
    if (member?.type === AST_NODE_TYPES.MemberExpression && member.object === read && !member.computed && staticKeyName(member) === 'value' && member.parent?.type === AST_NODE_TYPES.AssignmentExpression && member.parent.left === member) {
      if (member !== target) others = true;
      continue;
    }
    reads.push(read);
  }
  return { reads, others };
}

/** `ref` or `shallowRef` of Vue's (imported, or left to Nuxt's auto-imports: declared nowhere). */
function makesRef(callee: TSESTree.Identifier, sourceCode: TSESLint.SourceCode): boolean {
  if (!REF_MAKERS.has(callee.name)) return false;
  const variable = variableAt(callee, sourceCode);
  if (!variable || variable.defs.length === 0) return true;
  const imported = importedAs(variable);
  return imported !== undefined && VUE_PACKAGES.has(imported.from) && REF_MAKERS.has(imported.name);
}
