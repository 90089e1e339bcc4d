import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { SourceListing } from './project-index.js';

/**
 * The closed-project verdict ("no file here names Glean, and no import leaves these files") kept
 * between runs, so that a project that never names Glean pays a look at its files' and folders'
 * modification times on the next run, not a read of every file. A run under oxlint is a few hundred
 * milliseconds: the read was most of what the plugin cost there.
 *
 * What the verdict rests on is recorded when the scan starts, before any file is read: every folder the
 * walk listed (a file added, removed or renamed changes its folder's time), every source file, the
 * configs that decide where imports resolve (package.json, tsconfig, jsconfig, in the project and its
 * parent folders) and the installs in node_modules. The next run trusts the verdict only if every one
 * of them is unchanged; a change made while the scan ran is a change for the next run too. Only the
 * "unmarked" verdict is kept: a project that names Glean stops its scan at the first file that does.
 *
 * Kept in `node_modules/.cache/eslint-plugin-glean/` in the nearest node_modules at or above the
 * project's root (the convention of Babel, ESLint plugins and bundlers), and only there: without a
 * node_modules folder nothing is written. Deleting the folder is always safe.
 */

/** Bumped whenever what the scan decides changes in a way its key (the text test's own) does not show. */
const FORMAT = 2;

/** A path's kind (0 missing or unreadable, 1 folder, 2 file), size and modification time. */
type Stamp = [kind: number, size: number, mtimeMs: number];

interface Snapshot {
  format: number;
  key: string;
  /** Paths relative to the root (each as `relative()` gives it), and their stamps. */
  paths: string[];
  stamps: Stamp[];
  /** The indexes of the paths that are source files whose texts the scan tested. */
  tested: number[];
}

/** Files in a folder or one of its parents that change where a project's imports resolve. */
const PARENT_CONFIGS = ['package.json', 'tsconfig.json', 'jsconfig.json', 'pnpm-workspace.yaml'];
/**
 * What a package manager rewrites on each install (npm, pnpm, Yarn's node-modules linker). Not the
 * node_modules folder's own time: writing the kept verdict into it changes that.
 */
const INSTALL_MARKERS = ['node_modules/.package-lock.json', 'node_modules/.modules.yaml', 'node_modules/.yarn-state.yml'];

function stampOf(path: string): Stamp {
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
function snapshotPath(root: string, key: string): string | undefined {
  for (let dir = root; ; dir = dirname(dir)) {
    const modules = join(dir, 'node_modules');
    if (statSync(modules, { throwIfNoEntry: false })?.isDirectory()) {
      const name = createHash('sha1').update(`${FORMAT}\0${root}\0${key}`).digest('hex').slice(0, 16);
      return join(modules, '.cache', 'eslint-plugin-glean', `closed-project-${name}.json`);
    }
    if (dirname(dir) === dir) return undefined;
  }
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
 * Whether a verdict kept by an earlier run for `root` and `key` still holds: then the source files whose
 * texts it tested (absolute paths, unchanged since), else undefined.
 */
export function keptUnmarked(root: string, key: string): ReadonlySet<string> | undefined {
  const path = snapshotPath(root, key);
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
    snapshot.key !== key ||
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
  return new Set(tested.filter((index) => stamps[index]?.[0] === 2).map(absolute));
}

/** The stamps of what a scan of `listing` rests on, taken before it reads anything. */
export function stampsBefore(root: string, listing: SourceListing): Pick<Snapshot, 'paths' | 'stamps'> {
  const paths = [...new Set([...listing.dirs, ...listing.files, ...listing.configs, ...parentPaths(root)])];
  return { paths: paths.map((path) => relative(root, path)), stamps: paths.map(stampOf) };
}

/**
 * Keeps an "unmarked" verdict for the next run, with the files whose texts the scan tested; a project
 * without node_modules, or a folder that cannot be written, keeps nothing.
 */
export function keepUnmarked(root: string, key: string, { paths, stamps }: Pick<Snapshot, 'paths' | 'stamps'>, testedFiles: ReadonlySet<string>): void {
  const path = snapshotPath(root, key);
  if (path === undefined) return;
  const prefix = root.endsWith(sep) ? root : root + sep;
  const tested = paths.flatMap((relativePath, index) => (testedFiles.has(relativePath === '' ? root : prefix + relativePath) ? [index] : []));
  const snapshot: Snapshot = { format: FORMAT, key, paths, stamps, tested };
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
