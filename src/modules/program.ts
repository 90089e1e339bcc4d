import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { AST_NODE_TYPES } from '../util/packages.js';
import { findProperty, findVariable, followImports, isModuleBinding, linkedValueNode, resolveObject, staticKeyName, unwrap } from '../util/resolve.js';
import { currentTick, lintedRecord, recordOfProgram, reexportSpecifiers, type ModuleRecord } from './module-cache.js';
import { moduleSpecifierOf } from './linker.js';
import { resolveImport } from './resolver.js';
import { isStale } from './freshness.js';
import { programOf, type Linked } from '../util/linking.js';

/**
 * The modules whose code runs together in the current analysis: the linted file, and the modules
 * analysed with it (those that call into it, or that it calls into). Value flow that leaves a module
 * through an export (a function's return reaching its callers, a parameter's arguments) finds its other
 * end in these modules: the places where they use the export by name.
 */

let programTick = -1;
const members = new Set<ModuleRecord>();
const usesByModule = new Map<ModuleRecord, Map<string, Map<unknown, TSESTree.Node[]>>>();

function fresh(): void {
  const tick = currentTick();
  if (programTick !== tick) {
    programTick = tick;
    members.clear();
    usesByModule.clear();
  }
  // The linted file is registered once its tree is at hand, which may be after the tick began.
  const linted = lintedRecord();
  if (linted) members.add(linted);
}

/** Adds a module to the current analysis. */
export function joinProgram(record: ModuleRecord): void {
  fresh();
  members.add(record);
}

export function programMembers(): readonly ModuleRecord[] {
  fresh();
  return [...members];
}

/** The linted file's source, then those of the other modules of the analysis: where reads of what a module makes are looked for. */
export function analysisSources(sourceCode: TSESLint.SourceCode): TSESLint.SourceCode[] {
  return [sourceCode, ...programMembers().flatMap((member) => (member.ast === sourceCode.ast ? [] : [member.sourceCode]))];
}

/**
 * Where the other modules of the analysis use what a module defines: each read of an imported (or
 * required) name that stands for `target` — a variable of the defining module, or an exported
 * expression — and each `namespace.name` read of it. The reads are Identifier or MemberExpression
 * nodes of those modules.
 */
export function usesElsewhere(target: TSESLint.Scope.Variable | TSESTree.Node): TSESTree.Node[] {
  fresh();
  const home = 'defs' in target ? (target.defs[0] ? recordOfProgram(programOf(target.defs[0].name)) : undefined) : recordOfProgram(programOf(target));
  if (!home) return [];
  const found: TSESTree.Node[] = [];
  for (const member of members) {
    if (member === home) continue;
    found.push(...(usesIn(member, home.path).get(target) ?? []));
  }
  return found;
}

/**
 * The index of one module's imports of another: what each imported name that may come from `home`
 * stands for, and where it is read. Only names imported from `home` itself, or from a barrel that may
 * pass on what `home` exports, are followed (following one may parse the modules on its way).
 */
function usesIn(record: ModuleRecord, home: string): Map<unknown, TSESTree.Node[]> {
  let byHome = usesByModule.get(record);
  if (!byHome) usesByModule.set(record, (byHome = new Map()));
  let index = byHome.get(home);
  if (index) return index;
  index = new Map();
  byHome.set(home, index);
  const add = (target: unknown, node: TSESTree.Node) => {
    const list = index!.get(target);
    if (list) list.push(node);
    else index!.set(target, [node]);
  };
  const mayLeadHome = new Map<string, boolean>();
  for (const scope of record.scopeManager.scopes) {
    for (const variable of scope.variables) {
      if (!isModuleBinding(variable)) continue;
      const specifier = moduleSpecifierOf(variable);
      if (specifier === undefined) continue;
      let leads = mayLeadHome.get(specifier);
      if (leads === undefined) {
        const path = resolveImport(record.path, specifier);
        leads = path !== undefined && reaches(path, home, 3);
        mayLeadHome.set(specifier, leads);
      }
      if (!leads) continue;
      const linked = followImports(variable);
      if (!linked) continue;
      for (const reference of variable.references) {
        if (!reference.isRead()) continue;
        const read = reference.identifier as TSESTree.Node;
        if (linked.kind === 'variable') add(linked.variable, read);
        else if (linked.kind === 'value') add(linked.node, read);
        // `api.post(…)` of `import * as api`, `http.gleanPost(…)` of `const http = require('./http')`
        // (a module exporting `{ gleanPost }`): the member's own uses.
        const member = read.parent;
        const key = member?.type === AST_NODE_TYPES.MemberExpression && member.object === read ? staticKeyName(member) : undefined;
        const held = key === undefined ? undefined : memberOf(linked, key);
        if (held?.kind === 'variable') add(held.variable, member!);
        else if (held?.kind === 'value') add(held.node, member!);
      }
    }
  }
  return index;
}

/**
 * What `name.key` stands for where `name` is linked: a namespace's export, or a property of an object
 * the module exports (`module.exports = { gleanPost }`: the function `gleanPost` declares).
 */
function memberOf(linked: Linked, key: string): Linked | undefined {
  if (linked.kind === 'module') return linked.module.exported(key);
  const node = linkedValueNode(linked);
  const home = node && recordOfProgram(programOf(node));
  const object = node && home ? resolveObject(node, home.globalScope) : undefined;
  const found = object && findProperty(object, key, home!.globalScope);
  if (!found || found === 'unknown') return undefined;
  const value = unwrap(found.value);
  const variable = value.type === AST_NODE_TYPES.Identifier ? findVariable(home!.globalScope, value) : undefined;
  return variable ? { kind: 'variable', variable } : { kind: 'value', node: found.value };
}

let reachedSince = 0;
const reached = new Map<string, boolean>();

/**
 * Whether importing `path` may give what `home` exports: it is `home`, or a barrel that re-exports
 * from it (up to `depth` barrels deep). Read from texts; verdicts are kept as freshness.ts says (a
 * barrel of hundreds of modules is not read again for every linted file).
 */
function reaches(path: string, home: string, depth: number): boolean {
  if (path === home) return true;
  if (depth === 0) return false;
  if (isStale(reachedSince)) {
    reached.clear();
    reachedSince = Date.now();
  }
  const key = `${depth}\0${path}\0${home}`;
  let verdict = reached.get(key);
  if (verdict === undefined) {
    reached.set(key, false);
    verdict = reexportSpecifiers(path).some((specifier) => {
      const target = resolveImport(path, specifier);
      return target !== undefined && reaches(target, home, depth - 1);
    });
    reached.set(key, verdict);
  }
  return verdict;
}

/** Forgets the barrels' verdicts (for tests). */
export function forgetReaches(): void {
  reached.clear();
}
