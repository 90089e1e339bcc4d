import { builtinRegister } from '../../register/items.js';
import { operationKey, type Operation, type RegisterItem, type Replacement } from '../../register/types.js';
import { describeReplacement } from '../../model/messages.js';
import { isOlderThanBuiltin } from './sources.js';
import { effectiveOwners, type MergedItem } from './to-items.js';

/** Imported items against the built-in register: what is new, what changed and how, what is the same. */
export interface Comparison {
  added: MergedItem[];
  /**
   * Built-in items a source states differently. `heldBack` when every source that states it is older
   * than the built-in register or undated: the register may already know better, so the change is
   * listed apart and written only when asked for.
   */
  changed: { merged: MergedItem; changes: string[]; heldBack: boolean }[];
  unchanged: MergedItem[];
  /** Built-in items no source lists (they stay as they are). */
  notInSource: RegisterItem[];
}

export function compareWithBuiltin(items: readonly MergedItem[]): Comparison {
  const comparison: Comparison = { added: [], changed: [], unchanged: [], notInSource: [] };
  const builtinById = new Map(builtinRegister.items.map((item) => [item.id, item]));
  for (const merged of items) {
    const builtin = builtinById.get(merged.item.id);
    if (!builtin) {
      comparison.added.push(merged);
      continue;
    }
    const changes = differences(builtin, merged.item);
    if (changes.length > 0) comparison.changed.push({ merged, changes, heldBack: merged.sources.every(isOlderThanBuiltin) });
    else comparison.unchanged.push(merged);
  }
  const imported = new Set(items.map(({ item }) => item.id));
  comparison.notInSource = builtinRegister.items.filter((item) => !imported.has(item.id));
  return comparison;
}

/** `removal 2027-01-15 → 2026-10-15`, one line per difference that changes what is reported. */
export function differences(before: RegisterItem, after: RegisterItem): string[] {
  const changes: string[] = [];
  const change = (key: string, from: unknown, to: unknown) => {
    if (describeValue(key, from) !== describeValue(key, to)) changes.push(`${key} ${describeValue(key, from)} → ${describeValue(key, to)}`);
  };
  change('announced', before.announced, after.announced);
  change('removal', before.removal, after.removal);
  change('operation', before.operation, after.operation);
  change('replacement', before.replacement, after.replacement);
  if (after.kind !== 'endpoint' && after.owners) change('owners', [...effectiveOwners(before)].sort(), [...after.owners].sort());
  return changes;
}

/** A register item's property as the command prints it: `POST /rest/api/v1/chat`, `use \`text\` instead`. */
export function describeValue(key: string, value: unknown): string {
  if (value === undefined) return '(none)';
  if (key === 'operation') return operationKey(value as Operation);
  if (key === 'replacement') return describeReplacement(value as Replacement);
  if (key === 'owners') return (value as string[]).join(', ') || '(top level)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
