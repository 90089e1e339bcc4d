import { isStale, noteLinted } from '../modules/freshness.js';
import { currentVerdict, verdictEntry, type VerdictEntry } from '../modules/unmarked-verdicts.js';
import { settingsKeyOf } from './settings-keys.js';

/**
 * The rules' first look at a file, before the analysis is loaded. Under oxlint a file's text is
 * decoded from the linter's buffer, and its settings parsed from JSON, when a rule first reads them:
 * on code that never names Glean that is most of what a rule costs there. A file need not be read
 * when the project's unmarked verdict (project-snapshot.ts: kept by an earlier run, or taken in this
 * one) tested it and this is its first lint in the process: the linter read it from disk, unchanged
 * since the verdict's stamps were checked. A later lint of the same file (an editor's, with unsaved
 * edits) reads it as usual. Under ESLint, whose text is already there, the analysis decides as usual.
 *
 * The settings, which name the register the verdict was taken with, are read once per working
 * directory: oxlint gives every file the settings of one config, unless a folder below holds a config
 * of its own, which the verdict records (then they are read for every file).
 */

/** What the lane reads of a rule's context. */
export interface LaneContext {
  readonly physicalFilename: string;
  readonly cwd: string;
  readonly settings: Readonly<Record<string, unknown>>;
}

/** The lint under way: its file, the rules that asked so far (bits by ruleBit), and the answer. */
const lane = { path: '', askedBy: 0, skip: false };
const ruleBits = new Map<string, number>();

/** A bit of its own for each rule, for the rules of one lint to be told apart. */
export function ruleBit(rule: string): number {
  let bit = ruleBits.get(rule);
  if (bit === undefined) ruleBits.set(rule, (bit = 1 << ruleBits.size));
  return bit;
}

/**
 * Whether the rule whose bit is `bit` may leave this file unread under oxlint (its `createOnce` rules'
 * `before` hook, which runs for every file): nothing of Glean's can be in it. Kept to the least that
 * can run per file, since the JIT compiles what runs for every file of a run, and that compilation is
 * most of what the check costs.
 */
export function oxlintSkips(context: LaneContext, bit: number): boolean {
  const path = context.physicalFilename;
  // The rules of one lint ask in turn; a rule that asks again is linting the file again.
  if (path === lane.path && (lane.askedBy & bit) === 0) {
    lane.askedBy |= bit;
    return lane.skip;
  }
  lane.path = path;
  lane.askedBy = bit;
  return (lane.skip = !noteLinted(path) && testedUnmarked(context, path));
}

/** By working directory: the settings' key (settingsKeyOf) last read there (undefined when malformed) and its verdict's entry. */
const settingsByRoot = new Map<string, { key: string | undefined; verdict: VerdictEntry | undefined; at: number }>();

function testedUnmarked(context: LaneContext, path: string): boolean {
  const root = context.cwd;
  let known = settingsByRoot.get(root);
  if (known === undefined || isStale(known.at)) {
    const key = settingsKey(context);
    known = { key, verdict: key === undefined ? undefined : verdictEntry(root, key), at: Date.now() };
    settingsByRoot.set(root, known);
  }
  let verdict = known.verdict && currentVerdict(known.verdict);
  // Configs in folders below may give this file other settings: its own decide.
  if (verdict?.nestedConfigs) {
    const key = settingsKey(context);
    verdict = key === undefined ? undefined : currentVerdict(verdictEntry(root, key));
  }
  return verdict?.files.has(path) === true;
}

const NO_SETTINGS = {};

/** The key of the file's `settings.glean`; undefined when they are malformed (the analysis says how). */
function settingsKey(context: LaneContext): string | undefined {
  const glean = context.settings?.glean ?? NO_SETTINGS;
  return typeof glean === 'object' && glean !== null && !Array.isArray(glean) ? settingsKeyOf(glean) : undefined;
}

/** Forgets what the lane read (for tests). */
export function forgetUnreadLane(): void {
  Object.assign(lane, { path: '', askedBy: 0, skip: false });
  settingsByRoot.clear();
}
