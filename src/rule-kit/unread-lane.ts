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
 * edits) reads it as usual, and so does every lint where the text is already there (ESLint's).
 *
 * The settings, which name the register the verdict was taken with, are read once per working
 * directory: oxlint gives every file the settings of one config, unless a folder below holds a config
 * of its own, which the verdict records (then they are read for every file).
 */

/** What the lane reads of a rule's context. */
export interface LaneContext {
  readonly sourceCode: object;
  readonly physicalFilename: string;
  readonly cwd: string;
  readonly settings: Readonly<Record<string, unknown>>;
}

/** The lint under way: its file, the rules that asked so far (bits by ruleBit), and the answer. */
let lastLint: { path: string; sourceCode: object; askedBy: number; skip: boolean } | undefined;
const ruleBits = new Map<string, number>();

function ruleBit(rule: string): number {
  let bit = ruleBits.get(rule);
  if (bit === undefined) ruleBits.set(rule, (bit = 1 << ruleBits.size));
  return bit;
}

/** Whether `rule` may leave this file unread: nothing of Glean's can be in it. */
export function skipsUnread(context: LaneContext, rule: string): boolean {
  const sourceCode = context.sourceCode;
  if (!textIsLazy(sourceCode)) return false;
  const path = context.physicalFilename;
  const bit = ruleBit(rule);
  // The rules of one lint ask in turn; a rule that asks again is linting the file again.
  const last = lastLint;
  if (last !== undefined && last.path === path && last.sourceCode === sourceCode && (last.askedBy & bit) === 0) {
    last.askedBy |= bit;
    return last.skip;
  }
  // Kept small: this runs for every file of a run, and the JIT compiles what runs hot into it.
  const skip = !noteLinted(path) && testedUnmarked(context, path);
  lastLint = { path, sourceCode, askedBy: bit, skip };
  return skip;
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

let lastSource: { sourceCode: object; lazy: boolean } | undefined;

/** Whether reading `sourceCode.text` runs a getter (oxlint's) rather than reading a value already there (ESLint's). */
function textIsLazy(sourceCode: object): boolean {
  if (lastSource?.sourceCode !== sourceCode) {
    let lazy = false;
    for (let owner: object | null = sourceCode; owner !== null && owner !== Object.prototype; owner = Object.getPrototypeOf(owner) as object | null) {
      const descriptor = Object.getOwnPropertyDescriptor(owner, 'text');
      if (descriptor) {
        lazy = descriptor.get !== undefined;
        break;
      }
    }
    lastSource = { sourceCode, lazy };
  }
  return lastSource.lazy;
}

/** Forgets what the lane read (for tests). */
export function forgetUnreadLane(): void {
  lastLint = undefined;
  settingsByRoot.clear();
  lastSource = undefined;
}
