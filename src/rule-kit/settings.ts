import { mergeRegister } from '../register/merge.js';
import { operationKey, type RegisterItem } from '../register/types.js';
import { isIsoDate } from '../register/validate.js';
import { readRegisterSetting } from './register-setting.js';
import { compileRegister, type CompiledRegister } from '../matchers/compiled-register.js';
import { readAgentFormsFile } from './agent-forms-file.js';

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
}

export type SettingsResult = { ok: true; settings: GleanSettings } | { ok: false; problems: string[] };

export const SETTING_KEYS = ['now', 'escalateWithinDays', 'ignore', 'register', 'agentForms'] as const;

const cache = new WeakMap<object, Map<string, SettingsResult>>();
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
  let byCwd = cache.get(raw);
  if (!byCwd) {
    byCwd = new Map();
    cache.set(raw, byCwd);
  }
  let result = byCwd.get(cwd);
  if (!result) {
    result = parse(raw as Record<string, unknown>, cwd);
    byCwd.set(cwd, result);
  }
  return result;
}

function parse(raw: Record<string, unknown>, cwd: string): SettingsResult {
  const problems: string[] = [];
  for (const key of Object.keys(raw)) {
    // The plugin's configs add a `toJSON` that keys ESLint's cache on the lifecycle epoch.
    if (key === 'toJSON' && typeof raw[key] === 'function') continue;
    if (!(SETTING_KEYS as readonly string[]).includes(key)) {
      problems.push(`settings.glean.${key}: unknown setting (known: ${SETTING_KEYS.join(', ')})`);
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
        problems.push(
          `settings.glean.ignore[${index}]: ${JSON.stringify(entry)} is not a register id or item name (ids look like "${items[0]!.id}")`,
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
    },
  };
}

/**
 * The names an item answers to in `ignore`: its id, and its field, `field=VALUE` (an enum value) or
 * `METHOD path` and path.
 */
export function itemNames(item: RegisterItem): string[] {
  if (item.kind === 'field') return [item.id, item.field];
  if (item.kind === 'enum-value') return [item.id, `${item.field}=${item.value}`];
  return [item.id, operationKey(item.operation), item.operation.path];
}

export function isIgnored(item: RegisterItem, settings: GleanSettings): boolean {
  return itemNames(item).some((name) => settings.ignore.has(name));
}
