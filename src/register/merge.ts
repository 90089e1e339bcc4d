import { builtinRegister } from './items.js';
import type { RegisterItem } from './types.js';

/** The built-in items merged with `extra`: an extra item with a built-in item's id replaces it in place. */
export function mergeRegister(extra: readonly RegisterItem[]): RegisterItem[] {
  const byId = new Map(extra.map((item) => [item.id, item]));
  const merged = builtinRegister.items.map((item) => byId.get(item.id) ?? item);
  const builtinIds = new Set(builtinRegister.items.map((item) => item.id));
  return [...merged, ...extra.filter((item) => !builtinIds.has(item.id))];
}

/** One property on which two statements of the same item disagree. */
export interface ItemDisagreement {
  key: string;
  first: unknown;
  second: unknown;
}

/**
 * Where two statements of one item (two sources, two register files) disagree. Notice ids are not
 * compared (each source may know the item by another notice), nor are owners when only one names
 * them (a source without owner types says nothing about them).
 */
export function itemDisagreements(first: RegisterItem, second: RegisterItem): ItemDisagreement[] {
  const a = first as unknown as Record<string, unknown>;
  const b = second as unknown as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => key !== 'noticeIds');
  return keys
    .filter((key) => !(key === 'owners' && (a.owners === undefined || b.owners === undefined)))
    .filter((key) => canonical(key, a[key]) !== canonical(key, b[key]))
    .map((key) => ({ key, first: a[key], second: b[key] }));
}

/** Two statements of one item that do not disagree, as one: the owners of whichever names them, every notice id. */
export function mergeSameItem(first: RegisterItem, second: RegisterItem): RegisterItem {
  const noticeIds = [...new Set([...(first.noticeIds ?? []), ...(second.noticeIds ?? [])])];
  const owners = 'owners' in first && first.owners ? first.owners : 'owners' in second ? second.owners : undefined;
  return { ...first, ...(owners ? { owners } : {}), ...(noticeIds.length > 0 ? { noticeIds } : {}) } as RegisterItem;
}

/** JSON with object keys sorted (and owner lists sorted): equal meaning, equal text. */
function canonical(key: string, value: unknown): string {
  const sorted = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(sorted);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(Object.keys(node).sort().map((name) => [name, sorted((node as Record<string, unknown>)[name])]));
  };
  return JSON.stringify(key === 'owners' && Array.isArray(value) ? [...(value as unknown[])].map(String).sort() : sorted(value)) ?? 'undefined';
}
