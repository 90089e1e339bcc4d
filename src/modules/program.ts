import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { AST_NODE_TYPES } from '../util/packages.js';
import { followImports, isModuleBinding, staticKeyName } from '../util/resolve.js';
import { currentTick, lintedRecord, recordOfProgram, type ModuleRecord } from './module-cache.js';
import { programOf } from '../util/linking.js';

/**
 * The modules whose code runs together in the current analysis: the linted file, and the modules
 * analysed with it (those that call into it, or that it calls into). Value flow that leaves a module
 * through an export (a function's return reaching its callers, a parameter's arguments) finds its other
 * end in these modules: the places where they use the export by name.
 */

let programTick = -1;
const members = new Set<ModuleRecord>();
const usesByModule = new Map<ModuleRecord, Map<unknown, TSESTree.Node[]>>();

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

/**
 * Where the other modules of the analysis use what a module defines: each read of an imported (or
 * required) name that stands for `target` — a variable of the defining module, or an exported
 * expression — and each `namespace.name` read of it. The reads are Identifier or MemberExpression
 * nodes of those modules.
 */
export function usesElsewhere(target: TSESLint.Scope.Variable | TSESTree.Node): TSESTree.Node[] {
  fresh();
  const home = 'defs' in target ? (target.defs[0] ? recordOfProgram(programOf(target.defs[0].name)) : undefined) : recordOfProgram(programOf(target));
  const found: TSESTree.Node[] = [];
  for (const member of members) {
    if (member === home) continue;
    found.push(...(usesIn(member).get(target) ?? []));
  }
  return found;
}

/** The index of one module: what each of its imported names stands for, and where it is read. */
function usesIn(record: ModuleRecord): Map<unknown, TSESTree.Node[]> {
  let index = usesByModule.get(record);
  if (index) return index;
  index = new Map();
  usesByModule.set(record, index);
  const add = (target: unknown, node: TSESTree.Node) => {
    const list = index!.get(target);
    if (list) list.push(node);
    else index!.set(target, [node]);
  };
  for (const scope of record.scopeManager.scopes) {
    for (const variable of scope.variables) {
      if (!isModuleBinding(variable)) continue;
      const linked = followImports(variable);
      if (!linked) continue;
      for (const reference of variable.references) {
        if (!reference.isRead()) continue;
        const read = reference.identifier as TSESTree.Node;
        if (linked.kind === 'variable') add(linked.variable, read);
        else if (linked.kind === 'value') add(linked.node, read);
        else {
          // `api.post(…)` of `import * as api`: the export's own uses.
          const member = read.parent;
          const key = member?.type === AST_NODE_TYPES.MemberExpression && member.object === read ? staticKeyName(member) : undefined;
          const exported = key === undefined ? undefined : linked.module.exported(key);
          if (exported?.kind === 'variable') add(exported.variable, member!);
          else if (exported?.kind === 'value') add(exported.node, member!);
        }
      }
    }
  }
  return index;
}
