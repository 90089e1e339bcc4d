import { builtinRegister } from '../../register/items.js';
import type { Operation, RegisterItem } from '../../register/types.js';
import { describeReplacement } from '../../model/messages.js';
import { effectiveOwners } from './to-items.js';

/** Imported items against the built-in register: what is new, what changed and how, what is the same. */
export interface Comparison {
  added: RegisterItem[];
  changed: { item: RegisterItem; changes: string[] }[];
  unchanged: RegisterItem[];
  /** Built-in items the source does not list (they stay as they are). */
  notInSource: RegisterItem[];
}

export function compareWithBuiltin(items: readonly RegisterItem[]): Comparison {
  const comparison: Comparison = { added: [], changed: [], unchanged: [], notInSource: [] };
  const builtinById = new Map(builtinRegister.items.map((item) => [item.id, item]));
  for (const item of items) {
    const builtin = builtinById.get(item.id);
    if (!builtin) {
      comparison.added.push(item);
      continue;
    }
    const changes = differences(builtin, item);
    if (changes.length > 0) comparison.changed.push({ item, changes });
    else comparison.unchanged.push(item);
  }
  const imported = new Set(items.map((item) => item.id));
  comparison.notInSource = builtinRegister.items.filter((item) => !imported.has(item.id));
  return comparison;
}

/** `removal 2027-01-15 → 2026-10-15`, one line per difference that changes what is reported. */
export function differences(before: RegisterItem, after: RegisterItem): string[] {
  const changes: string[] = [];
  const change = (what: string, from: string, to: string) => {
    if (from !== to) changes.push(`${what} ${from} → ${to}`);
  };
  change('announced', before.announced, after.announced);
  change('removal', before.removal, after.removal);
  change('operation', operationText(before.operation), operationText(after.operation));
  change('replacement', describeReplacement(before.replacement), describeReplacement(after.replacement));
  if (after.kind !== 'endpoint' && after.owners) {
    change('owners', [...effectiveOwners(before)].sort().join(', ') || '(top level)', [...after.owners].sort().join(', '));
  }
  return changes;
}

function operationText(operation: Operation): string {
  return `${operation.method} ${operation.path}`;
}
