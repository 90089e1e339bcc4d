import { importSpecifiers, textFacts, currentTick } from './module-cache.js';
import { resolveImport } from './resolver.js';

/**
 * The cheap check before a file that names nothing of Glean's is analysed: does it import a project
 * module that does (directly, or through at most `MAX_DEPTH` modules: a barrel, a wrapper over the
 * client)? Read from texts alone (the import specifiers and the Glean markers), never parsed; each
 * module's verdict is remembered for the current linted file.
 */

/** `agents.ts` → `lib/glean.ts` → `lib/config.ts` → `lib/env.ts`: deep enough for a client and its base URL. */
const MAX_DEPTH = 3;

let verdictsTick = -1;
const verdicts = new Map<string, boolean>();

export function importsMarkedModule(path: string, text: string, marked: (text: string) => boolean): boolean {
  return importSpecifiers(text).some((specifier) => specifierLeadsToMarked(path, specifier, marked));
}

function isMarked(path: string, marked: (text: string) => boolean, depth: number): boolean {
  const key = `${depth}\0${path}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  // A cycle comes back here before the verdict is known: it adds nothing.
  verdicts.set(key, false);
  const facts = textFacts(path, marked);
  let verdict = facts?.marked ?? false;
  if (!verdict && facts && depth > 1) {
    verdict = facts.specifiers.some((specifier) => {
      const target = resolveImport(path, specifier);
      return target !== undefined && isMarked(target, marked, depth - 1);
    });
  }
  verdicts.set(key, verdict);
  return verdict;
}

/** Whether the module `specifier` names from `fromPath` is marked, or imports one that is (see importsMarkedModule). */
export function specifierLeadsToMarked(fromPath: string, specifier: string, marked: (text: string) => boolean): boolean {
  const target = resolveImport(fromPath, specifier);
  return target !== undefined && target !== fromPath && moduleIsMarked(target, marked);
}

/** Whether the module at `path` is marked, or imports one that is (see importsMarkedModule). */
export function moduleIsMarked(path: string, marked: (text: string) => boolean): boolean {
  const tick = currentTick();
  if (verdictsTick !== tick) {
    verdicts.clear();
    verdictsTick = tick;
  }
  return isMarked(path, marked, MAX_DEPTH);
}
