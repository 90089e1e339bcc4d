import { itemDisagreements, mergeSameItem } from '../register/merge.js';
import type { RegisterItem } from '../register/types.js';
import { checkItem } from '../register/validate.js';
import { readJsonSettingFile } from './setting-file.js';

/**
 * `settings.glean.register`: extra register items. The path of a register file (what
 * `eslint-plugin-glean register import` writes: `{ "items": [...] }`, or a bare array of items), or an
 * array of such paths and inline items, mixed. An item with a built-in item's id replaces it, so a
 * file of Glean's latest notices can move a date. The same item in two places (two files imported
 * from different sources) is one item; two places that state it differently are a problem naming both.
 */

const SETTING = 'settings.glean.register';

interface PlacedItem {
  item: RegisterItem;
  /** Where it is, for messages: `settings.glean.register[2]`, `"glean-register.json" items[0]`. */
  at: string;
}

export function readRegisterSetting(raw: unknown, cwd: string): { items: RegisterItem[]; problems: string[] } {
  if (raw === undefined) return { items: [], problems: [] };
  if (typeof raw !== 'string' && !Array.isArray(raw)) {
    return {
      items: [],
      problems: [`${SETTING}: expected the path of a register file, or an array of register items and paths of register files, got ${JSON.stringify(raw)}`],
    };
  }
  const problems: string[] = [];
  const placed: PlacedItem[] = [];
  const entries = typeof raw === 'string' ? [{ entry: raw as unknown, at: SETTING }] : raw.map((entry: unknown, index) => ({ entry, at: `${SETTING}[${index}]` }));
  for (const { entry, at } of entries) {
    if (typeof entry === 'string') {
      const read = readRegisterFile(entry, at, cwd);
      problems.push(...read.problems);
      placed.push(...read.placed);
      continue;
    }
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push(`${at}: expected a register item object or the path of a register file, got ${JSON.stringify(entry)}`);
      continue;
    }
    const itemProblems = checkItem(entry, at);
    problems.push(...itemProblems);
    if (itemProblems.length === 0) placed.push({ item: entry as RegisterItem, at });
  }
  const { items, problems: disagreements } = oneItemPerId(placed);
  problems.push(...disagreements);
  return problems.length === 0 ? { items, problems } : { items: [], problems };
}

function readRegisterFile(path: string, at: string, cwd: string): { placed: PlacedItem[]; problems: string[] } {
  const read = readJsonSettingFile(at, path, cwd);
  if ('problem' in read) return { placed: [], problems: [read.problem] };
  const named = `${at}: ${JSON.stringify(path)}`;
  const items = isRecord(read.data) ? read.data.items : read.data;
  if (!Array.isArray(items)) return { placed: [], problems: [`${named} holds no register items (expected { "items": [...] } or an array)`] };
  const problems: string[] = [];
  const placed: PlacedItem[] = [];
  items.forEach((item: unknown, index) => {
    const itemProblems = checkItem(item, `${named} items[${index}]`);
    problems.push(...itemProblems);
    if (itemProblems.length === 0) placed.push({ item: item as RegisterItem, at: `${JSON.stringify(path)} items[${index}]` });
  });
  return { placed, problems };
}

/** Items with one id merged when they agree; every property on which two of them disagree is a problem. */
function oneItemPerId(placed: readonly PlacedItem[]): { items: RegisterItem[]; problems: string[] } {
  const byId = new Map<string, { item: RegisterItem; at: string }>();
  const problems: string[] = [];
  for (const { item, at } of placed) {
    const first = byId.get(item.id);
    if (!first) {
      byId.set(item.id, { item, at });
      continue;
    }
    const disagreements = itemDisagreements(first.item, item);
    for (const { key, first: value, second } of disagreements) {
      problems.push(`${SETTING}: two items ${JSON.stringify(item.id)} disagree on ${key}: ${describe(value)} in ${first.at}, ${describe(second)} in ${at}`);
    }
    if (disagreements.length === 0) first.item = mergeSameItem(first.item, item);
  }
  return { items: [...byId.values()].map(({ item }) => item), problems };
}

function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
