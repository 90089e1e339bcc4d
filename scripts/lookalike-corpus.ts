// The look-alike corpus: real client SDKs of other REST and search APIs, pinned in
// fixtures/corpus/package-lock.json and installed under fixtures/corpus/node_modules. Shared by
// `npm run test:corpus` (which lints all of them) and `npm run bench` (which times one of them).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installLocked } from './locked-install.js';

export const LOOKALIKE_DIR = fileURLToPath(new URL('../fixtures/corpus/', import.meta.url));
export const LOOKALIKE_MODULES = join(LOOKALIKE_DIR, 'node_modules');

/** Installs fixtures/corpus (see installLocked). `offlineHint` tells the user how to run without it. */
export function installLookalikes(offlineHint: string): void {
  installLocked(LOOKALIKE_DIR, 'the look-alike corpus (fixtures/corpus)', offlineHint);
}
