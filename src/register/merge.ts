import { builtinRegister } from './items.js';
import type { RegisterItem } from './types.js';

/** The built-in items merged with `extra`: an extra item with a built-in item's id replaces it in place. */
export function mergeRegister(extra: readonly RegisterItem[]): RegisterItem[] {
  const byId = new Map(extra.map((item) => [item.id, item]));
  const merged = builtinRegister.items.map((item) => byId.get(item.id) ?? item);
  const builtinIds = new Set(builtinRegister.items.map((item) => item.id));
  return [...merged, ...extra.filter((item) => !builtinIds.has(item.id))];
}
