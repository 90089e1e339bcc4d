import { describe, expect, it } from 'vitest';
import agentRunInput from '../../rules/agent-run-input.js';
import { locate, tsRuleTester } from '../helpers.js';
import { lintWith } from './lint.js';

/** Register §4.1: run bodies carry an `input` object; form agents need every form field in it. */

const forms = { agentForms: { agt_form: ['topic', 'audience', 'tone'], 'agt-quoted': ['due date'] } };
const ruleTester = tsRuleTester(forms);
const FIELDS = '`topic`, `audience`, `tone`';
const WAIT = 'https://acme-be.glean.com/rest/api/v1/agents/runs/wait';

const post = (body: string, url = WAIT) => `await fetch('${url}', { method: 'POST', body: JSON.stringify(${body}) });`;
const sdk = (call: string) => `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean({ apiToken: 'token' });\nawait ${call};`;

ruleTester.run('agent-run-input', agentRunInput, {
  valid: [
    // An agent without an input form may run on messages alone.
    post(`{ agent_id: 'agt_chat', messages: [{ role: 'USER', content: [{ text: 'hi', type: 'text' }] }] }`),
    // Every form field, optional ones as empty strings.
    post(`{ agent_id: 'agt_form', input: { topic: 'Q3', audience: '', tone: '' } }`),
    post(`{ input: { topic: 'Q3', audience: 'eng', tone: '' } }`, 'https://acme-be.glean.com/api/agents/agt_form/runs'),
    sdk(`glean.agents.createRun({ input: { topic: 'Q3', audience: 'eng', tone: 'dry' } }, 'agt_form')`),
    sdk(`glean.client.agents.run({ agent_id: 'agt_form', input: { topic: 'Q3', audience: '', tone: '' } })`),
    // Fields from a same-file constant spread in.
    `const DEFAULTS = { audience: '', tone: '' };\n${post(`{ agent_id: 'agt_form', input: { ...DEFAULTS, topic: 'Q3' } }`)}`,
    // Nothing can be known: the body, the agent id, or a spread from elsewhere.
    `export async function run(body: object) { ${post('body')} }`,
    `export async function run(agentId: string) { ${post(`{ agent_id: agentId, input: { topic: 'Q3' } }`)} }`,
    `export async function run(extra: object) { ${post(`{ agent_id: 'agt_form', input: { ...extra } }`)} }`,
    `export async function run(input: object) { ${post(`{ agent_id: 'agt_form', input }`)} }`,
    // Not an agent run, or not Glean.
    post(`{ agent_id: 'agt_form', input: 'Q3' }`, 'https://acme-be.glean.com/rest/api/v1/search'),
    post(`{ agent_id: 'agt_form', input: 'Q3' }`, 'https://api.example.com/v1/agents/runs/wait'),
  ],
  invalid: [
    ...[
      [`'Summarise Q3'`, 'a string'],
      ['`Summarise ${topic}`', 'a string'],
      [`['Q3']`, 'an array'],
      ['42', 'a number'],
      ['null', 'null'],
    ].map(([value, actual]) => {
      const code = post(`{ agent_id: 'agt_chat', input: ${value} }`);
      return {
        name: `input is ${actual}: ${value}`,
        code,
        errors: [{ messageId: 'inputNotObject' as const, data: { actual }, ...locate(code, value!) }],
      };
    }),
    (() => {
      const code = `const r = UrlFetchApp.fetch('${WAIT}', { method: 'post', contentType: 'application/json', payload: JSON.stringify({ agent_id: 'agt_x', input: 7 }) });`;
      return {
        name: 'Apps Script payload',
        code,
        errors: [{ messageId: 'inputNotObject' as const, data: { actual: 'a number' }, ...locate(code, '7 }') , endColumn: locate(code, '7 }').column + 1 }],
      };
    })(),
    (() => {
      const code = post(`{ agent_id: 'agt_form', messages: [] }`);
      return {
        name: 'a form agent run without input',
        code,
        errors: [
          {
            messageId: 'missingInput' as const,
            data: { agent: 'agt_form', fields: FIELDS },
            ...locate(code, `{ agent_id: 'agt_form', messages: [] }`),
          },
        ],
      };
    })(),
    (() => {
      const code = `await fetch('${WAIT}', {\n  method: 'POST',\n  body: JSON.stringify({\n    agent_id: 'agt_form',\n    input: {\n      topic: 'Q3',\n    },\n  }),\n});`;
      return {
        name: 'missing form fields, multi-line, trailing comma: the suggestion adds them as empty strings',
        code,
        errors: [
          {
            messageId: 'missingFields' as const,
            data: { agent: 'agt_form', missing: '`audience`, `tone`' },
            ...locate(code, 'input'),
            suggestions: [
              {
                messageId: 'addMissingFields' as const,
                data: { missing: '`audience`, `tone`' },
                output: code.replace("topic: 'Q3',\n", "topic: 'Q3',\n      audience: '',\n      tone: '',\n"),
              },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = sdk(`glean.client.agents.run({ agent_id: 'agt_form', input: { tpoic: 'Q3', audience: 'eng', mood: 'dry' } })`);
      return {
        name: 'through the SDK: a typo gets a rename suggestion, an unknown key none, the rest is missing',
        code,
        errors: [
          {
            messageId: 'missingFields' as const,
            data: { agent: 'agt_form', missing: '`tone`' },
            ...locate(code, 'input'),
            suggestions: [
              {
                messageId: 'addMissingFields' as const,
                data: { missing: '`tone`' },
                output: code.replace("mood: 'dry' }", "mood: 'dry', tone: '' }"),
              },
            ],
          },
          {
            messageId: 'unknownField' as const,
            data: { field: 'tpoic', agent: 'agt_form', fields: FIELDS },
            ...locate(code, 'tpoic'),
            suggestions: [{ messageId: 'renameToFormField' as const, data: { name: 'topic' }, output: code.replace('tpoic', 'topic') }],
          },
          {
            messageId: 'unknownField' as const,
            data: { field: 'mood', agent: 'agt_form', fields: FIELDS },
            ...locate(code, 'mood'),
            suggestions: [],
          },
        ],
      };
    })(),
    (() => {
      const code = `const AGENT = 'agt_form';\n${post(`{ input: {} }`, 'https://acme-be.glean.com/api/agents/${AGENT}/runs').replace("'https://acme-be.glean.com/api/agents/${AGENT}/runs'", '`https://acme-be.glean.com/api/agents/${AGENT}/runs`')}`;
      return {
        name: 'the replacement endpoint names the agent in its path; an empty input gets every field',
        code,
        errors: [
          {
            messageId: 'missingFields' as const,
            data: { agent: 'agt_form', missing: FIELDS },
            ...locate(code, 'input'),
            suggestions: [
              {
                messageId: 'addMissingFields' as const,
                data: { missing: FIELDS },
                output: code.replace('input: {}', "input: { topic: '', audience: '', tone: '' }"),
              },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = sdk(`glean.agents.createRun({ input: { 'due dat': '2027-01-01' } }, 'agt-quoted')`);
      return {
        name: 'createRun with the agent id as its second argument; quoted keys keep their quotes',
        code,
        errors: [
          {
            messageId: 'unknownField' as const,
            data: { field: 'due dat', agent: 'agt-quoted', fields: '`due date`' },
            ...locate(code, "'due dat'"),
            suggestions: [
              { messageId: 'renameToFormField' as const, data: { name: 'due date' }, output: code.replace("'due dat'", "'due date'") },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = post(`{ agent_id: 'agt_form', input: { topic: 'Q3', audience: '' } }`, 'https://acme-be.glean.com/rest/api/v1/agents/runs/stream');
      return {
        name: 'the stream endpoint takes the same body',
        code,
        errors: [
          {
            messageId: 'missingFields' as const,
            data: { agent: 'agt_form', missing: '`tone`' },
            ...locate(code, 'input'),
            suggestions: [
              { messageId: 'addMissingFields' as const, data: { missing: '`tone`' }, output: code.replace("audience: '' }", "audience: '', tone: '' }") },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = `function gleanFetch(path: string, init?: RequestInit) {\n  return fetch(\`https://acme-be.glean.com/rest/api/v1\${path}\`, init);\n}\nawait gleanFetch('/agents/runs/wait', { method: 'POST', body: JSON.stringify({ agent_id: 'agt_form', input: { topic: 'Q3', audience: '' } }) });`;
      return {
        name: 'a wrapper that hands the caller’s options to fetch: the body the caller gives',
        code,
        errors: [
          {
            messageId: 'missingFields' as const,
            data: { agent: 'agt_form', missing: '`tone`' },
            ...locate(code, 'input'),
            suggestions: [
              { messageId: 'addMissingFields' as const, data: { missing: '`tone`' }, output: code.replace("audience: '' }", "audience: '', tone: '' }") },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = post(`{ agent_id: 'agt_form', input: { topic: 'Q3' } }`);
      return {
        name: 'agentForms read from a file of saved schemas responses',
        code,
        settings: { glean: { now: '2026-11-23', agentForms: 'fixtures/agent-forms/schemas.json' } },
        errors: [
          {
            messageId: 'missingFields' as const,
            data: { agent: 'agt_form', missing: '`audience`, `tone`' },
            ...locate(code, 'input'),
            suggestions: [
              {
                messageId: 'addMissingFields' as const,
                data: { missing: '`audience`, `tone`' },
                output: code.replace("topic: 'Q3' }", "topic: 'Q3', audience: '', tone: '' }"),
              },
            ],
          },
        ],
      };
    })(),
  ],
});

describe('agent-run-input: the messages a user reads', () => {
  const settings = { agentForms: { agt_form: ['topic', 'audience', 'tone'] } };
  const lint = (body: string) => lintWith('agent-run-input', `${post(body)}\n`, { settings });

  it('an input that is not an object', () => {
    expect(lint(`{ agent_id: 'agt_form', input: 'Summarise Q3' }`)).toEqual({
      reports: [{ line: 1, column: 141, message: "An agent run's `input` must be an object of form fields, not a string." }],
      output: null,
    });
  });

  it('a form agent run without input', () => {
    expect(lint(`{ agent_id: 'agt_form', messages: [] }`)).toEqual({
      reports: [
        {
          line: 1,
          column: 110,
          message: 'Agent `agt_form` runs from an input form: the body needs `input` with every form field (`topic`, `audience`, `tone`).',
        },
      ],
      output: null,
    });
  });

  it('missing form fields, with the suggestion that adds them', () => {
    expect(lint(`{ agent_id: 'agt_form', input: { topic: 'Q3' } }`)).toEqual({
      reports: [
        {
          line: 1,
          column: 134,
          message: "Agent `agt_form`'s input form needs every field, optional ones too: `audience`, `tone` missing.",
          suggestions: [
            {
              desc: 'Add `audience`, `tone` as empty strings.',
              output: `${post(`{ agent_id: 'agt_form', input: { topic: 'Q3', audience: '', tone: '' } }`)}\n`,
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('a field the form does not have', () => {
    expect(lint(`{ agent_id: 'agt_form', input: { topic: 'Q3', audience: '', tone: '', toon: 'dry' } }`)).toEqual({
      reports: [{ line: 1, column: 180, message: "`toon` is not a field of agent `agt_form`'s input form (`topic`, `audience`, `tone`)." }],
      output: null,
    });
  });
});
