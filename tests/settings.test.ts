import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { GleanSettingsError } from '../src/rule-kit/settings-error.js';
import noDeprecated from '../rules/no-deprecated.js';
import noRemoved from '../rules/no-removed.js';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSettings } from '../src/rule-kit/settings.js';
import { dataFor, locate, tsRuleTester } from './helpers.js';

/** `settings.glean`: lifecycle date, escalation, ignore list, extra register items, validation. */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LIST = `fetch('/rest/api/v1/listanswers', { method: 'POST' });`;
const BULK = `fetch('/api/index/v1/bulkindexemployees', { method: 'POST' });`;
const AGENT = `fetch(\`/rest/api/v1/agents/\${id}\`);`;

describe('readSettings', () => {
  it('defaults: no date pinned, no escalation, nothing ignored', () => {
    const result = readSettings({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.settings.now).toBeUndefined();
    expect(result.settings.escalateWithinDays).toBe(0);
    expect([...result.settings.ignore]).toEqual([]);
  });

  it('collects every problem into one list, each naming its setting', () => {
    const result = readSettings({
      glean: { now: '2026-02-30', escalateWithinDays: -1, ignore: ['listanswer', 'nothing like it'], agentForms: [], colour: 'red' },
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        'settings.glean.colour: unknown setting (known: now, escalateWithinDays, ignore, register, agentForms)',
        'settings.glean.now: expected a date "YYYY-MM-DD", got "2026-02-30"',
        'settings.glean.escalateWithinDays: expected a whole number of days ≥ 0, got -1',
        'settings.glean.ignore[0]: "listanswer" is not a register id or item name; did you mean "listanswers"?',
        'settings.glean.ignore[1]: "nothing like it" is not a register id or item name (ids look like "insights.searchSessionSatisfaction")',
        'settings.glean.agentForms: expected { [agentId]: string[] } or the path of a JSON file of agent schemas responses, got []',
      ],
    });
  });

  it('reads agentForms from a file of saved agent schemas responses', () => {
    const result = readSettings({ glean: { agentForms: 'fixtures/agent-forms/schemas.json' } }, ROOT);
    expect(result.ok && result.settings.agentForms).toEqual({ agt_form: ['topic', 'audience', 'tone'] });
  });

  it.each([
    ['an absolute path', join(ROOT, 'fixtures/agent-forms/schemas.json')],
    ['a file: URL, as configs build it from import.meta.url', new URL('../fixtures/agent-forms/schemas.json', import.meta.url).href],
  ])('reads agentForms from %s, whatever the working directory', (_, path) => {
    const result = readSettings({ glean: { agentForms: path } }, '/');
    expect(result.ok && result.settings.agentForms).toEqual({ agt_form: ['topic', 'audience', 'tone'] });
  });

  it.each([
    [
      'fixtures/agent-forms/missing.json',
      `settings.glean.agentForms: "fixtures/agent-forms/missing.json" cannot be read (ENOENT): ${join(ROOT, 'fixtures/agent-forms/missing.json')}, resolved from the working directory ${ROOT}`,
    ],
    [
      join(ROOT, 'fixtures/agent-forms/missing.json'),
      `settings.glean.agentForms: ${JSON.stringify(join(ROOT, 'fixtures/agent-forms/missing.json'))} cannot be read (ENOENT): ${join(ROOT, 'fixtures/agent-forms/missing.json')}`,
    ],
    ['fixtures/agent-forms/truncated.json', 'settings.glean.agentForms: "fixtures/agent-forms/truncated.json" is not valid JSON ('],
    [
      'fixtures/agent-forms/wrong-shape.json',
      'settings.glean.agentForms: "fixtures/agent-forms/wrong-shape.json": entry 0 is not an agent schemas response (expected agent_id and input_schema.properties)',
    ],
  ])('a bad agentForms file %s is one clear problem', (path, problem) => {
    const result = readSettings({ glean: { agentForms: path } }, ROOT);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]!.startsWith(problem), result.problems[0]).toBe(true);
  });

  it('rejects settings.glean that is not an object', () => {
    expect(readSettings({ glean: 'soon' })).toEqual({
      ok: false,
      problems: ['settings.glean: expected an object, got "soon"'],
    });
  });

  it.each([
    ['escalateWithinDay', 'escalateWithinDays'],
    ['EscalateWithinDays', 'escalateWithinDays'],
    ['agentform', 'agentForms'],
    ['registers', 'register'],
  ])('asks whether a misspelt key %s meant %s', (key, meant) => {
    expect(readSettings({ glean: { [key]: 1 } })).toEqual({
      ok: false,
      problems: [`settings.glean.${key}: unknown setting; did you mean "${meant}"? (known: now, escalateWithinDays, ignore, register, agentForms)`],
    });
  });

  it.each([
    ['an endpoint path', '/rest/api/v1/listanswer', '/rest/api/v1/listanswers'],
    ['an endpoint in other case', 'post /api/index/v1/getUserCount', 'POST /api/index/v1/getusercount'],
    ['a field', 'isNegate', 'isNegated'],
  ])('asks whether an ignore entry close to %s meant it', (_, entry, meant) => {
    expect(readSettings({ glean: { ignore: [entry] } })).toEqual({
      ok: false,
      problems: [`settings.glean.ignore[0]: ${JSON.stringify(entry)} is not a register id or item name; did you mean ${JSON.stringify(meant)}?`],
    });
  });

  it('says what lifecycleEpoch is when a config copied from --print-config carries it', () => {
    expect(readSettings({ glean: { now: '2026-11-23', lifecycleEpoch: '2026-10-15' } })).toEqual({
      ok: false,
      problems: [
        "settings.glean.lifecycleEpoch: not a setting; the plugin's configs show it in --print-config and in ESLint's cache key, computed from the date and the register. Remove it; to pin the date the rules use, set settings.glean.now",
      ],
    });
  });

  it('reads the same settings object once', () => {
    const settings = { glean: { now: '2026-11-23' } };
    expect(readSettings(settings)).toBe(readSettings(settings));
  });

  it('reads equal settings once, as oxlint gives each file its own copy', () => {
    const result = readSettings({ glean: { now: '2026-11-23', ignore: ['listanswers'] } }, ROOT);
    expect(readSettings({ glean: { ignore: ['listanswers'], now: '2026-11-23' } }, ROOT)).not.toBe(result);
    expect(readSettings({ glean: { now: '2026-11-23', ignore: ['listanswers'] } }, ROOT)).toBe(result);
    expect(readSettings({ glean: { now: '2026-11-23', ignore: ['listanswers'] } }, '/')).not.toBe(result);
  });

  it('reads equal frozen copies once, and tells different ones apart (oxlint parses the settings JSON for every file)', () => {
    const frozenCopy = (value: unknown): Readonly<Record<string, unknown>> => deepFreeze(JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
    const first = readSettings(frozenCopy({ glean: { now: '2026-11-23', ignore: ['listanswers'] } }), ROOT);
    expect(readSettings(frozenCopy({ glean: { now: '2026-11-23', ignore: ['listanswers'] } }), ROOT)).toBe(first);
    const other = readSettings(frozenCopy({ glean: { now: '2026-11-23', ignore: ['listanswers', 'isNegated'] } }), ROOT);
    expect(other).not.toBe(first);
    expect(other.ok && [...other.settings.ignore]).toEqual(['listanswers', 'isNegated']);
    expect(readSettings(frozenCopy({ glean: { now: '2026-11-24', ignore: ['listanswers'] } }), ROOT)).toMatchObject({ ok: true, settings: { now: '2026-11-24' } });
    expect(readSettings(frozenCopy({ glean: { now: '2026-11-23', ignore: ['listanswers'] } }), '/')).not.toBe(first);
    // Not JSON: two dates are different values, though neither has keys of its own.
    const byDate = readSettings(deepFreeze({ glean: { now: new Date(0) } }), ROOT);
    expect(byDate).toMatchObject({ ok: false, problems: ['settings.glean.now: expected a date "YYYY-MM-DD", got "1970-01-01T00:00:00.000Z"'] });
    expect(readSettings(deepFreeze({ glean: { now: new Date(86_400_000) } }), ROOT)).toMatchObject({
      ok: false,
      problems: ['settings.glean.now: expected a date "YYYY-MM-DD", got "1970-01-02T00:00:00.000Z"'],
    });
  });

  it('never takes settings JSON cannot tell apart for equal ones', () => {
    expect(readSettings({ glean: {} }).ok).toBe(true);
    expect(readSettings({ glean: { now: undefined } }).ok).toBe(true);
    expect(readSettings({ glean: { now: () => '2026-11-23' } })).toMatchObject({ ok: false });
    // `null` is the default's; `NaN`, which JSON writes as `null`, is not a number of days.
    expect(readSettings({ glean: { escalateWithinDays: null } }).ok).toBe(true);
    expect(readSettings({ glean: { escalateWithinDays: Number.NaN } }).ok).toBe(false);
  });
});

tsRuleTester().run('no-removed: pinned now decides the lifecycle', noRemoved, {
  valid: [
    // Before its removal date an item belongs to no-deprecated.
    { code: AGENT },
    // Announced after `now`: not reported by either rule.
    {
      code: `fetch('/rest/api/v1/search', { method: 'POST' });`,
      settings: {
        glean: {
          now: '2026-11-23',
          register: [
            {
              id: 'acme.search',
              kind: 'endpoint',
              operation: { method: 'POST', path: '/rest/api/v1/search' },
              category: 'Client API',
              announced: '2027-01-01',
              removal: '2027-06-01',
              replacement: { kind: 'none' },
            },
          ],
        },
      },
    },
    { code: LIST, settings: { glean: { now: '2026-11-23', ignore: ['listanswers'] } } },
    { code: LIST, settings: { glean: { now: '2026-11-23', ignore: ['POST /rest/api/v1/listanswers'] } } },
    { code: LIST, options: [{ ignore: ['listanswers'] }] },
  ],
  invalid: [
    {
      name: 'after the removal date the agents endpoints are removed',
      code: AGENT,
      settings: { glean: { now: '2027-04-15' } },
      output: null,
      errors: [
        {
          messageId: 'removed',
          data: { ...dataFor('agents.get'), when: 'today' },
          ...locate(AGENT, '`/rest/api/v1/agents/${id}`'),
          suggestions: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: 'GET /api/agents/{agent_id}' },
              output: `fetch(\`/api/agents/\${id}\`);`,
            },
          ],
        },
      ],
    },
    {
      name: 'escalateWithinDays makes an item due soon count as removed',
      code: BULK,
      settings: { glean: { now: '2026-11-23', escalateWithinDays: 60 } },
      output: null,
      errors: [{ messageId: 'dueSoon', data: { ...dataFor('index.bulkindexemployees'), when: 'in 53 days' }, ...locate(BULK, "'/api/index/v1/bulkindexemployees'") }],
    },
    {
      name: 'extra register items from settings are matched like built-in ones',
      code: `await axios.post('https://acme-be.glean.com/rest/api/v1/feed', {});`,
      settings: {
        glean: {
          now: '2026-11-23',
          register: [
            {
              id: 'acme.feed',
              kind: 'endpoint',
              operation: { method: 'POST', path: '/rest/api/v1/feed' },
              category: 'Client API',
              announced: '2026-06-01',
              removal: '2026-11-01',
              replacement: { kind: 'none', note: 'use search' },
            },
          ],
        },
      },
      output: null,
      errors: [
        {
          messageId: 'removed',
          data: {
            subject: 'POST /rest/api/v1/feed',
            removal: '2026-11-01',
            when: '22 days ago',
            replacement: 'no replacement; use search',
          },
          line: 1,
          column: 18,
        },
      ],
    },
  ],
});

tsRuleTester().run('no-deprecated: escalated items leave the deprecated rule', noDeprecated, {
  valid: [{ code: BULK, settings: { glean: { now: '2026-11-23', escalateWithinDays: 60 } } }],
  invalid: [
    {
      code: BULK,
      output: null,
      errors: [{ messageId: 'deprecated', data: dataFor('index.bulkindexemployees'), ...locate(BULK, "'/api/index/v1/bulkindexemployees'") }],
    },
  ],
});

describe('a malformed settings.glean stops the run', () => {
  /** What the run throws when `settings.glean` is `glean` and the rules are those of `config`. */
  function thrownBy(glean: unknown, config: 'recommended' | 'strict' = 'recommended'): unknown {
    const linter = new Linter({ cwd: '/work/project' });
    try {
      linter.verify(LIST, [plugin.configs[config], { settings: { glean } }], '/work/project/src/answers.js');
    } catch (error) {
      return error;
    }
    return undefined;
  }

  it('with one message that names every problem, and no stack trace', () => {
    const error = thrownBy({ now: 'tomorrow', escalateWithinDays: 'soon' });
    expect(error).toBeInstanceOf(GleanSettingsError);
    // ESLint's CLI prints a fatal error's stack.
    expect((error as Error).stack).toBe(
      [
        'Invalid eslint-plugin-glean settings (settings.glean in the configuration for src/answers.js):',
        '  - settings.glean.now: expected a date "YYYY-MM-DD", got "tomorrow"',
        '  - settings.glean.escalateWithinDays: expected a whole number of days ≥ 0, got "soon"',
      ].join('\n'),
    );
  });

  it('names every problem of an invalid extra register item, with its index', () => {
    const error = thrownBy({ now: '2026-11-23', register: [{ id: 'x', kind: 'endpoint' }] }, 'strict');
    expect((error as GleanSettingsError).problems).toEqual([
      'settings.glean.register[0].category: expected one of "Client API", "Indexing API", got nothing',
      'settings.glean.register[0].announced: expected a date "YYYY-MM-DD", got nothing',
      'settings.glean.register[0].removal: expected a date "YYYY-MM-DD", got nothing',
      'settings.glean.register[0].operation: expected { method, path }, got nothing',
      'settings.glean.register[0].replacement: expected an object with a "kind", got nothing',
    ]);
  });

  it('valid settings run as usual', () => {
    expect(thrownBy({ now: '2026-11-23' })).toBeUndefined();
  });
});

function deepFreeze<T extends object>(value: T): T {
  for (const part of Object.values(value)) if (typeof part === 'object' && part !== null) deepFreeze(part as object);
  return Object.freeze(value);
}
