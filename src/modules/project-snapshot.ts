import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { SourceListing } from './project-index.js';
import { BUILD_ID } from '../util/build-id.js';

/**
 * The closed-project verdict ("no file here names Glean, and no import leaves these files") kept
 * between runs, so that a project that never names Glean pays a look at its files' and folders'
 * modification times on the next run, not a read of every file. A run under oxlint is a few hundred
 * milliseconds: the read was most of what the plugin cost there.
 *
 * What the verdict rests on is recorded before it is read: every folder the walk listed (a file added,
 * removed or renamed changes its folder's time), the configs that decide where imports resolve
 * (package.json, tsconfig, jsconfig, in the project and its parent folders) and the installs in
 * node_modules when the scan starts; each source file just before its text is read. The next run
 * trusts the verdict only if every one of them is unchanged; a change made while the scan ran is a
 * change for the next run too. Only the "unmarked" verdict is kept: a project that names Glean stops
 * its scan at the first file that does, having looked at no more files than it read.
 *
 * The verdict is filed under the settings it was taken with (settingsKeyOf: they name the register,
 * and the files they name are stamped too), and holds what identifies its text test (for the
 * analysis) and the plugin's build (for the rules' first look at a file, which cannot compute the
 * test's key before loading the analysis).
 *
 * Kept in `node_modules/.cache/eslint-plugin-glean/` in the nearest node_modules at or above the
 * project's root (the convention of Babel, ESLint plugins and bundlers), and only there: without a
 * node_modules folder nothing is written. Deleting the folder is always safe.
 */

/** Bumped whenever what the scan decides changes in a way its keys (the text test's own, the build's) do not show. */
const FORMAT = 3;

/** A path's kind (0 missing or unreadable, 1 folder, 2 file), size and modification time. */
export type Stamp = [kind: number, size: number, mtimeMs: number];

interface Snapshot {
  format: number;
  /** The settings the verdict was taken under (settingsKeyOf), which name the register its text test has. */
  settings: string;
  /** What identifies the text test (its patterns and the register's), for the analysis to compare. */
  key: string;
  /** The plugin's code that took it (util/build-id.ts), for the rules' first look, which cannot compute `key`. */
  build: string;
  /** Whether a folder below the root holds an oxlint config: then files may have settings of their own. */
  nestedConfigs: boolean;
  /** Paths relative to the root (each as `relative()` gives it), and their stamps. */
  paths: string[];
  stamps: Stamp[];
  /** The indexes of the paths that are source files whose texts the scan tested. */
  tested: number[];
}

/** A kept verdict that still holds. */
export interface KeptVerdict {
  /** The source files whose texts the scan tested (absolute paths, unchanged since). */
  files: ReadonlySet<string>;
  nestedConfigs: boolean;
}

/** What a kept verdict must match: the text test's key (the analysis knows it) or the build (the rules' first look). */
export type VerdictCheck = { key: string } | { build: string };

/** Files in a folder or one of its parents that change where a project's imports resolve. */
const PARENT_CONFIGS = ['package.json', 'tsconfig.json', 'jsconfig.json', 'pnpm-workspace.yaml'];
/**
 * What a package manager rewrites on each install (npm, pnpm, Yarn's node-modules linker). Not the
 * node_modules folder's own time: writing the kept verdict into it changes that.
 */
const INSTALL_MARKERS = ['node_modules/.package-lock.json', 'node_modules/.modules.yaml', 'node_modules/.yarn-state.yml'];

export function stampOf(path: string): Stamp {
  try {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return [0, 0, 0];
    return stats.isDirectory() ? [1, 0, stats.mtimeMs] : [2, stats.size, stats.mtimeMs];
  } catch {
    return [0, 0, 0];
  }
}

/** Compared as numbers, without building a string per path: a run under oxlint checks a thousand of them. */
function stampHolds(path: string, stamp: Stamp): boolean {
  const now = stampOf(path);
  return now[0] === stamp[0] && now[1] === stamp[1] && now[2] === stamp[2];
}

/** In the nearest node_modules at or above the root (a workspace package's may be its repository's). */
function snapshotPath(root: string, settings: string): string | undefined {
  for (let dir = root; ; dir = dirname(dir)) {
    const modules = join(dir, 'node_modules');
    if (statSync(modules, { throwIfNoEntry: false })?.isDirectory()) {
      const name = hashOf(`${FORMAT}\0${root}\0${settings}`);
      return join(modules, '.cache', 'eslint-plugin-glean', `closed-project-${name}.json`);
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * A file name for a key (53 bits, cyrb53): the file itself holds what it was kept for, so a collision
 * costs a scan, never a wrong verdict. Not node:crypto, which the rules' first look would load for it.
 */
function hashOf(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** The paths the verdict rests on beside the listing's own: configs and installs here and in every parent folder. */
function parentPaths(root: string): string[] {
  const paths: string[] = [];
  for (let dir = root; ; dir = dirname(dir)) {
    for (const name of [...PARENT_CONFIGS, ...INSTALL_MARKERS]) paths.push(join(dir, name));
    if (dirname(dir) === dir) return paths;
  }
}

/**
 * Whether a verdict kept by an earlier run for `root` under `settings` still holds (and was taken by
 * what `check` names): then the files whose texts it tested, unchanged since; else undefined.
 */
export function keptUnmarked(root: string, settings: string, check: VerdictCheck): KeptVerdict | undefined {
  const path = snapshotPath(root, settings);
  if (path === undefined) return undefined;
  let snapshot: Snapshot;
  try {
    snapshot = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  } catch {
    return undefined;
  }
  const { paths, stamps, tested } = snapshot;
  if (
    snapshot.format !== FORMAT ||
    snapshot.settings !== settings ||
    ('key' in check ? snapshot.key !== check.key : snapshot.build !== check.build) ||
    !Array.isArray(paths) ||
    !Array.isArray(stamps) ||
    !Array.isArray(tested) ||
    paths.length === 0 ||
    paths.length !== stamps.length
  ) {
    return undefined;
  }
  // `relative()` gave each path from the root: joined back by concatenation, without normalising again.
  const prefix = root.endsWith(sep) ? root : root + sep;
  const absolute = (index: number): string => (paths[index] === '' ? root : prefix + paths[index]!);
  if (!paths.every((_, index) => stampHolds(absolute(index), stamps[index]!))) return undefined;
  // Checked by its text test's key, taken by another build: filed again under this one, so that the
  // rules' first look (which checks the build) trusts it from the next run on.
  if ('key' in check && snapshot.build !== BUILD_ID) writeSnapshot(path, { ...snapshot, build: BUILD_ID });
  return { files: new Set(tested.filter((index) => stamps[index]?.[0] === 2).map(absolute)), nestedConfigs: snapshot.nestedConfigs === true };
}

/** What a kept verdict rests on: paths relative to the root, and their stamps. */
export type Stamps = Pick<Snapshot, 'paths' | 'stamps'>;

/**
 * The stamps of what a scan of `listing` rests on beside its files, taken before it reads any:
 * `settingFiles`, the files the settings name (a register file), whose content the settings' key does
 * not show. The scan stamps each file before it reads it (stampOf), and adds them (withFileStamps).
 */
export function stampsBefore(root: string, listing: SourceListing, settingFiles: readonly string[] = []): Stamps {
  const paths = [...new Set([...listing.dirs, ...listing.configs, ...settingFiles, ...parentPaths(root)])];
  return { paths: paths.map((path) => relative(root, path)), stamps: paths.map(stampOf) };
}

/** `before` with the files' own stamps, each taken before its text was read. */
export function withFileStamps(root: string, before: Stamps, files: ReadonlyMap<string, Stamp>): Stamps {
  const paths = [...before.paths];
  const stamps = [...before.stamps];
  const known = new Set(paths);
  for (const [path, stamp] of files) {
    const relativePath = relative(root, path);
    if (known.has(relativePath)) continue;
    known.add(relativePath);
    paths.push(relativePath);
    stamps.push(stamp);
  }
  return { paths, stamps };
}

/** What an unmarked verdict is kept under and with: the settings, the text test's key, and whether configs are nested. */
export interface KeptUnder {
  settings: string;
  key: string;
  nestedConfigs: boolean;
}

/**
 * Keeps an "unmarked" verdict for the next run, with the files whose texts the scan tested; a project
 * without node_modules, or a folder that cannot be written, keeps nothing.
 */
export function keepUnmarked(root: string, under: KeptUnder, { paths, stamps }: Stamps, testedFiles: ReadonlySet<string>): void {
  const path = snapshotPath(root, under.settings);
  if (path === undefined) return;
  const prefix = root.endsWith(sep) ? root : root + sep;
  const tested = paths.flatMap((relativePath, index) => (testedFiles.has(relativePath === '' ? root : prefix + relativePath) ? [index] : []));
  writeSnapshot(path, { format: FORMAT, settings: under.settings, key: under.key, build: BUILD_ID, nestedConfigs: under.nestedConfigs, paths, stamps, tested });
}

function writeSnapshot(path: string, snapshot: Snapshot): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    // Written whole, then renamed: parallel lint processes never read half a file.
    const partial = `${path}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(snapshot));
    renameSync(partial, path);
  } catch {
    // A read-only install or a full disk: the next run scans again.
  }
}
