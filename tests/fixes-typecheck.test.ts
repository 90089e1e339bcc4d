import { Linter } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, inject, it } from 'vitest';
import plugin from '../src/index.js';
import { EXAMPLE_PRELUDE, itemExamples } from '../tools/item-examples.js';
import { NOW } from './helpers.js';
import { fixOutputsOfCases } from './fix-outputs.js';
import { UNFINISHED_SUGGESTIONS, VIRTUAL_DIR, fixOutputProblems, introducedDiagnostics } from './typecheck.js';

/**
 * Fixes never break a TypeScript build: every autofix and suggestion output of TypeScript programs
 * that use the SDK (the typed and SDK fixtures, the demo, each item's documented example, and the
 * type-safety cases below) is type-checked against the installed SDK with the compiler API, and must
 * have no diagnostic its input did not have. The inline TypeScript cases of the rule suites are
 * checked the same way, file by file (tests/fix-outputs.ts, tests/setup.ts); below, that check is
 * shown to fail.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = join(ROOT, 'fixtures');

const fromFolder = (folder: string) =>
  readdirSync(join(FIXTURES, folder))
    .filter((name) => name.endsWith('.ts') && !name.includes('.fixed.'))
    .map((name) => ({ name: `${folder}/${name}`, code: readFileSync(join(FIXTURES, folder, name), 'utf8') }));

/** Type-safety cases: values and user types around renamed fields. */
const CASES = [
  {
    name: 'a same-file interface renamed with the read',
    code: `interface Snippet {\n  snippet: string;\n}\ninterface SearchResponse {\n  results: { snippets: Snippet[] }[];\n}\nexport async function first(): Promise<string> {\n  const res = await fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: '{}' });\n  return ((await res.json()) as SearchResponse).results[0]!.snippets[0]!.snippet;\n}\n`,
  },
  {
    name: 'external sharing options with keys the new owner lacks',
    code: `${EXAMPLE_PRELUDE}export async function share(): Promise<void> {\n  await glean.client.governance.data.policies.update({ config: { externalSharingOptions: { domainAccessEnabled: true, enabled: true } } }, 'pol_1');\n}\n`,
  },
  {
    name: 'a typed request built in a constant',
    code: `import type { UpdateDlpReportRequest } from '@gleanwork/api-client/models/components';\n${EXAMPLE_PRELUDE}const update: UpdateDlpReportRequest = { config: { inputOptions: { datasources: ['gdrive'] }, externalSharingOptions: { threshold: 3 } } };\nexport const done = glean.client.governance.data.policies.update(update, 'pol_1');\n`,
  },
];

const programs = [
  ...fromFolder('typed'),
  ...fromFolder('sdk'),
  { name: 'demo/src/search.ts', code: readFileSync(join(FIXTURES, 'demo/src/search.ts'), 'utf8') },
  ...Object.entries(itemExamples).map(([id, example]) => ({
    name: `example ${id}`,
    code: `${EXAMPLE_PRELUDE}declare const startTime: string;\ndeclare const endTime: string;\nexport {};\n${example.code}\n`,
  })),
  ...CASES,
];

const config: Linter.Config[] = [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
  {
    files: ['**/*.ts'],
    plugins: { glean: plugin },
    rules: { 'glean/no-removed': 'error', 'glean/no-deprecated': 'error' },
    settings: { glean: { now: NOW } },
  },
];

interface Variant {
  program: string;
  what: string;
  code: string;
}

/** The input, its `eslint --fix` output and each suggestion applied (but those that leave work to the person), as separate files. */
function variantsOf(name: string, code: string): Variant[] {
  const linter = new Linter({ configType: 'flat' });
  const variants: Variant[] = [];
  const fixed = linter.verifyAndFix(code, config, 'file.ts').output;
  if (fixed !== code) variants.push({ program: name, what: 'autofix', code: fixed });
  for (const message of linter.verify(code, config, 'file.ts')) {
    for (const suggestion of message.suggestions ?? []) {
      if (UNFINISHED_SUGGESTIONS.has(suggestion.messageId ?? '')) continue;
      const output = code.slice(0, suggestion.fix.range[0]) + suggestion.fix.text + code.slice(suggestion.fix.range[1]);
      variants.push({ program: name, what: `suggestion "${suggestion.desc}"`, code: output });
    }
  }
  return variants;
}

describe('fixes keep TypeScript compiling', () => {
  const files = new Map<string, string>();
  const pairs: { input: string; output: string; variant: Variant }[] = [];
  programs.forEach((program, index) => {
    const input = join(VIRTUAL_DIR, `p${index}.ts`);
    files.set(input, program.code);
    variantsOf(program.name, program.code).forEach((variant, n) => {
      const output = join(VIRTUAL_DIR, `p${index}-v${n}.ts`);
      files.set(output, variant.code);
      pairs.push({ input, output, variant });
    });
  });

  it('the programs have fixes to check (autofixes and suggestions)', () => {
    expect(pairs.filter((pair) => pair.variant.what === 'autofix').length).toBeGreaterThanOrEqual(9);
    expect(pairs.filter((pair) => pair.variant.what !== 'autofix').length).toBeGreaterThanOrEqual(8);
  });

  it('no autofix or suggestion output has a diagnostic its input does not have', () => {
    const introduced = introducedDiagnostics(files, pairs);
    expect(introduced.map(({ pair, diagnostic }) => `${pair.variant.program}, ${pair.variant.what}: ${diagnostic}`)).toEqual([]);
  }, 120_000);
});

describe('the check of the rule suites\' fixed outputs', () => {
  const READ = `import type { SearchResultSnippet } from '@gleanwork/api-client/models/components';\nexport const read = (s: SearchResultSnippet) => s.snippet;\n`;
  const MISSING = READ.replace('s.snippet', 's.summary');
  const FIXED = READ.replace('s.snippet', 's.text');

  const broken = 'const filter = { value: 1 };\nfilter.isNegated = true;\nexport {};\n';
  const missing = (what: string) => ({ source: 'rule: reads', what, input: READ, output: MISSING, extension: '.ts' });
  const OUTPUTS = [
    missing('autofix'),
    { source: 'rule: reads', what: 'autofix', input: READ, output: FIXED, extension: '.ts' },
    missing('removeField'),
    missing('renameFieldChecked'),
    missing('renameField'),
    missing('switchToReplacement'),
    { source: 'rule: broken', what: 'autofix', input: broken, output: broken.replace('isNegated = true', "relationType = 'NOT_EQUALS'"), extension: '.ts' },
  ];
  const EXPECTED = [
    "rule: reads, autofix: TS2339 Property 'summary' does not exist on type 'SearchResultSnippet'.",
    "rule: reads, removeField: TS2339 Property 'summary' does not exist on type 'SearchResultSnippet'.",
    "rule: reads, switchToReplacement: TS2339 Property 'summary' does not exist on type 'SearchResultSnippet'.",
  ];

  it('fails on an output that reads a property its type lacks, autofix or suggestion, but for suggestions that leave work to the person; a diagnostic the fix only renames is not new', () => {
    expect(fixOutputProblems(OUTPUTS)).toEqual(EXPECTED);
  });

  // tests/setup.ts asks the run's server, which keeps the declarations it read between checks.
  it('the run\'s type-check server gives the same problems, also on a second ask', async () => {
    const server = inject('typecheckServer');
    expect(server).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    for (let ask = 0; ask < 2; ask++) {
      const response = await fetch(server, { method: 'POST', body: JSON.stringify(OUTPUTS) });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(EXPECTED);
    }
  }, 60_000);

  it('RuleTester cases give their last --fix pass and every suggestion output; JavaScript files are left out', () => {
    const cases = [
      {
        name: 'two passes',
        code: 'a',
        output: ['b', 'c'],
        errors: [{ suggestions: [{ messageId: 'removeField', output: 'd' }] }],
      },
      { code: 'jsx', output: 'tsx', errors: [], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
      { code: 'typed', output: 'fixed', filename: 'file.ts', errors: [] },
      { code: 'js', output: 'fixed', filename: 'file.js', errors: [] },
      { code: 'no fix', output: null, errors: [{ suggestions: null }] },
    ];
    expect(fixOutputsOfCases('rule', cases, { tsconfigRootDir: '/project' })).toEqual([
      { source: 'rule: two passes', input: 'a', output: 'c', what: 'autofix', extension: '.ts', dir: '/project' },
      { source: 'rule: two passes', input: 'a', output: 'd', what: 'removeField', extension: '.ts', dir: '/project' },
      { source: 'rule: jsx', input: 'jsx', output: 'tsx', what: 'autofix', extension: '.tsx', dir: '/project' },
      { source: 'rule: typed', input: 'typed', output: 'fixed', what: 'autofix', extension: '.ts', dir: '/project' },
    ]);
  });
});
