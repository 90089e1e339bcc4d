import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinRegister } from '../../src/register/items.js';
import { UNDATED_SPEC_AND_FEED_DISAGREE } from '../register-sources.js';
import { ensureBuilt, ROOT } from './build.js';

/**
 * End to end, through the real `eslint` binaries (ESLint 10, and ESLint 9 installed as `eslint-v9`), on
 * a copy of fixtures/demo inside the repository (.tmp/e2e-*), so that the demo's `eslint-plugin-glean`
 * import resolves to this package's build through its `exports`, as it would for a user.
 *
 * Each copy gets a wrapper `eslint.config.js` that spreads the demo's own config (kept as
 * `demo.eslint.config.js`) and pins `settings.glean.now`, so results do not move with the calendar.
 *
 * The expected output of `--fix` with `glean.configs.migrate` lives in fixtures/demo-expected/migrate/;
 * after a reviewed change to the demo or to the fixes, regenerate it with
 * `UPDATE_DEMO_EXPECTED=1 npx vitest run tests/e2e` and read the diff.
 */

const DEMO = join(ROOT, 'fixtures', 'demo');
const EXPECTED_MIGRATE = join(ROOT, 'fixtures', 'demo-expected', 'migrate');
const BIN = {
  10: join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'),
  9: join(ROOT, 'node_modules', 'eslint-v9', 'bin', 'eslint.js'),
} as const;
type Version = keyof typeof BIN;
const VERSIONS: Version[] = [10, 9];
const NOW = '2026-11-23';
/** After index.bulkindexemployees' removal on 2027-01-15. */
const LATER = '2027-01-20';
const CONFIG_FILES = new Set(['eslint.config.js', 'demo.eslint.config.js']);

interface Message {
  ruleId: string | null;
  severity: number;
  message: string;
  line: number;
  column: number;
  fatal?: boolean;
  nodeType?: string;
  [key: string]: unknown;
}
interface LintResult {
  filePath: string;
  messages: Message[];
  output?: string;
  [key: string]: unknown;
}
interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function eslint(version: Version, cwd: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN[version], ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** `--format json` output; exit code 0 (clean) or 1 (problems found), never 2 (ESLint failed). */
function json(run: Run): LintResult[] {
  expect(run.status, `eslint failed:\n${run.stderr}`).not.toBe(2);
  return JSON.parse(run.stdout) as LintResult[];
}

let tmpRoot = '';

/** The environment that makes a child process's clock (`new Date()`, `Date.now()`) read noon of `day`. */
function fakeClock(day: string): Record<string, string> {
  const clock = join(tmpRoot, 'fake-clock.mjs');
  writeFileSync(
    clock,
    `const fixed = Date.parse(process.env.GLEAN_FAKE_NOW);\nconst Real = Date;\nglobalThis.Date = class extends Real {\n  constructor(...args) { if (args.length === 0) super(fixed); else super(...args); }\n  static now() { return fixed; }\n};\n`,
  );
  return { GLEAN_FAKE_NOW: `${day}T12:00:00Z`, NODE_OPTIONS: `--import ${pathToFileURL(clock).href}` };
}

/** A fresh copy of the demo whose config pins `now` (and appends `extra` config elements, as source). */
function copyDemo(name: string, { now = NOW, extra = '' } = {}): string {
  const dir = join(tmpRoot, name);
  cpSync(DEMO, dir, { recursive: true });
  cpSync(join(dir, 'eslint.config.js'), join(dir, 'demo.eslint.config.js'));
  writeConfig(dir, now, extra);
  return dir;
}

function writeConfig(dir: string, now: string, extra = ''): void {
  writeFileSync(
    join(dir, 'eslint.config.js'),
    [
      `import glean from 'eslint-plugin-glean';`,
      `import demo from './demo.eslint.config.js';`,
      ``,
      `export default [...demo, ${extra}{ settings: { glean: { now: '${now}' } } }];`,
      ``,
    ].join('\n'),
  );
}

/** Every file of a tree, by path relative to it. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) visit(path);
      else files.set(relative(dir, path), readFileSync(path, 'utf8'));
    }
  };
  visit(dir);
  return files;
}

/** Results keyed by file, without what ESLint 10 dropped from messages (`nodeType`). */
function normalise(results: LintResult[], dir: string) {
  return results
    .map((result) => ({
      ...result,
      filePath: relative(dir, result.filePath),
      messages: result.messages.map((message) => {
        const copy = { ...message };
        delete copy.nodeType;
        return copy;
      }),
    }))
    .sort((a, b) => a.filePath.localeCompare(b.filePath));
}

const allMessages = (results: LintResult[]) => results.flatMap((result) => result.messages);
const bulkIndexMessage = (results: LintResult[]) => {
  const found = allMessages(results).filter((message) => message.message.includes('/api/index/v1/bulkindexemployees'));
  expect(found, 'one report of bulkindexemployees').toHaveLength(1);
  return found[0]!;
};

beforeAll(() => {
  ensureBuilt();
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  tmpRoot = mkdtempSync(join(ROOT, '.tmp', 'e2e-'));
}, 120_000);

afterAll(() => {
  if (tmpRoot) rmSync(tmpRoot, { recursive: true, force: true });
});

describe('the eslint CLI on a copy of fixtures/demo', () => {
  it('ESLint 10 and ESLint 9 give the same JSON: messages, rules, positions, fixes and suggestions', async () => {
    const dir = copyDemo('versions');
    const [v10, v9] = await Promise.all(VERSIONS.map((version) => eslint(version, dir, ['--format', 'json', '.'])));
    expect(v10!.status, 'removed endpoints are errors').toBe(1);
    expect(v9!.status).toBe(1);
    const results10 = normalise(json(v10!), dir);
    expect(results10).toEqual(normalise(json(v9!), dir));

    // And the run is the one intended: every demo file linted, glean's rules reporting, nothing fatal.
    expect(results10.map((result) => result.filePath)).toEqual(
      [...snapshot(dir).keys()].filter((file) => /\.(js|ts)$/.test(file)).sort(),
    );
    const messages = allMessages(results10 as LintResult[]);
    expect(messages.filter((message) => message.fatal)).toEqual([]);
    expect(new Set(messages.map((message) => message.ruleId))).toEqual(new Set(['glean/no-removed', 'glean/no-deprecated']));
    expect(bulkIndexMessage(results10 as LintResult[])).toMatchObject({ ruleId: 'glean/no-deprecated', severity: 1 });
  });

  for (const version of VERSIONS) {
    it(`ESLint ${version}: --fix with the demo config changes only what --fix-dry-run says it fixes`, async () => {
      const dir = copyDemo(`fix-recommended-${version}`);
      const before = snapshot(dir);
      const dryRun = json(await eslint(version, dir, ['--fix-dry-run', '--format', 'json', '.']));
      const outputs = new Map(dryRun.map((result) => [relative(dir, result.filePath), result.output]));
      const fix = await eslint(version, dir, ['--fix', '.']);
      expect(fix.status, fix.stderr).not.toBe(2);
      const after = snapshot(dir);
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [file, content] of after) {
        expect(content, file).toBe(outputs.get(file) ?? before.get(file));
      }
    });
  }

  for (const version of VERSIONS) {
    it(`ESLint ${version}: --fix with glean.configs.migrate writes exactly fixtures/demo-expected/migrate`, async () => {
      const dir = copyDemo(`fix-migrate-${version}`, { extra: 'glean.configs.migrate, ' });
      const before = snapshot(dir);
      const fix = await eslint(version, dir, ['--fix', '.']);
      expect(fix.status, fix.stderr).not.toBe(2);
      const after = snapshot(dir);
      const changed = [...after].filter(([file, content]) => before.get(file) !== content);
      const lintable = [...after.keys()].filter((file) => /\.(js|ts)$/.test(file) && !CONFIG_FILES.has(file));

      if (process.env.UPDATE_DEMO_EXPECTED && version === 10) {
        rmSync(EXPECTED_MIGRATE, { recursive: true, force: true });
        for (const file of lintable) {
          mkdirSync(join(EXPECTED_MIGRATE, file, '..'), { recursive: true });
          writeFileSync(join(EXPECTED_MIGRATE, file), after.get(file)!);
        }
      }

      const expected = snapshot(EXPECTED_MIGRATE);
      expect([...expected.keys()].sort(), 'the expected folder holds every lintable demo file').toEqual(lintable.sort());
      for (const file of lintable) expect(after.get(file), file).toBe(expected.get(file));
      // Only lintable files change, and only where a fix applies.
      expect(changed.map(([file]) => file).every((file) => lintable.includes(file))).toBe(true);
      expect(changed.length, 'the migrate config fixes something').toBeGreaterThan(0);

      // A second pass finds nothing more to fix.
      const again = json(await eslint(version, dir, ['--fix-dry-run', '--format', 'json', '.']));
      expect(again.filter((result) => result.output !== undefined).map((result) => result.filePath)).toEqual([]);
    });
  }

  it('ESLint 10: --concurrency 2 gives the same results as one thread', async () => {
    const dir = copyDemo('concurrency');
    const debug = { DEBUG: 'eslint:eslint-helpers*' };
    const single = await eslint(10, dir, ['--format', 'json', '--concurrency', 'off', '.'], debug);
    const threaded = await eslint(10, dir, ['--format', 'json', '--concurrency', '2', '.'], debug);
    // ESLint's debug log names the worker threads that linted files.
    const threads = (run: Run) => new Set(run.stderr.match(/eslint:eslint-helpers:thread-\d+/g) ?? []);
    expect(threads(single).size, 'one thread').toBe(0);
    expect(threads(threaded).size, 'two worker threads').toBe(2);
    expect(normalise(json(threaded), dir)).toEqual(normalise(json(single), dir));
  });

  for (const version of VERSIONS) {
    it(`ESLint ${version}: with --cache, moving settings.glean.now past a removal date turns the warning into an error`, async () => {
      const dir = copyDemo(`cache-${version}`);
      const cache = join(tmpRoot, `cache-${version}`, '.eslintcache');
      const args = ['--cache', '--cache-location', cache, '--format', 'json', '.'];
      const debug = { DEBUG: 'eslint:*' };
      const skipped = (run: Run) => run.stderr.match(/Skipping file since it hasn't changed/g)?.length ?? 0;

      const first = await eslint(version, dir, args, debug);
      expect(existsSync(cache), 'the cache is written').toBe(true);
      expect(skipped(first)).toBe(0);
      expect(bulkIndexMessage(json(first))).toMatchObject({ ruleId: 'glean/no-deprecated', severity: 1 });

      // The cache is in use: nothing changed, every file comes from it, with the same results.
      const second = await eslint(version, dir, args, debug);
      expect(skipped(second)).toBe(json(first).length);
      expect(normalise(json(second), dir)).toEqual(normalise(json(first), dir));

      writeConfig(dir, LATER);
      const third = await eslint(version, dir, args, debug);
      expect(skipped(third), 'a new date invalidates the cache').toBe(0);
      expect(third.status).toBe(1);
      expect(bulkIndexMessage(json(third))).toMatchObject({
        ruleId: 'glean/no-removed',
        severity: 2,
        message: expect.stringContaining('was removed on 2027-01-15 (5 days ago)'),
      });
    });
  }

  it('ESLint 10: with --cache, a register file written anew invalidates the cache, also when no lifecycle date moves', async () => {
    const file = join(tmpRoot, 'cache-register.json');
    // The built-in item, with another replacement note: no lifecycle date moves.
    const builtin = builtinRegister.items.find((item) => item.id === 'index.getdocumentcount');
    const write = (note: string) => writeFileSync(file, JSON.stringify({ items: [{ ...builtin, replacement: { kind: 'none', note } }] }));
    const dir = copyDemo('cache-register', { extra: `{ settings: { glean: { register: [${JSON.stringify(file)}] } } }, ` });
    const cache = join(tmpRoot, 'cache-register.eslintcache');
    const countMessages = async () =>
      allMessages(json(await eslint(10, dir, ['--cache', '--cache-location', cache, '--format', 'json', '.'])))
        .filter((message) => message.message.includes('/api/index/v1/getdocumentcount'))
        .map((message) => message.message);
    write('ask support');
    expect(await countMessages()).toEqual(Array(2).fill('POST /api/index/v1/getdocumentcount was removed on 2026-10-15 (39 days ago); no replacement; ask support.'));
    write('use the datasource status endpoint');
    expect(await countMessages()).toEqual(
      Array(2).fill('POST /api/index/v1/getdocumentcount was removed on 2026-10-15 (39 days ago); no replacement; use the datasource status endpoint.'),
    );
  });

  for (const version of VERSIONS) {
    it(`ESLint ${version}: --max-warnings 0 and --rule severities`, async () => {
      const dir = copyDemo(`flags-${version}`);
      const plain = await eslint(version, dir, ['--max-warnings', '0', '.']);
      expect(plain.status, 'errors and warnings: non-zero').toBe(1);

      // Removed endpoints off: only warnings are left, which pass on their own and fail --max-warnings 0.
      const removedOff = ['--rule', 'glean/no-removed: off', '--format', 'json', '.'];
      const warningsOnly = await eslint(version, dir, removedOff);
      expect(warningsOnly.status).toBe(0);
      const warnings = allMessages(json(warningsOnly));
      expect(warnings.length).toBeGreaterThan(0);
      expect(warnings.every((message) => message.ruleId === 'glean/no-deprecated' && message.severity === 1)).toBe(true);
      const capped = await eslint(version, dir, ['--max-warnings', '0', ...removedOff]);
      expect(capped.status).toBe(1);
      expect(capped.stdout + capped.stderr).toMatch(/too many warnings/);
      expect(await eslint(version, dir, ['--max-warnings', String(warnings.length), ...removedOff])).toMatchObject({ status: 0 });

      // Deprecated endpoints raised to errors, as `glean.configs.strict` does.
      const strict = await eslint(version, dir, ['--rule', 'glean/no-deprecated: error', '--format', 'json', '.']);
      expect(strict.status).toBe(1);
      const deprecated = allMessages(json(strict)).filter((message) => message.ruleId === 'glean/no-deprecated');
      expect(deprecated.length).toBe(warnings.length);
      expect(deprecated.every((message) => message.severity === 2)).toBe(true);
    });
  }
});

describe('the eslint-plugin-glean command, built', () => {
  const SOURCES = join(ROOT, 'fixtures', 'register-sources');
  // Run where the sources are, as a user names them; today is 2026-11-24.
  const command = (args: string[]) =>
    spawnSync(process.execPath, [join(ROOT, 'dist', 'bundle', 'cli.js'), ...args], {
      cwd: SOURCES,
      encoding: 'utf8',
      env: { ...process.env, ...fakeClock('2026-11-24') },
    });

  it('register import of a newer spec, an undated-by-itself spec and the older feed: dates, what is held back, what is written', () => {
    const out = join(tmpRoot, 'register.json');
    const run = command(['register', 'import', 'variants/index-announced.yaml', 'client.yaml', 'feed.json', '--date', 'index-announced.yaml=2026-11-20', '--date', '2026-08-21', '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      [
        'The built-in register is as of 2026-09-26.',
        'Read 25 items from 3 sources:',
        '  variants/index-announced.yaml  OpenAPI spec, dated 2026-11-20 (--date): 6 items',
        '  client.yaml                    OpenAPI spec, dated 2026-08-21 (--date), older than the built-in register: 15 items',
        '  feed.json                      deprecations feed, generated 2026-08-20, older than the built-in register: 14 items',
        'Superseded by a newer source (2):',
        '  index.getdocumentcount removal: 2027-03-01 in variants/index-announced.yaml (2026-11-20), over 2026-10-15 in feed.json (2026-08-20)',
        '  index.bulkindexemployees removal: 2027-01-15 in variants/index-announced.yaml (2026-11-20), over 2026-10-15 in feed.json (2026-08-20)',
        'New (3):',
        '  index.indexemployeelist  POST /api/index/v1/indexemployeelist, removal 2027-05-15  from variants/index-announced.yaml',
        '  createannouncement.inviter  field inviter (POST /rest/api/v1/createannouncement), removal 2026-10-15  from client.yaml',
        '  insights.gleanAssist  field gleanAssist (POST /rest/api/v1/insights), removal 2026-10-15  from client.yaml',
        'Changed (1):',
        '  index.getdocumentcount  from variants/index-announced.yaml',
        '    removal 2026-10-15 → 2027-03-01',
        'Held back (1), from sources older than the built-in register or undated, not written (--include-older writes them):',
        '  createannouncement.boardId  from client.yaml, feed.json',
        '    owners Answer, AnswerCreationData, EditAnswerRequest → Answer, AnswerCreationData, AnswerMutableProperties, EditAnswerRequest',
        'Unchanged (20):',
        '  index.getdocumentstatus, index.getusercount, index.bulkindexemployees, indexemployee.location, listanswers, createannouncement.isNegated, createannouncement.documents, createannouncement.snippet, createannouncement.inviteTime, createannouncement.reminderTime, createannouncement.reactions, createannouncement.role, getanswer.trackingToken, chat.citations, getcollection.trackingToken, insights.searchSessionSatisfaction, policy.sensitiveInfoTypes@sensitiveContentOptions, policy.externalSharingOptions, policy.enabled, policy.sensitiveInfoTypes@customSensitiveExpressions',
        'Not in the sources, kept as built in (11): policy.sensitiveTerms, policy.sensitiveRegexes, policy.likelihoodThreshold, policy.urlGreenlist, policy.datasources, policy.anyoneWithLinkEnabled, agents.get, agents.schemas, agents.runs.stream, agents.runs.wait, agents.search',
        `Wrote 4 items (3 new, 1 changed) to ${out}.`,
        '',
      ].join('\n'),
    );
    const written = JSON.parse(readFileSync(out, 'utf8')) as { sources: string[]; items: { id: string; removal: string }[] };
    expect(written.sources).toEqual(['index-announced.yaml', 'client.yaml', 'feed.json']);
    expect(written.items.map((item) => [item.id, item.removal])).toEqual([
      ['index.getdocumentcount', '2027-03-01'],
      ['index.indexemployeelist', '2027-05-15'],
      ['createannouncement.inviter', '2026-10-15'],
      ['insights.gleanAssist', '2026-10-15'],
    ]);
  });

  it('sources that disagree where dates cannot settle it: exit 1, both named, nothing written', () => {
    const out = join(tmpRoot, 'never.json');
    const run = command(['register', 'import', 'variants/index-announced.yaml', 'feed.json', '--out', out]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`${UNDATED_SPEC_AND_FEED_DISAGREE}\n`);
    expect(existsSync(out)).toBe(false);
  });

  it('a --date after today (by the clock) is wrong usage', () => {
    const run = command(['register', 'import', 'index.yaml', '--date', '2026-11-25', '--out', join(tmpRoot, 'never.json')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^eslint-plugin-glean: --date 2026-11-25: 2026-11-25 is after today \(2026-11-24\)\n\nUsage: /);
  });

  it('fails with the file, line and key of input it cannot read, and writes nothing', () => {
    const file = join(SOURCES, 'malformed', 'spec-bad-date.yaml');
    const out = join(tmpRoot, 'never.json');
    const run = command(['register', 'import', file, '--out', out]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `eslint-plugin-glean: cannot import ${file}:20: paths./getdocumentstatus.post.x-glean-deprecated.removal: expected a date "YYYY-MM-DD", got "2026-13-01"\n`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('--help prints the usage; a wrong command prints it with the problem', () => {
    const help = command(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(
      /^Usage: eslint-plugin-glean register import <source>\.\.\. \[--date \[<source>=\]<date>\]\.\.\. \[--include-older\] \[--out glean-register\.json\]\n/,
    );
    const wrong = command(['register', 'export', 'x.json']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^eslint-plugin-glean: expected `register import <source>\.\.\.`, got `register export x\.json`\n\nUsage: /);
    const unknown = command(['register', 'import', 'x.json', '--output', 'y.json']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^eslint-plugin-glean: Unknown option '--output'/);
  });

  it('ESLint 10 reads two register files the command wrote, listed in settings.glean.register', async () => {
    const announced = join(tmpRoot, 'announced-register.json');
    const feed = join(tmpRoot, 'feed-register.json');
    expect(command(['register', 'import', 'variants/index-announced.yaml', '--date', '2026-11-20', '--out', announced]).status).toBe(0);
    expect(command(['register', 'import', 'feed.json', '--include-older', '--out', feed]).status).toBe(0);
    const dir = copyDemo('register-files', { extra: `{ settings: { glean: { register: [${JSON.stringify(announced)}, ${JSON.stringify(feed)}] } } }, ` });
    const messages = allMessages(json(await eslint(10, dir, ['--format', 'json', '.'])));
    const about = (path: string) => messages.filter((message) => message.message.includes(path)).map(({ ruleId, message }) => ({ ruleId, message }));
    // Built in, getdocumentcount was removed on 2026-10-15 and bulkindexemployees is due on 2027-01-15.
    const countLater = {
      ruleId: 'glean/no-deprecated',
      message: 'POST /api/index/v1/getdocumentcount is deprecated and will be removed on 2027-03-01 (in 98 days); no replacement.',
    };
    expect(about('/api/index/v1/getdocumentcount')).toEqual([countLater, countLater]);
    expect(about('/api/index/v1/bulkindexemployees')).toEqual([
      { ruleId: 'glean/no-removed', message: 'POST /api/index/v1/bulkindexemployees was removed on 2026-10-15 (39 days ago); no replacement.' },
    ]);
  });
});

describe('everyday ESLint, through the CLI', () => {
  const CJS_CONFIG = [
    `const glean = require('eslint-plugin-glean');`,
    `const { register } = require('eslint-plugin-glean/register');`,
    `const tseslint = require('typescript-eslint');`,
    ``,
    `if (!register.items.some((item) => item.id === 'listanswers')) throw new Error('the register is reachable from CommonJS');`,
    ``,
    `module.exports = [`,
    `  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },`,
    `  glean.configs.recommended,`,
    `  { settings: { glean: { now: '${NOW}' } } },`,
    `];`,
    ``,
  ].join('\n');
  // A CommonJS file that ESLint parses as an ES module (its default for `.js`), where `require` is undeclared.
  const LEGACY = `const { Glean } = require('@gleanwork/api-client');\n\nconst glean = new Glean({});\nmodule.exports = (datasource) => glean.indexing.documents.count({ datasource });\n`;

  for (const version of VERSIONS) {
    it(`ESLint ${version}: an eslint.config.cjs that requires the plugin lints like the ES module config, and tracks require() in .js files`, async () => {
      const esm = copyDemo(`cjs-reference-${version}`);
      const cjs = copyDemo(`cjs-${version}`);
      rmSync(join(cjs, 'eslint.config.js'));
      writeFileSync(join(cjs, 'eslint.config.cjs'), CJS_CONFIG);
      const [byEsm, byCjs] = await Promise.all([eslint(version, esm, ['--format', 'json', '.']), eslint(version, cjs, ['--format', 'json', 'src', 'apps-script'])]);
      expect(byCjs.stderr).toBe('');
      expect(normalise(json(byCjs), cjs)).toEqual(normalise(json(byEsm), esm).filter((result) => !CONFIG_FILES.has(result.filePath)));

      writeFileSync(join(cjs, 'src', 'legacy.js'), LEGACY);
      const legacy = json(await eslint(version, cjs, ['--format', 'json', 'src/legacy.js']));
      expect(legacy[0]!.messages.map(({ ruleId, line, column, message }) => ({ ruleId, line, column, message }))).toEqual([
        {
          ruleId: 'glean/no-removed',
          line: 4,
          column: 34,
          message:
            'POST /api/index/v1/getdocumentcount (called by `indexing.documents.count()`) was removed on 2026-10-15 (39 days ago); no replacement.',
        },
      ]);
    });
  }

  for (const version of VERSIONS) {
    it(`ESLint ${version}: malformed settings.glean fail the run with one message, also under --quiet and bulk suppressions`, async () => {
      const dir = copyDemo(`settings-${version}`);
      // Bulk suppressions recorded while the settings were valid.
      const suppress = await eslint(version, dir, ['--suppress-all', '.']);
      expect(suppress.status, suppress.stderr).toBe(0);
      expect(existsSync(join(dir, 'eslint-suppressions.json'))).toBe(true);

      writeConfig(dir, NOW, `{ settings: { glean: { escalateWithinDays: -1, colour: 'red' } } }, `);
      const runs = [
        await eslint(version, dir, ['--quiet', '.']),
        await eslint(version, dir, ['--pass-on-unpruned-suppressions', '--quiet', '--format', 'json', '.']),
        ...(version === 10 ? [await eslint(version, dir, ['--concurrency', '2', '.'])] : []),
      ];
      const eslintVersion = (JSON.parse(readFileSync(join(BIN[version], '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
      for (const run of runs) {
        expect(run.status).toBe(2);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(
          new RegExp(
            `^\\nOops! Something went wrong! :\\(\\n\\nESLint: ${eslintVersion.replaceAll('.', '\\.')}\\n\\n` +
              `Invalid eslint-plugin-glean settings \\(settings\\.glean in the configuration for [\\w/.-]+\\):\\n` +
              `  - settings\\.glean\\.colour: unknown setting \\(known: now, escalateWithinDays, ignore, register, agentForms\\)\\n` +
              `  - settings\\.glean\\.escalateWithinDays: expected a whole number of days ≥ 0, got -1\\n$`,
          ),
        );
      }
    });
  }

  for (const version of VERSIONS) {
    it(`ESLint ${version}: with --cache and the default now, the cache holds until a removal date and no longer`, async () => {
      const dir = copyDemo(`cache-today-${version}`);
      // The demo's own config: `now` is not pinned.
      cpSync(join(dir, 'demo.eslint.config.js'), join(dir, 'eslint.config.js'));
      const cache = join(tmpRoot, `cache-today-${version}.eslintcache`);
      const at = (day: string) => eslint(version, dir, ['--cache', '--cache-location', cache, '--format', 'json', '.'], { DEBUG: 'eslint:*', ...fakeClock(day) });
      const skipped = (run: Run) => run.stderr.match(/Skipping file since it hasn't changed/g)?.length ?? 0;

      const first = await at('2027-01-10');
      expect(skipped(first)).toBe(0);
      expect(bulkIndexMessage(json(first))).toMatchObject({ ruleId: 'glean/no-deprecated', message: expect.stringContaining('(in 5 days)') });

      // Another day, the same epoch: every file comes from the cache.
      const second = await at('2027-01-14');
      expect(skipped(second)).toBe(json(first).length);
      expect(normalise(json(second), dir)).toEqual(normalise(json(first), dir));

      // Removal day: the cache is invalidated and the warning is an error.
      const third = await at('2027-01-15');
      expect(skipped(third)).toBe(0);
      expect(third.status).toBe(1);
      expect(bulkIndexMessage(json(third))).toMatchObject({
        ruleId: 'glean/no-removed',
        severity: 2,
        message: expect.stringContaining('was removed on 2027-01-15 (today)'),
      });
    });
  }

  for (const version of VERSIONS) {
    it(`ESLint ${version}: SARIF for GitHub code scanning carries each rule's help URL and the messages`, async () => {
      const dir = copyDemo(`sarif-${version}`);
      const run = await eslint(version, dir, ['-f', '@microsoft/sarif', '.']);
      expect(run.status, run.stderr).toBe(1);
      const sarif = JSON.parse(run.stdout) as {
        runs: {
          tool: { driver: { rules: { id: string; helpUri?: string }[] } };
          results: { ruleId: string; level: string; message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[];
        }[];
      };
      const rules = sarif.runs[0]!.tool.driver.rules.filter((rule) => rule.id.startsWith('glean/'));
      expect(rules.map(({ id, helpUri }) => ({ id, helpUri })).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
        { id: 'glean/no-deprecated', helpUri: 'https://github.com/eslint-plugin-glean/eslint-plugin-glean/blob/main/docs/rules/no-deprecated.md' },
        { id: 'glean/no-removed', helpUri: 'https://github.com/eslint-plugin-glean/eslint-plugin-glean/blob/main/docs/rules/no-removed.md' },
      ]);
      const bulk = sarif.runs[0]!.results.filter((result) => result.message.text.includes('/api/index/v1/bulkindexemployees'));
      expect(bulk).toHaveLength(1);
      expect(bulk[0]).toMatchObject({
        ruleId: 'glean/no-deprecated',
        level: 'warning',
        message: { text: expect.stringContaining('POST /api/index/v1/bulkindexemployees is deprecated and will be removed on 2027-01-15') },
      });
      expect(bulk[0]!.locations[0]!.physicalLocation.artifactLocation.uri).toMatch(/src\/indexing\.js$/);
    });
  }
});
