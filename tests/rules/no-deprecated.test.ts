import { describe, expect, it } from 'vitest';
import { lintWith } from './lint.js';

/**
 * `glean/no-deprecated`, as a user meets it on 2026-11-23 (tests/helpers.ts NOW): one representative
 * item of every kind, with the full message text, the suggestions and the file after `eslint --fix`.
 * The generated matrices of every register item live in tests/matrix/.
 */

const SDK = `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean({ apiToken: process.env.GLEAN_TOKEN, instance: 'acme' });\n`;
const AGENT_GET =
  'GET /rest/api/v1/agents/{agent_id} is deprecated and will be removed on 2027-04-15 (in 143 days); use GET /api/agents/{agent_id} instead; the response wraps the agent in `agent`.';

describe('no-deprecated', () => {
  const agentUrl = `await fetch('https://acme-be.glean.com/rest/api/v1/agents/agt_1');\n`;
  const switched = `await fetch('https://acme-be.glean.com/api/agents/agt_1');\n`;

  it('an endpoint with a replacement: a suggestion to switch, no autofix', () => {
    expect(lintWith('no-deprecated', agentUrl)).toEqual({
      reports: [
        {
          line: 1,
          column: 13,
          message: AGENT_GET,
          suggestions: [{ desc: 'Switch to GET /api/agents/{agent_id} (review the code that reads the response).', output: switched }],
        },
      ],
      output: null,
    });
  });

  it('with the migrate option the mechanical switch is an autofix', () => {
    expect(lintWith('no-deprecated', agentUrl, { options: { migrate: true } }).output).toBe(switched);
  });

  it('an SDK method: a suggestion to call the replacement method', () => {
    const code = `${SDK}await glean.client.agents.list({ name: 'triage' });\n`;
    expect(lintWith('no-deprecated', code)).toEqual({
      reports: [
        {
          line: 3,
          column: 7,
          message:
            'POST /rest/api/v1/agents/search (called by `client.agents.list()`) is deprecated and will be removed on 2027-04-15 (in 143 days); use POST /api/agents/search instead; the response lists platform agents and adds request_id.',
          suggestions: [
            {
              desc: 'Switch to agents.search() (review the code that reads the response).',
              output: code.replace('glean.client.agents.list(', 'glean.agents.search('),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('with the migrate option an SDK method swap whose new response lacks a property the code reads stays a suggestion', () => {
    const code = `${SDK}const agent = await glean.client.agents.retrieve('agt_1');\nconsole.log(agent.capabilities);\n`;
    expect(lintWith('no-deprecated', code, { options: { migrate: true } })).toEqual({
      reports: [
        {
          line: 3,
          column: 21,
          message:
            'GET /rest/api/v1/agents/{agent_id} (called by `client.agents.retrieve()`) is deprecated and will be removed on 2027-04-15 (in 143 days); use GET /api/agents/{agent_id} instead; the response wraps the agent in `agent`.',
          suggestions: [
            {
              desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (it has no `capabilities`).',
              output: code.replace('glean.client.agents.retrieve(', 'glean.agents.get('),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('with the migrate option an SDK method swap whose request and reads fit the new types is an autofix', () => {
    const code = `${SDK}const agent = await glean.client.agents.retrieveSchemas('agt_1');\nconsole.log(agent.agent_id);\n`;
    expect(lintWith('no-deprecated', code, { options: { migrate: true } }).output).toBe(
      code.replace('glean.client.agents.retrieveSchemas(', 'glean.agents.getSchemas('),
    );
  });

  it('a moved read: autofix to the new place', () => {
    const code = `${SDK}const data = await glean.client.answers.retrieve({ id: 42 });\nconsole.log(data.answerResult.trackingToken);\n`;
    expect(lintWith('no-deprecated', code)).toEqual({
      reports: [
        {
          line: 4,
          column: 31,
          message:
            'Field `trackingToken` of an answer result (`AnswerResult`) is deprecated and will be removed on 2027-01-15 (in 53 days); read `answer.trackingToken` instead.',
        },
      ],
      output: code.replace('answerResult.trackingToken', 'answerResult.answer.trackingToken'),
    });
  });

  it('a field without a replacement: reported, nothing to fix', () => {
    const code = `${SDK}const data = await glean.client.insights.retrieve({});\nconsole.log(data.overviewResponse?.searchSessionSatisfaction);\n`;
    expect(lintWith('no-deprecated', code)).toEqual({
      reports: [
        {
          line: 4,
          column: 36,
          message:
            'Field `searchSessionSatisfaction` of an insights overview (`InsightsOverviewResponse`) is deprecated and will be removed on 2027-01-15 (in 53 days); no replacement; no longer supported; contact support for alternatives.',
        },
      ],
      output: null,
    });
  });

  it('a removed item is not this rule’s: no-removed reports it', () => {
    const code = `await fetch('https://acme-be.glean.com/rest/api/v1/listanswers', { method: 'POST', body: '{}' });\n`;
    expect(lintWith('no-deprecated', code)).toEqual({ reports: [], output: null });
  });

  it('a look-alike: the same words on another host are not a use', () => {
    const code = `await fetch('https://api.example.com/v2/agents/agt_1');\nconst data = await (await fetch('https://api.example.com/v2/getanswer')).json();\nconsole.log(data.answerResult.trackingToken);\n`;
    expect(lintWith('no-deprecated', code)).toEqual({ reports: [], output: null });
  });
});
