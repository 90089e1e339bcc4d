// Pinned fixture projects that the slow proofs install from the npm registry (fixtures/corpus for
// `npm run test:corpus` and the bench, fixtures/bench-app for the bench).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Installs the project in `dir` with `npm ci` unless its node_modules already holds exactly the locked
 * versions (the lock's hash is written next to them after a successful install). `what` names it in
 * messages; `offlineHint` tells the user how to run without it.
 */
export function installLocked(dir: string, what: string, offlineHint: string): void {
  const lock = readFileSync(join(dir, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  const stamp = join(dir, 'node_modules', '.lock-sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  process.stderr.write(`  installing ${what}: npm ci…\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (run.status !== 0) {
    throw new Error(`npm ci for ${what} failed (${run.error?.message ?? `exit ${run.status}`}); it needs the npm registry. ${offlineHint}`);
  }
  writeFileSync(stamp, hash);
}
