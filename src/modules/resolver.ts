import type * as Oxc from 'oxc-resolver';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { isStale } from './freshness.js';
import { isJsonModule } from './parse.js';

/**
 * Finds the file an import names, the way the project's own build does: relative paths with or
 * without extensions (`./glean.js` written for `glean.ts`), index files, tsconfig `paths`/`baseUrl`
 * (each file's own tsconfig), package.json `imports` (`#lib/glean`) and workspace packages (through
 * their symlinks in node_modules, to their sources). Resolution is oxc-resolver's.
 *
 * Only the project's own modules are followed: a file inside node_modules (a published package, the
 * Glean SDK itself) or a Node built-in is not, nor is anything that is not JavaScript or TypeScript
 * source (a `.d.ts` has no values). A package linted where it is installed follows its own modules.
 */

const require = createRequire(import.meta.url);

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const NODE_MODULES = `${sep}node_modules${sep}`;

let factory: Oxc.ResolverFactory | undefined;
let sourcesFactory: Oxc.ResolverFactory | undefined;
let plainFactory: Oxc.ResolverFactory | undefined;
let jsonFactory: Oxc.ResolverFactory | undefined;
let cachedAt = 0;
/** Resolutions by importing folder, then specifier (the folder decides: relative paths, its tsconfig, its package.json). */
const results = new Map<string, Map<string, string | null>>();
/** The last importing file's folder's resolutions: the gates ask of one file's specifiers in a row. */
let lastFrom: { file: string; byFolder: Map<string, string | null> } | undefined;

/** How the project's imports resolve (each file's own tsconfig is added where it applies). */
const OPTIONS: Oxc.NapiResolveOptions = {
  extensions: SOURCE_EXTENSIONS,
  // `import './glean.js'` in TypeScript sources means `./glean.ts`.
  extensionAlias: { '.js': ['.ts', '.tsx', '.js', '.jsx'], '.jsx': ['.tsx', '.jsx'], '.mjs': ['.mts', '.mjs'], '.cjs': ['.cts', '.cjs'] },
  // No `types`: a declaration file has no values to follow.
  conditionNames: ['node', 'import', 'require', 'module', 'default'],
  mainFields: ['module', 'main'],
  builtinModules: true,
};

function resolverFactory(): Oxc.ResolverFactory {
  if (!factory) {
    // Loaded on first use: a file with no project import never pays for the native module.
    const { ResolverFactory } = require('oxc-resolver') as typeof Oxc;
    factory = new ResolverFactory({ ...OPTIONS, tsconfig: 'auto' });
  }
  return factory;
}

/** Without tsconfig files (see resolveUncached); it shares the first resolver's cache. */
function plainResolver(): Oxc.ResolverFactory {
  plainFactory ??= resolverFactory().cloneWithOptions(OPTIONS);
  return plainFactory;
}

/**
 * For a relative specifier no source file answers: a JSON module named without its extension
 * (`require('./config')` for `config.json`, or a folder's `index.json`), as `require`, webpack and Vite
 * find it. A source file of the same name wins, as it does for them.
 */
function jsonResolver(): Oxc.ResolverFactory {
  jsonFactory ??= resolverFactory().cloneWithOptions({ ...OPTIONS, extensions: ['.json'], extensionAlias: {} });
  return jsonFactory;
}

/**
 * For a workspace package whose entry points at its build (not there before a build) but whose
 * `source` or `types` condition, or `types` field, points at its TypeScript sources: resolved again
 * with those first (a declaration file found that way is still not followed).
 */
function sourcesResolver(): Oxc.ResolverFactory {
  sourcesFactory ??= resolverFactory().cloneWithOptions({
    ...OPTIONS,
    tsconfig: 'auto',
    conditionNames: ['source', 'types', ...OPTIONS.conditionNames!],
    mainFields: ['source', 'types', 'typings', 'module', 'main'],
  });
  return sourcesFactory;
}

/** Resolvers given the nearest tsconfig.json of a folder outright (see resolveUncached), by that file. */
const byTsconfig = new Map<string, Oxc.ResolverFactory>();
const nearestTsconfig = new Map<string, string | null>();

function tsconfigResolver(folder: string): Oxc.ResolverFactory | undefined {
  const config = nearestTsconfigOf(folder);
  if (config === null) return undefined;
  let resolver = byTsconfig.get(config);
  if (resolver === undefined) {
    // A resolver of its own: one that shares the first one's cache answers as that one did for the file.
    const { ResolverFactory } = require('oxc-resolver') as typeof Oxc;
    resolver = new ResolverFactory({ ...OPTIONS, tsconfig: { configFile: config } });
    byTsconfig.set(config, resolver);
  }
  return resolver;
}

function nearestTsconfigOf(folder: string): string | null {
  let config = nearestTsconfig.get(folder);
  if (config === undefined) {
    const here = join(folder, 'tsconfig.json');
    const parent = dirname(folder);
    config = existsSync(here) ? here : folder.includes(NODE_MODULES) || parent === folder ? null : nearestTsconfigOf(parent);
    nearestTsconfig.set(folder, config);
  }
  return config;
}

/** Forgets every resolution (and oxc-resolver's cache): for tests, and after a file was not found. */
export function clearResolutions(): void {
  results.clear();
  lastFrom = undefined;
  nearestTsconfig.clear();
  for (const resolver of byTsconfig.values()) resolver.clearCache();
  // The clone shares the first resolver's cache.
  factory?.clearCache();
  cachedAt = Date.now();
}

/**
 * The project source file `specifier` names when imported from `fromFile`, or undefined when it is not
 * one (a package, a built-in, a missing file, another kind of file).
 */
export function resolveImport(fromFile: string, specifier: string): string | undefined {
  // Resolutions (and oxc-resolver's own cache of directories, package.json files and tsconfigs) are
  // read again as freshness.ts says: a file created or renamed in an editor session is then seen.
  if (isStale(cachedAt)) clearResolutions();
  let byFolder = lastFrom?.file === fromFile ? lastFrom.byFolder : undefined;
  if (!byFolder) {
    const folder = dirname(fromFile);
    byFolder = results.get(folder);
    if (!byFolder) results.set(folder, (byFolder = new Map()));
    lastFrom = { file: fromFile, byFolder };
  }
  let found = byFolder.get(specifier);
  if (found === undefined) {
    found = resolveUncached(fromFile, specifier) ?? null;
    byFolder.set(specifier, found);
  }
  return found ?? undefined;
}

function resolveUncached(fromFile: string, specifier: string): string | undefined {
  if (specifier.startsWith('node:')) return undefined;
  let result: Oxc.ResolveResult;
  try {
    result = resolverFactory().resolveFileSync(fromFile, specifier);
    if (!result.path && !result.builtin && !specifier.startsWith('.')) result = sourcesResolver().resolveFileSync(fromFile, specifier);
    // A tsconfig.json that extends a config that is not installed fails every resolution with it; the
    // project's relative imports and packages still resolve without it.
    if (!result.path && !result.builtin && /tsconfig/i.test(result.error ?? '')) result = plainResolver().resolveFileSync(fromFile, specifier);
    // A file its folder's tsconfig does not include (a component, a config file, one excluded) is given
    // none of its `paths` when resolved as a file; the folder's tsconfig is what bundlers apply to it
    // (Vite's and SvelteKit's aliases), and resolutions are kept by folder, so a sibling must not decide.
    if (!result.path && !result.builtin && !specifier.startsWith('.')) {
      const folderResolver = tsconfigResolver(dirname(fromFile));
      if (folderResolver) result = folderResolver.sync(dirname(fromFile), specifier);
    }
    if (!result.path && specifier.startsWith('.') && !isJsonModule(specifier)) result = jsonResolver().resolveFileSync(fromFile, specifier);
  } catch {
    return undefined;
  }
  const path = result.path;
  if (!path || result.builtin || path.endsWith('.d.ts') || path.endsWith('.d.mts') || path.endsWith('.d.cts')) return undefined;
  if (path.includes(NODE_MODULES) && packageRoot(path) !== packageRoot(fromFile)) return undefined;
  // A JSON module, named with its extension (`import config from './glean.json'`) or, by a relative
  // specifier, without it (only jsonResolver finds such a path).
  return SOURCE_EXTENSIONS.some((extension) => path.endsWith(extension)) || isJsonModule(path) ? path : undefined;
}

/**
 * The installed package a path is in (`…/node_modules/@scope/name`), or undefined outside node_modules.
 * A package's own modules are followed from within it (linting a package's sources where they are
 * installed); another package is not.
 */
function packageRoot(path: string): string | undefined {
  const at = path.lastIndexOf(NODE_MODULES);
  if (at === -1) return undefined;
  const rest = path.slice(at + NODE_MODULES.length).split(sep);
  const length = rest[0]?.startsWith('@') ? 2 : 1;
  return path.slice(0, at + NODE_MODULES.length) + rest.slice(0, length).join(sep);
}
