import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { importFacts, textFacts } from './module-cache.js';
import { resolveImport } from './resolver.js';
import { isStale } from './freshness.js';

/**
 * Which of the project's files import a given module: what the analysis needs to see a module from the
 * other side, where a payload part or a wrapper written in it is used by code that talks to Glean
 * (`toGleanEmployee(row)` here, sent by `sync.ts`). Built from texts alone: the project's source files
 * under ESLint's working directory (not node_modules, build output or hidden folders), and the import
 * specifiers each one writes; a specifier is resolved only when its last segment could name the module.
 *
 * Freshness (freshness.ts): built once for a command-line run; in an editor, looked at again when it is
 * older than two seconds, re-reading (through the module cache) only files whose size or modification
 * time changed.
 */

/** Source files, Vue and Svelte components included (their scripts import the project's modules). */
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx|vue|svelte)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
export const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'build', 'out', 'coverage', 'bower_components', 'vendor']);
export const MAX_FILES = 20_000;

interface IndexedFile {
  specifiers: readonly string[];
  /** `export … from` specifiers: importers of what this file re-exports import it through this file. */
  reexports: readonly string[];
}

interface ProjectIndex {
  root: string;
  builtAt: number;
  files: Map<string, IndexedFile>;
  /** The files whose specifiers end with a name (`mapper` for `../lib/mapper.js`), built on first use. */
  byLastSegment?: Map<string, string[]>;
  /** Each file's specifiers by the name they end with, built with byLastSegment. */
  specifiersBySegment?: Map<string, Map<string, string[]>>;
  /** Each module's direct importers, found on first need. */
  importersByTarget?: Map<string, readonly { file: string; reexports: boolean }[]>;
  /** The files whose text passes a test, by test, listed on first need. */
  passingByTest?: Map<(text: string) => boolean, readonly string[]>;
  /** Each module's importers through barrels (importersOf), found on first need: a module many files send through is asked for every one of them. */
  importersByModule?: Map<string, readonly string[]>;
}

const indexes = new Map<string, ProjectIndex>();
/** Forgets every index (for tests). */
export function forgetProjectIndexes(): void {
  indexes.clear();
  packageNames.clear();
}

function projectIndex(root: string): ProjectIndex {
  let index = indexes.get(root);
  if (index && !isStale(index.builtAt)) return index;
  index = { root, builtAt: Date.now(), files: new Map() };
  // The texts are read through the module cache, once for the index and the import gate alike.
  for (const path of sourceFiles(root)) {
    const facts = importFacts(path);
    if (facts) index.files.set(path, facts);
  }
  indexes.set(root, index);
  return index;
}

/** The project's source files under `root` (ESLint's working directory), as the index and the closed-project check read them. */
export function sourceFiles(root: string): string[] {
  return sourceListing(root).files;
}

/** What a walk of the project's folders saw: its source files, the folders it read, and the configs among them. */
export interface SourceListing {
  files: string[];
  dirs: string[];
  /** package.json, tsconfig and jsconfig files: where imports resolve can change with them. */
  configs: string[];
  /**
   * Whether a folder below the root holds an oxlint config (`.oxlintrc.json`, `oxlint.config.ts`): oxlint
   * then gives that folder's files its settings, where otherwise every file has the root's.
   */
  nestedConfigs: boolean;
  /** The JSON files seen: a relative specifier without an extension may name one (`require('./config')`). */
  jsonFiles: Set<string>;
}

const RESOLUTION_CONFIG = /^(?:package\.json|[tj]sconfig(?:\..*)?\.json)$/;
const JSON_FILE = /\.json$/i;
const LINTER_CONFIG = /^(?:\.oxlintrc\.json|oxlint\.config\.[cm]?[jt]s)$/;

export function sourceListing(root: string): SourceListing {
  const listing: SourceListing = { files: [], dirs: [], configs: [], nestedConfigs: false, jsonFiles: new Set() };
  const stack = [root];
  while (stack.length > 0 && listing.files.length < MAX_FILES) {
    const dir = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    listing.dirs.push(dir);
    for (const entry of entries) {
      if (dir !== root && LINTER_CONFIG.test(entry.name)) listing.nestedConfigs = true;
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) stack.push(path);
      } else if (entry.isFile() && SOURCE.test(entry.name) && !DECLARATION.test(entry.name)) {
        listing.files.push(path);
      } else {
        if (RESOLUTION_CONFIG.test(entry.name)) listing.configs.push(path);
        if (JSON_FILE.test(entry.name)) listing.jsonFiles.add(path);
      }
    }
  }
  return listing;
}


/**
 * The names an import of `path` may end with: its base name; for an index file, its folder's; and the
 * name of the package it is in (a workspace package's entry is imported by the package's name).
 */
function namesOf(path: string): Set<string> {
  const base = basename(path, extname(path));
  const names = new Set([base]);
  if (base === 'index') names.add(basename(dirname(path)));
  const packageName = nearestPackageName(dirname(path));
  if (packageName) names.add(packageName.slice(packageName.lastIndexOf('/') + 1));
  return names;
}

const packageNames = new Map<string, string | undefined>();

function nearestPackageName(dir: string): string | undefined {
  if (packageNames.has(dir)) return packageNames.get(dir);
  const name = readNearestPackageName(dir);
  packageNames.set(dir, name);
  return name;
}

function readNearestPackageName(dir: string): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    try {
      const name = (JSON.parse(readFileSync(join(current, 'package.json'), 'utf8')) as { name?: unknown }).name;
      return typeof name === 'string' ? name : undefined;
    } catch {
      // No package.json here (or an unreadable one): look further up.
    }
    if (dirname(current) === current) return undefined;
  }
}

/**
 * The names a specifier may end with, as namesOf(target) would list them: its last segment as written
 * and without what may be its extension (`../lib/mapper.js` → `mapper.js`, `mapper`; a file named with
 * a dot, `./employee.mapper`, is `employee.mapper`), or for a folder written as such (`'./'`, `'.'`,
 * `'..'`, `'./lib/'`) the folder's name, which its index file answers to.
 */
function segmentsOf(file: string, specifier: string): string[] {
  if (/^\.\.?$|\/$/.test(specifier) && specifier.startsWith('.')) return [basename(resolve(dirname(file), specifier))];
  const segment = specifier.slice(specifier.lastIndexOf('/') + 1);
  const dot = segment.lastIndexOf('.');
  return dot > 0 ? [segment, segment.slice(0, dot)] : [segment];
}

/**
 * The project files that import `path` (through files that re-export it, up to three deep), never
 * `path` itself. `root` is ESLint's working directory.
 */
export function importersOf(path: string, root: string): readonly string[] {
  const index = projectIndex(root);
  index.importersByModule ??= new Map();
  let importers = index.importersByModule.get(path);
  if (!importers) index.importersByModule.set(path, (importers = findImporters(index, path)));
  return importers;
}

function findImporters(index: ProjectIndex, path: string): string[] {
  const importers = new Set<string>();
  let targets = [path];
  const seen = new Set(targets);
  for (let depth = 0; depth < 3 && targets.length > 0; depth++) {
    const next: string[] = [];
    for (const target of targets) {
      for (const { file, reexports } of directImporters(index, target)) {
        if (file === path) continue;
        importers.add(file);
        // A barrel passes the module on to its own importers.
        if (reexports && !seen.has(file)) {
          seen.add(file);
          next.push(file);
        }
      }
    }
    targets = next;
  }
  return [...importers];
}

/** The project files that import `path` themselves (not through a barrel), never `path` itself. */
export function directImportersOf(path: string, root: string): string[] {
  return directImporters(projectIndex(root), path).flatMap(({ file }) => (file === path ? [] : [file]));
}

/**
 * The project's files whose text passes `test`, listed once per index. Meant for a test registered
 * with the module cache (registerTextTest), which each text already took at its one read: an
 * unregistered one reads every file again.
 */
export function projectFilesPassing(root: string, test: (text: string) => boolean): readonly string[] {
  const index = projectIndex(root);
  index.passingByTest ??= new Map();
  let passing = index.passingByTest.get(test);
  if (passing === undefined) {
    passing = [...index.files.keys()].filter((file) => textFacts(file, test)?.marked === true);
    index.passingByTest.set(test, passing);
  }
  return passing;
}

/** The files that import `target` themselves, and whether each re-exports it; remembered with the index. */
function directImporters(index: ProjectIndex, target: string): readonly { file: string; reexports: boolean }[] {
  index.importersByTarget ??= new Map();
  const known = index.importersByTarget.get(target);
  if (known) return known;
  const found: { file: string; reexports: boolean }[] = [];
  const names = namesOf(target);
  const candidates = new Set([...names].flatMap((name) => filesNaming(index, name)));
  for (const file of candidates) {
    const facts = index.files.get(file)!;
    const bySegment = index.specifiersBySegment!.get(file)!;
    // A barrel names hundreds of modules: only the specifiers that end with one of the names are resolved.
    const through = [...names].flatMap((name) => bySegment.get(name) ?? []).filter((specifier) => resolveImport(file, specifier) === target);
    if (through.length > 0) found.push({ file, reexports: through.some((specifier) => facts.reexports.includes(specifier)) });
  }
  index.importersByTarget.set(target, found);
  return found;
}

function filesNaming(index: ProjectIndex, name: string): string[] {
  if (!index.byLastSegment) {
    const byLastSegment = new Map<string, string[]>();
    const specifiersBySegment = new Map<string, Map<string, string[]>>();
    for (const [file, facts] of index.files) {
      const bySegment = new Map<string, string[]>();
      for (const specifier of facts.specifiers) {
        for (const segment of segmentsOf(file, specifier)) {
          const specifiers = bySegment.get(segment);
          if (specifiers) specifiers.push(specifier);
          else bySegment.set(segment, [specifier]);
        }
      }
      specifiersBySegment.set(file, bySegment);
      for (const segment of bySegment.keys()) {
        const list = byLastSegment.get(segment);
        if (list) list.push(file);
        else byLastSegment.set(segment, [file]);
      }
    }
    index.byLastSegment = byLastSegment;
    index.specifiersBySegment = specifiersBySegment;
  }
  return index.byLastSegment.get(name) ?? [];
}
