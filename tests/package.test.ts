import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The published package, as users get it: the working tree is copied to .tmp/, built with the
 * package's `prepare` script (what npm runs for a git install and before `npm pack`) and packed; the
 * tarball must hold only what users need, pass publint and are-the-types-wrong (ESM-only profile),
 * and work when installed into a fresh project next to ESLint: linting (a use across modules too, so
 * the bundle loads its resolver and parser) with `glean.configs.recommended` from `eslint.config.js`
 * and from `eslint.config.ts` (through jiti, type-checked against the package's types) and from
 * `eslint.config.cjs` (`require()` gives the plugin, for TypeScript too), and printing the migration
 * report with `eslint -f` and the formatters' stable paths.
 *
 * Slow (a build, a pack and an `npm install` from the local npm cache): about 20 s. Skipped when
 * GLEAN_SKIP_PACKAGE_TEST is set.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TMP = join(ROOT, '.tmp');
const exec = promisify(execFile);
const NOW = '2026-11-23';
/** What `glean.configs.recommended` reports in the consumer project, file by file: [rule, severity, line]. */
const RECOMMENDED_FINDINGS = [
  ['agents.ts', [['glean/no-deprecated', 1, 1]]],
  ['answers.js', [['glean/no-removed', 2, 1]]],
  ['chat.ts', [['glean/no-removed', 2, 2]]],
  ['glean.ts', []],
];

/** Top-level entries of the working tree that are never part of a build (see .gitignore). */
const NOT_SOURCES = new Set(['node_modules', 'dist', 'coverage', '.tmp', '.git', '.eslintcache']);

/** What a user needs, and nothing else. */
const ALLOWED = [
  /^package\.json$/,
  /^README\.md$/,
  /^CHANGELOG\.md$/,
  /^LICENSE$/,
  /^docs\/rules\/[\w-]+\.md$/,
  // The bundled code (one module per export, and the chunks they share) and the compiler's types.
  /^dist\/bundle\/[\w-]+\.js$/,
  /^dist\/(src|rules)\/[\w/-]+\.d\.ts$/,
  // The formatters' stable paths for `eslint -f`.
  /^formatter\.js$/,
  /^formatter\/markdown\.js$/,
];

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, unknown>;
};
const installedVersion = (name: string) =>
  (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The environment of a user's shell: without vitest's test markers (`NODE_ENV=test`, `TEST`,
 * `VITEST*`), which quieten tools' console output (rolldown's command line prints nothing under them).
 */
function shellEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  for (const name of Object.keys(env)) if (name === 'TEST' || name.startsWith('VITEST')) delete env[name];
  if (env.NODE_ENV === 'test') delete env.NODE_ENV;
  return env;
}

async function run(command: string, args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(command, args, {
      cwd,
      env: shellEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** Runs a command that must succeed; its output is in the failure message otherwise. */
async function ok(command: string, args: string[], cwd: string): Promise<string> {
  const result = await run(command, args, cwd);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.code}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const describePackage = process.env.GLEAN_SKIP_PACKAGE_TEST ? describe.skip : describe;

describePackage('the packed package', () => {
  let work: string;
  let tarball: string;
  let packedFiles: string[];
  let project: string;

  beforeAll(async () => {
    mkdirSync(TMP, { recursive: true });
    work = mkdtempSync(join(TMP, 'package-'));
    const source = join(work, 'source');
    for (const entry of readdirSync(ROOT)) {
      if (NOT_SOURCES.has(entry) || entry.endsWith('.tgz')) continue;
      // Nested installs (the look-alike SDKs under fixtures/corpus) are not sources, and large.
      cpSync(join(ROOT, entry), join(source, entry), { recursive: true, filter: (from) => basename(from) !== 'node_modules' });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
    // `npm pack` runs `prepare` (as a git install does), which builds: the package is what it builds, and
    // the build prints nothing that would corrupt the JSON `npm pack --json` prints.
    const packed = JSON.parse(await ok('npm', ['pack', '--json', '--pack-destination', work], source)) as {
      filename: string;
      files: { path: string }[];
    }[];
    tarball = join(work, packed[0]!.filename);
    packedFiles = packed[0]!.files.map((file) => file.path).sort();

    project = join(work, 'project');
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'glean-consumer', private: true, type: 'module' }, null, 2));
    await ok(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--save-dev',
        tarball,
        ...['eslint', 'jiti', 'typescript', 'typescript-eslint'].map((name) => `${name}@${installedVersion(name)}`),
      ],
      project,
    );
    writeFileSync(join(project, 'src/answers.js'), `export const list = () => fetch('/rest/api/v1/listanswers', { method: 'POST' });\n`);
    writeFileSync(join(project, 'src/agents.ts'), `export const get = (id: string) => fetch(\`/rest/api/v1/agents/\${id}\`);\n`);
    // A use across modules: the bundle must still load its resolver and parser for other modules.
    mkdirSync(join(project, 'src/lib'));
    writeFileSync(join(project, 'src/lib/glean.ts'), `export const BASE = 'https://acme-be.glean.com/rest/api/v1';\n`);
    writeFileSync(join(project, 'src/chat.ts'), `import { BASE } from './lib/glean.js';\nexport const answers = () => fetch(\`\${BASE}/listanswers\`, { method: 'POST' });\n`);
  }, 180_000);

  afterAll(() => {
    if (work && !process.env.GLEAN_KEEP_PACKAGE_TEST) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('holds only what users need: the built code and types, docs, README, LICENSE', () => {
    expect(packedFiles.filter((file) => !ALLOWED.some((allowed) => allowed.test(file)))).toEqual([]);
    expect(packedFiles).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'CHANGELOG.md',
        'LICENSE',
        'formatter.js',
        'formatter/markdown.js',
        'dist/bundle/index.js',
        'dist/bundle/register.js',
        'dist/bundle/formatter.js',
        'dist/bundle/formatter-markdown.js',
        'dist/bundle/cli.js',
        'dist/src/index.d.ts',
        'dist/src/register/index.d.ts',
        ...readdirSync(join(ROOT, 'docs/rules')).map((doc) => `docs/rules/${doc}`),
      ]),
    );
  });

  it('passes publint', async () => {
    const output = await ok(process.execPath, [join(ROOT, 'node_modules/publint/src/cli.js'), 'run', tarball, '--strict'], ROOT);
    expect(output).toContain('All good!');
  });

  it('passes are-the-types-wrong (ESM-only profile)', async () => {
    await ok(process.execPath, [join(ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--profile', 'esm-only', '--format', 'ascii'], ROOT);
  });

  it('every export resolves and loads in an installed project, imported and required', async () => {
    /** What each export gives: `import()`'s default export and named register, and `require()`. */
    const expected: Record<string, [string, string]> = {
      '.': ['object and register', 'plugin'],
      './register': ['undefined and register', 'register'],
      './formatter': ['function', 'module'],
      './formatter/markdown': ['function', 'module'],
      './package.json': ['object', 'object'],
    };
    expect(Object.keys(pkg.exports).sort()).toEqual(Object.keys(expected).sort());
    for (const subpath of Object.keys(pkg.exports)) {
      const specifier = JSON.stringify(`${pkg.name}${subpath.slice(1)}`);
      const describe = `(m) => (m.register?.items ? 'register' : m.configs?.recommended && m.rules && m.meta ? 'plugin' : m[Symbol.toStringTag] === 'Module' ? 'module' : typeof m)`;
      const imported = subpath.endsWith('.json')
        ? `import(${specifier}, { with: { type: 'json' } }).then((m) => console.log(typeof m.default))`
        : `import(${specifier}).then((m) => console.log(typeof m.default + (m.register?.items ? ' and register' : '')))`;
      const required = `console.log((${describe})(require(${specifier})))`;
      expect([
        subpath,
        (await ok(process.execPath, ['--input-type=module', '-e', imported], project)).trim(),
        (await ok(process.execPath, ['--input-type=commonjs', '-e', required], project)).trim(),
      ]).toEqual([subpath, ...expected[subpath]!]);
    }
  });

  it('lints with glean.configs.recommended from eslint.config.cjs, whose require() type-checks as the plugin', async () => {
    writeFileSync(
      join(project, 'eslint.config.cjs'),
      `const glean = require('eslint-plugin-glean');
const tseslint = require('typescript-eslint');

module.exports = [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
  glean.configs.recommended,
  { settings: { glean: { now: '${NOW}' } } },
];
`,
    );
    // TypeScript's view of the same require(), in a CommonJS TypeScript file.
    writeFileSync(
      join(project, 'types.cts'),
      `import glean = require('eslint-plugin-glean');
import registerModule = require('eslint-plugin-glean/register');
import type { Linter } from 'eslint';

export const configs: Linter.Config[] = [glean.configs.recommended, glean.configs.strict, glean.configs.migrate];
export const version: string = glean.meta.version;
export const ids: string[] = registerModule.register.items.map((item) => item.id);
`,
    );
    writeFileSync(
      join(project, 'tsconfig.cjs.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: true, types: [] },
        files: ['types.cts'],
      }),
    );
    try {
      await ok(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.cjs.json'], project);
      expect(await lintFindings()).toEqual(RECOMMENDED_FINDINGS);
    } finally {
      for (const file of ['eslint.config.cjs', 'types.cts', 'tsconfig.cjs.json']) unlinkSync(join(project, file));
    }
  });

  const lintFindings = async () => {
    const result = await run(process.execPath, ['node_modules/eslint/bin/eslint.js', '--format', 'json', 'src'], project);
    expect(result.stderr).toBe('');
    const results = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string; line: number; severity: number }[] }[];
    return results.map((entry) => [basename(entry.filePath), entry.messages.map((message) => [message.ruleId, message.severity, message.line])]);
  };

  it('lints with glean.configs.recommended from eslint.config.js', async () => {
    writeFileSync(
      join(project, 'eslint.config.js'),
      `import glean from 'eslint-plugin-glean';
import tseslint from 'typescript-eslint';

export default [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
  glean.configs.recommended,
  { settings: { glean: { now: '${NOW}' } } },
];
`,
    );
    try {
      expect(await lintFindings()).toEqual(RECOMMENDED_FINDINGS);
    } finally {
      unlinkSync(join(project, 'eslint.config.js'));
    }
  });

  it('lints with glean.configs.recommended from eslint.config.ts, which type-checks against the package', async () => {
    writeFileSync(
      join(project, 'eslint.config.ts'),
      `import glean from 'eslint-plugin-glean';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig([
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
  glean.configs.recommended,
  { settings: { glean: { now: '${NOW}' } } },
]);
`,
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: true, types: [] },
        files: ['eslint.config.ts'],
      }),
    );
    try {
      await ok(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], project);
      expect(await lintFindings()).toEqual(RECOMMENDED_FINDINGS);
      const report = await run(process.execPath, ['node_modules/eslint/bin/eslint.js', '-f', './node_modules/eslint-plugin-glean/formatter.js', 'src'], project);
      expect(report.stdout).toContain('3 uses of 2 register items in 3 files: 2 reported as removed, 1 as deprecated.');
      expect(report.stdout).toContain('POST /rest/api/v1/listanswers  [listanswers]');
      const markdown = await run(
        process.execPath,
        ['node_modules/eslint/bin/eslint.js', '-f', './node_modules/eslint-plugin-glean/formatter/markdown.js', 'src'],
        project,
      );
      expect(markdown.stdout).toMatch(/^## Glean API migration report\n/);
    } finally {
      unlinkSync(join(project, 'eslint.config.ts'));
    }
  });

  it('its command imports a deprecations feed into a register file that settings.glean.register reads', async () => {
    copyFileSync(join(ROOT, 'fixtures/register-sources/feed.json'), join(project, 'deprecations.json'));
    // The feed is older than the built-in register: its moved date is written only when asked for.
    const imported = await ok(join(project, 'node_modules/.bin/eslint-plugin-glean'), ['register', 'import', 'deprecations.json', '--include-older'], project);
    expect(imported).toContain('  deprecations.json  deprecations feed, generated 2026-08-20, older than the built-in register: 14 items\n');
    expect(imported).toContain(
      'Held back (1), from sources older than the built-in register or undated, written as --include-older asks:\n  index.bulkindexemployees\n    removal 2027-01-15 → 2026-10-15\n',
    );
    expect(imported).toContain('Wrote 1 item (0 new, 1 changed) to glean-register.json.');
    writeFileSync(join(project, 'src/people.js'), `export const bulk = () => fetch('/api/index/v1/bulkindexemployees', { method: 'POST' });\n`);
    writeFileSync(
      join(project, 'eslint.config.js'),
      `import glean from 'eslint-plugin-glean';

export default [
  { files: ['src/people.js'] },
  glean.configs.recommended,
  { settings: { glean: { now: '${NOW}', register: 'glean-register.json' } } },
];
`,
    );
    try {
      const result = await run(process.execPath, ['node_modules/eslint/bin/eslint.js', '--format', 'json', 'src/people.js'], project);
      const [people] = JSON.parse(result.stdout) as { messages: { ruleId: string; message: string }[] }[];
      expect(people!.messages.map((message) => [message.ruleId, message.message])).toEqual([
        ['glean/no-removed', 'POST /api/index/v1/bulkindexemployees was removed on 2026-10-15 (39 days ago); no replacement.'],
      ]);
    } finally {
      unlinkSync(join(project, 'eslint.config.js'));
      unlinkSync(join(project, 'src/people.js'));
    }
  });
});
