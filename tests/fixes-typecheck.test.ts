import { Linter } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { EXAMPLE_PRELUDE, itemExamples } from '../tools/item-examples.js';
import { NOW } from './helpers.js';
import { VIRTUAL_DIR, introducedDiagnostics } from './typecheck.js';

/**
 * Fixes never break a TypeScript build: every autofix and suggestion output of TypeScript programs
 * that use the SDK (the typed and SDK fixtures, the demo, each item's documented example, and the
 * type-safety cases below) is type-checked against the installed SDK with the compiler API, and must
 * have no diagnostic its input did not have.
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

/**
 * Suggestions that leave work to the person, as they say: a rename whose value must then be reshaped,
 * and a rename offered only after a check (the value may not fit the new owner type). Their output is
 * not expected to compile until the person has done that work.
 */
const UNFINISHED = /^Rename to `[^`]+`(, then give it a value of its new shape| once you have checked that .+)\.$/;

/** The input, its `eslint --fix` output and each suggestion applied (but unfinished ones), as separate files. */
function variantsOf(name: string, code: string): Variant[] {
  const linter = new Linter({ configType: 'flat' });
  const variants: Variant[] = [];
  const fixed = linter.verifyAndFix(code, config, 'file.ts').output;
  if (fixed !== code) variants.push({ program: name, what: 'autofix', code: fixed });
  for (const message of linter.verify(code, config, 'file.ts')) {
    for (const suggestion of message.suggestions ?? []) {
      if (UNFINISHED.test(suggestion.desc)) continue;
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
