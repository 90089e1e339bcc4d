import { importSpecifiers, reexportSpecifiers, textFacts } from './module-cache.js';
import { resolveImport } from './resolver.js';
import { isStale } from './freshness.js';

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
const verdicts = new Map<TextTest, Map<TextTest | undefined, Map<string, boolean>>>();

/**
 * `carries`: the modules a mark passes through to their importers (by default all of them); a module
 * that only declares functions, say, does not hand its imports' values on.
 */
export function importsMarkedModule(path: string, text: string, marked: TextTest, carries?: TextTest): boolean {
  return importSpecifiers(text).some((specifier) => specifierLeadsToMarked(path, specifier, marked, carries));
}

type TextTest = (text: string) => boolean;

function isMarked(path: string, marked: TextTest, carries: TextTest | undefined, depth: number, known: Map<string, boolean>): boolean {
  const key = `${depth}\0${path}`;
  const verdict = known.get(key);
  if (verdict !== undefined) return verdict;
  // A cycle comes back here before the verdict is known: it adds nothing.
  known.set(key, false);
  const facts = textFacts(path, marked);
  let found = facts?.marked ?? false;
  // A barrel's re-export (`export * from './config.js'`) hands the module's names on as they are: it
  // costs no step (each module is still looked at once per depth, so a cycle of barrels ends).
  const reexports = !found && facts && facts.specifiers.length > 0 ? reexportSpecifiers(path) : [];
  if (!found && facts && (depth > 1 || reexports.length > 0) && (!carries || textFacts(path, carries)?.marked)) {
    found = facts.specifiers.some((specifier) => {
      const next = reexports.includes(specifier) ? depth : depth - 1;
      if (next < 1) return false;
      const target = resolveImport(path, specifier);
      return target !== undefined && isMarked(target, marked, carries, next, known);
    });
  }
  known.set(key, found);
  return found;
}

/** Whether the module `specifier` names from `fromPath` is marked, or imports one that is (see importsMarkedModule). */
export function specifierLeadsToMarked(fromPath: string, specifier: string, marked: TextTest, carries?: TextTest): boolean {
  const target = resolveImport(fromPath, specifier);
  return target !== undefined && target !== fromPath && moduleIsMarked(target, marked, carries);
}

/** Whether the module at `path` is marked, or imports one that is (see importsMarkedModule). */
export function moduleIsMarked(path: string, marked: TextTest, carries?: TextTest): boolean {
  if (isStale(verdictsSince)) {
    verdicts.clear();
    verdictsSince = Date.now();
  }
  let byCarrier = verdicts.get(marked);
  if (!byCarrier) verdicts.set(marked, (byCarrier = new Map()));
  let known = byCarrier.get(carries);
  if (!known) byCarrier.set(carries, (known = new Map()));
  return isMarked(path, marked, carries, MAX_DEPTH, known);
}

/** Forgets every verdict (for tests). */
export function forgetVerdicts(): void {
  verdicts.clear();
}
