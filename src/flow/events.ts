import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { findVariable, followImports, linkedValueNode, memberValue, moduleLoadOf, staticKeyName, staticValue, unwrap } from '../util/resolve.js';
import { memberName, ownClass, thisReads, type ClassNode } from './class-members.js';
import { usesElsewhere } from '../modules/program.js';
import { moduleSpecifierOf } from '../modules/linker.js';
import { instanceReads, resolveClass } from './functions.js';

/**
 * An event emitter hands what `emit(event, …values)` is given to the listeners of that event, in the
 * same process (Node's `EventEmitter`, eventemitter3, mitt): `bus.emit('results', res)` reaches
 * `bus.on('results', (res) => …)`. Only emitters made by those packages (or classes that extend one)
 * are followed: a socket's `emit` sends to the other side, and its `on` hears what comes back.
 */

/** The listeners one `emit` call reaches, and how many calls emit that event on that emitter in all. */
export interface EmitHandOff {
  /** The callbacks registered for the event (`on`, `once`, `addListener`, `prepend…`), as written. */
  listeners: TSESTree.Node[];
  /** The emitter's `emit` calls for the event, this one included: others may hand the listeners other values. */
  emits: number;
}

/** The emitter methods that register a listener. */
export const LISTEN_METHODS: ReadonlySet<string> = new Set(['on', 'once', 'addListener', 'prependListener', 'prependOnceListener']);

/** Packages whose export makes a same-process emitter, by the name that makes it (`*`: the module itself). */
const EMITTER_PACKAGES: Readonly<Record<string, ReadonlySet<string>>> = {
  events: new Set(['EventEmitter', 'default', '*']),
  'node:events': new Set(['EventEmitter', 'default', '*']),
  eventemitter3: new Set(['EventEmitter', 'default', '*']),
  mitt: new Set(['default', '*']),
};

/** `bus.emit('results', res)` or `this.emit('results', res)` on a known emitter: where its values go. */
export function emitHandOff(call: TSESTree.CallExpression, scope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode): EmitHandOff | undefined {
  const callee = call.callee;
  if (callee.type !== AST_NODE_TYPES.MemberExpression || staticKeyName(callee) !== 'emit' || call.arguments.length < 2) return undefined;
  const event = eventName(call, scope);
  if (event === undefined) return undefined;
  const sites = emitterSites(unwrap(callee.object), callee, scope, sourceCode);
  if (!sites) return undefined;
  const handOff: EmitHandOff = { listeners: [], emits: 0 };
  for (const site of sites) {
    const used = site.parent?.type === AST_NODE_TYPES.CallExpression && site.parent.callee === site ? site.parent : undefined;
    const method = memberName(site);
    if (!used || method === undefined || eventName(used, scope) !== event) continue;
    if (method === 'emit') handOff.emits += 1;
    else if (LISTEN_METHODS.has(method) && used.arguments[1]) handOff.listeners.push(used.arguments[1]);
  }
  return handOff;
}

/** The event's name: a string written there, or held by a constant or an object's member (here or imported: `bus.on(CHAT_DONE, …)`). */
function eventName(call: TSESTree.CallExpression, scope: TSESLint.Scope.Scope): string | undefined {
  const first = call.arguments[0];
  if (!first || first.type === AST_NODE_TYPES.SpreadElement) return undefined;
  const value = staticValue(first, scope)?.value;
  if (typeof value === 'string') return value;
  const node = unwrap(first);
  let held: TSESTree.Node | undefined;
  if (node.type === AST_NODE_TYPES.Identifier) {
    const variable = findVariable(scope, node);
    const linked = variable ? followImports(variable) : undefined;
    held = linked && linked.kind !== 'module' ? linkedValueNode(linked) : undefined;
  } else if (node.type === AST_NODE_TYPES.MemberExpression) held = memberValue(node, scope);
  const literal = held && unwrap(held);
  return literal?.type === AST_NODE_TYPES.Literal && typeof literal.value === 'string' ? literal.value : undefined;
}

/** The `emitter.method` members of every use of the emitter `receiver` stands for (in this module and in those joined with it). */
function emitterSites(receiver: TSESTree.Node, member: TSESTree.MemberExpression, scope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode): TSESTree.MemberExpression[] | undefined {
  const methods = [...LISTEN_METHODS, 'emit'];
  if (receiver.type === AST_NODE_TYPES.ThisExpression) {
    const classNode = ownClass(member) as ClassNode | undefined;
    if (!classNode || !extendsEmitter(classNode, scope)) return undefined;
    return methods.flatMap((method) => [...thisReads(classNode, method, undefined, sourceCode), ...instanceReads(classNode, method, sourceCode)]);
  }
  if (receiver.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = findVariable(scope, receiver);
  const linked = variable ? followImports(variable) : undefined;
  // `export const bus = new EventEmitter()`, or `exports.jobs = new EventEmitter()` (a value with no name there).
  if (!linked || linked.kind === 'module' || (linked.kind === 'variable' && linked.variable.defs.length !== 1)) return undefined;
  const made = linkedValueNode(linked);
  if (!made || !makesEmitter(unwrap(made), scope)) return undefined;
  const own = linked.kind === 'variable' ? linked.variable.references.flatMap((reference) => (reference.isRead() ? [reference.identifier as TSESTree.Node] : [])) : [];
  // A local emitter is read through its variable; one another module made, through the names each module imports it by.
  const reads = [...own, ...usesElsewhere(linked.kind === 'variable' ? linked.variable : linked.node)];
  if (linked.kind === 'value' || variable !== linked.variable) reads.push(...(variable?.references ?? []).flatMap((reference) => (reference.isRead() ? [reference.identifier as TSESTree.Node] : [])));
  return [...new Set(reads)].flatMap((read) => {
    const parent = read.parent;
    return parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === read && methods.includes(memberName(parent) ?? '') ? [parent] : [];
  });
}

/** `new EventEmitter()`, `new Bus()` of a class that extends one, `mitt()`. */
function makesEmitter(value: TSESTree.Node, scope: TSESLint.Scope.Scope): boolean {
  if (value.type === AST_NODE_TYPES.NewExpression) {
    if (isEmitterExport(value.callee, scope)) return true;
    const classNode = resolveClass(value.callee, scope);
    return classNode !== undefined && extendsEmitter(classNode, scope);
  }
  return value.type === AST_NODE_TYPES.CallExpression && isEmitterExport(value.callee, scope, 'mitt');
}

function extendsEmitter(classNode: ClassNode, scope: TSESLint.Scope.Scope, depth = 0): boolean {
  const base = classNode.superClass;
  if (!base || depth > 4) return false;
  if (isEmitterExport(base, scope)) return true;
  const parent = resolveClass(base, scope);
  return parent !== undefined && extendsEmitter(parent, scope, depth + 1);
}

/** A name or member that stands for an emitter package's export: `EventEmitter` imported or required, `events.EventEmitter`. */
function isEmitterExport(node: TSESTree.Node, scope: TSESLint.Scope.Scope, only?: string): boolean {
  const value = unwrap(node);
  if (value.type === AST_NODE_TYPES.MemberExpression) {
    // `require('events').EventEmitter`, `events.EventEmitter` of `import * as events` or `const events = require('events')`.
    const key = staticKeyName(value);
    if (key !== 'EventEmitter') return false;
    const loaded = moduleLoadOf(value.object);
    if (loaded) return emitterPackage(loaded, only) !== undefined;
    return unwrap(value.object).type === AST_NODE_TYPES.Identifier && bindingOf(unwrap(value.object) as TSESTree.Identifier, scope, only) === '*';
  }
  if (value.type !== AST_NODE_TYPES.Identifier) return false;
  const name = bindingOf(value, scope, only);
  return name !== undefined && EMITTER_PACKAGES[only ?? 'events']!.has(name) && (only === undefined || name !== 'EventEmitter');
}

/** The name an emitter package exports that an identifier is bound to (`*` for the module itself), or undefined. */
function bindingOf(identifier: TSESTree.Identifier, scope: TSESLint.Scope.Scope, only?: string): string | undefined {
  const variable = findVariable(scope, identifier);
  const def = variable?.defs[0];
  if (!variable || !def) return undefined;
  // `import { EventEmitter } from 'events'`, `const EventEmitter = require('events')`, `const { EventEmitter } = require('node:events')`.
  const source = moduleSpecifierOf(variable);
  if (source !== undefined) {
    if (!isEmitterSource(source, only)) return undefined;
    const node = def.node;
    if (node.type === AST_NODE_TYPES.ImportNamespaceSpecifier || node.type === AST_NODE_TYPES.TSImportEqualsDeclaration) return '*';
    if (node.type === AST_NODE_TYPES.ImportDefaultSpecifier) return 'default';
    if (node.type === AST_NODE_TYPES.ImportSpecifier) return node.imported.type === AST_NODE_TYPES.Identifier ? node.imported.name : String(node.imported.value);
    if (node.type !== AST_NODE_TYPES.VariableDeclarator) return undefined;
    if (node.id.type === AST_NODE_TYPES.Identifier) return '*';
    const property = node.id.type === AST_NODE_TYPES.ObjectPattern ? node.id.properties.find((each) => each.type === AST_NODE_TYPES.Property && each.value === def.name) : undefined;
    return property?.type === AST_NODE_TYPES.Property ? staticKeyName(property) : undefined;
  }
  // `const EventEmitter = require('events').EventEmitter`.
  const init = def.type === 'Variable' && def.node.init ? unwrap(def.node.init) : undefined;
  if (init?.type !== AST_NODE_TYPES.MemberExpression || staticKeyName(init) !== 'EventEmitter') return undefined;
  const load = moduleLoadOf(init.object);
  return load && emitterPackage(load, only) !== undefined ? 'EventEmitter' : undefined;
}

function emitterPackage(load: TSESTree.CallExpression | TSESTree.ImportExpression, only?: string): string | undefined {
  const source = load.type === AST_NODE_TYPES.ImportExpression ? load.source : load.arguments[0];
  const name = source?.type === AST_NODE_TYPES.Literal ? source.value : undefined;
  return typeof name === 'string' && isEmitterSource(name, only) ? name : undefined;
}

function isEmitterSource(source: unknown, only?: string): boolean {
  if (typeof source !== 'string') return false;
  return only === undefined ? source !== 'mitt' && source in EMITTER_PACKAGES : source === only;
}
