import noDeprecated from '../../rules/no-deprecated.js';
import noRemoved from '../../rules/no-removed.js';
import { dataFor, jsRuleTester, locate, tsRuleTester } from '../helpers.js';

/**
 * Endpoint detection in URLs, for both lifecycle rules: composition, methods, fixes and look-alikes
 * (the matrix of every register endpoint in every URL form is tests/matrix/endpoints.test.ts).
 */

const runWaitData = dataFor('agents.runs.wait');
// typescript-eslint's test types omit `sourceType`, which ESLint's flat config reads for espree.
const COMMONJS = { sourceType: 'commonjs' } as unknown as Record<string, never>;
const agentData = dataFor('agents.get');
/** A helper that fills a path template and trims its leading slash, as the SDK's own `lib/url.ts` does. */
const PATH_TO_FUNC =
  "export function pathToFunc(pattern: string): (params?: Record<string, string>) => string {\n  const paramRE = /\\{([a-zA-Z0-9_]+)\\}/g;\n  return function build(params: Record<string, string> = {}) {\n    return pattern.replace(paramRE, (_, name: string) => encodeURIComponent(params[name] ?? '')).replace(/^\\/+/, '');\n  };\n}\n";

tsRuleTester().run('no-deprecated: composition, methods and fixes', noDeprecated, {
  valid: [
    // Look-alikes: same path, another method; other paths that share words.
    `fetch('https://acme-be.glean.com/rest/api/v1/agents/agt_1', { method: 'POST', body: '{}' });`,
    `axios.post('/rest/api/v1/agents/agt_1', { name: 'x' });`,
    `fetch('/rest/api/v1/agents', { method: 'POST', body: JSON.stringify({ name: 'x' }) });`,
    `app.post('/api/agents/runs/stream', handler);`,
    `fetch(\`/rest/api/v1/agents/\${id}/run\`, { method: 'POST' });`,
    `fetch('/rest/api/v1/agents/search');`,
    `fetch('https://api.example.com/v1/agents/search', { method: 'POST' });`,
    `fetch('/api/v1/agents/runs/wait', { method: 'POST' });`,
    // The replacement endpoints themselves.
    `fetch(\`https://acme-be.glean.com/api/agents/\${id}\`);`,
    `fetch(\`https://acme-be.glean.com/api/agents/\${id}/schemas\`);`,
    `fetch(\`https://acme-be.glean.com/api/agents/\${id}/runs\`, { method: 'POST', body: JSON.stringify({ input: {} }) });`,
    `fetch('https://acme-be.glean.com/api/agents/search', { method: 'POST' });`,
    // Prose and logs that mention a path are not uses of it.
    `const note = 'Glean deprecated /rest/api/v1/agents/search in August';`,
    `throw new Error('GET /rest/api/v1/agents/' + id + ' failed');`,
    `console.log(\`calling /rest/api/v1/agents/\${id} now\`);`,
    // A base that cannot be known is not guessed.
    `fetch(\`\${base}/agents/search\`, { method: 'POST' });`,
    `const client = axios.create({ baseURL: process.env.GLEAN_URL }); client.post('/agents/search');`,
    // A relative path is not a Glean path on its own.
    `axios.post('/agents/search', {});`,
    // A table literal used only for a non-deprecated method.
    `const AGENT = '/rest/api/v1/agents/agt_1';\nfetch(AGENT, { method: 'POST', body: '{}' });\naxios.post(AGENT, {});`,
    // Type positions are not requests.
    `type Path = '/rest/api/v1/agents/search';`,
    // A wrapper that always POSTs, given a whole path: the edit of an agent. The call is not also a request of unknown method.
    `function gleanPost(path: string, body: unknown) {\n  return fetch(\`https://acme-be.glean.com\${path}\`, { method: 'POST', body: JSON.stringify(body) });\n}\nawait gleanPost(\`/rest/api/v1/agents/\${id}\`, {});`,
    // The same through a function bound with its method first.
    `function call(method: string, path: string) {\n  return fetch(\`https://acme-be.glean.com\${path}\`, { method });\n}\nconst post = call.bind(null, 'POST');\nawait post(\`/rest/api/v1/agents/\${id}\`);`,
    // A path template filled by a helper that returns a function (the SDK's own `pathToFunc`), sent with
    // POST in an options object and by fetch: the edit of an agent. Neither helper call is a request.
    `${PATH_TO_FUNC}declare const client: { _createRequest(context: unknown, options: { method: string; path: string }): unknown };\nexport function updateAgent(id: string) {\n  const path = pathToFunc('/rest/api/v1/agents/{agent_id}')({ agent_id: id });\n  return client._createRequest({}, { method: 'POST', path });\n}\nexport const editAgent = (id: string) => fetch('https://acme-be.glean.com/' + pathToFunc('/rest/api/v1/agents/{agent_id}')({ agent_id: id }), { method: 'POST' });`,
    // A template filled by a package's function (path-to-regexp's compile, a declared fill), sent with POST.
    `import { compile } from 'path-to-regexp';\ndeclare function fill(template: string, params: Record<string, string>): string;\ndeclare function request(options: { method: string; url: string }): Promise<Response>;\nawait fetch('https://acme-be.glean.com' + compile('/rest/api/v1/agents/:agent_id')({ agent_id: id }), { method: 'POST' });\nawait request({ method: 'POST', url: fill('/rest/api/v1/agents/{agent_id}', { agent_id: id }) });`,
    // A conditional between the old and the new path, sent with POST: the edit of an agent either way.
    `const HOST = 'https://acme-be.glean.com';\nexport const edit = (legacy: boolean, id: string) => fetch(HOST + (legacy ? \`/rest/api/v1/agents/\${id}\` : \`/api/agents/\${id}\`), { method: 'POST' });`,
    // Look-alike: the platform API's read of an agent through the same helpers.
    `${PATH_TO_FUNC}import { compile } from 'path-to-regexp';\nawait fetch('https://acme-be.glean.com/' + pathToFunc('/api/agents/{agent_id}')({ agent_id: id }));\nawait fetch('https://acme-be.glean.com' + compile('/api/agents/:agent_id')({ agent_id: id }));`,
  ],
  invalid: [
    ((CODE: string) => ({
      name: 'a base constant holding the API prefix joined in a template',
      code: CODE,
      output: null,
      errors: [
        { messageId: 'deprecated', data: dataFor('agents.search'), ...locate(CODE, '`${BASE}/agents/search`'), suggestions: [] },
      ],
    }))(`const BASE = 'https://acme-be.glean.com/rest/api/v1';\nawait fetch(\`\${BASE}/agents/search\`, { method: 'POST' });`),
    ((CODE: string) => ({
      name: 'a path parameter with an empty fallback (`id ?? \'\'`, `id || \'\'`, also kept in a constant) is still the parameter',
      code: CODE,
      output: null,
      errors: [0, 1, 2].map((occurrence) => ({
        messageId: 'deprecated' as const,
        data: agentData,
        ...locate(CODE, '`${BASE}/agents/', occurrence),
        endColumn: locate(CODE, '`${BASE}/agents/', occurrence).column + [`\`\${BASE}/agents/\${agentId}\``, `\`\${BASE}/agents/\${id ?? ''}\``, `\`\${BASE}/agents/\${id || ''}\``][occurrence]!.length,
        suggestions: [],
      })),
    }))(
      `const BASE = 'https://acme-be.glean.com/rest/api/v1';\nexport function a(id?: string) {\n  const agentId = id ?? '';\n  return fetch(\`\${BASE}/agents/\${agentId}\`);\n}\nexport const b = (id?: string) => fetch(\`\${BASE}/agents/\${id ?? ''}\`);\nexport const c = (id?: string) => fetch(\`\${BASE}/agents/\${id || ''}\`);\nexport const edit = (id?: string) => fetch(\`\${BASE}/agents/\${id ?? ''}\`, { method: 'POST' });`,
    ),
    ((CODE: string) => ({
      name: 'an API root split between a constant and a template (the segment after `}` still counts)',
      code: CODE,
      output: null,
      errors: [{ messageId: 'deprecated', data: dataFor('agents.search'), ...locate(CODE, '`${ROOT}v1/agents/search`'), suggestions: [] }],
    }))(`const ROOT = '/rest/api/';\nawait fetch(\`\${ROOT}v1/agents/search\`, { method: 'POST' });`),
    ((CODE: string) => ({
      name: 'an API root split across + operands',
      code: CODE,
      output: null,
      errors: [{ messageId: 'deprecated', data: dataFor('agents.search'), ...locate(CODE, "'/rest' + '/api' + '/v1/agents/search'"), suggestions: [] }],
    }))(`await fetch('/rest' + '/api' + '/v1/agents/search', { method: 'POST' });`),
    ((CODE: string) => ({
      name: 'a base constant joined with + and no slash',
      code: CODE,
      output: null,
      errors: [{ messageId: 'deprecated', data: dataFor('agents.search'), ...locate(CODE, "'agents/search'"), suggestions: [] }],
    }))(`const BASE = 'https://acme-be.glean.com/rest/api/v1/';\nconst url = BASE + 'agents/search';\nawait fetch(url, { method: 'POST' });`),
    ((CODE: string) => ({
      name: 'an axios instance whose baseURL holds the prefix, relative path without a slash',
      code: CODE,
      output: null,
      errors: [{ messageId: 'deprecated', data: dataFor('agents.search'), ...locate(CODE, "'agents/search'"), suggestions: [] }],
    }))(`const glean = axios.create({ baseURL: 'https://acme-be.glean.com/rest/api/v1' });\nawait glean.post('agents/search', { name: 'x' });`),
    ((code: string) => ({
      name: 'a function bound with GET first, given a whole path: the read of an agent, reported at the path',
      code,
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: agentData,
          ...locate(code, '`/rest/api/v1/agents/${id}`'),
          suggestions: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: 'GET /api/agents/{agent_id}' },
              output: `function call(method: string, path: string) {\n  return fetch(\`https://acme-be.glean.com\${path}\`, { method });\n}\nconst get = call.bind(null, 'GET');\nawait get(\`/api/agents/\${id}\`);`,
            },
          ],
        },
      ],
    }))(
      `function call(method: string, path: string) {\n  return fetch(\`https://acme-be.glean.com\${path}\`, { method });\n}\nconst get = call.bind(null, 'GET');\nawait get(\`/rest/api/v1/agents/\${id}\`);`,
    ),
    {
      name: 'GET is the default method of fetch',
      code: `await fetch(\`https://acme-be.glean.com/rest/api/v1/agents/\${agentId}\`);`,
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: agentData,
          line: 1,
          column: 13,
          endLine: 1,
          endColumn: 70,
          suggestions: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: 'GET /api/agents/{agent_id}' },
              output: `await fetch(\`https://acme-be.glean.com/api/agents/\${agentId}\`);`,
            },
          ],
        },
      ],
    },
    {
      name: 'method unknown: the path names a deprecated operation, so it is reported',
      code: `export function get(options: RequestInit) {\n  return fetch('/rest/api/v1/agents/agt_1', options);\n}`,
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: agentData,
          line: 2,
          column: 16,
          endLine: 2,
          endColumn: 43,
          suggestions: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: 'GET /api/agents/{agent_id}' },
              output: `export function get(options: RequestInit) {\n  return fetch('/api/agents/agt_1', options);\n}`,
            },
          ],
        },
      ],
    },
    {
      name: 'one table literal used by GET and POST is reported once, for GET',
      code: `const AGENT = '/rest/api/v1/agents/agt_1';\nfetch(AGENT);\nfetch(AGENT, { method: 'POST' });`,
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: agentData,
          line: 1,
          column: 15,
          endLine: 1,
          endColumn: 42,
          suggestions: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: 'GET /api/agents/{agent_id}' },
              output: `const AGENT = '/api/agents/agt_1';\nfetch(AGENT);\nfetch(AGENT, { method: 'POST' });`,
            },
          ],
        },
      ],
    },
    {
      name: 'run wait: agent_id moves from the inline body into the path',
      code: `await fetch('https://acme-be.glean.com/rest/api/v1/agents/runs/wait', {\n  method: 'POST',\n  body: JSON.stringify({ agent_id: 'agt_123', input: { topic: 'Q3' } }),\n});`,
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: runWaitData,
          line: 1,
          column: 13,
          endLine: 1,
          endColumn: 69,
          suggestions: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: 'POST /api/agents/{agent_id}/runs' },
              output: `await fetch('https://acme-be.glean.com/api/agents/agt_123/runs', {\n  method: 'POST',\n  body: JSON.stringify({ input: { topic: 'Q3' } }),\n});`,
            },
          ],
        },
      ],
    },
    {
      name: 'run wait through undici’s `pool.request({ path, method, body })`: its options object is the call’s request, not another one, so agent_id moves as for fetch',
      code: `import { Pool } from 'undici';\nconst pool = new Pool('https://acme-be.glean.com');\nawait pool.request({\n  path: '/rest/api/v1/agents/runs/wait',\n  method: 'POST',\n  body: JSON.stringify({ agent_id: 'agt_123', input: {} }),\n});`,
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: runWaitData,
          line: 4,
          column: 9,
          endLine: 4,
          endColumn: 40,
          suggestions: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: 'POST /api/agents/{agent_id}/runs' },
              output: `import { Pool } from 'undici';\nconst pool = new Pool('https://acme-be.glean.com');\nawait pool.request({\n  path: '/api/agents/agt_123/runs',\n  method: 'POST',\n  body: JSON.stringify({ input: {} }),\n});`,
            },
          ],
        },
      ],
    },
    {
      name: 'run stream: a variable agent id turns the literal into a template and stream: true is added',
      code: `await axios.post('/rest/api/v1/agents/runs/stream', {\n  agent_id: agentId,\n  messages,\n});`,
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: dataFor('agents.runs.stream'),
          line: 1,
          column: 18,
          endLine: 1,
          endColumn: 51,
          suggestions: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: 'POST /api/agents/{agent_id}/runs' },
              output: `await axios.post(\`/api/agents/\${agentId}/runs\`, {\n  messages,\n  stream: true,\n});`,
            },
          ],
        },
      ],
    },
    ((code: string) => ({
      name: 'a path template filled by a helper that returns a function (and trims its leading slash), sent with GET in an options object: reported at the template, with the switch',
      code,
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: agentData,
          ...locate(code, "'/rest/api/v1/agents/{agent_id}'"),
          suggestions: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: 'GET /api/agents/{agent_id}' },
              output: code.replace("pathToFunc('/rest/api/v1/agents/{agent_id}')", "pathToFunc('/api/agents/{agent_id}')"),
            },
          ],
        },
      ],
    }))(
      `${PATH_TO_FUNC}declare const client: { _createRequest(context: unknown, options: { method: string; path: string }): unknown };\nexport function retrieveAgent(id: string) {\n  const path = pathToFunc('/rest/api/v1/agents/{agent_id}')({ agent_id: id });\n  return client._createRequest({}, { method: 'GET', path });\n}`,
    ),
    ((code: string) => ({
      name: 'a template the helper trims to `rest/api/v1/agents/search`, sent with POST: still the search of agents',
      code,
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: dataFor('agents.search'),
          ...locate(code, "'/rest/api/v1/agents/search'"),
          suggestions: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: 'POST /api/agents/search' },
              output: code.replace("pathToFunc('/rest/api/v1/agents/search')", "pathToFunc('/api/agents/search')"),
            },
          ],
        },
      ],
    }))(
      `${PATH_TO_FUNC}declare const client: { _createRequest(context: unknown, options: { method: string; path: string }): unknown };\nexport const searchAgents = () => client._createRequest({}, { method: 'POST', path: pathToFunc('/rest/api/v1/agents/search')() });`,
    ),
    ((code: string) => ({
      name: 'a conditional between the old and the new path, read with GET: the old branch is reported, with the switch',
      code,
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: agentData,
          ...locate(code, '`/rest/api/v1/agents/${id}`'),
          suggestions: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: 'GET /api/agents/{agent_id}' },
              output: code.replace('`/rest/api/v1/agents/${id}`', '`/api/agents/${id}`'),
            },
          ],
        },
      ],
    }))(`const HOST = 'https://acme-be.glean.com';\nexport const read = (legacy: boolean, id: string) => fetch(HOST + (legacy ? \`/rest/api/v1/agents/\${id}\` : \`/api/agents/\${id}\`));`),
    ((code: string) => ({
      name: 'a template filled by path-to-regexp, fetched with its default GET: reported at the template, with the switch',
      code,
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: agentData,
          ...locate(code, "'/rest/api/v1/agents/:agent_id'"),
          suggestions: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: 'GET /api/agents/{agent_id}' },
              output: code.replace('/rest/api/v1/agents/:agent_id', '/api/agents/:agent_id'),
            },
          ],
        },
      ],
    }))(`import { compile } from 'path-to-regexp';\nawait fetch('https://acme-be.glean.com' + compile('/rest/api/v1/agents/:agent_id')({ agent_id: id }));`),
    ((CODE: string) => ({
      name: 'run wait with a body built elsewhere: no rewrite can be offered',
      code: CODE,
      output: null,
      errors: [{ messageId: 'deprecated', data: runWaitData, ...locate(CODE, "'/rest/api/v1/agents/runs/wait'"), suggestions: [] }],
    }))(`const body = JSON.stringify(request);\nawait fetch('/rest/api/v1/agents/runs/wait', { method: 'POST', body });`),
    ((CODE: string) => ({
      name: 'run wait with a computed agent id: moving a call would change when it runs',
      code: CODE,
      output: null,
      errors: [{ messageId: 'deprecated', data: runWaitData, ...locate(CODE, "'/rest/api/v1/agents/runs/wait'"), suggestions: [] }],
    }))(`await fetch('/rest/api/v1/agents/runs/wait', { method: 'POST', body: JSON.stringify({ agent_id: nextId(), input: {} }) });`),
  ],
});

tsRuleTester().run('no-removed: HTTP clients, methods in any case', noRemoved, {
  valid: [
    `fetch('/rest/api/v1/listanswersbyuser', { method: 'POST' });`,
    `fetch('/fileTransaction/getDocumentStatus', { method: 'POST' });`,
    `fetch('/rest/api/v2/listanswers', { method: 'POST' });`,
    `const msg = 'listanswers was removed; see https://developers.glean.com';`,
    // GET on a POST-only path names no operation.
    `fetch('https://acme-be.glean.com/api/index/v1/getusercount');`,
  ],
  invalid: [
    ((CODE: string) => ({
      name: 'Apps Script UrlFetchApp with a lower-case method',
      code: CODE,
      output: null,
      errors: [{ messageId: 'removed', data: dataFor('index.getdocumentstatus'), ...locate(CODE, "'/api/index/v1/getdocumentstatus'") }],
    }))(`const BASE = 'https://acme-be.glean.com';\nUrlFetchApp.fetch(BASE + '/api/index/v1/getdocumentstatus', { method: 'post', payload: JSON.stringify({ datasource: 'jira' }) });`),
    ((CODE: string) => ({
      name: 'a base that ends with a slash, joined to a path that starts with one (the doubled slash is one)',
      code: CODE,
      output: null,
      errors: [
        { messageId: 'removed', data: dataFor('listanswers'), ...locate(CODE, '`${BASE}/listanswers`') },
        { messageId: 'removed', data: dataFor('listanswers'), ...locate(CODE, "'/listanswers'") },
      ],
    }))(`const BASE = process.env.GLEAN_URL ?? 'https://acme-be.glean.com/rest/api/v1/';\nawait fetch(\`\${BASE}/listanswers\`, { method: 'POST' });\nawait fetch(BASE + '/listanswers', { method: 'POST' });`),
    ((CODE: string) => ({
      name: 'https.request options with path and method',
      code: CODE,
      output: null,
      errors: [{ messageId: 'removed', data: dataFor('index.getusercount'), ...locate(CODE, "'/api/index/v1/getusercount'") }],
    }))(`const req = https.request({ hostname: 'acme-be.glean.com', path: '/api/index/v1/getusercount', method: 'POST' });\nreq.write(JSON.stringify({ datasource: 'jira' }));`),
    ((CODE: string) => ({
      name: 'got with json and ky with an options method',
      code: CODE,
      output: null,
      errors: [
        { messageId: 'removed', data: dataFor('index.getdocumentcount'), ...locate(CODE, "'https://acme-be.glean.com/api/index/v1/getdocumentcount'") },
        { messageId: 'removed', data: dataFor('listanswers'), ...locate(CODE, "'https://acme-be.glean.com/rest/api/v1/listanswers'") },
      ],
    }))(`await got.post('https://acme-be.glean.com/api/index/v1/getdocumentcount', { json: { datasource: 'jira' } });\nawait ky('https://acme-be.glean.com/rest/api/v1/listanswers', { method: 'Post', json: {} });`),
    ((CODE: string) => ({
      name: 'axios config object',
      code: CODE,
      output: null,
      errors: [{ messageId: 'removed', data: dataFor('listanswers'), ...locate(CODE, "'/rest/api/v1/listanswers'") }],
    }))(`await axios({ url: '/rest/api/v1/listanswers', method: 'post', data: {} });`),
    ((CODE: string) => ({
      name: 'a request described in a routes table, reported at its literal once',
      code: CODE,
      output: null,
      errors: [{ messageId: 'removed', data: dataFor('listanswers'), ...locate(CODE, "'/rest/api/v1/listanswers'") }],
    }))(`const ROUTES = [{ method: 'POST', path: '/rest/api/v1/listanswers' }];`),
    // TypeScript expressions around a URL: the walk skips type-only subtrees, never these.
    ((CODE: string) => ({
      name: 'URLs inside `as`, `satisfies`, a generic call and a default parameter',
      code: CODE,
      output: null,
      errors: [
        ...[0, 1, 2, 3].map((occurrence) => ({
          messageId: 'removed' as const,
          data: dataFor('listanswers'),
          ...locate(CODE, "'/rest/api/v1/listanswers'", occurrence),
        })),
      ],
    }))(
      [
        `const a = '/rest/api/v1/listanswers' as string;`,
        `const b = '/rest/api/v1/listanswers' satisfies string;`,
        `await request<{ answers: unknown[] }>('/rest/api/v1/listanswers', { method: 'POST' } as RequestInit);`,
        `function list(url: string = '/rest/api/v1/listanswers') { return fetch(url, { method: 'POST' }); }`,
      ].join('\n'),
    ),
    ((CODE: string) => ({
      name: 'a constant used by two calls is reported once, at the constant',
      code: CODE,
      output: null,
      errors: [{ messageId: 'removed', data: dataFor('listanswers'), ...locate(CODE, "'/rest/api/v1/listanswers'") }],
    }))(`const LIST = '/rest/api/v1/listanswers';\nfetch(LIST, { method: 'POST' });\naxios.post(LIST, {});`),
  ],
});

const FACTORY = `function createClient({ baseUrl }) {\n  return { getAgent: (id) => fetch(\`\${baseUrl}/agents/\${id}\`) };\n}\nconst http = createClient({ baseUrl: 'https://acme-be.glean.com/rest/api/v1' });\nawait http.getAgent('agt_1');\nawait http.getAgent('agt_2');\n`;

jsRuleTester().run('no-deprecated in plain JavaScript (espree), CommonJS', noDeprecated, {
  valid: [{ code: `const axios = require('axios');\naxios.post('/rest/api/v1/agents/agt_1', {});`, languageOptions: COMMONJS }],
  invalid: [
    {
      name: 'a factory’s method on the base its call gives, called with ids: reported once, at the path the method writes (an id only fills it)',
      code: FACTORY,
      output: null,
      errors: [{ messageId: 'deprecated', data: dataFor('agents.get'), ...locate(FACTORY, '`${baseUrl}/agents/${id}`'), suggestions: [] }],
    },
    {
      code: `const axios = require('axios');\nconst api = axios.create({ baseURL: 'https://acme-be.glean.com/rest/api/v1/' });\nmodule.exports = () => api.get(\`agents/\${process.env.AGENT_ID}/schemas\`);`,
      languageOptions: COMMONJS,
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: dataFor('agents.schemas'),
          line: 3,
          column: 32,
          endLine: 3,
          endColumn: 72,
          suggestions: [],
        },
      ],
    },
  ],
});
