import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
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

/**
 * The analysis behind the rules (src/rule-kit/implementation.ts) is an entry of its own, which the
 * plugin's entry does not import: src/rule-kit/load-implementation.ts, which imports it from the
 * sources, is replaced here by a module that requires it synchronously on first use (Node's `require`
 * of an ES module, Node 20.19 and later: the analysis's modules may have no top-level await, which the
 * bundled tests would show). Importing the plugin then compiles and runs the rules' metadata, the
 * configs and the rules' first look at a file, not the analysis, which a file that never names Glean
 * never needs.
 */
const LAZY_IMPLEMENTATION = `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
let implementation;
export function loadImplementation() {
  return (implementation ??= require('./implementation.js'));
}
`;

/** The compiled code's hash: what identifies it in a verdict kept between runs (src/util/build-id.ts). */
function buildId(): string {
  const hash = createHash('sha256');
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.js')) hash.update(path).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  visit('dist/src');
  visit('dist/rules');
  return hash.digest('hex').slice(0, 16);
}

const ends = (id: string, path: string): boolean => id.split('\\').join('/').endsWith(path);

export default defineConfig({
  plugins: [
    {
      name: 'eslint-plugin-glean:lazy-implementation',
      load(id) {
        if (ends(id, '/dist/src/rule-kit/load-implementation.js')) return LAZY_IMPLEMENTATION;
        if (ends(id, '/dist/src/util/build-id.js')) return `export const BUILD_ID = ${JSON.stringify(buildId())};\n`;
        return null;
      },
    },
  ],
  input: {
    index: 'dist/src/index.js',
    implementation: 'dist/src/rule-kit/implementation.js',
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
