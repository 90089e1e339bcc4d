// The look-alike corpus: real client SDKs of other REST and search APIs, pinned in
// fixtures/corpus/package-lock.json and installed under fixtures/corpus/node_modules. Shared by
// `npm run test:corpus` (which lints all of them) and `npm run bench` (which times one of them).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOOKALIKE_DIR = fileURLToPath(new URL('../fixtures/corpus/', import.meta.url));
export const LOOKALIKE_MODULES = join(LOOKALIKE_DIR, 'node_modules');

/**
 * Installs fixtures/corpus with `npm ci` unless its node_modules already holds exactly the locked
 * versions (the lock's hash is written next to them after a successful install). `offlineHint`
 * tells the user how to run without them.
 */
export function installLookalikes(offlineHint: string): void {
  const lock = readFileSync(join(LOOKALIKE_DIR, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  const stamp = join(LOOKALIKE_MODULES, '.corpus-lock-sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  process.stderr.write('  installing the look-alike corpus (fixtures/corpus: npm ci)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: LOOKALIKE_DIR,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (run.status !== 0) {
    throw new Error(`npm ci in fixtures/corpus failed (${run.error?.message ?? `exit ${run.status}`}); it needs the npm registry. ${offlineHint}`);
  }
  writeFileSync(stamp, hash);
}
