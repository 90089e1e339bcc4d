import { BUILD_ID } from '../util/build-id.js';
import { isStale } from './freshness.js';
import { keptUnmarked, type KeptVerdict } from './project-snapshot.js';

/**
 * The closed, unmarked verdicts known in this process, by project root and settings (settingsKeyOf):
 * what the rules' first look at a file asks before the analysis is loaded (rule-kit/unread-lane.ts).
 * The analysis notes each verdict it takes or checks (import-gate.ts); one it has not seen is looked
 * for among those kept by earlier runs, taken by this build of the plugin. Trusted as long as
 * freshness.ts trusts what was read.
 */

/** One project's verdict under one settings' key: kept in place, so that a holder sees what is noted later. */
export interface VerdictEntry {
  readonly root: string;
  readonly settings: string;
  verdict: KeptVerdict | undefined;
  /** When it was read (Date.now()); 0 when never. */
  at: number;
}

const entries = new Map<string, Map<string, VerdictEntry>>();

/** The entry for the project under `root` with these settings (its verdict read on first need, see currentVerdict). */
export function verdictEntry(root: string, settings: string): VerdictEntry {
  let bySettings = entries.get(root);
  if (!bySettings) entries.set(root, (bySettings = new Map()));
  let entry = bySettings.get(settings);
  if (!entry) bySettings.set(settings, (entry = { root, settings, verdict: undefined, at: 0 }));
  return entry;
}

/** The entry's unmarked verdict; undefined when none is known (or the project is marked). */
export function currentVerdict(entry: VerdictEntry): KeptVerdict | undefined {
  if (entry.at === 0 || isStale(entry.at)) {
    entry.verdict = keptUnmarked(entry.root, entry.settings, { build: BUILD_ID });
    entry.at = Date.now();
  }
  return entry.verdict;
}

/** Notes the verdict the analysis took or checked (undefined: the project is marked, or not closed). */
export function noteUnmarkedVerdict(root: string, settings: string, verdict: KeptVerdict | undefined): void {
  const entry = verdictEntry(root, settings);
  entry.verdict = verdict;
  entry.at = Date.now();
}

/** Forgets every verdict (for tests). */
export function forgetUnmarkedVerdicts(): void {
  entries.clear();
}
