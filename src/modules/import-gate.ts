import { existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { enteredTextIsDisk, importSpecifiers, moduleText, reexportSpecifiers, textFacts } from './module-cache.js';
import { MAX_FILES, SKIPPED_FOLDERS, sourceListing, type SourceListing } from './project-index.js';
import { keepUnmarked, keptUnmarked, stampOf, stampsBefore, withFileStamps, type KeptVerdict, type Stamp } from './project-snapshot.js';
import { noteUnmarkedVerdict } from './unmarked-verdicts.js';
import { resolveImport } from './resolver.js';
import { isStale } from './freshness.js';
import { isJsonModule } from './parse.js';

/**
 * The cheap check before a file that names nothing of Glean's is analysed: does it import a project
 * module that does (directly, or through at most `MAX_DEPTH` modules: a barrel, a wrapper over the
 * client)? Read from texts alone (the import specifiers and the Glean markers), never parsed. Each
 * module's verdict is remembered as long as freshness.ts trusts it: a gate that every file of a run
 * passes through must not re-read the project for each one; what the analysis then reads is checked
 * against the disk for every file.
 */

/**
 * `agents.ts` → `lib/glean.ts` → `lib/config.ts` → `lib/env.ts`: deep enough for a client and its base
 * URL (barrels that re-export a module in between do not count).
 */
const MAX_DEPTH = 3;

let verdictsSince = 0;
/** Verdicts by marking test, carrying test, then depth (index) and path. */
const verdicts = new Map<TextTest, Map<TextTest | undefined, Map<string, boolean>[]>>();
/** The project modules each module imports, resolved: walked again for every test and depth. */
const targetsByPath = new Map<string, readonly Target[]>();

/** A module another imports, and whether it re-exports it (a barrel: no step of the depth). */
interface Target {
  target: string;
  reexported: boolean;
}

/**
 * `carries`: the modules a mark passes through to their importers (by default all of them); a module
 * that only declares functions, say, does not hand its imports' values on.
 */
export function importsMarkedModule(path: string, text: string, marked: TextTest, carries?: TextTest): boolean {
  return linkedTargets(path, text).some((target) => moduleIsMarked(target, marked, carries));
}

/** The linted file's imports, resolved once for the gates that ask in a row (its text may not be the disk's). */
let lastLinked: { path: string; text: string; targets: readonly string[]; at: number } | undefined;

function linkedTargets(path: string, text: string): readonly string[] {
  if (lastLinked?.path !== path || lastLinked.text !== text || isStale(lastLinked.at)) {
    const targets = importSpecifiers(text).flatMap((specifier) => {
      const target = resolveImport(path, specifier);
      return target === undefined || target === path ? [] : [target];
    });
    lastLinked = { path, text, targets, at: Date.now() };
  }
  return lastLinked.targets;
}

type TextTest = (text: string) => boolean;

function isMarked(path: string, marked: TextTest, carries: TextTest | undefined, depth: number, known: Map<string, boolean>[]): boolean {
  const atDepth = (known[depth] ??= new Map());
  const verdict = atDepth.get(path);
  if (verdict !== undefined) return verdict;
  const facts = textFacts(path, marked);
  let found = facts?.marked ?? false;
  // A barrel's re-export (`export * from './config.js'`) hands the module's names on as they are: it
  // costs no step. A cycle of barrels comes back here at the same depth before the verdict is known:
  // it adds nothing.
  if (!found && facts && (depth > 1 || reexportSpecifiers(path).length > 0) && (!carries || textFacts(path, carries)?.marked)) {
    atDepth.set(path, false);
    found = targetsOf(path, facts.specifiers).some(({ target, reexported }) => {
      const next = reexported ? depth : depth - 1;
      return next >= 1 && isMarked(target, marked, carries, next, known);
    });
  }
  atDepth.set(path, found);
  return found;
}

function targetsOf(path: string, specifiers: readonly string[]): readonly Target[] {
  let targets = targetsByPath.get(path);
  if (!targets) {
    const reexports = specifiers.length > 0 ? reexportSpecifiers(path) : [];
    targets = specifiers.flatMap((specifier) => {
      const target = resolveImport(path, specifier);
      return target === undefined || target === path ? [] : [{ target, reexported: reexports.includes(specifier) }];
    });
    targetsByPath.set(path, targets);
  }
  return targets;
}

/** Whether the module `specifier` names from `fromPath` is marked, or imports one that is (see importsMarkedModule). */
export function specifierLeadsToMarked(fromPath: string, specifier: string, marked: TextTest, carries?: TextTest): boolean {
  const target = resolveImport(fromPath, specifier);
  return target !== undefined && target !== fromPath && moduleIsMarked(target, marked, carries);
}

/**
 * Whether the module at `path` is marked, or imports one that is (see importsMarkedModule), counting
 * itself and up to `depth - 1` modules beyond it.
 */
export function moduleIsMarked(path: string, marked: TextTest, carries?: TextTest, depth = MAX_DEPTH): boolean {
  if (isStale(verdictsSince)) {
    verdicts.clear();
    targetsByPath.clear();
    verdictsSince = Date.now();
  }
  let byCarrier = verdicts.get(marked);
  if (!byCarrier) verdicts.set(marked, (byCarrier = new Map()));
  let known = byCarrier.get(carries);
  if (!known) byCarrier.set(carries, (known = []));
  return isMarked(path, marked, carries, Math.min(depth, MAX_DEPTH), known);
}

/**
 * Whether the project under `root` (ESLint's working directory) is closed and unmarked: no source
 * file there passes `marked`, and none imports a project module outside those files (a workspace
 * package elsewhere, a path out of `root`, a build folder). Then no file of it imports anything
 * marked, and the per-file walk is not needed: a project that never names Glean pays one read of its
 * files, without resolving its imports one by one. Remembered as long as freshness.ts trusts it, and,
 * given `keep` (what identifies `marked`'s verdicts and the settings they were taken under), between
 * runs while the files it rests on are unchanged (project-snapshot.ts).
 */
export function projectIsUnmarked(root: string, marked: TextTest, keep?: VerdictKeep): boolean {
  return closedVerdict(root, marked, keep).unmarked;
}

/** What a verdict is kept between runs under: the text test's key, and the settings that chose the register (settingsKeyOf) and the files they name. */
export interface VerdictKeep {
  key: string;
  settings: string;
  settingFiles: readonly string[];
}

interface ClosedVerdict {
  unmarked: boolean;
  at: number;
}

function closedVerdict(root: string, marked: TextTest, keep: VerdictKeep | undefined): ClosedVerdict {
  let byRoot = closedVerdicts.get(marked);
  if (!byRoot) closedVerdicts.set(marked, (byRoot = new Map()));
  const known = byRoot.get(root);
  if (known && !isStale(known.at)) return known;
  const found = (keep !== undefined ? keptUnmarked(root, keep.settings, { key: keep.key }) : undefined) ?? scanIsUnmarked(root, marked, keep);
  // The rules' first look at the next file asks this before loading the analysis (unmarked-verdicts.ts).
  if (keep !== undefined) noteUnmarkedVerdict(root, keep.settings, found);
  const verdict = { unmarked: found !== undefined, at: Date.now() };
  byRoot.set(root, verdict);
  return verdict;
}

const closedVerdicts = new Map<TextTest, Map<string, ClosedVerdict>>();

/** Whether `path` is one of the files the scan of `root` reads (not outside it, not in a skipped folder). */
export function isScanned(root: string, path: string): boolean {
  // Both are absolute and normalised (resolve()); a string test is enough, and cheaper than relative().
  const start = root.endsWith(sep) ? root.length : root.length + 1;
  if (!path.startsWith(root) || (start > root.length && path[root.length] !== sep)) return false;
  // Asked for every linted file: the folders are walked in place rather than split into an array.
  for (let from = start, end = path.indexOf(sep, from); end !== -1; from = end + 1, end = path.indexOf(sep, from)) {
    if (path[from] === '.' || SKIPPED_FOLDERS.has(path.slice(from, end))) return false;
  }
  return true;
}

/** The files whose texts were tested, when the project is closed and unmarked; undefined otherwise. */
function scanIsUnmarked(root: string, marked: TextTest, keep: VerdictKeep | undefined): KeptVerdict | undefined {
  const listing = sourceListing(root);
  const files = listing.files;
  if (files.length >= MAX_FILES) return undefined;
  const stamps = keep !== undefined ? stampsBefore(root, listing, keep.settingFiles) : undefined;
  // Each file is stamped just before its text is read: a project that names Glean stops at the first
  // file that does, and looks at no more files than it reads.
  const fileStamps = stamps !== undefined ? new Map<string, Stamp>() : undefined;
  const tested = filesAreUnmarked(root, listing, marked, fileStamps);
  if (tested === undefined) return undefined;
  const { nestedConfigs } = listing;
  if (stamps && enteredTextIsDisk()) keepUnmarked(root, { settings: keep!.settings, key: keep!.key, nestedConfigs }, withFileStamps(root, stamps, fileStamps!), tested);
  return { files: tested, nestedConfigs };
}

function filesAreUnmarked(root: string, listing: SourceListing, marked: TextTest, fileStamps: Map<string, Stamp> | undefined): ReadonlySet<string> | undefined {
  const tested = new Set<string>();
  // A package name or a tsconfig path resolves the same way for the files of one package: once each.
  const resolvedInPackage = new Set<string>();
  /**
   * A JSON module is read by the analysis as the source files are (its base URLs, its path tables): its
   * text is tested too, and stamped for a kept verdict. False when it names Glean or is not one of the
   * files read.
   */
  const jsonIsUnmarked = (target: string): boolean => {
    if (tested.has(target)) return true;
    if (!isScanned(root, target)) return false;
    fileStamps?.set(target, stampOf(target));
    const json = moduleText(target);
    if (json !== undefined && marked(json)) return false;
    tested.add(target);
    return true;
  };
  for (const path of listing.files) {
    fileStamps?.set(path, stampOf(path));
    const text = moduleText(path);
    if (text === undefined) continue;
    if (marked(text)) return undefined;
    tested.add(path);
    const dir = dirname(path);
    for (const specifier of importSpecifiers(text)) {
      if (specifier.startsWith('node:')) continue;
      if (isJsonModule(specifier)) {
        const target = resolveImport(path, specifier);
        if (target !== undefined && !jsonIsUnmarked(target)) return undefined;
        continue;
      }
      if (specifier.startsWith('.')) {
        const named = resolve(dir, specifier);
        // Where a relative path leads is known without resolving it (up to the extension); only one that
        // leaves the files read is resolved (into another package's node_modules, it leads nowhere). One
        // a JSON file beside it may answer (`require('./config')`) is resolved, to tell which does.
        if (listing.jsonFiles.has(`${named}.json`) || listing.jsonFiles.has(join(named, 'index.json'))) {
          const target = resolveImport(path, specifier);
          if (target !== undefined && isJsonModule(target) && !jsonIsUnmarked(target)) return undefined;
        }
        if (isScanned(root, named)) continue;
      }
      const key = specifier.startsWith('.') ? `${dir}\0${specifier}` : `${packageDirOf(dir)}\0${specifier}`;
      if (resolvedInPackage.has(key)) continue;
      resolvedInPackage.add(key);
      // Packages under node_modules resolve to nothing (they are not followed); a workspace package or
      // a path alias resolves to a source file, which must be one of those read.
      const target = resolveImport(path, specifier);
      if (target !== undefined && !isScanned(root, target)) return undefined;
    }
  }
  return tested;
}

const packageDirs = new Map<string, string>();

function packageDirOf(dir: string): string {
  let found = packageDirs.get(dir);
  if (found === undefined) {
    const parent = dirname(dir);
    found = existsSync(join(dir, 'package.json')) || parent === dir ? dir : packageDirOf(parent);
    packageDirs.set(dir, found);
  }
  return found;
}

/** Forgets every verdict (for tests). */
export function forgetVerdicts(): void {
  verdicts.clear();
  targetsByPath.clear();
  lastLinked = undefined;
  closedVerdicts.clear();
  packageDirs.clear();
}
