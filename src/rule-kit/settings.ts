import { mergeRegister } from '../register/merge.js';
import { itemNames, type RegisterItem } from '../register/types.js';
import { isIsoDate } from '../register/validate.js';
import { readRegisterSetting } from './register-setting.js';
import { compileRegister, type CompiledRegister } from '../matchers/compiled-register.js';
import { readAgentFormsFile } from './agent-forms-file.js';
import { settingFilePath } from './setting-file.js';
import { closestName } from '../util/closest-name.js';
import { EPOCH_KEY, isPlainJson, SETTING_KEYS, settingsData, settingsKeyOf } from './settings-keys.js';

export { EPOCH_KEY, SETTING_KEYS, settingsData };

/**
 * `settings.glean`: shared by every rule of the plugin. Read and validated once per settings object;
 * a malformed setting becomes one message naming it, never an exception.
 */

export interface GleanSettings {
  /** The date lifecycle decisions use; undefined means today's UTC date at lint time. */
  now: string | undefined;
  escalateWithinDays: number;
  /** Register ids and item names to skip. */
  ignore: ReadonlySet<string>;
  register: CompiledRegister;
  agentForms: Readonly<Record<string, readonly string[]>>;
  /** The settings' content as one string (settingsKeyOf): what a verdict kept between runs is filed under. */
  key: string;
  /** The files the settings name (register and agent forms files), whose content the key does not show. */
  files: readonly string[];
}

export type SettingsResult = { ok: true; settings: GleanSettings } | { ok: false; problems: string[] };

const cache = new WeakMap<object, Map<string, SettingsResult>>();
/**
 * The same, by content: oxlint hands every file a new settings object (parsed from JSON), where
 * ESLint gives all the files of one configuration the same one.
 */
const cacheByContent = new Map<string, SettingsResult>();
const EMPTY: object = {};

/**
 * Reads `context.settings.glean`; `cwd` (ESLint's working directory) resolves a relative
 * `agentForms` or `register` file.
 */
export function readSettings(allSettings: Readonly<Record<string, unknown>> | undefined, cwd = process.cwd()): SettingsResult {
  const raw = allSettings?.glean ?? EMPTY;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problems: [`settings.glean: expected an object, got ${JSON.stringify(raw)}`] };
  }
  const plainJson = isPlainJson(raw);
  if (lastFrozen !== undefined && lastFrozen.cwd === cwd) {
    if (lastFrozen.raw === raw) return lastFrozen.result;
    // oxlint hands each file a new frozen object parsed from the same JSON: its JSON tells it apart
    // (natively, at no JIT cost per file); the file's other rules then find the same object.
    if (plainJson && JSON.stringify(raw) === lastFrozen.key) {
      lastFrozen.raw = raw;
      return lastFrozen.result;
    }
  }
  let byCwd = cache.get(raw);
  if (!byCwd) {
    byCwd = new Map();
    cache.set(raw, byCwd);
  }
  let result = byCwd.get(cwd);
  if (!result) {
    // Without the configs' `toJSON`, which reads the settings itself.
    const key = settingsKeyOf(raw);
    const content = `${cwd}\0${key}`;
    result = cacheByContent.get(content);
    if (!result) {
      result = parse(raw as Record<string, unknown>, cwd, key);
      cacheByContent.set(content, result);
    }
    byCwd.set(cwd, result);
    if (plainJson) lastFrozen = { raw, cwd, key, result };
  }
  return result;
}

/** The last settings object oxlint handed a file (parsed from JSON and frozen, a new one per file). */
let lastFrozen: { raw: object; cwd: string; key: string; result: SettingsResult } | undefined;

function parse(raw: Record<string, unknown>, cwd: string, key: string): SettingsResult {
  const problems: string[] = [];
  for (const key of Object.keys(raw)) {
    // The plugin's configs add a `toJSON` that keys ESLint's cache on the lifecycle epoch.
    if (key === 'toJSON' && typeof raw[key] === 'function') continue;
    if (key === EPOCH_KEY) {
      problems.push(
        `settings.glean.${EPOCH_KEY}: not a setting; the plugin's configs show it in --print-config and in ESLint's cache key, computed from the date and the register. Remove it; to pin the date the rules use, set settings.glean.now`,
      );
    } else if (!(SETTING_KEYS as readonly string[]).includes(key)) {
      problems.push(`settings.glean.${key}: unknown setting${didYouMean(key, SETTING_KEYS)} (known: ${SETTING_KEYS.join(', ')})`);
    }
  }

  if (raw.now !== undefined && !isIsoDate(raw.now)) {
    problems.push(`settings.glean.now: expected a date "YYYY-MM-DD", got ${JSON.stringify(raw.now)}`);
  }

  const escalate = raw.escalateWithinDays ?? 0;
  if (typeof escalate !== 'number' || !Number.isInteger(escalate) || escalate < 0) {
    problems.push(`settings.glean.escalateWithinDays: expected a whole number of days ≥ 0, got ${JSON.stringify(escalate)}`);
  }

  const { items: extraItems, problems: registerProblems } = readRegisterSetting(raw.register, cwd);
  problems.push(...registerProblems);
  const items = mergeRegister(extraItems);

  const ignore = new Set<string>();
  const ignoreRaw = raw.ignore ?? [];
  if (!Array.isArray(ignoreRaw)) {
    problems.push(`settings.glean.ignore: expected an array of register ids or item names, got ${JSON.stringify(ignoreRaw)}`);
  } else {
    const names = new Set(items.flatMap(itemNames));
    ignoreRaw.forEach((entry, index) => {
      if (typeof entry !== 'string' || !names.has(entry)) {
        const hint = typeof entry === 'string' ? didYouMean(entry, names) : '';
        problems.push(
          `settings.glean.ignore[${index}]: ${JSON.stringify(entry)} is not a register id or item name${hint || ` (ids look like "${items[0]!.id}")`}`,
        );
      } else {
        ignore.add(entry);
      }
    });
  }

  let agentForms = raw.agentForms ?? {};
  if (typeof agentForms === 'string') {
    const read = readAgentFormsFile(agentForms, cwd);
    if ('problem' in read) problems.push(read.problem);
    agentForms = 'forms' in read ? read.forms : {};
  } else if (typeof agentForms !== 'object' || agentForms === null || Array.isArray(agentForms)) {
    problems.push(
      `settings.glean.agentForms: expected { [agentId]: string[] } or the path of a JSON file of agent schemas responses, got ${JSON.stringify(agentForms)}`,
    );
  } else {
    for (const [agent, fields] of Object.entries(agentForms)) {
      if (!Array.isArray(fields) || fields.some((field) => typeof field !== 'string')) {
        problems.push(`settings.glean.agentForms.${agent}: expected an array of form field names, got ${JSON.stringify(fields)}`);
      }
    }
  }

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    settings: {
      now: raw.now as string | undefined,
      escalateWithinDays: escalate as number,
      ignore,
      register: compileRegister(extraItems),
      agentForms: agentForms as Record<string, string[]>,
      key,
      files: settingFiles(raw, cwd),
    },
  };
}

/** `; did you mean "escalateWithinDays"?` when `name` is near enough to one of `known`, else nothing. */
function didYouMean(name: string, known: Iterable<string>): string {
  const closest = closestName(name, known);
  return closest === undefined ? '' : `; did you mean ${JSON.stringify(closest)}?`;
}

export function isIgnored(item: RegisterItem, settings: GleanSettings): boolean {
  return itemNames(item).some((name) => settings.ignore.has(name));
}

/** The files `raw` (valid settings) names: register files and an agent forms file, as absolute paths. */
function settingFiles(raw: Record<string, unknown>, cwd: string): string[] {
  const named = [...(typeof raw.register === 'string' ? [raw.register] : Array.isArray(raw.register) ? raw.register : []), raw.agentForms];
  return named.filter((entry): entry is string => typeof entry === 'string').map((path) => settingFilePath(path, cwd));
}
