import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin, { register } from '../src/index.js';
import { decide, describePolicy, fixPolicy } from '../src/fixes/policy.js';
import { planFixes } from '../src/fixes/plan.js';
import { builtinCompiled } from '../src/matchers/compiled-register.js';
import { analyseFile } from '../src/uses/analysis.js';
import type { TSESLint } from '@typescript-eslint/utils';
import { EXAMPLE_PRELUDE, itemExamples } from '../tools/item-examples.js';
import { NOW } from './helpers.js';

/**
 * The fix policy is one decision per item and site, read by the rules, the docs and the report. Every
 * item's documented example (tools/item-examples.ts, rendered in docs/rules) is linted here and must
 * get exactly what the docs say: the offer of the policy's decision and the documented code after it.
 */

const config = (migrate: boolean): Linter.Config[] => [
  {
    files: ['**/*.js'],
    plugins: { glean: plugin },
    rules: { 'glean/no-removed': ['error', { migrate }], 'glean/no-deprecated': ['error', { migrate }] },
    settings: { glean: { now: NOW } },
  },
];

/** The reports of one item in `code`: endpoint reports, or the reports at the field's name. */
function reportsOf(code: string, messages: Linter.LintMessage[], field: string | undefined): Linter.LintMessage[] {
  const lines = code.split('\n');
  return messages.filter((message) => {
    if (!message.ruleId?.startsWith('glean/')) return false;
    if (field === undefined) return true;
    return message.line === message.endLine && lines[message.line - 1]!.slice(message.column - 1, message.endColumn! - 1) === field;
  });
}

function applied(code: string, fix: { range: [number, number]; text: string }): string {
  return code.slice(0, fix.range[0]) + fix.text + code.slice(fix.range[1]);
}

describe('fix policy', () => {
  it('every register item has a documented example', () => {
    expect(Object.keys(itemExamples).sort()).toEqual(register.items.map((item) => item.id).sort());
  });

  it.each(register.items.map((item) => [item.id, item] as const))('%s: the example gets what the docs say', (id, item) => {
    const example = itemExamples[id]!;
    const decision = decide(item, example.site);
    const code = `${EXAMPLE_PRELUDE}${example.code}\n`;
    const after = example.after === undefined ? undefined : `${EXAMPLE_PRELUDE}${example.after}\n`;
    const field = item.kind === 'field' ? item.field : undefined;
    const linter = new Linter({ configType: 'flat' });
    const [report, ...more] = reportsOf(code, linter.verify(code, config(false), 'example.js'), field);
    expect(more, 'one report of the item').toEqual([]);
    expect(report).toBeDefined();
    const suggestions = (report!.suggestions ?? []).map((suggestion) => applied(code, suggestion.fix));
    const fixed = report!.fix ? applied(code, report!.fix) : undefined;
    switch (decision.offer) {
      case 'autofix':
        expect({ fixed, suggestions }).toEqual({ fixed: after, suggestions: [] });
        break;
      case 'suggestion':
        expect({ fixed, suggestion: suggestions[0] }).toEqual({ fixed: undefined, suggestion: after });
        break;
      case 'migrate': {
        expect({ fixed, suggestion: suggestions[0] }).toEqual({ fixed: undefined, suggestion: after });
        const [migrated] = reportsOf(code, linter.verify(code, config(true), 'example.js'), field);
        expect(migrated?.fix && applied(code, migrated.fix)).toBe(after);
        break;
      }
      case 'none':
        expect({ after: example.after, fixed, suggestions }).toEqual({ after: undefined, fixed: undefined, suggestions: [] });
        break;
    }
  });

  it('decides from the register and the SDK schema, without source code', () => {
    const byId = (id: string) => register.items.find((item) => item.id === id)!;
    expect(fixPolicy(byId('createannouncement.snippet')).map(({ site, offer }) => [site, offer])).toEqual([
      ['write', 'autofix'],
      ['read', 'autofix'],
    ]);
    expect(describePolicy(byId('createannouncement.snippet'))).toBe('🔧 rename to `text`');
    expect(describePolicy(byId('createannouncement.isNegated'))).toBe(
      "keys: 🔧 rename to `relationType` with `true` → `'NOT_EQUALS'`, `false` → `'EQUALS'`; reads: none",
    );
    expect(describePolicy(byId('createannouncement.role'))).toBe('keys: none; reads: 💡 read `permissions` beside `viewerInfo`');
    expect(describePolicy(byId('createannouncement.inviteTime'))).toBe('keys: none; reads: 💡 collect `invites[].inviteTime`');
    expect(describePolicy(byId('getanswer.trackingToken'))).toBe('keys: none; reads: 🔧 read `answer.trackingToken`');
    expect(describePolicy(byId('agents.get'))).toBe('💡 switch to `GET /api/agents/{agent_id}`; 🔧 with `migrate`');
    expect(describePolicy(byId('listanswers'))).toBe('none');
    expect(decide(byId('policy.sensitiveTerms'), 'write')).toEqual({
      site: 'write',
      offer: 'suggestion',
      action: { kind: 'renameThenReshape', to: 'customSensitiveExpressions' },
      why: 'the replacement is a sibling property of another shape',
    });
  });

  it('a restructure whose target the owner does not declare offers nothing', () => {
    const extra = { ...register.items.find((item) => item.id === 'createannouncement.reactions')!, replacement: { kind: 'restructure' as const, to: ['likes'] } };
    expect(decide(extra, 'read').offer).toBe('none');
  });

  it('never autofixes where a value other than Glean’s may reach: the rename becomes a suggestion that says so', () => {
    const code = `${EXAMPLE_PRELUDE}${itemExamples['createannouncement.snippet']!.code}\n`;
    const linter = new Linter({ configType: 'flat' });
    linter.verify(code, { files: ['**/*.js'] }, 'example.js');
    const sourceCode = linter.getSourceCode() as unknown as TSESLint.SourceCode;
    const [use] = analyseFile(sourceCode, builtinCompiled).uses;
    expect(use?.site.kind).toBe('field');
    if (use?.site.kind !== 'field') return;
    expect(planFixes(use, sourceCode, 'example.js').fix).toBeDefined();
    const plan = planFixes({ ...use, site: { kind: 'field', hit: { ...use.site.hit, mayHoldOtherValues: true } } }, sourceCode, 'example.js');
    expect(plan.fix).toBeUndefined();
    expect(plan.edits?.map(({ kind, name, check }) => ({ kind, name, check }))).toEqual([
      { kind: 'renameChecked', name: 'text', check: 'only Glean’s value reaches this code' },
    ]);
  });
});
