import { Linter } from 'eslint';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import plugin, { register } from '../src/index.js';
import { NOW } from './helpers.js';

/** The plugin object, its flat configs and how they behave in a real ESLint `Linter`. */

const settings = { glean: { now: NOW } };
const lint = (code: string, config: Linter.Config, filename = 'file.js') =>
  new Linter({ configType: 'flat' }).verify(code, [{ ...config, settings }], filename);
const fix = (code: string, config: Linter.Config) =>
  new Linter({ configType: 'flat' }).verifyAndFix(code, [{ ...config, settings }], 'file.js');

const RUN = `await fetch('/rest/api/v1/agents/runs/wait', {\n  method: 'POST',\n  body: JSON.stringify({ agent_id: 'agt_123', input: {} }),\n});\n`;
const LIST = `await fetch('/rest/api/v1/listanswers', { method: 'POST' });\n`;

describe('plugin object', () => {
  it('has meta with the package name and version, and the glean namespace', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Record<string, string>;
    expect(plugin.meta).toEqual({ name: 'eslint-plugin-glean', version: pkg.version, namespace: 'glean' });
  });

  it('exports the register as plain data', () => {
    expect(register.items.length).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(register))).toEqual(register);
  });
});

describe('configs are derived from rule metadata', () => {
  it('recommended: removed items are errors, deprecated items warnings', () => {
    expect(plugin.configs.recommended.rules).toEqual({
      'glean/no-removed': 'error',
      'glean/no-deprecated': 'warn',
      'glean/agent-run-input': 'error',
    });
    expect(plugin.configs.recommended.plugins).toEqual({ glean: plugin });
  });

  it('strict: everything is an error', () => {
    expect(plugin.configs.strict.rules).toEqual({
      'glean/no-removed': 'error',
      'glean/no-deprecated': 'error',
      'glean/agent-run-input': 'error',
    });
  });

  it('migrate: recommended severities with the mechanical rewrites switched on', () => {
    expect(plugin.configs.migrate.rules).toEqual({
      'glean/no-removed': ['error', { migrate: true }],
      'glean/no-deprecated': ['warn', { migrate: true }],
      'glean/agent-run-input': 'error',
    });
  });

  it('recommended works as the single entry of a user config', () => {
    const messages = lint(LIST + RUN, plugin.configs.recommended as Linter.Config);
    expect(messages.map((m) => [m.ruleId, m.severity, m.line])).toEqual([
      ['glean/no-removed', 2, 1],
      ['glean/no-deprecated', 1, 2],
    ]);
  });

  it('strict turns deprecated items into errors', () => {
    const messages = lint(RUN, plugin.configs.strict as Linter.Config);
    expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([['glean/no-deprecated', 2]]);
  });
});

describe('fixing', () => {
  it('recommended leaves endpoint swaps to suggestions', () => {
    const result = fix(RUN, plugin.configs.recommended as Linter.Config);
    expect(result.fixed).toBe(false);
    expect(result.output).toBe(RUN);
  });

  it('migrate applies them, and a second pass changes nothing', () => {
    const first = fix(RUN, plugin.configs.migrate as Linter.Config);
    expect(first.output).toBe(
      `await fetch('/api/agents/agt_123/runs', {\n  method: 'POST',\n  body: JSON.stringify({ input: {} }),\n});\n`,
    );
    expect(first.messages).toEqual([]);
    const second = fix(first.output, plugin.configs.migrate as Linter.Config);
    expect(second.fixed).toBe(false);
    expect(second.output).toBe(first.output);
  });

  it('migrate does not swap an agent path that another request in the file also uses with POST', () => {
    const code = `const AGENT = '/rest/api/v1/agents/agt_1';\nfetch(AGENT);\nfetch(AGENT, { method: 'POST', body: '{}' });\n`;
    const result = fix(code, plugin.configs.migrate as Linter.Config);
    expect(result.output).toBe(code);
    expect(result.messages.map((m) => m.ruleId)).toEqual(['glean/no-deprecated']);
  });
});

describe('rule options are validated by schema', () => {
  it('rejects an unknown register id in ignore, naming the rule, the value and the doc that lists the ids', () => {
    expect(() =>
      lint(LIST, { plugins: { glean: plugin }, rules: { 'glean/no-removed': ['error', { ignore: ['listanswer'] }] } }),
    ).toThrow(
      'Key "rules": Key "glean/no-removed":\n' +
        '\tValue "listanswer" should be equal to one of the allowed values.\n' +
        '\tValue "listanswer" should match pattern "^an id or name listed in https://github.com/eslint-plugin-glean/eslint-plugin-glean/blob/main/docs/rules/no-removed.md#register-items$".\n',
    );
  });

  it('accepts register ids and item names in ignore', () => {
    const rules: Linter.RulesRecord = { 'glean/no-removed': ['error', { ignore: ['listanswers', 'POST /rest/api/v1/agents/runs/wait', 'snippet'] }] };
    expect(lint(LIST, { plugins: { glean: plugin }, rules })).toEqual([]);
  });

  it('rejects unknown options', () => {
    expect(() =>
      lint(LIST, { plugins: { glean: plugin }, rules: { 'glean/no-deprecated': ['warn', { migrat: true }] } }),
    ).toThrow(/Key "glean\/no-deprecated":[\s\S]*Unexpected property "migrat"\. Expected properties: "migrate", "ignore"/);
  });

  it('rejects an option of the wrong type, naming the rule and the value', () => {
    expect(() =>
      lint(LIST, { plugins: { glean: plugin }, rules: { 'glean/no-deprecated': ['warn', { migrate: 'yes' }] } }),
    ).toThrow(/Key "glean\/no-deprecated":\s+Value "yes" should be boolean/);
  });
});
