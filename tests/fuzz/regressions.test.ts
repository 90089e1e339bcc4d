import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { MIGRATE, STRICT } from './check.js';

/** Bugs the fuzzer found, kept as plain regression tests. */

const linter = new Linter({ configType: 'flat' });
const cases = [
  {
    name: 'a URL whose API root is split across literals is analysed',
    code: "fetch('/rest' + '/api/v1/agents/agt_1');\n",
    expected: ['glean/no-deprecated 1:7'],
    fixed: "fetch('/rest' + '/api/v1/agents/agt_1');\n",
  },
  {
    name: 'a stream swap whose agent_id is the last body property does not overlap its own edits',
    code: "fetch('/rest/api/v1/agents/runs/stream', { method: 'POST', body: JSON.stringify({ input: {}, agent_id: 'a' }) });\n",
    expected: ['glean/no-deprecated 1:7'],
    fixed: "fetch('/api/agents/a/runs', { method: 'POST', body: JSON.stringify({ input: {}, stream: true }) });\n",
  },
  {
    name: 'the same with a trailing comma on its own lines',
    code: "fetch('/rest/api/v1/agents/runs/stream', {\n  method: 'POST',\n  body: JSON.stringify({\n    input: {},\n    agent_id: 'a',\n  }),\n});\n",
    expected: ['glean/no-deprecated 1:7'],
    fixed: "fetch('/api/agents/a/runs', {\n  method: 'POST',\n  body: JSON.stringify({\n    input: {},\n    stream: true,\n  }),\n});\n",
  },
  {
    name: 'agent_id as the only body property cannot move (the body would be left without input)',
    code: "fetch('/rest/api/v1/agents/runs/stream', { method: 'POST', body: JSON.stringify({ agent_id: 'a' }) });\n",
    expected: ['glean/no-deprecated 1:7'],
    fixed: "fetch('/rest/api/v1/agents/runs/stream', { method: 'POST', body: JSON.stringify({ agent_id: 'a' }) });\n",
  },
  {
    name: 'an axios payload with a spread and a body key is still the payload',
    code: "const extra = {};\naxios.post('/rest/api/v1/createannouncement', { ...extra, audienceFilters: [{ values: [{ isNegated: true }] }], body: {} });\n",
    expected: ['glean/no-removed 2:90'],
    fixed:
      "const extra = {};\naxios.post('/rest/api/v1/createannouncement', { ...extra, audienceFilters: [{ values: [{ relationType: 'NOT_EQUALS' }] }], body: {} });\n",
  },
  {
    name: 'agent_id read from a function’s local variable does not move into a URL defined outside that function',
    code: "const WAIT = '/rest/api/v1/agents/runs/wait';\nfunction run() {\n  const agentId = 'agt_42';\n  fetch(WAIT, { method: 'POST', body: JSON.stringify({ agent_id: agentId, input: {} }) });\n}\n",
    expected: ['glean/no-deprecated 1:14'],
    fixed: "const WAIT = '/rest/api/v1/agents/runs/wait';\nfunction run() {\n  const agentId = 'agt_42';\n  fetch(WAIT, { method: 'POST', body: JSON.stringify({ agent_id: agentId, input: {} }) });\n}\n",
  },
  {
    name: 'nor does a shorthand agent_id of a local variable move into a module constant URL',
    code: "const STREAM = '/rest/api/v1/agents/runs/stream';\nasync function run() {\n  const agent_id = 'agt_42';\n  await axios.post(STREAM, { input: {}, agent_id });\n}\n",
    expected: ['glean/no-deprecated 1:16'],
    fixed: "const STREAM = '/rest/api/v1/agents/runs/stream';\nasync function run() {\n  const agent_id = 'agt_42';\n  await axios.post(STREAM, { input: {}, agent_id });\n}\n",
  },
  {
    name: 'the same value, visible where the URL is written, moves into it',
    code: "function run(agentId) {\n  fetch('/rest/api/v1/agents/runs/wait', { method: 'POST', body: JSON.stringify({ agent_id: agentId, input: {} }) });\n}\n",
    expected: ['glean/no-deprecated 2:9'],
    fixed: "function run(agentId) {\n  fetch(`/api/agents/${agentId}/runs`, { method: 'POST', body: JSON.stringify({ input: {} }) });\n}\n",
  },
  {
    name: 'a renamed key is not written into an object that already has the new key through a spread (it would overwrite it)',
    code: "const common = { externalSharingOptions: {} };\nconst config = { broadSharingOptions: {}, ...common };\nconst inline = { broadSharingOptions: {}, ...{ externalSharingOptions: {} } };\nfetch('/rest/api/v1/governance/data/policies/p1', { method: 'POST', body: JSON.stringify({ config }) });\nfetch('/rest/api/v1/governance/data/policies/p2', { method: 'POST', body: JSON.stringify({ config: inline }) });\n",
    expected: ['glean/no-removed 1:18', 'glean/no-removed 3:48'],
    fixed: "const common = { externalSharingOptions: {} };\nconst config = { broadSharingOptions: {}, ...common };\nconst inline = { broadSharingOptions: {}, ...{ externalSharingOptions: {} } };\nfetch('/rest/api/v1/governance/data/policies/p1', { method: 'POST', body: JSON.stringify({ config }) });\nfetch('/rest/api/v1/governance/data/policies/p2', { method: 'POST', body: JSON.stringify({ config: inline }) });\n",
  },
  {
    name: 'nor into one that is spread further into an object that has it',
    code: "const common = { externalSharingOptions: {} };\nconst inner = { ...common };\nfetch('/rest/api/v1/governance/data/policies/p1', { method: 'POST', body: JSON.stringify({ config: { broadSharingOptions: {}, ...inner } }) });\n",
    expected: ['glean/no-removed 1:18'],
    fixed: "const common = { externalSharingOptions: {} };\nconst inner = { ...common };\nfetch('/rest/api/v1/governance/data/policies/p1', { method: 'POST', body: JSON.stringify({ config: { broadSharingOptions: {}, ...inner } }) });\n",
  },
  {
    name: 'a spread into an object without the new key is still renamed',
    code: "const common = { externalSharingOptions: {} };\nfetch('/rest/api/v1/governance/data/policies/p1', { method: 'POST', body: JSON.stringify({ config: { ...common, name: 'p' } }) });\n",
    expected: ['glean/no-removed 1:18'],
    fixed: "const common = { broadSharingOptions: {} };\nfetch('/rest/api/v1/governance/data/policies/p1', { method: 'POST', body: JSON.stringify({ config: { ...common, name: 'p' } }) });\n",
  },
];

/** SDK method swaps whose new types do not fit the code: `migrate` leaves them to a person (TypeScript). */
const RETRIEVE_CAPABILITIES = [
  "import { Glean } from '@gleanwork/api-client';",
  "const glean = new Glean({ apiToken: 'token', instance: 'acme' });",
  'export async function agentTools(agentId: string) {',
  '  const agent = await glean.client.agents.retrieve(agentId);',
  '  return agent.capabilities;',
  '}',
  '',
].join('\n');
const RUN_STREAM_WITHOUT_ROLE = [
  "import { Glean } from '@gleanwork/api-client';",
  "const glean = new Glean({ apiToken: 'token', instance: 'acme' });",
  'export async function ask(question: string) {',
  "  return glean.client.agents.runStream({ agent_id: 'agt_1', messages: [{ content: [{ text: question, type: 'text' }] }] });",
  '}',
  '',
].join('\n');
const typescriptCases = [
  {
    name: 'a read of the old response that the new one lacks keeps `retrieve` (no swap to `agents.get()`)',
    code: RETRIEVE_CAPABILITIES,
    expected: ['glean/no-deprecated 4:23'],
    fixed: RETRIEVE_CAPABILITIES,
  },
  {
    name: 'messages without the role the new request requires keep `runStream` (no swap to `agents.createRun()`)',
    code: RUN_STREAM_WITHOUT_ROLE,
    expected: ['glean/no-deprecated 4:10'],
    fixed: RUN_STREAM_WITHOUT_ROLE,
  },
];

describe('fuzzer regressions', () => {
  for (const { name, code, expected, fixed, filename } of [
    ...cases.map((entry) => ({ ...entry, filename: 'repro.js' })),
    ...typescriptCases.map((entry) => ({ ...entry, filename: 'repro.ts' })),
  ]) {
    it(name, () => {
      const messages = linter.verify(code, STRICT, filename);
      expect(messages.map((message) => `${message.ruleId} ${message.line}:${message.column}`)).toEqual(expected);
      const result = linter.verifyAndFix(code, MIGRATE, { filename });
      expect(result.output).toBe(fixed);
      expect(result.messages.filter((message) => message.fatal)).toEqual([]);
    });
  }
});
