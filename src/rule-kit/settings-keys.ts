/**
 * What `settings.glean` is made of, without reading it: its keys, and the text that identifies one
 * settings object's content. Kept apart from settings.ts, which validates the settings and compiles
 * the register they name, so that the plugin's entry and the rules' first look at a file can name
 * settings without loading the analysis.
 */

export const SETTING_KEYS = ['now', 'escalateWithinDays', 'ignore', 'register', 'agentForms'] as const;

/**
 * The key under which the plugin's configs show the lifecycle epoch when ESLint serialises them (for
 * its cache, and in `--print-config`); see lifecycle-epoch.ts. It is not a setting.
 */
export const EPOCH_KEY = 'lifecycleEpoch';

/** The settings without the `toJSON` the plugin's configs add to them (see lifecycle-epoch.ts). */
export function settingsData(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([key]) => key !== 'toJSON'));
}

/**
 * The content of a `settings.glean` object as one string: equal strings, equal settings (for the
 * files they name, see settingFiles). oxlint's settings, parsed from JSON and frozen for every file,
 * are their own JSON; ESLint's may hold the configs' `toJSON` and values JSON would drop or change
 * (`undefined`, functions, `NaN`, bigints), kept apart.
 */
export function settingsKeyOf(raw: object): string {
  return isPlainJson(raw) ? JSON.stringify(raw) : contentKey(settingsData(raw as Record<string, unknown>));
}

/** oxlint's settings, parsed from JSON and frozen for every file, hold nothing JSON would drop. */
export function isPlainJson(raw: object): boolean {
  return Object.isFrozen(raw) && !('toJSON' in raw);
}

/** JSON, with the values JSON would drop or change kept apart. */
export function contentKey(value: unknown): string {
  return JSON.stringify(value, (_, part: unknown) =>
    part === undefined || typeof part === 'function' || typeof part === 'bigint' || typeof part === 'symbol' || (typeof part === 'number' && !Number.isFinite(part))
      ? { notJson: String(part) }
      : part,
  );
}
