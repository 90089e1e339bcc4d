import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import vueParser from 'vue-eslint-parser';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index.js';
import { recordFixOutput } from '../fix-outputs.js';
import { NOW } from '../helpers.js';
import { M } from '../projects/messages.js';

/**
 * Single-file components linted with vue-eslint-parser: the script block is linted as any module, and
 * a block whose `lang` is TypeScript gets TypeScript's fixes (`'NOT_EQUALS' as const`, a typed
 * callback parameter), which `vue-tsc` type-checks; a plain `<script>` gets JavaScript's.
 */

function lintComponent(code: string, filename = 'Search.vue') {
  const config: Linter.Config[] = [
    {
      files: ['**/*.vue'],
      languageOptions: { parser: vueParser, parserOptions: { parser: tseslint.parser, sourceType: 'module' } },
      plugins: { glean: plugin },
      rules: { 'glean/no-removed': 'error' },
      settings: { glean: { now: NOW } },
    },
  ];
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(code, config, filename);
  const applied = ({ fix }: Linter.LintSuggestion) => code.slice(0, fix.range[0]) + fix.text + code.slice(fix.range[1]);
  const output = linter.verifyAndFix(code, config, filename).output;
  return {
    reports: messages.map((message) => ({
      line: message.line,
      column: message.column,
      message: message.message,
      ...(message.suggestions?.length ? { suggestions: message.suggestions.map((suggestion) => ({ desc: suggestion.desc, output: applied(suggestion) })) } : {}),
    })),
    output: output === code ? null : output,
  };
}

/** The script block of a TypeScript component, type-checked as a module (tests/setup.ts). */
function recordScript(source: string, what: string, input: string, output: string): void {
  const script = (text: string) => /<script[^>]*>([\s\S]*?)<\/script>/.exec(text)![1]!;
  recordFixOutput({ source, what, input: script(input), output: script(output), extension: '.ts' });
}

const SCRIPT = `import { Glean } from '@gleanwork/api-client';

const glean = new Glean({ apiToken: 't', instance: 'acme' });
const filters = [{ fieldName: 'type', values: [{ value: 'pdf', isNegated: true }] }];

export async function search(query: string) {
  return glean.client.search.query({ query, requestOptions: { facetBucketSize: 10, facetFilters: filters } });
}

export async function sources() {
  const res = await fetch('https://acme-be.glean.com/rest/api/v1/chat', { method: 'POST', body: '{"messages":[]}' });
  const data: any = await res.json();
  const reply = data.messages?.[0];
  return reply?.citations;
}
`;

const CITATIONS_DESC = 'Switch to `fragments[].citation` (review the code that reads the response).';

describe('single-file components', () => {
  it('`<script lang="ts">`: the autofix writes `as const` and the suggestion types its callback’s parameter, as in a .ts file', () => {
    const code = `<script lang="ts">\n${SCRIPT}</script>\n\n<template><div /></template>\n`;
    const fixed = code.replace("{ value: 'pdf', isNegated: true }", "{ value: 'pdf', relationType: 'NOT_EQUALS' as const }");
    const suggested = code.replace(
      'return reply?.citations;',
      "return reply?.fragments?.flatMap((item: NonNullable<NonNullable<typeof reply>['fragments']>[number]) => (item.citation ? [item.citation] : []));",
    );
    expect(lintComponent(code)).toEqual({
      reports: [
        { line: 5, column: 64, message: M.isNegated },
        { line: 15, column: 17, message: M.citations, suggestions: [{ desc: CITATIONS_DESC, output: suggested }] },
      ],
      output: fixed,
    });
    recordScript('components: <script lang="ts">', 'autofix', code, fixed);
    recordScript('components: <script lang="ts">', 'citations', code, suggested);
  });

  it('a plain `<script>`: JavaScript’s fixes, without `as const` or annotations', () => {
    const js = SCRIPT.replace('(query: string)', '(query)').replace('const data: any =', 'const data =');
    const code = `<script>\n${js}</script>\n\n<template><div /></template>\n`;
    expect(lintComponent(code)).toEqual({
      reports: [
        { line: 5, column: 64, message: M.isNegated },
        { line: 15, column: 17, message: M.citations, suggestions: [{ desc: CITATIONS_DESC, output: code.replace('return reply?.citations;', 'return reply?.fragments?.flatMap((item) => (item.citation ? [item.citation] : []));') }] },
      ],
      output: code.replace("{ value: 'pdf', isNegated: true }", "{ value: 'pdf', relationType: 'NOT_EQUALS' }"),
    });
  });
});
