import { Linter } from 'eslint';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { REPOSITORY_URL } from '../src/rule-kit/package-info.js';
import { NOW } from './helpers.js';

/**
 * The rule docs are executable: every ```js / ```ts block under a "❌" heading must be reported by the
 * doc's rule, every block under a "✅" heading must not, on NOW. A block states extra settings in a
 * line comment of its own, `// settings.glean.<key>: <JSON>` (e.g. `agentForms`). Blocks under other
 * headings (options, settings) are not linted. The generated sections must be up to date.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS_DIR = `${ROOT}docs/rules/`;
const run = promisify(execFile);

interface Example {
  doc: string;
  rule: string;
  kind: 'incorrect' | 'correct';
  language: 'js' | 'ts';
  code: string;
  /** 1-based line of the block's first code line in the doc. */
  line: number;
  settings: Record<string, unknown>;
}

const LANGUAGES: Record<string, Example['language']> = { js: 'js', javascript: 'js', ts: 'ts', typescript: 'ts' };
const SETTING_COMMENT = /^\s*\/\/ settings\.glean\.(\w+): (.+)$/;

function examplesOf(doc: string): Example[] {
  const rule = doc.replace(/\.md$/, '');
  const lines = readFileSync(`${DOCS_DIR}${doc}`, 'utf8').split('\n');
  const examples: Example[] = [];
  let kind: Example['kind'] | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (/^#{1,6}\s/.test(line)) {
      kind = line.includes('❌') ? 'incorrect' : line.includes('✅') ? 'correct' : undefined;
      continue;
    }
    const fence = /^```(\w+)\s*$/.exec(line);
    if (!fence) continue;
    const start = index + 1;
    let end = start;
    while (end < lines.length && lines[end] !== '```') end++;
    const language = LANGUAGES[fence[1]!];
    if (kind && language) {
      const code = lines.slice(start, end).join('\n');
      const settings: Record<string, unknown> = {};
      for (const codeLine of lines.slice(start, end)) {
        const setting = SETTING_COMMENT.exec(codeLine);
        if (setting) settings[setting[1]!] = JSON.parse(setting[2]!);
      }
      examples.push({ doc, rule, kind, language, code: `${code}\n`, line: start + 1, settings });
    }
    index = end;
  }
  return examples;
}

const docs = readdirSync(DOCS_DIR).filter((file) => file.endsWith('.md'));
const examples = docs.flatMap(examplesOf);

function lint(example: Example): Linter.LintMessage[] {
  const linter = new Linter({ configType: 'flat' });
  const filename = `example.${example.language}`;
  return linter.verify(
    example.code,
    [
      ...(example.language === 'ts' ? [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }] : []),
      {
        files: ['**/*.js', '**/*.ts'],
        plugins: { glean: plugin },
        rules: { [`glean/${example.rule}`]: 'error' },
        settings: { glean: { ...example.settings, now: NOW } },
      },
    ],
    filename,
  );
}

describe('doc examples', () => {
  it('every rule doc has ❌ and ✅ examples', () => {
    for (const rule of Object.keys(plugin.rules)) {
      const kinds = new Set(examples.filter((example) => example.rule === rule).map((example) => example.kind));
      expect([rule, [...kinds].sort()]).toEqual([rule, ['correct', 'incorrect']]);
    }
  });

  it.each(examples.map((example) => [`${example.doc}:${example.line}`, example] as const))('%s', (_, example) => {
    const messages = lint(example);
    const fatal = messages.filter((message) => message.fatal);
    expect(fatal, 'the example parses').toEqual([]);
    const reports = messages.filter((message) => message.ruleId === `glean/${example.rule}`);
    if (example.kind === 'incorrect') {
      expect(reports.length, `glean/${example.rule} reports the ❌ example`).toBeGreaterThan(0);
    } else {
      expect(reports.map((message) => `${message.line}:${message.column} ${message.message}`)).toEqual([]);
    }
  });
});

describe('generated docs are up to date', () => {
  it('the register lists in docs/rules (jiti tools/generate-docs.ts --check)', async () => {
    const jiti = `${ROOT}node_modules/jiti/lib/jiti-cli.mjs`;
    await expect(run(process.execPath, [jiti, 'tools/generate-docs.ts', '--check'], { cwd: ROOT })).resolves.toBeDefined();
  });

  it("eslint-doc-generator's rule doc headers and README lists (eslint-doc-generator tools/doc-plugin --check)", async () => {
    const bin = `${ROOT}node_modules/eslint-doc-generator/dist/bin/eslint-doc-generator.js`;
    await expect(run(process.execPath, [bin, 'tools/doc-plugin', '--check'], { cwd: ROOT })).resolves.toBeDefined();
  });
});

describe("the repository's URL is stated once, in package.json", () => {
  const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { repository: { url: string } };
  const docs = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...readdirSync(`${ROOT}docs/rules`).map((doc) => `docs/rules/${doc}`)];

  it('the code derives its URLs from it', () => {
    expect(pkg.repository.url).toBe(`git+${REPOSITORY_URL}.git`);
    expect(plugin.rules['no-removed'].meta?.docs?.url).toBe(`${REPOSITORY_URL}/blob/main/docs/rules/no-removed.md`);
  });

  it('every link to this repository in the docs starts with it', () => {
    const links = docs.flatMap((doc) =>
      [...readFileSync(`${ROOT}${doc}`, 'utf8').matchAll(/https?:\/\/github\.com\/[\w.-]+\/eslint-plugin-glean\b[^\s)>\]]*/g)].map((match) => [doc, match[0]]),
    );
    expect(links.length, 'the README links the clone URL, the CHANGELOG its versions').toBeGreaterThanOrEqual(3);
    expect(links.filter(([, link]) => !link!.startsWith(REPOSITORY_URL))).toEqual([]);
  });
});
