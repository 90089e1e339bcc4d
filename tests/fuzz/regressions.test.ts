import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { MIGRATE, STRICT } from './check.js';
import { KNOWN_PROJECT_BUGS, lintProjectFiles } from './project-check.js';
import type { ProjectBug } from './project-generators.js';

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
  {
    name: 'a path template filled by `replace()` of its placeholder and sent with GET is the deprecated GET /agents/{agent_id}',
    code: "const PATHS = { agent: '/rest/api/v1/agents/{agent_id}' };\nexport const getAgent = (id) => fetch(PATHS.agent.replace('{agent_id}', id));\n",
    expected: ['glean/no-deprecated 1:24'],
    fixed: "const PATHS = { agent: '/api/agents/{agent_id}' };\nexport const getAgent = (id) => fetch(PATHS.agent.replace('{agent_id}', id));\n",
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

// ---------------------------------------------------------------------------------------------------
// Open plugin bugs the multi-module project fuzzer found (project-generators.ts, project-check.ts).
// Each case is a minimal project written under .tmp/ and linted module by module with ESLint's working
// directory at its root; it asserts what the plugin should report, so it fails while the bug is open.
// While its id is in KNOWN_PROJECT_BUGS, the fuzzer avoids the form; once a case passes, remove the id
// there and the fuzz run generates the form again.

/** `rule line:column` of the first occurrence of `needle` in `text`. */
function at(text: string, needle: string, rule: 'glean/no-removed' | 'glean/no-deprecated' = 'glean/no-removed', suffix = ''): string {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`no ${needle} in the case's text`);
  const before = text.slice(0, offset).split('\n');
  return `${rule} ${before.length}:${before.at(-1)!.length + 1}${suffix}`;
}

const GLEAN_POST = "export function gleanPost(path, body) {\n  return fetch(`https://acme-be.glean.com/rest/api/v1${path}`, { method: 'POST', body: JSON.stringify(body) });\n}\n";
const ANSWERS_THROUGH_BARREL = "import { gleanPost } from './lib/index.js';\nexport const listAnswers = () => gleanPost('/listanswers', {});\n";
const FILTER_MAPPER = 'export function toFilter() {\n  return { values: [{ isNegated: true }] };\n}\n';
const SEND_FILTER = (from: string) =>
  `import { toFilter } from '${from}';\nexport const announce = () =>\n  fetch('https://acme-be.glean.com/rest/api/v1/createannouncement', { method: 'POST', body: JSON.stringify({ title: 't', audienceFilters: [toFilter()] }) });\n`;
const SNIPPET_MAPPER = "export function toSnippet() {\n  return { snippet: 'x' };\n}\n";
const CHAT_WITH_SNIPPET = (from: string) =>
  `import { toSnippet } from '${from}';\nexport const ask = () =>\n  fetch('https://acme-be.glean.com/rest/api/v1/chat', { method: 'POST', body: JSON.stringify({ messages: [{ fragments: [{ structuredResults: [{ snippets: [toSnippet()] }] }] }] }) });\n`;
const PAYROLL_WITH_SNIPPET = (from: string) =>
  `import { toSnippet } from '${from}';\nexport const payroll = () => fetch('https://payroll.example.com/v1/records', { method: 'POST', body: JSON.stringify(toSnippet()) });\n`;
const AXIOS_INSTANCE = "import axios from 'axios';\nexport const gleanHttp = axios.create({ baseURL: 'https://acme-be.glean.com/rest/api/v1' });\n";
const WRAPPER_CLASSES =
  "const ROOT = 'https://acme-be.glean.com/api/index/v1';\nexport class IndexApi {\n  static post(path, body) {\n    return fetch(`${ROOT}${path}`, { method: 'POST', body: JSON.stringify(body) });\n  }\n}\nexport class Indexer {\n  post(path, body) {\n    return fetch(ROOT + path, { method: 'POST', body: JSON.stringify(body) });\n  }\n}\nexport const indexer = new Indexer();\n";
const NAMESPACE_HOLDERS =
  "import * as http from './http.js';\nimport * as api from './api.js';\nexport async function run() {\n  await http.gleanHttp.post('/listanswers', {});\n  await api.IndexApi.post('/getusercount', {});\n  await api.indexer.post('/getdocumentcount', {});\n  await new api.Indexer().post('/getdocumentstatus', {});\n}\n";
const GLEAN_POST_CJS = "function gleanPost(path, body) {\n  return fetch(`https://acme-be.glean.com/rest/api/v1${path}`, { method: 'POST', body: JSON.stringify(body) });\n}\nmodule.exports = { gleanPost };\n";
const CJS_NAMESPACE_CALL = "const http = require('./http');\nasync function listAnswers() {\n  await http.gleanPost('/listanswers', {});\n}\nmodule.exports = { listAnswers };\n";
const TEMPLATE = 'export const announcementDefaults = { audienceFilters: [{ values: [{ isNegated: true }] }] };\n';
const SEND_TEMPLATE =
  "import { announcementDefaults } from './templates.js';\nexport const announce = () =>\n  fetch('https://acme-be.glean.com/rest/api/v1/createannouncement', { method: 'POST', body: JSON.stringify({ ...announcementDefaults, title: 't' }) });\n";
const CALLBACK_MAPPER = 'export function toFilters(values) {\n  return [{ values: values.map((value) => ({ value, isNegated: true })) }];\n}\n';
const DEEP_MAPPER =
  'export function toAnnouncement() {\n  const filter = { values: [{ isNegated: true }] };\n  const filters = [{ ...filter }];\n  const common = { audienceFilters: [...filters] };\n  return { ...common };\n}\n';
const SEND_MAPPED = (call: string, from: string, name: string) =>
  `import { ${name} } from '${from}';\nexport const announce = () =>\n  fetch('https://acme-be.glean.com/rest/api/v1/createannouncement', { method: 'POST', body: JSON.stringify(${call}) });\n`;
const KEY_TEXT_MAPPER = "export function toEmployee(row) {\n  return { email: row.email, ['location']: row.office };\n}\nexport function toEmployee2(row) {\n  return { email: row.email, location /* office */: row.office };\n}\n";
const SEND_EMPLOYEES =
  "import { toEmployee, toEmployee2 } from './mappers.js';\nexport const sync = (row) =>\n  fetch('https://acme-be.glean.com/api/index/v1/indexemployee', { method: 'POST', body: JSON.stringify({ employee: row.v2 ? toEmployee2(row) : toEmployee(row) }) });\n";
const BASE_CLASS = 'export class GleanHttp {\n  constructor(base) {\n    this.base = base;\n  }\n  post(path, body) {\n    return fetch(this.base + path, { method: "POST", body: JSON.stringify(body) });\n  }\n}\n';
const INLINE_NEW = "import { GleanHttp } from './http.js';\nexport const count = () => new GleanHttp('https://acme-be.glean.com/api/index/v1').post('/getusercount', {});\n";
const SERVICE_CLASS = "import { Glean } from '@gleanwork/api-client';\nexport class GleanService {\n  glean = new Glean({ apiToken: 'token', instance: 'acme' });\n}\n";
const SERVICE_IN_CONST = "import { GleanService } from './service.js';\nexport async function agent(id) {\n  const service = new GleanService();\n  return service.glean.client.agents.retrieve(id);\n}\n";
const SEARCH_HELPER =
  "export async function searchGlean(body) {\n  const res = await fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: JSON.stringify(body) });\n  return res.json();\n}\n";
const MUTATION_OF_IMPORTED =
  "import { useMutation } from '@tanstack/react-query';\nimport { searchGlean } from './api.js';\nexport function useFirstSnippet() {\n  const search = useMutation({ mutationFn: searchGlean });\n  search.mutate({ query: 'q' });\n  return search.data.results[0].snippets[0].snippet;\n}\n";
const INSTANCE_WITH_BARREL_BASE = "import axios from 'axios';\nimport { API_BASE } from './index.js';\nexport const gleanHttp = axios.create({ baseURL: API_BASE });\n";
const SEND_FILTER_WITH_INSTANCE =
  "import { toFilter } from './mappers.js';\nimport { gleanHttp } from './lib/http.js';\nexport const announce = () => gleanHttp.post('/createannouncement', { title: 't', audienceFilters: [toFilter()] });\n";
const AXIOS_GET_WRAPPER =
  "import axios from 'axios';\nclass GleanApi {\n  http = axios.create({ baseURL: 'https://acme-be.glean.com/rest/api/v1' });\n  get(path) {\n    return this.http.get(path);\n  }\n}\nexport const gleanApi = new GleanApi();\n";
const AGENT_URL_CONFIG = "export const AGENT_URL = 'https://acme-be.glean.com/rest/api/v1/agents/agt_1';\n";
const EDIT_AGENT = "import { AGENT_URL } from './config.js';\nexport const rename = (name) => fetch(AGENT_URL, { method: 'POST', body: JSON.stringify({ name }) });\n";
const SAME_FILE_HOLDERS =
  "import { Glean } from '@gleanwork/api-client';\nconst services = { glean: new Glean({ apiToken: 'token', instance: 'acme' }) };\nclass GleanService {\n  glean = new Glean({ apiToken: 'token', instance: 'acme' });\n}\nconst service = new GleanService();\nexport const a = (id) => services.glean.client.agents.retrieve(id);\nexport const b = (id) => service.glean.client.agents.retrieve(id);\n";
const POLICY_TEMPLATE = 'export const configTemplate = { externalSharingOptions: { enabled: true } };\n';
const SEND_POLICY_TEMPLATE =
  "import { GLEAN_BASE_URL } from './config.js';\nimport * as mappersModule from './mappers.js';\nexport async function save() {\n  await fetch(`${GLEAN_BASE_URL}/governance/data/policies/p1`, { method: 'POST', body: JSON.stringify({ config: mappersModule.configTemplate }) });\n}\n";
const SNIPPET_TEMPLATE = "export const messagesTemplate = { citations: [{ referenceRanges: [{ snippets: [{ snippet: 'value' }] }] }] };\n";
const SNIPPET_TEMPLATE_ONE_FILE =
  "import axios from 'axios';\nconst messagesTemplate = { citations: [{ referenceRanges: [{ snippets: [{ snippet: 'value' }] }] }] };\nexport const ask = () => fetch('https://acme-be.glean.com/rest/api/v1/chat', { method: 'POST', body: JSON.stringify({ messages: [messagesTemplate] }) });\nexport const sendElsewhere = () => axios.post('https://payroll.example.com/v1/employees', { record: messagesTemplate });\n";
const SNIPPET_TEMPLATE_TWICE_TO_GLEAN =
  "const messagesTemplate = { citations: [{ referenceRanges: [{ snippets: [{ snippet: 'value' }] }] }] };\nexport const ask = () => fetch('https://acme-be.glean.com/rest/api/v1/chat', { method: 'POST', body: JSON.stringify({ messages: [messagesTemplate] }) });\nexport const askAgain = () => { console.log(messagesTemplate); return fetch('https://acme-be.glean.com/rest/api/v1/chat', { method: 'POST', body: JSON.stringify({ messages: [messagesTemplate], stream: false }) }); };\n";
const OPTIONS_MAPPER = 'export const toOptions = () => ({ facetFilters: [{ values: [{ isNegated: true }] }] });\n';
const SAME_FILE_REPLACE = "const PATHS = { agent: '/rest/api/v1/agents/{agent_id}' };\nexport const rename = (id, name) => fetch(PATHS.agent.replace('{agent_id}', id), { method: 'POST', body: JSON.stringify({ name }) });\n";

const GLEAN_FACTORY = "import { Glean } from '@gleanwork/api-client';\nconst createGlean = (token: string) => new Glean({ apiToken: token, instance: 'acme' });\nexport { createGlean };\n";
const CONFIG_TEMPLATE = "const configTemplate = { sensitiveContentOptions: { sensitiveInfoTypes: 'value' } };\nexport { configTemplate };\n";
const CREATE_POLICY_FROM_NAMESPACE =
  "import { createGlean } from '../lib/glean';\nimport * as mappersModule from '../mappers';\nexport async function createPolicy() {\n  const sdk = createGlean('token');\n  await sdk.client.governance.data.policies.create({ config: mappersModule.configTemplate });\n}\n";
const NOT_GLEAN_NAMESPACE =
  "import * as http from './http.js';\nimport * as api from './api.js';\nexport async function run() {\n  await http.gleanHttp.post('/listanswers', {});\n  await api.IndexApi.post('/getusercount', {});\n  await api.indexer.post('/getdocumentcount', {});\n  await new api.Indexer().post('/getdocumentstatus', {});\n}\n";
const PAYROLL_INSTANCE = "import axios from 'axios';\nexport const gleanHttp = axios.create({ baseURL: 'https://payroll.example.com/v1' });\n";
const PAYROLL_CLASSES =
  "const ROOT = 'https://payroll.example.com/v1';\nexport class IndexApi {\n  static post(path, body) {\n    return fetch(`${ROOT}${path}`, { method: 'POST', body: JSON.stringify(body) });\n  }\n}\nexport class Indexer {\n  post(path, body) {\n    return fetch(ROOT + path, { method: 'POST', body: JSON.stringify(body) });\n  }\n}\nexport const indexer = new Indexer();\n";

const CJS_SPREAD_TEMPLATE = "const fragmentsTemplate = {\n  structuredResults: [{ answer: { boardId: 42 } }],\n};\nmodule.exports = { fragmentsTemplate };\n";
const CHAT_WITH_REQUIRED_TEMPLATE =
  "const lib = require('./lib');\nasync function ask() {\n  await fetch('https://acme-be.glean.com/rest/api/v1/chat', { method: 'POST', body: JSON.stringify({ messages: [{ fragments: [lib.fragmentsTemplate] }] }) });\n}\nmodule.exports = { ask };\n";
const CJS_STATIC_WRAPPER =
  "const BASE = 'https://acme-be.glean.com/rest/api/v1';\nclass GleanApi {\n  static post(path, body) {\n    return fetch(`${BASE}${path}`, { method: 'POST', body: JSON.stringify(body) });\n  }\n}\nmodule.exports = { GleanApi };\n";
const CJS_STATIC_CALL = "const http = require('./http');\nasync function listAnswers() {\n  await http.GleanApi.post('/listanswers', {});\n}\nmodule.exports = { listAnswers };\n";

const NAMED_POLICY_TEMPLATE = 'export const configTemplate = { name: "p", externalSharingOptions: {} };\n';
const CREATE_POLICY_WITH_TEMPLATE =
  "import { configTemplate } from './mappers.js';\nexport const create = () =>\n  fetch('https://acme-be.glean.com/rest/api/v1/governance/data/policies/p1', { method: 'POST', body: JSON.stringify({ config: { ...configTemplate } }) });\n";
const PAYROLL_WITH_TEMPLATE =
  "import { configTemplate } from './mappers.js';\nexport const send = () => fetch('https://payroll.example.com/v1/employees', { method: 'POST', body: JSON.stringify(configTemplate) });\n";
const SERVICE_INSTANCE =
  "import { Glean } from '@gleanwork/api-client';\nclass GleanService {\n  constructor() {\n    this.glean = new Glean({ apiToken: 'token', instance: 'acme' });\n  }\n}\nconst gleanService = new GleanService();\nexport { gleanService };\n";
const CHAT_THROUGH_NAMESPACE =
  "import * as lib from './lib/index.js';\nexport async function ask() {\n  await lib.gleanService.glean.client.chat.create({ messages: [{ citations: 'value' }] });\n}\n";

const INDEX_EMPLOYEE_HELPER =
  "export async function indexEmployee(body) {\n  const res = await fetch('https://acme-be.glean.com/api/index/v1/indexemployee', { method: 'POST', body: JSON.stringify(body) });\n  return res.json();\n}\n";
const MUTATION_OF_NAMESPACE_MEMBER =
  "import * as api from './api.js';\nimport { useMutation } from '@tanstack/react-query';\nexport function useSync() {\n  const mutation = useMutation({ mutationFn: api.indexEmployee });\n  mutation.mutate({ employee: { email: 'a@acme.com', location: 'x' } });\n}\n";
const CJS_TEMPLATE = "const fragmentsTemplate = { structuredResults: [{ answer: { boardId: 'value' } }] };\nmodule.exports = { fragmentsTemplate };\n";
const CHAT_WITH_REQUIRED_MEMBER =
  "const mappers = require('./mappers');\nasync function ask() {\n  await fetch('https://acme-be.glean.com/rest/api/v1/chat', { method: 'POST', body: JSON.stringify({ messages: [{ fragments: [mappers.fragmentsTemplate] }] }) });\n}\nmodule.exports = { ask };\n";

const SAME_FILE_HOLDER_LOOKALIKES =
  "import { Glean } from '@gleanwork/api-client';\nimport OpenAI from 'openai';\nconst services = { glean: new OpenAI({ apiKey: 'key' }) };\nclass AiService {\n  glean = new OpenAI({ apiKey: 'key' });\n}\nconst service = new AiService();\nconst swapped = { glean: new Glean({ apiToken: 'token', instance: 'acme' }) };\nswapped.glean = new OpenAI({ apiKey: 'key' });\nexport const a = (id) => services.glean.client.agents.retrieve(id);\nexport const b = (id) => service.glean.client.agents.retrieve(id);\nexport const c = (id) => swapped.glean.client.agents.retrieve(id);\n";
const OTHER_SERVICE_CLASS = "import OpenAI from 'openai';\nexport class GleanService {\n  glean = new OpenAI({ apiKey: 'key' });\n}\n";
const PAYROLL_BASE_CLASS_USE = "import { GleanHttp } from './http.js';\nexport const count = () => new GleanHttp('https://payroll.example.com/v1').post('/getusercount', {});\n";

/** Bugs of one file found while reducing project cases (not generated forms, so not in KNOWN_PROJECT_BUGS). */
const OPEN_SAME_FILE_BUGS: Partial<Record<SameFileBug, string>> = {};
type SameFileBug = 'same-file-holders' | 'same-file-replace' | 'same-file-template-other-api';

const OPEN_PROJECT_BUG_CASES: { bug: ProjectBug | SameFileBug; name: string; files: Record<string, string>; expected: Record<string, string[]>; fixes?: true }[] = [
  {
    bug: 'esm-barrel-callee',
    name: 'a mapper imported from its folder’s index written as the folder (`from \'./\'`) is reported when the importer sends it (fuzz seed 23)',
    files: {
      'src/lib/to-glean.js': FILTER_MAPPER,
      'src/lib/index.js': "export * from './to-glean.js';\n",
      'src/lib/announce.js': "import { toFilter } from './';\nexport const announce = () =>\n  fetch('https://acme-be.glean.com/rest/api/v1/createannouncement', { method: 'POST', body: JSON.stringify({ title: 't', audienceFilters: [toFilter()] }) });\n",
    },
    expected: { 'src/lib/to-glean.js': [at(FILTER_MAPPER, 'isNegated')], 'src/lib/index.js': [], 'src/lib/announce.js': [] },
  },
  {
    bug: 'esm-barrel-callee',
    name: 'a wrapper function re-exported by `export *` is followed into its module',
    files: { 'src/lib/http.js': GLEAN_POST, 'src/lib/index.js': "export * from './http.js';\n", 'src/answers.js': ANSWERS_THROUGH_BARREL },
    expected: { 'src/lib/http.js': [], 'src/lib/index.js': [], 'src/answers.js': [at(ANSWERS_THROUGH_BARREL, "'/listanswers'")] },
  },
  {
    bug: 'esm-barrel-callee',
    name: 'a wrapper function re-exported by `export { gleanPost } from` is followed into its module',
    files: { 'src/lib/http.js': GLEAN_POST, 'src/lib/index.js': "export { gleanPost } from './http.js';\n", 'src/answers.js': ANSWERS_THROUGH_BARREL },
    expected: { 'src/lib/http.js': [], 'src/lib/index.js': [], 'src/answers.js': [at(ANSWERS_THROUGH_BARREL, "'/listanswers'")] },
  },
  {
    bug: 'esm-barrel-callee',
    name: 'a mapper imported through a barrel by the module that sends its object is reported',
    files: { 'src/lib/mappers.js': FILTER_MAPPER, 'src/lib/index.js': "export * from './mappers.js';\n", 'src/announce.js': SEND_FILTER('./lib/index.js') },
    expected: { 'src/lib/mappers.js': [at(FILTER_MAPPER, 'isNegated')], 'src/lib/index.js': [], 'src/announce.js': [] },
  },
  {
    bug: 'esm-barrel-callee',
    name: 'a mapper that a module imports through a barrel and sends to another API is never autofixed (today `snippet` → `text` is, which changes what the payroll API receives)',
    files: { 'src/lib/mappers.js': SNIPPET_MAPPER, 'src/lib/index.js': "export * from './mappers.js';\n", 'src/chat.js': CHAT_WITH_SNIPPET('./lib/mappers.js'), 'src/payroll.js': PAYROLL_WITH_SNIPPET('./lib/index.js') },
    expected: { 'src/lib/mappers.js': [at(SNIPPET_MAPPER, 'snippet:')], 'src/lib/index.js': [], 'src/chat.js': [], 'src/payroll.js': [] },
    fixes: true,
  },
  {
    bug: 'esm-barrel-callee',
    name: 'an exported template imported through a barrel by the module that sends it is reported where its key is written',
    files: { 'src/lib/to-glean.js': "export const gleanTemplate = { messages: [{ citations: 'value' }] };\n", 'src/lib/index.js': "export * from './to-glean.js';\n", 'src/chat.js': "import { gleanTemplate } from './lib/index.js';\nexport const ask = () => fetch('https://acme-be.glean.com/rest/api/v1/chat', { method: 'POST', body: JSON.stringify({ ...gleanTemplate }) });\n" },
    expected: { 'src/lib/to-glean.js': ['glean/no-removed 1:45'], 'src/lib/index.js': [], 'src/chat.js': [] },
  },
  {
    bug: 'cjs-barrel',
    name: 'a base URL passed on by a CommonJS barrel (`module.exports = require(…)`) is followed',
    files: {
      'config/glean.js': "const BASE = 'https://acme-be.glean.com/rest/api/v1';\nmodule.exports = { BASE };\n",
      'config/index.js': "module.exports = require('./glean');\n",
      'src/answers.js': "const { BASE } = require('../config');\nasync function listAnswers() {\n  await fetch(`${BASE}/listanswers`, { method: 'POST' });\n}\nmodule.exports = { listAnswers };\n",
    },
    expected: { 'config/glean.js': [], 'config/index.js': [], 'src/answers.js': ['glean/no-removed 3:15'] },
  },
  {
    bug: 'cjs-barrel',
    name: 'a template read from a CommonJS barrel that spreads a module (`{ ...require(…) }`) and sent is reported where its key is written (fuzz, JavaScript)',
    files: { 'src/lib/to-glean.js': CJS_SPREAD_TEMPLATE, 'src/lib/index.js': "module.exports = { ...require('./to-glean') };\n", 'src/report.js': CHAT_WITH_REQUIRED_TEMPLATE },
    expected: { 'src/lib/to-glean.js': [at(CJS_SPREAD_TEMPLATE, 'boardId')], 'src/lib/index.js': [], 'src/report.js': [] },
  },
  {
    bug: 'cjs-barrel',
    name: 'look-alike: another API’s base passed on by a CommonJS barrel reports nothing',
    files: {
      'config/payroll.js': "const BASE = 'https://payroll.example.com/v1';\nmodule.exports = { BASE };\n",
      'config/index.js': "module.exports = { ...require('./payroll') };\n",
      'src/answers.js': "const { BASE } = require('../config');\nasync function listAnswers() {\n  await fetch(`${BASE}/listanswers`, { method: 'POST' });\n}\nmodule.exports = { listAnswers };\n",
    },
    expected: { 'config/payroll.js': [], 'config/index.js': [], 'src/answers.js': [] },
  },
  {
    bug: 'esm-barrel-callee',
    name: 'look-alike: a wrapper of another API re-exported by `export *` reports nothing',
    files: {
      'src/lib/http.js': "export function gleanPost(path, body) {\n  return fetch(`https://payroll.example.com/v1${path}`, { method: 'POST', body: JSON.stringify(body) });\n}\n",
      'src/lib/index.js': "export * from './http.js';\n",
      'src/answers.js': ANSWERS_THROUGH_BARREL,
    },
    expected: { 'src/lib/http.js': [], 'src/lib/index.js': [], 'src/answers.js': [] },
  },
  {
    bug: 'namespace-holder',
    name: 'instances and classes read through a namespace import (`ns.http.post`, `ns.Api.post`, `ns.api.post`, `new ns.Api()`) are followed',
    files: { 'src/http.js': AXIOS_INSTANCE, 'src/api.js': WRAPPER_CLASSES, 'src/run.js': NAMESPACE_HOLDERS },
    expected: {
      'src/http.js': [],
      'src/api.js': [],
      'src/run.js': [at(NAMESPACE_HOLDERS, "'/listanswers'"), at(NAMESPACE_HOLDERS, "'/getusercount'"), at(NAMESPACE_HOLDERS, "'/getdocumentcount'"), at(NAMESPACE_HOLDERS, "'/getdocumentstatus'")],
    },
  },
  {
    bug: 'namespace-holder',
    name: 'a template read through a namespace import (`ns.configTemplate`) and sent through the SDK is reported where its key is written (fuzz seed 20261123, TypeScript)',
    files: { 'src/lib/glean.ts': GLEAN_FACTORY, 'src/mappers.ts': CONFIG_TEMPLATE, 'src/features/agents.ts': CREATE_POLICY_FROM_NAMESPACE },
    expected: { 'src/lib/glean.ts': [], 'src/mappers.ts': [at(CONFIG_TEMPLATE, 'sensitiveInfoTypes')], 'src/features/agents.ts': [] },
  },
  {
    bug: 'namespace-holder',
    name: 'the same namespace reads of modules whose client, classes and instance talk to another API report nothing',
    files: { 'src/http.js': PAYROLL_INSTANCE, 'src/api.js': PAYROLL_CLASSES, 'src/run.js': NOT_GLEAN_NAMESPACE },
    expected: { 'src/http.js': [], 'src/api.js': [], 'src/run.js': [] },
  },
  {
    bug: 'namespace-holder',
    name: 'a client held by a service instance that a barrel passes on, read as `ns.gleanService.glean.client…`, is followed (fuzz seeds 1 and 3, JavaScript)',
    files: { 'src/lib/glean.js': SERVICE_INSTANCE, 'src/lib/index.js': "export * from './glean.js';\n", 'src/chat.js': CHAT_THROUGH_NAMESPACE },
    expected: { 'src/lib/glean.js': [], 'src/lib/index.js': [], 'src/chat.js': [at(CHAT_THROUGH_NAMESPACE, 'citations')] },
  },
  {
    bug: 'namespace-holder',
    name: 'a function read through a namespace import and handed to `useMutation({ mutationFn: api.indexEmployee })` sends what `mutate()` is given (fuzz seed 1, JavaScript)',
    files: { 'src/api.js': INDEX_EMPLOYEE_HELPER, 'src/hooks.js': MUTATION_OF_NAMESPACE_MEMBER },
    expected: { 'src/api.js': [], 'src/hooks.js': [at(MUTATION_OF_NAMESPACE_MEMBER, 'location')] },
  },
  {
    bug: 'cjs-namespace-function',
    name: 'a template read as `mappers.fragmentsTemplate` of `require(…)` (`module.exports = { fragmentsTemplate }`) and sent is reported where its key is written (fuzz seeds 2 and 4, JavaScript)',
    files: { 'src/mappers.js': CJS_TEMPLATE, 'src/chat.js': CHAT_WITH_REQUIRED_MEMBER },
    expected: { 'src/mappers.js': [at(CJS_TEMPLATE, 'boardId')], 'src/chat.js': [] },
  },
  {
    bug: 'cjs-namespace-function',
    name: 'a function of a CommonJS module exporting `{ gleanPost }`, called as `http.gleanPost(…)` after `const http = require(…)`, is followed',
    files: { 'src/http.js': GLEAN_POST_CJS, 'src/answers.js': CJS_NAMESPACE_CALL },
    expected: { 'src/http.js': [], 'src/answers.js': [at(CJS_NAMESPACE_CALL, "'/listanswers'")] },
  },
  {
    bug: 'cjs-namespace-function',
    name: 'a static method of a class a CommonJS module exports in `{ GleanApi }`, called as `http.GleanApi.post(…)`, is followed (fuzz, JavaScript)',
    files: { 'src/http.js': CJS_STATIC_WRAPPER, 'src/answers.js': CJS_STATIC_CALL },
    expected: { 'src/http.js': [], 'src/answers.js': [at(CJS_STATIC_CALL, "'/listanswers'")] },
  },
  {
    bug: 'exported-template',
    name: 'an exported object constant spread into a payload another module sends is reported where its key is written',
    files: { 'src/templates.js': TEMPLATE, 'src/announce.js': SEND_TEMPLATE },
    expected: { 'src/templates.js': [at(TEMPLATE, 'isNegated')], 'src/announce.js': [] },
  },
  {
    bug: 'exported-template',
    name: 'a template that another module sends to another API is never autofixed (fuzz seed 3: `externalSharingOptions` → `broadSharingOptions` was)',
    files: { 'src/mappers.js': NAMED_POLICY_TEMPLATE, 'src/policy.js': CREATE_POLICY_WITH_TEMPLATE, 'src/payroll.js': PAYROLL_WITH_TEMPLATE },
    expected: { 'src/mappers.js': [at(NAMED_POLICY_TEMPLATE, 'externalSharingOptions')], 'src/policy.js': [], 'src/payroll.js': [] },
    fixes: true,
  },
  {
    bug: 'exported-template',
    name: 'the same template sent to Glean only keeps its autofix',
    files: { 'src/mappers.js': NAMED_POLICY_TEMPLATE, 'src/policy.js': CREATE_POLICY_WITH_TEMPLATE },
    expected: { 'src/mappers.js': [`${at(NAMED_POLICY_TEMPLATE, 'externalSharingOptions')} (fix)`], 'src/policy.js': [] },
    fixes: true,
  },
  {
    bug: 'namespace-template',
    name: 'an exported template read through a namespace import (`mappersModule.configTemplate`) and sent to Glean is reported where its keys are written',
    files: {
      'src/config.js': "export const GLEAN_BASE_URL = 'https://acme-be.glean.com/rest/api/v1';\n",
      'src/mappers.js': POLICY_TEMPLATE,
      'src/agents.js': SEND_POLICY_TEMPLATE,
    },
    expected: { 'src/config.js': [], 'src/mappers.js': [at(POLICY_TEMPLATE, 'externalSharingOptions'), at(POLICY_TEMPLATE, 'enabled')], 'src/agents.js': [] },
  },
  {
    bug: 'mapper-gate',
    name: 'a mapper whose deprecated key is written in an array callback is looked at',
    files: { 'src/mappers.js': CALLBACK_MAPPER, 'src/announce.js': SEND_MAPPED("{ title: 't', audienceFilters: toFilters(['eng']) }", './mappers.js', 'toFilters') },
    expected: { 'src/mappers.js': [at(CALLBACK_MAPPER, 'isNegated')], 'src/announce.js': [] },
  },
  {
    bug: 'mapper-gate',
    name: 'a mapper that builds its object through a few constants and spreads is looked at',
    files: { 'src/mappers.js': DEEP_MAPPER, 'src/announce.js': SEND_MAPPED('toAnnouncement()', './mappers.js', 'toAnnouncement') },
    expected: { 'src/mappers.js': [at(DEEP_MAPPER, 'isNegated')], 'src/announce.js': [] },
  },
  {
    bug: 'mapper-gate',
    name: 'look-alike: a mapper whose callback builds objects from rows that carry a deprecated key reports only the key the callback writes',
    files: {
      'src/mappers.js': "export function toFilters() {\n  const rows = [{ email: 'a@acme.com', isNegated: 'x' }];\n  return [{ values: rows.filter(Boolean).map((row) => ({ value: row.email, isNegated: true })) }];\n}\n",
      'src/announce.js': SEND_MAPPED("{ title: 't', audienceFilters: toFilters() }", './mappers.js', 'toFilters'),
    },
    expected: { 'src/mappers.js': ['glean/no-removed 3:76'], 'src/announce.js': [] },
  },
  {
    bug: 'template-other-api',
    name: 'an exported template a module sends to Glean and another sends to another API is never autofixed (today `snippet` → `text` is)',
    files: {
      'src/mappers.js': SNIPPET_TEMPLATE,
      'src/chat.js': "import { messagesTemplate } from './mappers.js';\nexport const ask = () => fetch('https://acme-be.glean.com/rest/api/v1/chat', { method: 'POST', body: JSON.stringify({ messages: [messagesTemplate] }) });\n",
      'src/other.js': "import axios from 'axios';\nimport { messagesTemplate } from './mappers.js';\nexport const sendElsewhere = () => axios.post('https://payroll.example.com/v1/employees', { record: messagesTemplate });\n",
    },
    expected: { 'src/mappers.js': [at(SNIPPET_TEMPLATE, 'citations'), at(SNIPPET_TEMPLATE, 'snippet:')], 'src/chat.js': [], 'src/other.js': [] },
    fixes: true,
  },
  {
    bug: 'same-file-template-other-api',
    name: 'a template sent to Glean and to another API in one file is never autofixed',
    files: { 'src/one.js': SNIPPET_TEMPLATE_ONE_FILE },
    expected: { 'src/one.js': [at(SNIPPET_TEMPLATE_ONE_FILE, 'citations'), at(SNIPPET_TEMPLATE_ONE_FILE, 'snippet:')] },
    fixes: true,
  },
  {
    bug: 'same-file-template-other-api',
    name: 'look-alike: a template sent to Glean twice in one file, and logged, is still autofixed (nothing else receives it)',
    files: { 'src/one.js': SNIPPET_TEMPLATE_TWICE_TO_GLEAN },
    expected: { 'src/one.js': [at(SNIPPET_TEMPLATE_TWICE_TO_GLEAN, 'citations'), at(SNIPPET_TEMPLATE_TWICE_TO_GLEAN, 'snippet:', 'glean/no-removed', ' (fix)')] },
    fixes: true,
  },
  {
    bug: 'namespace-mutation-fn',
    name: 'a mapper whose object `mutate()` sends through `useMutation({ mutationFn: searchModule.fetchChat })` (a namespace import’s function) is reported',
    files: {
      'src/mapper.js': OPTIONS_MAPPER,
      'src/search.js': "export async function fetchChat(body) {\n  return fetch('https://acme-be.glean.com/rest/api/v1/chat', { method: 'POST', body: JSON.stringify(body) }).then((res) => res.json());\n}\n",
      'src/agents.js': "import { toOptions } from './mapper.js';\nimport * as searchModule from './search.js';\nimport { useMutation } from '@tanstack/react-query';\nexport function useRun() {\n  const mutation = useMutation({ mutationFn: searchModule.fetchChat });\n  mutation.mutate({ messages: [{ fragments: [{ querySuggestion: { requestOptions: toOptions() } }] }] });\n}\n",
    },
    expected: { 'src/mapper.js': [at(OPTIONS_MAPPER, 'isNegated')], 'src/search.js': [], 'src/agents.js': [] },
  },
  {
    bug: 'mapper-key-text',
    name: 'a mapper key written computed (`[\'location\']`) or with a comment before its colon is looked at',
    files: { 'src/mappers.js': KEY_TEXT_MAPPER, 'src/sync.js': SEND_EMPLOYEES },
    expected: { 'src/mappers.js': [at(KEY_TEXT_MAPPER, "'location'"), 'glean/no-removed 5:30'], 'src/sync.js': [] },
  },
  {
    bug: 'mapper-key-text',
    name: 'look-alike: the same computed and commented keys in a mapper whose object only goes to another API are not reported',
    files: {
      'src/mappers.js': KEY_TEXT_MAPPER,
      'src/sync.js': "import { toEmployee, toEmployee2 } from './mappers.js';\nexport const sync = (row) =>\n  fetch('https://payroll.example.com/v1/employees', { method: 'POST', body: JSON.stringify({ employee: row.v2 ? toEmployee2(row) : toEmployee(row) }) });\n",
    },
    expected: { 'src/mappers.js': [], 'src/sync.js': [] },
  },
  {
    bug: 'inline-new-base',
    name: 'a request through `new GleanHttp(base).post(…)` (an instance made inline, given its base) is followed',
    files: { 'src/http.js': BASE_CLASS, 'src/count.js': INLINE_NEW },
    expected: { 'src/http.js': [], 'src/count.js': [at(INLINE_NEW, "'/getusercount'")] },
  },
  {
    bug: 'holder-instance-const',
    name: 'an instance of an imported class that holds a client, kept in a local constant, holds its client',
    files: { 'src/service.js': SERVICE_CLASS, 'src/agents.js': SERVICE_IN_CONST },
    expected: { 'src/service.js': [], 'src/agents.js': [at(SERVICE_IN_CONST, 'service.glean.client.agents.retrieve', 'glean/no-deprecated')] },
  },
  {
    bug: 'imported-mutation-fn',
    name: 'the data of `useMutation({ mutationFn: searchGlean })`, with `searchGlean` imported, is the search response',
    files: { 'src/api.js': SEARCH_HELPER, 'src/hooks.js': MUTATION_OF_IMPORTED },
    expected: { 'src/api.js': [], 'src/hooks.js': [at(MUTATION_OF_IMPORTED, 'snippet;')] },
  },
  {
    bug: 'mapper-sender-barrel',
    name: 'a mapper is reported when its sender’s axios instance takes its base through a barrel',
    files: {
      'src/mappers.js': FILTER_MAPPER,
      'src/announce.js': SEND_FILTER_WITH_INSTANCE,
      'src/lib/http.js': INSTANCE_WITH_BARREL_BASE,
      'src/lib/index.js': "export * from './config.js';\n",
      'src/lib/config.js': "export const API_BASE = 'https://acme-be.glean.com/rest/api/v1';\n",
    },
    expected: { 'src/mappers.js': [at(FILTER_MAPPER, 'isNegated')], 'src/announce.js': [], 'src/lib/http.js': [], 'src/lib/index.js': [], 'src/lib/config.js': [] },
  },
  {
    bug: 'mapper-sender-barrel',
    name: 'look-alike: the same mapper is not reported when the base the barrel hands on is another API’s',
    files: {
      'src/mappers.js': FILTER_MAPPER,
      'src/announce.js': SEND_FILTER_WITH_INSTANCE,
      'src/lib/http.js': INSTANCE_WITH_BARREL_BASE,
      'src/lib/index.js': "export * from './config.js';\n",
      'src/lib/config.js': "export const API_BASE = 'https://payroll.example.com/v1';\n",
    },
    expected: { 'src/mappers.js': [], 'src/announce.js': [], 'src/lib/http.js': [], 'src/lib/index.js': [], 'src/lib/config.js': [] },
  },
  {
    bug: 'axios-get-wrapper',
    name: 'a GET through an imported wrapper whose method calls `this.http.get(path)` is followed',
    files: { 'src/http.js': AXIOS_GET_WRAPPER, 'src/agents.js': "import { gleanApi } from './http.js';\nexport const schemas = (id) => gleanApi.get(`/agents/${id}/schemas`);\n" },
    expected: { 'src/http.js': [], 'src/agents.js': ['glean/no-deprecated 2:45'] },
  },
  {
    bug: 'axios-get-wrapper',
    name: 'look-alike: a GET of a path that is not deprecated through the same wrapper is not reported',
    files: { 'src/http.js': AXIOS_GET_WRAPPER, 'src/agents.js': "import { gleanApi } from './http.js';\nexport const agent = (id) => gleanApi.get(`/governance/data/policies/${id}`);\n" },
    expected: { 'src/http.js': [], 'src/agents.js': [] },
  },
  {
    bug: 'axios-get-wrapper',
    name: 'look-alike: the same wrapper over another API’s base does not send to Glean',
    files: { 'src/http.js': AXIOS_GET_WRAPPER.replace('https://acme-be.glean.com/rest/api/v1', 'https://payroll.example.com/v1'), 'src/agents.js': "import { gleanApi } from './http.js';\nexport const schemas = (id) => gleanApi.get(`/agents/${id}/schemas`);\n" },
    expected: { 'src/http.js': [], 'src/agents.js': [] },
  },
  {
    bug: 'config-url-method',
    name: 'a config module’s agent URL that the project only POSTs to (an edit of the agent) is not a use of GET /agents/{agent_id}',
    files: { 'src/config.js': AGENT_URL_CONFIG, 'src/agents.js': EDIT_AGENT },
    expected: { 'src/config.js': [], 'src/agents.js': [] },
  },
  {
    bug: 'config-url-method',
    name: 'a config table’s POST-only URL read with `ky.get(API.count)` is no use of POST getdocumentcount (nor anything else)',
    files: {
      'src/config.js': "export const API = { count: 'https://acme-be.glean.com/api/index/v1/getdocumentcount', other: 'x' };\n",
      'src/count.js': "import ky from 'ky';\nimport { API } from './config.js';\nexport const count = () => ky.get(API.count).json();\n",
    },
    expected: { 'src/config.js': [], 'src/count.js': [] },
  },
  {
    bug: 'config-url-method',
    name: 'the same URL POSTed by an importer is the removed getdocumentcount, reported in the config module',
    files: {
      'src/config.js': "export const API = { count: 'https://acme-be.glean.com/api/index/v1/getdocumentcount', other: 'x' };\n",
      'src/count.js': "import ky from 'ky';\nimport { API } from './config.js';\nexport const count = () => ky.post(API.count, { json: {} }).json();\n",
    },
    expected: { 'src/config.js': ['glean/no-removed 1:29'], 'src/count.js': [] },
  },
  {
    bug: 'config-url-method',
    name: 'a config agent URL one importer POSTs and another GETs is the deprecated GET /agents/{agent_id}',
    files: {
      'src/config.js': AGENT_URL_CONFIG,
      'src/agents.js': EDIT_AGENT,
      'src/read.js': "import { AGENT_URL } from './config.js';\nexport const read = () => fetch(AGENT_URL);\n",
    },
    expected: { 'src/config.js': [at(AGENT_URL_CONFIG, "'https", 'glean/no-deprecated')], 'src/agents.js': [], 'src/read.js': [] },
  },
  {
    bug: 'config-url-method',
    name: 'a config agent URL that no module sends is judged without a method (GET /agents/{agent_id} is its only operation)',
    files: { 'src/config.js': AGENT_URL_CONFIG, 'src/other.js': "import { AGENT_URL } from './config.js';\nexport const link = () => `<a href=\"${AGENT_URL}\">agent</a>`;\n" },
    expected: { 'src/config.js': [at(AGENT_URL_CONFIG, "'https", 'glean/no-deprecated')], 'src/other.js': [] },
  },
  {
    bug: 'config-url-method',
    name: 'a config’s runs/stream URL POSTed by an importer is reported in the config without a fix (the agent_id to move is in the importer’s body)',
    files: {
      'src/config.js': "const STREAM_URL = '/rest/api/v1/agents/runs/stream';\nexport { STREAM_URL };\n",
      'src/agents.js': "import { STREAM_URL } from './config.js';\nexport async function ask() {\n  await fetch(STREAM_URL, { method: 'POST', body: JSON.stringify({ agent_id: 'agt_42', input: { question: 'hi' } }) });\n}\n",
    },
    expected: { 'src/config.js': ['glean/no-deprecated 1:20'], 'src/agents.js': [] },
    fixes: true,
  },
  {
    bug: 'same-file-holders',
    name: 'in one file, an object and a class instance that hold a client hold it (found while reducing project cases)',
    files: { 'src/agents.js': SAME_FILE_HOLDERS },
    expected: { 'src/agents.js': [at(SAME_FILE_HOLDERS, 'services.glean.client.agents.retrieve', 'glean/no-deprecated'), at(SAME_FILE_HOLDERS, 'service.glean.client.agents.retrieve', 'glean/no-deprecated')] },
  },
  {
    bug: 'same-file-holders',
    name: 'look-alikes: an object and a class instance holding another SDK’s client under the same names, and a holder whose member is written with another client, report nothing',
    files: { 'src/agents.js': SAME_FILE_HOLDER_LOOKALIKES },
    expected: { 'src/agents.js': [] },
  },
  {
    bug: 'holder-instance-const',
    name: 'look-alike: an imported class whose field holds another SDK’s client, kept in a constant, reports nothing',
    files: { 'src/service.js': OTHER_SERVICE_CLASS, 'src/agents.js': SERVICE_IN_CONST },
    expected: { 'src/service.js': [], 'src/agents.js': [] },
  },
  {
    bug: 'inline-new-base',
    name: 'look-alike: the same inline instance given another API’s base reports nothing',
    files: { 'src/http.js': BASE_CLASS, 'src/count.js': PAYROLL_BASE_CLASS_USE },
    expected: { 'src/http.js': [], 'src/count.js': [] },
  },
  {
    bug: 'same-file-replace',
    name: 'in one file, a path template filled by `replace()` and POSTed (an edit of the agent) is not a use of GET /agents/{agent_id}',
    files: { 'src/agents.js': SAME_FILE_REPLACE },
    expected: { 'src/agents.js': [] },
  },
  {
    bug: 'layered-body',
    name: 'a mapper’s object in a body given to a wrapper over another module’s wrapper is followed through both to the request',
    files: {
      'src/features/agents.js': "import { gleanPostVia } from '../lib/glean-api.js';\nimport { toMessages } from '../mappers.js';\n\nasync function callGlean(agentId, verb) {\n  await gleanPostVia('/rest/api/v1/chat', {\n      messages: [toMessages(agentId, verb)],\n    });\n}\nexport { callGlean };\n",
      'src/lib/http.js': "import * as configModule from '../config.js';\nfunction gleanRequest(method, path, body) {\n  return fetch(`${configModule.GLEAN_HOST}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });\n}\nexport { gleanRequest };\n",
      'src/config.js': "const GLEAN_HOST = process.env.GLEAN_HOST ?? 'https://acme-be.glean.com';\nexport { GLEAN_HOST };\n",
      'src/lib/glean-api.js': "import { gleanRequest } from './http.js';\nconst gleanPostVia = (path, body) => gleanRequest('POST', path, body);\nexport { gleanPostVia };\n",
      'src/mappers.js': "function toMessages(agentId, verb) {\n  return {\n      citations: 'value',\n    };\n}\nexport { toMessages };\n",
    },
    expected: { 'src/features/agents.js': [], 'src/lib/http.js': [], 'src/config.js': [], 'src/lib/glean-api.js': [], 'src/mappers.js': ['glean/no-removed 3:7'] },
  },
  {
    bug: 'layered-body',
    name: 'the same in CommonJS, the wrapper required through a barrel (`module.exports = require(\'./search\')`)',
    files: {
      'package.json': '{ "name": "fuzz-project", "private": true, "type": "commonjs" }\n',
      'src/features/agents.js': "const { toMessages } = require('../lib');\nconst { gleanPostVia } = require('../services/index');\n\nasync function callGlean(agentId, verb) {\n  await gleanPostVia('/rest/api/v1/chat', {\n      messages: [toMessages(agentId, verb)],\n    });\n}\nmodule.exports = { callGlean };\n",
      'src/settings/index.js': "const GLEAN_HOST = process.env.GLEAN_HOST ?? 'https://acme-be.glean.com';\nmodule.exports = { GLEAN_HOST };\n",
      'src/lib/to-glean.js': "function toMessages(agentId, verb) {\n  return {\n      citations: 'value',\n    };\n}\nmodule.exports = { toMessages };\n",
      'src/lib/index.js': "module.exports = require('./to-glean');\n",
      'src/lib/http1.js': "const { GLEAN_HOST } = require('../settings/index');\nfunction gleanRequest(method, path, body) {\n  return fetch(`${GLEAN_HOST}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });\n}\nmodule.exports = { gleanRequest };\n",
      'src/services/search.js': "const { gleanRequest } = require('../lib/http1');\nconst gleanPostVia = (path, body) => gleanRequest(`POST`, path, body);\nmodule.exports = { gleanPostVia };\n",
      'src/services/index.js': "module.exports = require('./search');\n",
    },
    expected: {
      'src/features/agents.js': [],
      'src/settings/index.js': [],
      'src/lib/to-glean.js': ['glean/no-removed 3:7'],
      'src/lib/index.js': [],
      'src/lib/http1.js': [],
      'src/services/search.js': [],
      'src/services/index.js': [],
    },
  },
];

describe('plugin bugs the project fuzzer found', () => {
  for (const { bug, name, files, expected, fixes } of OPEN_PROJECT_BUG_CASES) {
    // While a bug is listed open, its case must still fail (it.fails): a fix turns it red until the entry goes.
    const open = bug in KNOWN_PROJECT_BUGS || bug in OPEN_SAME_FILE_BUGS;
    (open ? it.fails : it)(`${bug}${open ? ' (open)' : ''}: ${name}`, () => {
      expect(lintProjectFiles(`${bug}-${name.slice(0, 24)}`, files, { fixes: fixes ?? false })).toEqual(expected);
    });
  }

  it('every bug the project fuzzer avoids has a case here', () => {
    expect(Object.keys(KNOWN_PROJECT_BUGS).filter((bug) => !OPEN_PROJECT_BUG_CASES.some((entry) => entry.bug === bug))).toEqual([]);
  });
});
