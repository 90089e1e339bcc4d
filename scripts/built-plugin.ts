// The built plugin (dist/), typed from its sources. The demo and the corpus run what `npm pack` ships,
// not the sources, so they load dist/ at run time: `npm run build` first (their npm scripts do).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type migrationReport from '../src/formatters/migration-report.js';
import type { GleanPlugin } from '../src/index.js';

async function importBuilt<T>(path: string): Promise<T> {
  const url = new URL(`../dist/${path}`, import.meta.url);
  if (!existsSync(fileURLToPath(url))) throw new Error(`dist/${path} is missing: run \`npm run build\` first`);
  const module = (await import(url.href)) as { default: T };
  return module.default;
}

export function loadBuiltPlugin(): Promise<GleanPlugin> {
  return importBuilt<GleanPlugin>('bundle/index.js');
}

export function loadBuiltMigrationReport(): Promise<typeof migrationReport> {
  return importBuilt<typeof migrationReport>('bundle/formatter.js');
}
