import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { findVariable, followImports, staticKeyName, unwrap } from '../util/resolve.js';
import { declaredVariables, programOf } from '../util/linking.js';
import { walk } from '../util/walk.js';
import { recordOfProgram } from '../modules/module-cache.js';
import { usesElsewhere } from '../modules/program.js';
import { isFunction, type FunctionNode } from './functions.js';

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
export function storeOfThis(member: TSESTree.MemberExpression): PiniaStore | undefined {
  if (member.object.type !== AST_NODE_TYPES.ThisExpression) return undefined;
  let fn: TSESTree.Node | undefined = member.parent;
  while (fn && !(isFunction(fn) && fn.type !== AST_NODE_TYPES.ArrowFunctionExpression)) fn = fn.parent;
  return fn ? storeOfMember(fn) : undefined;
}

/** The store whose `actions` or `getters` hold a function (`search(q) { … }`, `search: function (q) { … }`, or, for a getter, an arrow). */
function storeOfMember(fn: TSESTree.Node): PiniaStore | undefined {
  const property = fn.parent;
  if (property?.type !== AST_NODE_TYPES.Property || property.value !== fn) return undefined;
  const group = property.parent;
  const holder = group.type === AST_NODE_TYPES.ObjectExpression ? group.parent : undefined;
  if (holder?.type !== AST_NODE_TYPES.Property || holder.value !== group) return undefined;
  const section = staticKeyName(holder);
  if (section !== 'actions' && section !== 'getters') return undefined;
  const options = holder.parent;
  return options.type === AST_NODE_TYPES.ObjectExpression ? storeOfOptions(options) : undefined;
}

function storeOfOptions(options: TSESTree.ObjectExpression): PiniaStore | undefined {
  const define = options.parent;
  if (define?.type !== AST_NODE_TYPES.CallExpression || !define.arguments.includes(options) || define.callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  return importsFromPackage(define.callee, (source) => source === 'pinia', 'defineStore') ? { options, define } : undefined;
}

/**
 * Whether a name is the module's import of a package's export (`import { defineStore } from 'pinia'`,
 * `const { defineStore } = require('pinia')`), read from the module's top-level statements: a store's
 * module is reached from other modules' analyses, where no scope of it is at hand.
 */
export function importsFromPackage(name: TSESTree.Identifier, isPackage: (source: string) => boolean, exported = name.name): boolean {
  const program = programOf(name);
  for (const statement of program.body) {
    if (statement.type === AST_NODE_TYPES.ImportDeclaration) {
      if (!isPackage(statement.source.value)) continue;
      for (const specifier of statement.specifiers) {
        if (specifier.type === AST_NODE_TYPES.ImportSpecifier && specifier.local.name === name.name) return (specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value) === exported;
      }
      continue;
    }
    if (statement.type !== AST_NODE_TYPES.VariableDeclaration) continue;
    for (const declarator of statement.declarations) {
      const init = declarator.init && unwrap(declarator.init);
      const source = init?.type === AST_NODE_TYPES.CallExpression && init.callee.type === AST_NODE_TYPES.Identifier && init.callee.name === 'require' ? init.arguments[0] : undefined;
      const required = source?.type === AST_NODE_TYPES.Literal && typeof source.value === 'string' && isPackage(source.value);
      if (!required || declarator.id.type !== AST_NODE_TYPES.ObjectPattern) continue;
      for (const property of declarator.id.properties) {
        if (property.type === AST_NODE_TYPES.Property && property.value.type === AST_NODE_TYPES.Identifier && property.value.name === name.name) return staticKeyName(property) === exported;
      }
    }
  }
  return false;
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
  for (const instance of storeInstances(store, sourceCode)) {
    for (const read of memberReads(instance, name)) keep(read);
  }
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
function isEmptyState(node: TSESTree.Node): boolean {
  const value = unwrap(node);
  if (value.type === AST_NODE_TYPES.Literal && value.value === null) return true;
  if (value.type === AST_NODE_TYPES.Identifier && value.name === 'undefined') return true;
  if (value.type === AST_NODE_TYPES.ArrayExpression) return value.elements.length === 0;
  if (value.type === AST_NODE_TYPES.ObjectExpression) return value.properties.length === 0;
  return false;
}

/**
 * The store's instances: the calls of the `useX` its `defineStore` is kept in, here and in the modules
 * joined with this one, as read where they are kept (`const store = useX()`) or used in place, and the
 * refs `storeToRefs` makes of them (`const { results } = storeToRefs(store)`: `results.value`).
 */
function storeInstances(store: PiniaStore, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const declarator = store.define.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== store.define || declarator.id.type !== AST_NODE_TYPES.Identifier) return [];
  const variable = variableAt(declarator.id, sourceCode);
  if (!variable) return [];
  const uses = [...variable.references.flatMap((reference) => (reference.isRead() ? [reference.identifier as TSESTree.Node] : [])), ...usesElsewhere(variable)];
  const instances: TSESTree.Node[] = [];
  for (const use of uses) {
    const call = use.parent;
    if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== use) continue;
    instances.push(call, ...keptIn(call, sourceCode));
  }
  return instances;
}

/** The reads of the variable a value is kept in (`const store = useX()`), and the refs `storeToRefs` makes of it. */
function keptIn(value: TSESTree.Node, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const holder = value.parent;
  if (holder?.type === AST_NODE_TYPES.CallExpression && holder.arguments[0] === value && isStoreToRefs(holder)) return refsOf(holder, sourceCode);
  if (holder?.type !== AST_NODE_TYPES.VariableDeclarator || holder.init !== value || holder.id.type !== AST_NODE_TYPES.Identifier) return [];
  const kept = variableAt(holder.id, sourceCode);
  const reads = kept?.references.flatMap((reference) => (reference.isRead() ? [reference.identifier as TSESTree.Node] : [])) ?? [];
  return [...reads, ...reads.flatMap((read) => (read.parent?.type === AST_NODE_TYPES.CallExpression && read.parent.arguments[0] === read && isStoreToRefs(read.parent) ? refsOf(read.parent, sourceCode) : []))];
}

/** `storeToRefs(store)`, imported from pinia. */
function isStoreToRefs(call: TSESTree.CallExpression): boolean {
  return call.callee.type === AST_NODE_TYPES.Identifier && importsFromPackage(call.callee, (source) => source === 'pinia', 'storeToRefs');
}

/** `const { results } = storeToRefs(store)`: the reads of `results`, whose `.value` is the state's key; marked by a `value` step the caller's member read takes. */
function refsOf(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const declarator = call.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== call || declarator.id.type !== AST_NODE_TYPES.ObjectPattern) return [];
  const refs: TSESTree.Node[] = [];
  for (const property of declarator.id.properties) {
    if (property.type !== AST_NODE_TYPES.Property || property.value.type !== AST_NODE_TYPES.Identifier) continue;
    const key = staticKeyName(property);
    const variable = variableAt(property.value, sourceCode);
    for (const reference of variable?.references ?? []) {
      const member = reference.identifier.parent;
      // `results.value` reads the state's `results`: a ref's read as if it were `store.results`.
      if (key !== undefined && reference.isRead() && member?.type === AST_NODE_TYPES.MemberExpression && member.object === reference.identifier && staticKeyName(member) === 'value') refRead.set(member, key);
    }
    refs.push(...(variable?.references.flatMap((reference) => (reference.isRead() ? [reference.identifier as TSESTree.Node] : [])) ?? []));
  }
  return refs;
}

/** The `ref.value` reads refsOf found, by the state key their ref stands for. */
const refRead = new WeakMap<TSESTree.Node, string>();

/** `instance.<name>`, or, for a ref of the state's key, `ref.value`. */
function memberReads(instance: TSESTree.Node, name: string): TSESTree.Node[] {
  const member = instance.parent;
  if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== instance || member.computed) return [];
  if (refRead.get(member) === name) return [member];
  return staticKeyName(member) === name && !refRead.has(member) ? [member] : [];
}

/** The variable a name declares or reads, in the linted file (`sourceCode`) or a module joined with it. */
export function variableAt(identifier: TSESTree.Identifier, sourceCode: TSESLint.SourceCode): TSESLint.Scope.Variable | undefined {
  const program = programOf(identifier);
  const scope = program === sourceCode.ast ? sourceCode.scopeManager?.globalScope : recordOfProgram(program)?.globalScope;
  return (scope && findVariable(scope, identifier)) ?? undefined;
}

/** The store a call makes, where its callee is the `useX` a `defineStore(…)` is kept in (here, or imported): `useSearchStore()`. */
export function storeMadeBy(call: TSESTree.CallExpression, scope: TSESLint.Scope.Scope): PiniaStore | undefined {
  if (call.callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = findVariable(scope, call.callee);
  const linked = variable ? followImports(variable) : undefined;
  const definition = linked?.kind === 'variable' && linked.variable.defs.length === 1 ? linked.variable.defs[0] : undefined;
  const init = definition?.type === 'Variable' ? definition.node.init : undefined;
  if (init?.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const options = init.arguments.find((argument): argument is TSESTree.ObjectExpression => argument.type === AST_NODE_TYPES.ObjectExpression);
  return options ? storeOfOptions(options) : undefined;
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
  const definition = variable.defs.length === 1 ? variable.defs[0] : undefined;
  if (definition?.type !== 'ImportBinding' || definition.parent?.type !== AST_NODE_TYPES.ImportDeclaration || !VUE_PACKAGES.has(definition.parent.source.value)) return false;
  const specifier = definition.node;
  return specifier.type === AST_NODE_TYPES.ImportSpecifier && REF_MAKERS.has(specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value);
}
