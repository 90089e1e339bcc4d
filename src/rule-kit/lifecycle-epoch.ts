import { todayUtc } from '../model/lifecycle.js';
import { builtinRegister } from '../register/items.js';
import type { RegisterItem } from '../register/types.js';
import { loadImplementation } from './load-implementation.js';
import { EPOCH_KEY, settingsData } from './settings-keys.js';

/**
 * ESLint's `--cache` reuses a file's results while the file and its configuration are unchanged, and
 * with the default `now` (today) the configuration does not change when an item passes its removal
 * date. So the plugin's configs carry the lifecycle epoch in their settings: the latest day on or
 * before today on which some lifecycle decision changes. It moves exactly on those days, which
 * invalidates the cache on removal day and on no other.
 */

/**
 * The days on which an item's lifecycle changes: its announcement (upcoming → deprecated) and its
 * removal date, `escalateWithinDays` earlier (deprecated → removed).
 */
function boundaries(item: RegisterItem, escalateWithinDays: number): string[] {
  const removal = new Date(`${item.removal}T00:00:00Z`);
  removal.setUTCDate(removal.getUTCDate() - escalateWithinDays);
  return [item.announced, removal.toISOString().slice(0, 10)];
}

/** The latest lifecycle boundary of `items` on or before `today`; `none` before the first one. */
export function lifecycleEpoch(items: readonly RegisterItem[], today: string, escalateWithinDays: number): string {
  let epoch = 'none';
  for (const item of items) {
    for (const day of boundaries(item, escalateWithinDays)) {
      if (day <= today && (epoch === 'none' || day > epoch)) epoch = day;
    }
  }
  return epoch;
}

/** The key under which a serialised configuration shows the items of `register` files, whose content the setting's paths do not show. */
export const REGISTER_FILES_KEY = 'registerFileItems';

const builtinItems = new Set<RegisterItem>(builtinRegister.items);

function namesFiles(register: unknown): boolean {
  return typeof register === 'string' || (Array.isArray(register) && register.some((entry) => typeof entry === 'string'));
}

/**
 * The `settings.glean` the plugin's configs carry. ESLint merges a user's `settings.glean` into it
 * key by key, so this own `toJSON` ends up on the merged object, and ESLint's cache calls it when it
 * serialises the configuration to key its entries: it reads the merged settings (`now`,
 * `escalateWithinDays`, extra register items) and adds the epoch they give today, and the items of
 * register files, so that a file imported anew invalidates the cache. Rules never see these keys;
 * they read the settings as usual (see `readSettings`).
 */
export const epochSettings: { toJSON(this: Record<string, unknown>): Record<string, unknown> } = {
  toJSON() {
    const settings = settingsData(this);
    const read = loadImplementation().readSettings({ glean: this });
    // Malformed settings stop the run before anything is cached.
    if (!read.ok) return settings;
    const { now, escalateWithinDays, register } = read.settings;
    const files = namesFiles(settings.register) ? { [REGISTER_FILES_KEY]: register.items.filter((item) => !builtinItems.has(item)) } : {};
    return { ...settings, [EPOCH_KEY]: lifecycleEpoch(register.items, now ?? todayUtc(), escalateWithinDays), ...files };
  },
};
