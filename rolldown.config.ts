import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { defineConfig } from 'rolldown';

/**
 * The shipped code: the compiler's output (dist/src, dist/rules) bundled into one module per package
 * export, with the code they share in common chunks, in dist/bundle/. Node's ES module loader costs
 * about a third of a millisecond per file, and every editor start, lint run and oxlint run imports
 * the plugin: one bundle instead of 113 files halves that import. Dependencies stay external, so a
 * user's install decides their versions, as it would unbundled.
 */

const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const packages = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];
const builtins = new Set(builtinModules);

const isExternal = (id: string): boolean =>
  id.startsWith('node:') || builtins.has(id) || packages.some((name) => id === name || id.startsWith(`${name}/`));

export default defineConfig({
  input: {
    index: 'dist/src/index.js',
    register: 'dist/src/register/index.js',
    formatter: 'dist/src/formatters/migration-report.js',
    'formatter-markdown': 'dist/src/formatters/migration-report-markdown.js',
    cli: 'dist/src/cli/main.js',
  },
  platform: 'node',
  external: isExternal,
  output: {
    dir: 'dist/bundle',
    format: 'esm',
    // Stable names (no content hash): a rebuild of the same sources writes the same files. The
    // chunks sit beside the entries, so every module finds package.json two folders up.
    chunkFileNames: 'shared-[name].js',
    // Comments are for the sources; without them, and with non-ASCII characters escaped, V8 keeps the
    // code as one-byte strings: about 1 MB less memory in every process that loads the plugin.
    comments: false,
    charset: 'ascii',
    cleanDir: true,
  },
});
