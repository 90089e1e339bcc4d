/**
 * How long what the modules layer read from other files (import resolutions, the gate's verdicts, the
 * project index) is trusted. A command-line run lints each file once and the project does not change
 * under it: everything read stays valid for the run. An editor keeps ESLint running while files
 * change: once a file is linted again a while after its last lint, this is such a process, and what
 * was read is read again when it is more than two seconds old. The modules the analysis parses are
 * checked against the disk for every linted file regardless (module-cache.ts).
 */

const REFRESH_MS = 2000;
/** `eslint --fix` lints a file again at once, with its fixes applied; an editor, when the user edits it. */
const RELINT_AFTER_MS = 1000;

const lastLinted = new Map<string, number>();
let longLived = false;

/** Notes that a file is being linted now; true when it was linted before (a second look at the disk may be due). */
export function noteLinted(path: string): boolean {
  const now = Date.now();
  const last = lastLinted.get(path);
  lastLinted.set(path, now);
  if (last !== undefined && now - last >= RELINT_AFTER_MS) longLived = true;
  return last !== undefined;
}

/** Whether what was read at `since` (a Date.now() time) must be read again. */
export function isStale(since: number): boolean {
  return longLived && Date.now() - since > REFRESH_MS;
}

/** Back to a fresh process (for tests). */
export function forgetLints(): void {
  lastLinted.clear();
  longLived = false;
}

/** For tests: behave as an editor's long-lived process from now on. */
export function treatAsLongLived(): void {
  longLived = true;
}
