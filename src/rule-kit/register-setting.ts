import type { RegisterItem } from '../register/types.js';
import { checkItems } from '../register/validate.js';
import { readJsonSettingFile } from './setting-file.js';

/**
 * `settings.glean.register`: extra register items, inline or as the path of a register file (what
 * `eslint-plugin-glean register import` writes: `{ "items": [...] }`, or a bare array of items). An
 * item with a built-in item's id replaces it, so a file of Glean's latest notices can move a date.
 */
export function readRegisterSetting(raw: unknown, cwd: string): { items: RegisterItem[]; problems: string[] } {
  const setting = 'settings.glean.register';
  if (typeof raw !== 'string') return checked(raw ?? [], setting);
  const read = readJsonSettingFile(setting, raw, cwd);
  if ('problem' in read) return { items: [], problems: [read.problem] };
  const items = isRecord(read.data) ? read.data.items : read.data;
  if (!Array.isArray(items)) {
    return { items: [], problems: [`${setting}: ${JSON.stringify(raw)} holds no register items (expected { "items": [...] } or an array)`] };
  }
  return checked(items, `${setting}: ${JSON.stringify(raw)} items`);
}

function checked(items: unknown, at: string): { items: RegisterItem[]; problems: string[] } {
  const problems = checkItems(items, at);
  return { items: problems.length === 0 ? (items as RegisterItem[]) : [], problems };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
