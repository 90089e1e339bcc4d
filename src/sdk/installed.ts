import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { isStale } from '../modules/freshness.js';
import { SDK_PACKAGE } from './generated/operations.js';
import { sdkContextOf, type SdkContext } from './versions.js';

/**
 * Which `@gleanwork/api-client` a linted file uses: the one Node resolves from the file's directory
 * (the nearest `node_modules/@gleanwork/api-client` up the tree), so each package of a monorepo gets
 * its own. Asked only for files that name Glean. Each directory is looked at once, each SDK
 * package.json read once per run (an editor's long-lived process looks again when two seconds old,
 * as for the project's other files: freshness.ts).
 */

const MANIFEST = join('node_modules', ...SDK_PACKAGE.split('/'), 'package.json');

interface Found<T> {
  value: T;
  at: number;
}

/** Directory → the SDK package.json that resolves from it (null: none). */
const manifestOf = new Map<string, Found<string | null>>();
/** SDK package.json → its version (undefined: unreadable). */
const versionOf = new Map<string, Found<string | undefined>>();

function fresh<T>(found: Found<T> | undefined): found is Found<T> {
  return found !== undefined && !isStale(found.at);
}

function manifestFrom(dir: string): string | null {
  const known = manifestOf.get(dir);
  if (fresh(known)) return known.value;
  const candidate = join(dir, MANIFEST);
  const parent = dirname(dir);
  const value = isFile(candidate) ? candidate : parent === dir ? null : manifestFrom(parent);
  manifestOf.set(dir, { value, at: Date.now() });
  return value;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function versionIn(manifest: string): string | undefined {
  const known = versionOf.get(manifest);
  if (fresh(known)) return known.value;
  let value: string | undefined;
  try {
    const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version;
    value = typeof version === 'string' ? version : undefined;
  } catch {
    value = undefined;
  }
  versionOf.set(manifest, { value, at: Date.now() });
  return value;
}

/** The version of the SDK that resolves from `dir`, if one does. */
export function installedSdkVersion(dir: string): string | undefined {
  const manifest = manifestFrom(dir);
  return manifest === null ? undefined : versionIn(manifest);
}

/**
 * The SDK context of a file: ESLint's physical filename, resolved against its working directory
 * when relative (`<text>` for stdin stands for a file there).
 */
export function sdkContextForFile(filename: string | undefined, cwd: string = process.cwd()): SdkContext {
  const dir = filename === undefined ? cwd : dirname(resolve(cwd, filename));
  return sdkContextOf(installedSdkVersion(dir));
}

/** Forgets what was read (for tests). */
export function forgetInstalledSdks(): void {
  manifestOf.clear();
  versionOf.clear();
}
