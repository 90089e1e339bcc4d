import noRemoved from '../../rules/no-removed.js';
import { dataFor, jsRuleTester, locate, tsRuleTester } from '../helpers.js';
import { HOST, inJavaScript, type Invalid, report, tok, type Valid } from './fields-support.js';

/**
 * URLs, methods and bodies through class wrappers (`this.post('/listanswers', body)`), class members
 * holding base URLs, `new URL(path, base)`, options built by helpers or completed later; a path glued
 * to a word is not a URL. Every case runs as JavaScript and TypeScript.
 */

// Expected report subjects, written out literally in one place.
const LIST_ANSWERS = 'POST /rest/api/v1/listanswers';
const DOCUMENT_STATUS = 'POST /api/index/v1/getdocumentstatus';
const IS_NEGATED = 'Field `isNegated` of a facet filter value (`FacetFilterValue`)';
const SNIPPET = 'Field `snippet` of a search result snippet (`SearchResultSnippet`)';
const CITATIONS = 'Field `citations` of a chat message (`ChatMessage`)';

const BASE = `'${HOST}/rest/api/v1'`;
const NOT_EQUALS = "relationType: 'NOT_EQUALS'";

function endpoint(id: string, subject: string, code: string, text: string, occurrence = 0) {
  return { messageId: 'removed' as const, data: { ...dataFor(id), subject }, ...locate(code, text, occurrence) };
}

const valid: (string | Valid)[] = [
  // A wrapper class for another service, same method names and paths.
  `class Search {\n  base = 'https://search.example.com/api/v2';\n  post(path, body) { return fetch(\`\${this.base}\${path}\`, { method: 'POST', body: JSON.stringify(body) }); }\n}\nconst search = new Search();\nawait search.post('/listanswers', { boardId: 1 });`,
  // A member given two values: its text is not known, nothing is guessed.
  `class Api {\n  base = ${BASE};\n  constructor(other) { if (other) this.base = other; }\n  list() { return fetch(\`\${this.base}/listanswers\`, { method: 'POST', body: '{}' }); }\n}`,
  // A URL object's pathname written in a branch, twice, or with its host changed: what it is at the request is not known; another host's.
  `const REST = ${BASE};\nconst url = new URL(REST);\nif (legacy) url.pathname += '/listanswers';\nawait fetch(url, { method: 'POST' });\nconst twice = new URL(REST);\ntwice.pathname += '/listanswers';\ntwice.pathname = '/rest/api/v1/search';\nawait fetch(twice, { method: 'POST' });\nconst moved = new URL(REST);\nmoved.host = 'wiki.example.com';\nmoved.pathname += '/listanswers';\nawait fetch(moved, { method: 'POST' });\nconst wiki = new URL('https://wiki.example.com/api/v2');\nwiki.pathname += '/listanswers';\nawait fetch(\`\${wiki.origin}\${wiki.pathname}\`, { method: 'POST' });`,
  // A fixture's name that contains a path glued to a word.
  `const fixture = 'post_/api/index/v1/getdocumentstatus';\nloadFixture(fixture);`,
  // `new URL` of another host's path.
  `await fetch(new URL('listanswers', 'https://example.com/api/'), { method: 'POST' });`,
  // Another service's base, its trailing slash dropped by a conditional; a conditional between two bases is not known.
  `const W = 'https://wiki.example.com/api/v2/';\nconst WB = W.endsWith('/') ? W.slice(0, -1) : W;\nawait fetch(\`\${WB}/listanswers\`, { method: 'POST' });\nconst P = prod ? ${BASE} : 'https://staging.example.com/api';\nawait fetch(\`\${P}/listanswers\`, { method: 'POST' });`,
  // A class whose constructor sets the base, made only for another service.
  `class Api {\n  constructor(base) { this.base = base; }\n  list() { return fetch(\`\${this.base}/listanswers\`, { method: 'POST' }); }\n}\nnew Api('https://wiki.example.com/api/v2').list();`,
  // Another service's getter and class-field wrapper; a getter that chooses between two bases; a field the instance is given again from outside.
  `const BASE = ${BASE};\nclass Wiki {\n  get base() { return 'https://wiki.example.com/api/v2'; }\n  post = (path) => fetch(this.base + path, { method: 'POST' });\n}\nawait new Wiki().post('/listanswers');\nclass Mixed {\n  get base() {\n    if (process.env.PROD) return BASE;\n    return 'https://staging.example.com/api';\n  }\n}\nawait fetch(\`\${new Mixed().base}/listanswers\`, { method: 'POST' });\nclass Conf { base = BASE; }\nconst conf = new Conf();\nconf.base = 'https://wiki.example.com/api/v2';\nawait fetch(\`\${conf.base}/listanswers\`, { method: 'POST' });`,
  // A request's own base for another service, over a Glean instance's; another class's table of paths on another service's base.
  `import axios from 'axios';\nconst glean = axios.create({ baseURL: ${BASE} });\nawait glean.post('/listanswers', {}, { baseURL: 'https://wiki.example.com/api/v2' });\nawait axios({ baseURL: 'https://wiki.example.com/api/v2', url: '/listanswers', method: 'POST' });\nclass Wiki {\n  endpoints = { answers: '/listanswers' };\n  list() { return fetch('https://wiki.example.com/api/v2' + this.endpoints.answers, { method: 'POST' }); }\n}`,
  // Node's helpers on a file path and on another service's base.
  `import path from 'node:path';\nimport url from 'node:url';\nimport fs from 'node:fs';\nfs.readFileSync(path.join(dir, 'rest/api/v1/listanswers.json'));\nawait fetch(url.resolve('https://wiki.example.com/api/', 'listanswers'), { method: 'POST' });`,
  // A choice of base, Glean's or another service's, for one path: the path is not only Glean's, and a base is not what is deprecated.
  `const BASE = ${BASE};\nconst WIKI = 'https://wiki.example.com/api/v2';\nexport const either = (glean) => fetch((glean ? BASE : WIKI) + '/listanswers', { method: 'POST' });`,
  // A choice between another service's removed path and Glean's current one; a path chosen after the request is sent; a path built up with `+=`; one set in another function; one a later assignment always replaces.
  `const BASE = ${BASE};\nconst WIKI = 'https://wiki.example.com/api/v2';\nexport const pick = (glean) => fetch(glean ? BASE + '/search' : WIKI + '/listanswers', { method: 'POST' });\nexport function later() {\n  let path = '/search';\n  fetch(BASE + path, { method: 'POST' });\n  path = '/listanswers';\n  return path;\n}\nexport function built(kind) {\n  let path = '/list';\n  if (kind) path += 'answers';\n  return fetch(BASE + path, { method: 'POST' });\n}\nlet shared = '/search';\nexport const choose = () => { shared = '/listanswers'; };\nexport const send = () => fetch(BASE + shared, { method: 'POST' });\nexport function replaced() {\n  let path = '/listanswers';\n  path = '/search';\n  return fetch(BASE + path, { method: 'POST' });\n}`,
  // Wrappers over a wrapper on another service's base; GET of listanswers through them (no operation); a bound field something replaces.
  `async function request(method, path) {\n  const res = await fetch('https://wiki.example.com/api/v2' + path, { method });\n  return res.json();\n}\nconst post = (path) => request('POST', path);\nconst send = (verb, path) => request(verb, path);\nawait post('/listanswers');\nawait send('POST', '/listanswers');\nconst BASE = ${BASE};\nconst glean = (method, path) => fetch(BASE + path, { method });\nconst get = (path) => glean('GET', path);\nawait get('/listanswers');\nclass Rest {\n  constructor(base) { this.base = base; }\n  request(method, path) { return fetch(this.base + path, { method }); }\n  post = this.request.bind(this, 'POST');\n  useWiki() { this.post = (path) => fetch('https://wiki.example.com' + path, { method: 'POST' }); }\n}\nawait new Rest('https://wiki.example.com/api/v2').post('/listanswers');`,
  // The same promise-wrapped request to another service's API.
  `import https from 'node:https';\nfunction call(op) {\n  return new Promise((resolve) => {\n    https.request(\`https://wiki.example.com/api/v2/\${op}\`, { method: 'POST' }, resolve).end();\n  });\n}\nawait call('getdocumentstatus');`,
  // ky 2's `baseUrl` resolves as `new URL()` does: without its trailing slash a relative path replaces `v1`; a leading slash replaces the whole path.
  `import ky from 'ky';\nconst BASE = ${BASE};\nconst resolving = ky.create({ baseUrl: BASE });\nawait resolving.post('listanswers', { json: {} });\nconst rooted = ky.create({ baseUrl: BASE + '/' });\nawait rooted.post('/listanswers', { json: {} });`,
  // `util.format` of another service's URL; a format whose placeholders take Glean's path pieces apart from its prefix; `%d` and `%j` do not give the text as it is (`NaN`, quoted).
  `import util from 'node:util';\nawait fetch(util.format('https://wiki.example.com/%s/%s', 'api', 'listanswers'), { method: 'POST' });\nawait fetch(util.format('%s/%%/listanswers', ${BASE}), { method: 'POST' });\nawait fetch(util.format('%s/%d', ${BASE}, 'listanswers'), { method: 'POST' });\nawait fetch(util.format('%s/%j', ${BASE}, 'listanswers'), { method: 'POST' });`,
  // Options handed to fetch by a wrapper on another service's base, and GET given on Glean's.
  `function wikiFetch(path, init) {\n  return fetch('https://wiki.example.com/api/v2' + path, init);\n}\nawait wikiFetch('/listanswers', { method: 'POST' });\nconst BASE = ${BASE};\nfunction gleanFetch(path, init) {\n  return fetch(BASE + path, init);\n}\nawait gleanFetch('/listanswers', { method: 'GET' });`,
];

const invalid: Invalid[] = [
  ((code: string) => ({
    name: 'a URL helper over another (`gleanUrl(path)` returning `joinBase(REST, path)`): reported at each caller’s path, not at the parameter the helper passes on',
    code,
    output: null,
    errors: [endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'"), endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'")],
  }))(
    `const REST = ${BASE};\nfunction joinBase(base, path) {\n  return \`\${base.replace(/\\/+$/, '')}/\${path.replace(/^\\/+/, '')}\`;\n}\nfunction gleanUrl(path) {\n  return joinBase(REST, path);\n}\nawait fetch(gleanUrl('listanswers'), { method: 'POST' });\nawait fetch(gleanUrl('/listanswers'), { method: 'POST' });\nawait fetch(gleanUrl('search'), { method: 'POST' });`,
  ),
  ((code: string) => ({
    name: 'a class wrapper: the path and body at each call of its method, the response at the call',
    code,
    output: code.replace('isNegated: true', NOT_EQUALS).replace('.snippet)', '.text)'),
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'"),
      report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated')),
      report('createannouncement.snippet', SNIPPET, tok(code, 'snippet)', 'snippet')),
    ],
  }))(
    `class GleanApi {\n  base = ${BASE};\n  post(path, body) {\n    return fetch(\`\${this.base}\${path}\`, { method: 'POST', body: JSON.stringify(body) });\n  }\n}\nconst api = new GleanApi();\nawait api.post('/listanswers', {});\nawait api.post('/createannouncement', { title: 'Launch', audienceFilters: [{ values: [{ value: 'eng', isNegated: true }] }] });\nconst res = await api.post('/search', { query: 'q' });\nconst data = await res.json();\nconsole.log(data.results[0].snippets[0].snippet);`,
  ),
  ((code: string) => ({
    name: 'calls through this., a private #field base set in the constructor, and a static helper',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'"),
      endpoint('index.getdocumentstatus', DOCUMENT_STATUS, code, "'/getdocumentstatus'"),
    ],
  }))(
    `class Glean {\n  #base;\n  constructor() { this.#base = '${HOST}/rest/api/v1'; }\n  async #post(path, body) { return fetch(this.#base + path, { method: 'POST', body: JSON.stringify(body) }); }\n  listAnswers() { return this.#post('/listanswers', {}); }\n  static index(path) { return fetch('${HOST}/api/index/v1' + path, { method: 'POST', body: '{}' }); }\n}\nawait Glean.index('/getdocumentstatus');`,
  ),
  ((code: string) => ({
    name: 'a base URL held in a class field',
    code,
    output: null,
    errors: [endpoint('listanswers', LIST_ANSWERS, code, '`${this.base}/listanswers`')],
  }))(`class AnswersService {\n  base = ${BASE};\n  list() { return fetch(\`\${this.base}/listanswers\`, { method: 'POST', body: '{}' }); }\n}`),
  ((code: string) => ({
    name: 'clients held in class members: assigned in the constructor, or a field initialiser',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'"),
      report('chat.citations', CITATIONS, tok(code, 'citations'), [
        {
          messageId: 'switchToReplacement',
          data: { replacement: '`fragments[].citation`' },
          output: code.replace('data.messages[0].citations', "data.messages[0].fragments?.flatMap((item: NonNullable<NonNullable<NonNullable<(typeof data)['messages']>[0]>['fragments']>[number]) => (item.citation ? [item.citation] : []))"),
        },
      ]),
    ],
  }))(
    `import axios from 'axios';\nclass Answers {\n  constructor() {\n    this.http = axios.create({ baseURL: ${BASE} });\n  }\n  list() { return this.http.post('/listanswers', {}); }\n}\nclass Chat {\n  http = axios.create({ baseURL: ${BASE} });\n  async ask() {\n    const { data } = await this.http.post('/chat', { messages: [] });\n    return data.messages[0].citations;\n  }\n}`,
  ),
  ((code: string) => ({
    name: 'new URL(path, base): a rooted path, and a relative one resolved against the base (one report, also for a whole relative path: the URL is not a request of its own)',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/rest/api/v1/listanswers'"),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'"),
      endpoint('listanswers', LIST_ANSWERS, code, "new URL('rest/api/v1/listanswers', '" + HOST + "/')"),
    ],
  }))(
    `await fetch(new URL('/rest/api/v1/listanswers', '${HOST}'), { method: 'POST', body: '{}' });\nawait fetch(new URL('listanswers', '${HOST}/rest/api/v1/'), { method: 'POST', body: '{}' });\nawait fetch(new URL('rest/api/v1/listanswers', '${HOST}/'), { method: 'POST', body: '{}' });`,
  ),
  ((code: string) => ({
    name: 'the method and body from a helper, and from a later assignment',
    code,
    output: code.replaceAll('isNegated: true', NOT_EQUALS),
    errors: [
      report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated', 'isNegated', 0)),
      report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated', 'isNegated', 1)),
    ],
  }))(
    `function post(body) {\n  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };\n}\nawait fetch('${HOST}/rest/api/v1/createannouncement', post({ title: 'A', audienceFilters: [{ values: [{ isNegated: true }] }] }));\nconst init = { body: JSON.stringify({ title: 'B', audienceFilters: [{ values: [{ isNegated: true }] }] }) };\ninit.method = 'POST';\nawait fetch('${HOST}/rest/api/v1/createannouncement', init);`,
  ),
  ((code: string) => ({
    name: 'a path written from its root or after a host is a URL',
    code,
    output: null,
    errors: [
      endpoint('index.getdocumentstatus', DOCUMENT_STATUS, code, "'/api/index/v1/getdocumentstatus'"),
      endpoint('index.getdocumentstatus', DOCUMENT_STATUS, code, `'${HOST}/api/index/v1/getdocumentstatus'`),
    ],
  }))(`const a = '/api/index/v1/getdocumentstatus';\nconst b = '${HOST}/api/index/v1/getdocumentstatus';`),
  ((code: string) => ({
    name: 'a subclass hands the base to super(): its this.post(…) and its instances’ post(…) run the base class’s request',
    code,
    output: null,
    errors: [endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0), endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 3)],
  }))(
    // WikiApi's base is another service's; Quiet overrides post(): neither is a use.
    `class BaseHttp {\n  constructor(base) { this.base = base; }\n  post(path, body) { return fetch(this.base + path, { method: 'POST', body: JSON.stringify(body) }); }\n}\nclass GleanApi extends BaseHttp {\n  constructor() { super(${BASE}); }\n  answers() { return this.post('/listanswers', {}); }\n}\nclass WikiApi extends BaseHttp {\n  constructor() { super('https://wiki.example.com/api/v2'); }\n  answers() { return this.post('/listanswers', {}); }\n}\nclass Quiet extends GleanApi {\n  post(path) { return Promise.resolve(path); }\n  answers() { return this.post('/listanswers'); }\n}\nawait new GleanApi().post('/listanswers', {});\nconst wiki = new WikiApi();\nawait wiki.post('/listanswers', {});`,
  ),
  ((code: string) => ({
    name: 'helpers that trim slashes and join parts: a rest parameter mapped and joined, a template of two trimmed halves',
    code,
    output: null,
    // At the path the helper is given, not at the shared base.
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'"),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'"),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 2),
    ],
  }))(
    // The same helpers on another service's base, and a current endpoint, are not uses.
    `const BASE = '${HOST}/rest/api/v1/';\nconst joinUrl = (...parts) => parts.map((part) => part.replace(/^\\/+|\\/+$/g, '')).join('/');\nfunction trimmedJoin(base, path) { return \`\${base.replace(/\\/+$/, '')}/\${path.replace(/^\\/+/, '')}\`; }\nawait fetch(joinUrl(BASE, 'listanswers'), { method: 'POST', body: '{}' });\nawait fetch(trimmedJoin(BASE, '/listanswers'), { method: 'POST', body: '{}' });\nawait fetch(joinUrl('https://wiki.example.com/api/v2/', 'listanswers'), { method: 'POST', body: '{}' });\nawait fetch(joinUrl(BASE, 'search'), { method: 'POST', body: '{}' });\nawait fetch([BASE, 'listanswers'].join(''), { method: 'POST', body: '{}' });`,
  ),
  ((code: string) => ({
    name: 'helpers that make sure of a leading slash, and join a base with a spread of mapped parts',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'"),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'"),
    ],
  }))(
    // The same helpers on another service's base, and a current endpoint, are not uses.
    `const BASE = '${HOST}/rest/api/v1/';\nfunction joinUrl(base, ...parts) { return [base.replace(/\\/$/, ''), ...parts.map((p) => p.replace(/^\\//, ''))].join('/'); }\nconst withSlash = (base, path) => base.replace(/\\/+$/, '') + (path.startsWith('/') ? path : \`/\${path}\`);\nawait fetch(joinUrl(BASE, 'listanswers'), { method: 'POST', body: '{}' });\nawait fetch(withSlash(BASE, 'listanswers'), { method: 'POST', body: '{}' });\nawait fetch(withSlash(BASE, '/listanswers'), { method: 'POST', body: '{}' });\nawait fetch(joinUrl('https://wiki.example.com/api/v2/', 'listanswers'), { method: 'POST', body: '{}' });\nawait fetch(withSlash('https://wiki.example.com/api/v2', 'listanswers'), { method: 'POST', body: '{}' });\nawait fetch(joinUrl(BASE, 'search'), { method: 'POST', body: '{}' });`,
  ),
  ((code: string) => ({
    name: 'names destructured from a table, from a nested config, and from the environment with a default',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, '`${HOST}/rest/api/v1${answers}`'),
      endpoint('listanswers', LIST_ANSWERS, code, '`${restBase}/listanswers`'),
      endpoint('listanswers', LIST_ANSWERS, code, '`${GLEAN_URL}/listanswers`'),
    ],
  }))(
    // Another service's entry, a current path, a name given another value later, an environment name without a default: not uses.
    `const HOST = '${HOST}';\nconst ENDPOINTS = { answers: '/listanswers', search: '/search' };\nconst CONF = { glean: { restBase: \`\${HOST}/rest/api/v1\` }, wiki: { restBase: 'https://wiki.example.com/api' } };\nconst { answers, search } = ENDPOINTS;\nconst { glean: { restBase }, wiki: { restBase: wikiBase } } = CONF;\nconst { GLEAN_URL = '${HOST}/rest/api/v1', OTHER_URL } = process.env;\nlet { answers: later } = ENDPOINTS;\nlater = '/search';\nawait fetch(\`\${HOST}/rest/api/v1\${answers}\`, { method: 'POST' });\nawait fetch(\`\${restBase}/listanswers\`, { method: 'POST' });\nawait fetch(\`\${GLEAN_URL}/listanswers\`, { method: 'POST' });\nawait fetch(\`\${wikiBase}/listanswers\`, { method: 'POST' });\nawait fetch(\`\${HOST}/rest/api/v1\${search}\`, { method: 'POST' });\nawait fetch(\`\${HOST}/rest/api/v1\${later}\`, { method: 'POST' });\nawait fetch(\`\${OTHER_URL}/listanswers\`, { method: 'POST' });`,
  ),
  ((code: string) => ({
    name: 'a wrapper whose parameter is a destructured tuple (a data layer’s `[path, body]` key handed to its fetcher)',
    code,
    output: null,
    errors: [endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0)],
  }))(
    // GET of the same path, another path, and another service's fetcher are not uses.
    `const API = ${BASE};\nconst postTuple = ([path, body]) => fetch(\`\${API}\${path}\`, { method: 'POST', body: JSON.stringify(body) });\nconst getTuple = ([path]) => fetch(\`\${API}\${path}\`);\nconst wikiTuple = ([path, body]) => fetch(\`https://wiki.example.com/api\${path}\`, { method: 'POST', body: JSON.stringify(body) });\nawait postTuple(['/listanswers', {}]);\nawait getTuple(['/listanswers']);\nawait postTuple(['/search', { query: 'q' }]);\nawait wikiTuple(['/listanswers', {}]);`,
  ),
  ((code: string) => ({
    name: 'a factory’s clients, each on the base the factory is given: a path the caller gives, a method’s own path',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, '`${baseURL}/listanswers`'),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
    ],
  }))(
    // Another service's client made by the same factory, and a current path, are not uses.
    `function createHttp(baseURL, token) {\n  return {\n    post: (path, body) => fetch(baseURL + path, { method: 'POST', headers: { Authorization: token }, body: JSON.stringify(body) }),\n    boards() { return fetch(\`\${baseURL}/listanswers\`, { method: 'POST' }); },\n  };\n}\nconst glean = createHttp(${BASE}, 't');\nconst wiki = createHttp('https://wiki.example.com/api', 't');\nawait glean.post('/listanswers', {});\nawait glean.boards();\nawait glean.post('/search', {});\nawait wiki.post('/listanswers', {});\nawait wiki.boards();`,
  ),
  ((code: string) => ({
    name: 'axios and got instances a function makes on the base each call gives (a shorthand `baseURL`, a kept instance, got’s `prefixUrl`), reported at the path',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 0),
    ],
  }))(
    // The same functions on another service's base, a current path, and an instance whose factory is given no base are not uses.
    `import axios from 'axios';\nimport got from 'got';\nfunction createHttp(baseURL, token) {\n  return axios.create({ baseURL, headers: { Authorization: token } });\n}\nconst makeApi = (base) => {\n  const api = axios.create({ baseURL: base });\n  return api;\n};\nconst gotOn = (prefixUrl) => got.extend({ prefixUrl });\nconst glean = createHttp(${BASE}, 't');\nconst wiki = createHttp('https://wiki.example.com/api/v2', 't');\nawait glean.post('/listanswers', {});\nawait makeApi(${BASE}).post('/listanswers', {});\nawait gotOn(${BASE}).post('listanswers', { json: {} });\nawait wiki.post('/listanswers', {});\nawait makeApi('https://wiki.example.com/api/v2').post('/listanswers', {});\nawait glean.post('/search', {});\nawait createHttp(process.env.BASE, 't').post('/listanswers', {});`,
  ),
  ((code: string) => ({
    name: 'wrappers given an options object, destructured with a default method or read as options.path, and an axios instance called itself',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 2),
    ],
  }))(
    // GET (given, or the instance's default) answers no operation of that path; the wiki instance is another service.
    `import axios from 'axios';\nconst BASE = ${BASE};\nfunction request({ path, method = 'POST', body }) { return fetch(\`\${BASE}\${path}\`, { method, body: JSON.stringify(body) }); }\nfunction send(options) { return fetch(BASE + options.path, { method: options.method, body: JSON.stringify(options.body) }); }\nconst http = axios.create({ baseURL: BASE });\nconst wiki = axios.create({ baseURL: 'https://wiki.example.com/api/v2' });\nawait request({ path: '/listanswers' });\nawait send({ path: '/listanswers', method: 'POST' });\nawait http({ url: '/listanswers', method: 'post' });\nawait send({ path: '/listanswers', method: 'GET' });\nawait http({ url: '/listanswers' });\nawait wiki({ url: '/listanswers', method: 'post' });\nawait request({ path: '/search' });`,
  ),
  ((code: string) => ({
    name: 'a wrapper and a method called through .call and .apply: the arguments after `this` are the path and body',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 2),
    ],
  }))(
    // An apply whose array is not written out gives no path; a method that is itself named `call` is called as written.
    `const BASE = ${BASE};\nfunction gleanPost(path, body) { return fetch(BASE + path, { method: 'POST', body: JSON.stringify(body) }); }\nconst api = {\n  post(path) { return fetch(\`\${BASE}\${path}\`, { method: 'POST' }); },\n  call(method, path) { return fetch(\`\${BASE}\${path}\`, { method }); },\n};\ngleanPost.call(null, '/listanswers', {});\ngleanPost.apply(null, ['/listanswers', {}]);\napi.post.call(api, '/listanswers');\nconst args = ['/listanswers', {}];\ngleanPost.apply(null, args);\ngleanPost.call(null, '/search', {});\napi.call('GET', '/listanswers');`,
  ),
  ((code: string) => ({
    name: 'functions bound with .bind in a const: the bound arguments come first (a method, a path), also through .call',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 2),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 3),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 6),
    ],
  }))(
    // GET answers no operation of that path; a bound function assigned again may be another function; a current path; another service's instance.
    `const BASE = ${BASE};\nfunction request(method, path, body) { return fetch(BASE + path, { method, body: JSON.stringify(body) }); }\nconst api = { send(method, path) { return fetch(\`\${BASE}\${path}\`, { method }); } };\nconst postAnswers = request.bind(undefined, 'POST', '/listanswers');\nconst post = request.bind(null, 'POST');\nconst get = request.bind(null, 'GET');\nconst send = api.send.bind(api);\nawait post('/listanswers', {});\nawait post.call(null, '/listanswers', {});\nawait postAnswers({});\nawait send('POST', '/listanswers');\nawait get('/listanswers');\nlet later = request.bind(null, 'POST');\nlater = (path) => request('GET', path);\nawait later('/listanswers');\nawait post('/search', {});\nclass Requests {\n  constructor(base) { this.base = base; }\n  send(method, path) { return fetch(this.base + path, { method }); }\n}\nconst glean = new Requests(BASE);\nconst wiki = new Requests('https://wiki.example.com/api/v2');\nconst sendPost = glean.send.bind(glean, 'POST');\nconst wikiPost = wiki.send.bind(wiki, 'POST');\nawait sendPost('/listanswers');\nawait wikiPost('/listanswers');`,
  ),
  ((code: string) => ({
    name: 'a trailing slash dropped by a conditional; a method with a fixed path on the base its constructor sets, reported in the method',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, '`${BASE}/listanswers`'),
      endpoint('listanswers', LIST_ANSWERS, code, '`${this.base}/listanswers`'),
    ],
  }))(
    `const RAW = process.env.GLEAN_URL ?? '${HOST}/rest/api/v1/';\nconst BASE = RAW.endsWith('/') ? RAW.slice(0, -1) : RAW;\nawait fetch(\`\${BASE}/listanswers\`, { method: 'POST' });\nclass Api {\n  constructor(base) { this.base = base.endsWith('/') ? base.slice(0, -1) : base; }\n  list() { return fetch(\`\${this.base}/listanswers\`, { method: 'POST' }); }\n}\nnew Api('${HOST}/rest/api/v1/').list();\nnew Api('https://wiki.example.com/api/v2/').list();`,
  ),
  ((code: string) => ({
    name: 'curried wrappers: the path given to the outer call, the body and the response to the inner one',
    code,
    output: code.replace('.snippet)', '.text)'),
    errors: [endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'"), report('createannouncement.snippet', SNIPPET, tok(code, 'snippet)', 'snippet'))],
  }))(
    // GET answers no operation of that path; another service's curried wrapper.
    `const BASE = ${BASE};\nconst post = (path) => (body) => fetch(BASE + path, { method: 'POST', body: JSON.stringify(body) });\nfunction get(path) {\n  return () => fetch(\`\${BASE}\${path}\`);\n}\nconst wiki = (path) => (body) => fetch('https://wiki.example.com/api/v2' + path, { method: 'POST', body: JSON.stringify(body) });\nawait post('/listanswers')({});\nawait get('/listanswers')();\nawait wiki('/listanswers')({});\nconst res = await post('/search')({ query: 'q' });\nconst data = await res.json();\nconsole.log(data.results[0].snippets[0].snippet);`,
  ),
  ((code: string) => ({
    name: 'a loop over a list of jobs written out (`for (const job of JOBS) fetch(`…/${job.op}`)`, also an array method): each element’s member, reported where it is written; a job without the member, another service’s jobs and a search are not uses',
    code,
    output: null,
    errors: [
      { messageId: 'removed' as const, data: { ...dataFor('index.getdocumentcount'), subject: 'POST /api/index/v1/getdocumentcount' }, ...locate(code, "'getdocumentcount'", 0) },
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
    ],
  }))(
    `const INDEX = '${HOST}/api/index/v1';\nconst BASE = ${BASE};\nconst JOBS = [{ op: 'getdocumentcount', body: {} }, { op: 'indexdocuments', body: {} }, { name: 'noop' }];\nfor (const job of JOBS) await fetch(\`\${INDEX}/\${job.op}\`, { method: 'POST', body: JSON.stringify(job.body) });\nawait Promise.all([{ path: '/listanswers' }, { path: '/search' }].map((job) => fetch(BASE + job.path, { method: 'POST' })));\nfor (const job of [{ op: 'getdocumentcount' }]) await fetch(\`https://search.example.com/api/v2/\${job.op}\`, { method: 'POST' });`,
  ),
  ((code: string) => ({
    name: 'a loop over a list of paths written out (for…of, an array method, a constant list): each element, reported where it is written',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 2),
    ],
  }))(
    // Current operations; another service's paths; GET answers no operation of that path; a variable given another value in the loop.
    `const BASE = ${BASE};\nconst CHECKED = ['/search', '/listanswers'];\nfor (const path of ['/listanswers', '/search']) await fetch(BASE + path, { method: 'POST' });\nawait Promise.all(['/listanswers'].map((path) => fetch(\`\${BASE}\${path}\`, { method: 'POST' })));\nfor (const path of CHECKED) await fetch(BASE + path, { method: 'POST' });\nfor (const path of ['/listanswers']) await fetch('https://wiki.example.com/api/v2' + path, { method: 'POST' });\nfor (const path of ['/listanswers']) await fetch(BASE + path);\nfor (let path of ['/listanswers']) {\n  path = path + 'byuser';\n  await fetch(BASE + path, { method: 'POST' });\n}`,
  ),
  ((code: string) => ({
    name: 'a wrapper that reads a path table by the key its caller gives: reported at the key',
    code,
    output: null,
    errors: [endpoint('listanswers', LIST_ANSWERS, code, "'answers'", 0)],
  }))(
    // A key for a current operation; another service's table read the same way.
    `const BASE = ${BASE};\nconst PATHS = { answers: '/listanswers', search: '/search' };\nconst WIKI = { answers: '/listanswers' };\nfunction call(name, body) { return fetch(BASE + PATHS[name], { method: 'POST', body: JSON.stringify(body) }); }\nfunction wiki(name) { return fetch('https://wiki.example.com/api/v2' + WIKI[name], { method: 'POST' }); }\nawait call('answers', {});\nawait call('search', { query: 'q' });\nawait wiki('answers');`,
  ),
  ((code: string) => ({
    name: 'a client reached through fluent steps that return `this`, made inline or kept in a constant',
    code,
    output: null,
    errors: [endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0), endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1)],
  }))(
    // Another service's client; a step that may return another object.
    `const BASE = ${BASE};\nclass Client {\n  constructor(base) { this.base = base; this.headers = {}; }\n  withAuth(token) { this.headers.Authorization = token; return this; }\n  maybe(flag) { if (flag) return this; return new Client('https://wiki.example.com/api/v2'); }\n  post(path, body) { return fetch(this.base + path, { method: 'POST', headers: this.headers, body: JSON.stringify(body) }); }\n}\nconst client = new Client(BASE);\nawait new Client(BASE).withAuth('t').post('/listanswers', {});\nawait client.withAuth('t').withAuth('u').post('/listanswers', {});\nawait new Client('https://wiki.example.com/api/v2').withAuth('t').post('/listanswers', {});\nawait new Client(BASE).maybe(true).post('/listanswers', {});`,
  ),
  ((code: string) => ({
    name: 'client instances made on first use (a lazy singleton, `??=`, a getter) and by an awaited async factory',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 2),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 3),
    ],
  }))(
    // Another service's singleton; a variable given two clients may hold either.
    `import axios from 'axios';\nconst BASE = ${BASE};\nlet client;\nfunction getClient() {\n  if (!client) client = axios.create({ baseURL: BASE });\n  return client;\n}\nlet shared = null;\nconst getShared = () => (shared ??= axios.create({ baseURL: BASE }));\nasync function connect() { return axios.create({ baseURL: BASE }); }\nclass Api {\n  get http() { return (this._http ??= axios.create({ baseURL: BASE })); }\n  list() { return this.http.post('/listanswers', {}); }\n}\nawait getClient().post('/listanswers', {});\nawait getShared().post('/listanswers', {});\nawait (await connect()).post('/listanswers', {});\nawait new Api().list();\nlet wiki;\nconst getWiki = () => (wiki ??= axios.create({ baseURL: 'https://wiki.example.com/api/v2' }));\nawait getWiki().post('/listanswers', {});\nlet either;\nfunction pick(eu) {\n  if (eu) either = axios.create({ baseURL: 'https://eu.example.com/api' });\n  else either = axios.create({ baseURL: BASE });\n  return either;\n}\nawait pick(true).post('/listanswers', {});`,
  ),
  ((code: string) => ({
    name: 'a client curried over three calls (base, method, path), also through a constant that keeps a partial application: reported at the path',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 2),
    ],
  }))(
    // GET answers no operation of that path; the edit of an agent; another service's client.
    `const make = (base) => (method) => (path) => fetch(base + path, { method });\nfunction clientOn(base) {\n  return function (method) {\n    return (path) => fetch(\`\${base}\${path}\`, { method });\n  };\n}\nconst glean = make(${BASE});\nconst post = glean('POST');\nawait glean('POST')('/listanswers');\nawait post('/listanswers');\nawait clientOn(${BASE})('POST')('/listanswers');\nawait glean('GET')('/listanswers');\nawait post('/agents/a1');\nawait make('https://wiki.example.com/api/v2')('POST')('/listanswers');`,
  ),
  ((code: string) => ({
    name: 'functions bound with .bind in an object table: the bound arguments come first',
    code,
    output: null,
    errors: [endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0), endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1)],
  }))(
    // GET answers no operation of that path; the edit of an agent; a member written again may hold another function; another service.
    `const BASE = ${BASE};\nfunction request(method, path, body) { return fetch(BASE + path, { method, body: JSON.stringify(body) }); }\nfunction wiki(method, path) { return fetch('https://wiki.example.com/api/v2' + path, { method }); }\nconst verbs = { post: request.bind(null, 'POST'), get: request.bind(null, 'GET'), wikiPost: wiki.bind(null, 'POST') };\nconst later = { post: request.bind(null, 'POST') };\nlater.post = (path) => request('GET', path);\nawait verbs.post('/listanswers', {});\nawait verbs['post']('/listanswers', {});\nawait verbs.get('/listanswers');\nawait verbs.post('/agents/a1', { name: 'x' });\nawait later.post('/listanswers');\nawait verbs.wikiPost('/listanswers');`,
  ),
  ((code: string) => ({
    name: 'class fields holding arrow functions, called as methods; getters with one return, read through this. and through an instance',
    code,
    output: code.replace('.snippet)', '.text)'),
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'"),
      endpoint('listanswers', LIST_ANSWERS, code, '`${settings.restBase}/listanswers`'),
      report('createannouncement.snippet', SNIPPET, tok(code, 'snippet)', 'snippet')),
    ],
  }))(
    // GET answers no operation of that path.
    `const BASE = ${BASE};\nclass GleanApi {\n  get base() { return BASE; }\n  post = (path, body) => fetch(\`\${this.base}\${path}\`, { method: 'POST', body: JSON.stringify(body) });\n  get = async (path) => (await fetch(this.base + path)).json();\n}\nclass Settings {\n  get restBase() { return BASE; }\n}\nconst api = new GleanApi();\nconst settings = new Settings();\nawait api.post('/listanswers', {});\nawait fetch(\`\${settings.restBase}/listanswers\`, { method: 'POST' });\nawait api.get('/listanswers');\nconst res = await api.post('/search', { query: 'q' });\nconst data = await res.json();\nconsole.log(data.results[0].snippets[0].snippet);`,
  ),
  ((code: string) => ({
    name: 'a class field holding a table of paths, read as `this.endpoints.answers`, joined to the base or given to an instance in another field',
    code,
    output: null,
    errors: [endpoint('listanswers', LIST_ANSWERS, code, 'BASE + this.endpoints.answers'), endpoint('listanswers', LIST_ANSWERS, code, 'this.endpoints.answers', 1)],
  }))(
    `import axios from 'axios';\nconst BASE = ${BASE};\nexport class Answers {\n  endpoints = { answers: '/listanswers', search: '/search' };\n  http = axios.create({ baseURL: BASE });\n  list() { return fetch(BASE + this.endpoints.answers, { method: 'POST' }); }\n  search() { return fetch(BASE + this.endpoints.search, { method: 'POST' }); }\n  viaHttp() { return this.http.post(this.endpoints.answers, {}); }\n}`,
  ),
  ((code: string) => ({
    name: 'ky 2’s bases: `prefix` joined with one slash, `baseUrl` resolved as `new URL(path, base)` (a relative path after its trailing slash), on an instance or a request',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 2),
    ],
  }))(
    `import ky from 'ky';\nconst BASE = ${BASE};\nconst prefixed = ky.create({ prefix: BASE });\nconst resolving = ky.create({ baseUrl: \`\${BASE}/\` });\nawait prefixed.post('listanswers', { json: {} });\nawait prefixed.post('/listanswers', { json: {} });\nawait resolving.post('listanswers', { json: {} });\nawait ky.post('listanswers', { baseUrl: BASE + '/', json: {} });`,
  ),
  ((code: string) => ({
    name: 'a base given in the request’s own options: axios config `baseURL` (the call’s, or a verb’s config), got’s `prefixUrl`',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 0),
    ],
  }))(
    `import axios from 'axios';\nimport got from 'got';\nconst BASE = ${BASE};\nawait axios({ baseURL: BASE, url: '/listanswers', method: 'POST' });\nawait axios.post('/listanswers', {}, { baseURL: BASE });\nawait got.post('listanswers', { prefixUrl: BASE, json: {} });`,
  ),
  ((code: string) => ({
    name: 'Node’s own helpers: `path.posix.join`, `path.join`, `join` and `posix` imported by name, and `url.resolve` (reported at the path the call joins, not at the API root it joins it to)',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'"),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 2),
    ],
  }))(
    `import path from 'node:path';\nimport * as url from 'node:url';\nimport { join, posix } from 'node:path';\nconst HOST = '${HOST}';\nconst REST = \`\${HOST}/rest/api/v1/\`;\nawait fetch(HOST + path.posix.join('/rest/api/v1', 'listanswers'), { method: 'POST' });\nawait fetch(url.resolve(REST, 'listanswers'), { method: 'POST' });\nawait fetch(HOST + join('/rest/api/v1/', '/listanswers'), { method: 'POST' });\nawait fetch(HOST + path.join('/rest/api/v1', 'search'), { method: 'POST' });\nawait fetch(HOST + posix.join('/rest/api/v1', 'listanswers'), { method: 'POST' });`,
  ),
  ((code: string) => ({
    name: 'a constant or a table’s entry handed to a wrapper over a wrapper (`gleanPost(LIST)` → `gleanFetch(path)` → fetch): reported where its literal is written, once for every call that passes it; a literal passed in place, at the argument; search is not a use',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 2),
    ],
  }))(
    `const BASE = ${BASE} + '/';\nconst LIST = 'listanswers';\nconst OPS = { list: 'listanswers', search: 'search' };\nasync function gleanFetch(path, init = {}) {\n  return (await fetch(new URL(path, BASE), init)).json();\n}\nfunction gleanPost(path, body) {\n  return gleanFetch(path, { method: 'POST', body: JSON.stringify(body) });\n}\nexport const a = () => gleanPost(LIST, {});\nexport const b = () => gleanPost(LIST, { page: 2 });\nexport const c = () => gleanPost(OPS.list, {});\nexport const d = () => gleanPost('listanswers', {});\nexport const e = () => gleanPost(OPS.search, {});`,
  ),
  ((code: string) => ({
    name: 'a child instance keeps its parent’s base (got’s and ky’s `extend` without a base of its own); an axios instance whose defaults other than the base are set after it is made keeps its base; a child given another base, one whose options are not known, and an instance whose base default is moved are not Glean’s',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
    ],
  }))(
    `import got from 'got';\nimport ky from 'ky';\nimport axios from 'axios';\nconst BASE = ${BASE};\nconst base = got.extend({ prefixUrl: BASE });\nconst authed = base.extend({ headers: { authorization: 'Bearer t' } });\nawait authed.post('listanswers', { json: {} });\nconst api = ky.create({ prefixUrl: BASE }).extend({ timeout: 5000 });\nawait api.post('listanswers', { json: {} });\nconst http = axios.create({ baseURL: BASE });\nhttp.defaults.headers.common.Authorization = 'Bearer t';\nhttp.defaults.timeout = 5000;\nawait http.post('/listanswers', {});\nconst wiki = base.extend({ prefixUrl: 'https://wiki.example.com/api/v2' });\nawait wiki.post('listanswers', { json: {} });\nconst spread = base.extend({ ...process.env.HTTP_OPTIONS });\nawait spread.post('listanswers', { json: {} });\nconst moved = axios.create({ baseURL: BASE });\nmoved.defaults.baseURL = 'https://wiki.example.com/api/v2';\nawait moved.post('/listanswers', {});`,
  ),
  ((code: string) => ({
    name: 'the path module’s `posix` reached through `require`: destructured (`const { join } = require(\'path\').posix`), kept (`const posix = require(\'node:path\').posix`) and in place; another module’s `posix` is not Node’s',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "require('node:path').posix.join('/rest/api', 'v1/listanswers')"),
    ],
  }))(
    `const { join } = require('path').posix;\nconst posix = require('node:path').posix;\nconst { join: joinPaths } = require('./paths').posix;\nconst HOST = '${HOST}';\nawait fetch(HOST + join('/rest/api/v1', 'listanswers'), { method: 'POST' });\nawait fetch(HOST + posix.join('/rest/api/v1/', 'listanswers'), { method: 'POST' });\nawait fetch(HOST + require('node:path').posix.join('/rest/api', 'v1/listanswers'), { method: 'POST' });\nawait fetch(HOST + joinPaths('/rest/api/v1', 'listanswers'), { method: 'POST' });\nawait fetch(HOST + require('./paths').posix.join('/rest/api/v1', 'listanswers'), { method: 'POST' });`,
  ),
  ((code: string) => ({
    name: 'an axios instance handed to functions (a parameter, a member of a context object) by every call: the path each sends, on that instance’s base; a function handed another service’s instance, or each by one call, is not a use',
    code,
    output: null,
    errors: [endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'"), endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1)],
  }))(
    `import axios from 'axios';\nconst gleanHttp = axios.create({ baseURL: ${BASE} });\nconst wikiHttp = axios.create({ baseURL: 'https://wiki.example.com/api/v2' });\nasync function listWith(http) { return http.post('/listanswers', {}); }\nasync function listFor(ctx) { return ctx.http.post('/listanswers', {}); }\nasync function listWiki(http) { return http.post('/listanswers', {}); }\nasync function listEither(http) { return http.post('/listanswers', {}); }\nawait listWith(gleanHttp);\nawait listFor({ http: gleanHttp });\nawait listWiki(wikiHttp);\nawait listEither(gleanHttp);\nawait listEither(wikiHttp);`,
  ),
  ((code: string) => ({
    name: 'a client factory whose base is joined with `concat` (`base.concat(path)`): the path each call gives, on the base the factory was given',
    code,
    output: null,
    errors: [endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'")],
  }))(
    `function createHttp(base) {\n  return { post: (path, body) => fetch(base.concat(path), { method: 'POST', body: JSON.stringify(body) }) };\n}\nconst glean = createHttp(${BASE});\nconst wiki = createHttp('https://wiki.example.com/api/v2');\nawait glean.post('/listanswers', {});\nawait glean.post('/search', {});\nawait wiki.post('/listanswers', {});`,
  ),
  ((code: string) => ({
    name: 'a URL object’s `origin` and `pathname` joined again, and its `pathname` written before the request (`=` with a join of its own, `+=`): reported at the argument that names the path, at the path joined, and at the path written',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'"),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'"),
    ],
  }))(
    `import path from 'node:path';\nconst REST = ${BASE};\nconst restUrl = (op) => {\n  const u = new URL(REST);\n  return \`\${u.origin}\${path.posix.join(u.pathname, op)}\`;\n};\nawait fetch(restUrl('listanswers'), { method: 'POST' });\nawait fetch(restUrl('search'), { method: 'POST' });\nconst url = new URL(REST);\nurl.pathname = path.posix.join(url.pathname, 'listanswers');\nawait fetch(url, { method: 'POST' });\nconst answers = new URL(\`\${REST}?trace=1\`);\nanswers.pathname += '/listanswers';\nanswers.searchParams.set('x', '1');\nawait fetch(answers.toString(), { method: 'POST' });`,
  ),
  ((code: string) => ({
    name: 'a wrapper that sends from a callback written inside it (a promise’s executor, `.then`): each call gives the path, reported at its argument',
    code,
    output: null,
    errors: [
      endpoint('index.getdocumentstatus', DOCUMENT_STATUS, code, "'getdocumentstatus'"),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'"),
    ],
  }))(
    `import https from 'node:https';\nfunction call(op, body) {\n  const url = \`${HOST}/api/index/v1/\${op}\`;\n  return new Promise((resolve, reject) => {\n    const req = https.request(url, { method: 'POST' }, resolve);\n    req.on('error', reject);\n    req.end(JSON.stringify(body));\n  });\n}\nawait call('getdocumentstatus', { datasource: 'wiki' });\nawait call('indexdocuments', { datasource: 'wiki' });\nfunction later(path) {\n  return Promise.resolve().then(() => fetch(${BASE} + path, { method: 'POST' }));\n}\nawait later('/listanswers');\nawait later('/search');`,
  ),
  ((code: string) => ({
    name: 'a path of a table handed to a wrapper over a client’s base (`indexPost(OPS.status, …)` twice): reported at the table’s literal, once; a path written at the call, at the call',
    code,
    output: null,
    errors: [endpoint('index.getdocumentstatus', DOCUMENT_STATUS, code, "'/getdocumentstatus'"), endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'")],
  }))(
    `const indexHttp = axios.create({ baseURL: '${HOST}/api/index/v1' });\nconst restHttp = axios.create({ baseURL: ${BASE} });\nconst indexPost = (path, body) => indexHttp.post(path, body);\nconst restPost = (path, body) => restHttp.post(path, body);\nconst OPS = { status: '/getdocumentstatus', index: '/indexdocuments' };\nawait indexPost(OPS.status, { datasource: 'hr' });\nawait indexPost(OPS.status, { datasource: 'crm' });\nawait indexPost(OPS.index, { datasource: 'crm' });\nawait restPost('/listanswers', {});`,
  ),
  ((code: string) => ({
    name: 'a loop’s variable handed to a wrapper (`for…of` over a list, `forEach` over a constant list): each element, reported where it is written',
    code,
    output: null,
    errors: [
      endpoint('index.getdocumentstatus', DOCUMENT_STATUS, code, "'getdocumentstatus'"),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'"),
    ],
  }))(
    `function call(op, body) {\n  return fetch(\`${HOST}/api/index/v1/\${op}\`, { method: 'POST', body: JSON.stringify(body) });\n}\nfor (const op of ['indexdocuments', 'getdocumentstatus']) await call(op, { datasource: 'wiki' });\nconst post = (path) => fetch(${BASE} + path, { method: 'POST' });\nconst PATHS = ['/search', '/listanswers'];\nPATHS.forEach((path) => post(path));`,
  ),
  ((code: string) => ({
    name: 'a wrapper over a wrapper that reads the path from its caller’s options object (`run({ op })` of `run(job) { return call(job.op) }`): reported where each caller writes it',
    code,
    output: null,
    errors: [
      endpoint('index.getdocumentstatus', DOCUMENT_STATUS, code, "'getdocumentstatus'"),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'"),
    ],
  }))(
    `function call(op, body) {\n  return fetch(\`${HOST}/api/index/v1/\${op}\`, { method: 'POST', body: JSON.stringify(body) });\n}\nfunction run(job) {\n  return call(job.op, job.payload);\n}\nawait run({ op: 'indexdocuments', payload: {} });\nawait run({ op: 'getdocumentstatus', payload: {} });\nconst post = (path) => fetch(${BASE} + path, { method: 'POST' });\nconst send = (request) => post(request.path);\nawait send({ path: '/search' });\nawait send({ path: '/listanswers' });`,
  ),
  ((code: string) => ({
    name: 'a base a zod schema of the environment gives by default (`z.string().url().default(…)`, parsed from `process.env`)',
    code,
    output: null,
    errors: [endpoint('listanswers', LIST_ANSWERS, code, '`${env.GLEAN_REST}/listanswers`'), endpoint('listanswers', LIST_ANSWERS, code, '`${config.GLEAN_REST}/listanswers`')],
  }))(
    `import { z } from 'zod';\nconst env = z.object({ GLEAN_REST: z.string().url().default(${BASE}), WIKI: z.string().default('https://wiki.example.com/api/v2') }).parse(process.env);\nawait fetch(\`\${env.GLEAN_REST}/listanswers\`, { method: 'POST' });\nawait fetch(\`\${env.WIKI}/listanswers\`, { method: 'POST' });\nconst schema = z.object({ GLEAN_REST: z.string().default(${BASE}) }).strict();\nconst config = schema.parse(process.env);\nawait fetch(\`\${config.GLEAN_REST}/listanswers\`, { method: 'POST' });\nconst parsedElsewhere = schema.parse(loadSecrets());\nawait fetch(\`\${parsedElsewhere.GLEAN_REST}/listanswers\`, { method: 'POST' });`,
  ),
  ((code: string) => ({
    name: 'Node’s `util.format`: each `%s` takes the next argument (reported at the path it fills in)',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 1),
    ],
  }))(
    `import util from 'node:util';\nimport { format } from 'util';\nconst HOST = '${HOST}';\nconst REST = \`\${HOST}/rest/api/v1\`;\nawait fetch(util.format('%s/rest/api/v1/%s', HOST, 'listanswers'), { method: 'POST' });\nawait fetch(format('%s/%s', REST, 'listanswers'), { method: 'POST' });\nawait fetch(format('%s/%s', REST, 'search'), { method: 'POST' });`,
  ),
  ((code: string) => ({
    name: 'Node’s own helpers required: `require(\'path\').join`, `resolve` taken from `require(\'url\')`',
    code,
    output: null,
    errors: [endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 0), endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'", 1)],
  }))(
    `const path = require('path');\nconst { resolve } = require('url');\nconst HOST = '${HOST}';\nfetch(HOST + path.join('/rest/api/v1', 'listanswers'), { method: 'POST' });\nfetch(resolve(HOST + '/rest/api/v1/', 'listanswers'), { method: 'POST' });`,
  ),
  ((code: string) => ({
    name: 'a path chosen by a conditional (in the URL, in a constant, nested), by assignments before the request (an `if`, a `switch`), or given to a wrapper: each removed path is reported where it is written',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 2),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 3),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 4),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 5),
    ],
  }))(
    `const BASE = ${BASE};\nexport const inline = (legacy) => fetch(BASE + (legacy ? '/listanswers' : '/search'), { method: 'POST' });\nexport function kept(kind) {\n  const path = kind === 'answers' ? '/listanswers' : kind === 'chat' ? '/chat' : '/search';\n  return fetch(\`\${BASE}\${path}\`, { method: 'POST' });\n}\nexport function viaIf(legacy) {\n  let path = '/search';\n  if (legacy) path = '/listanswers';\n  return fetch(BASE + path, { method: 'POST' });\n}\nexport function viaSwitch(kind) {\n  let path;\n  switch (kind) {\n    case 'answers':\n      path = '/listanswers';\n      break;\n    default:\n      path = '/search';\n  }\n  return fetch(BASE + path, { method: 'POST' });\n}\nfunction post(path) {\n  return fetch(BASE + path, { method: 'POST' });\n}\nexport const wrapped = (legacy) => post(legacy ? '/listanswers' : '/search');\nexport function wrappedLet(legacy) {\n  let path = '/search';\n  if (legacy) path = '/listanswers';\n  return post(path);\n}`,
  ),
  ((code: string) => ({
    name: 'wrappers over a wrapper: `post` → `request` → fetch, the method given at either level, three levels; the response read through them',
    code,
    output: code.replace('.snippet);', '.text);'),
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 2),
      report('createannouncement.snippet', SNIPPET, tok(code, 'snippet);', 'snippet')),
    ],
  }))(
    `const BASE = ${BASE};\nasync function request(method, path, body) {\n  const res = await fetch(\`\${BASE}\${path}\`, { method, body: JSON.stringify(body) });\n  return res.json();\n}\nconst post = (path, body) => request('POST', path, body);\nfunction send(verb, path) {\n  return request(verb, path);\n}\nasync function postJson(path, body) {\n  const data = await post(path, body);\n  return data;\n}\nawait post('/listanswers', {});\nawait send('POST', '/listanswers');\nawait postJson('/listanswers', {});\nconst found = await post('/search', { query: 'q' });\nconsole.log(found.results[0].snippets[0].snippet);`,
  ),
  ((code: string) => ({
    name: 'a class’s verbs over its request method: a method, an arrow field, a field bound with `.bind` (also inherited), on the base the constructor is given',
    code,
    output: null,
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 2),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 3),
    ],
  }))(
    `class Rest {\n  constructor(base) { this.base = base; }\n  request(method, path) { return fetch(\`\${this.base}\${path}\`, { method }); }\n  post(path) { return this.request('POST', path); }\n  arrowPost = (path) => this.request('POST', path);\n  boundPost = this.request.bind(this, 'POST');\n}\nclass Admin extends Rest {}\nconst rest = new Rest(${BASE});\nawait rest.post('/listanswers');\nawait rest.arrowPost('/listanswers');\nawait rest.boundPost('/listanswers');\nawait new Admin(${BASE}).boundPost('/listanswers');`,
  ),
  ((code: string) => ({
    name: 'a wrapper’s body serialised behind a guard (`body && JSON.stringify(body)`, `body === undefined ? undefined : JSON.stringify(body)`): the caller’s payload',
    code,
    output: code.replace('isNegated: true', NOT_EQUALS).replace('isNegated: true', NOT_EQUALS),
    errors: [report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated')), report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated', 'isNegated', 1))],
  }))(
    `const BASE = ${BASE};\nfunction send(path, body) {\n  return fetch(BASE + path, { method: 'POST', body: body && JSON.stringify(body) });\n}\nfunction sendOrNot(path, body) {\n  return fetch(BASE + path, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });\n}\nawait send('/search', { query: 'q', requestOptions: { facetFilters: [{ fieldName: 'type', values: [{ value: 'doc', isNegated: true }] }] } });\nawait sendOrNot('/search', { query: 'q', requestOptions: { facetFilters: [{ fieldName: 'type', values: [{ value: 'doc', isNegated: true }] }] } });`,
  ),
  ((code: string) => ({
    name: 'a wrapper that hands the caller’s options to fetch, as they are or spread under its own: the method and body the caller gives',
    code,
    output: code.replace('isNegated: true', NOT_EQUALS),
    errors: [
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0),
      endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1),
      report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated')),
    ],
  }))(
    `const BASE = ${BASE};\nfunction gleanFetch(path, init) {\n  return fetch(BASE + path, init);\n}\nfunction gleanJson(path, init = {}) {\n  return fetch(BASE + path, { ...init, headers: { 'content-type': 'application/json' } });\n}\nawait gleanFetch('/listanswers', { method: 'POST', body: '{}' });\nawait gleanJson('/listanswers', { method: 'POST' });\nawait gleanJson('/search', { method: 'POST', body: JSON.stringify({ query: 'q', requestOptions: { facetFilters: [{ fieldName: 'type', values: [{ value: 'doc', isNegated: true }] }] } }) });`,
  ),


];

tsRuleTester().run('no-removed: paths kept in an enum (TypeScript)', noRemoved, {
  valid: [
    // Another service's enum with the same path.
    "enum WikiPath { Answers = '/listanswers' }\nawait fetch(`https://wiki.example.com/api/v2${WikiPath.Answers}`, { method: 'POST' });",
  ],
  invalid: [
    ((code: string) => ({
      code,
      output: null,
      errors: [endpoint('listanswers', LIST_ANSWERS, code, '`${BASE}${GleanPath.Answers}`'), endpoint('listanswers', LIST_ANSWERS, code, 'BASE + ConstPath.Answers')],
    }))(
      `const BASE = ${BASE};\nenum GleanPath { Answers = '/listanswers', Search = '/search' }\nconst enum ConstPath { Answers = '/listanswers' }\nawait fetch(\`\${BASE}\${GleanPath.Answers}\`, { method: 'POST' });\nawait fetch(BASE + ConstPath.Answers, { method: 'POST' });\nawait fetch(\`\${BASE}\${GleanPath.Search}\`, { method: 'POST' });`,
    ),
  ],
});

tsRuleTester().run('no-removed: a path table that is also a type of the same name (TypeScript)', noRemoved, {
  valid: [
    // Another service's table, typed the same way.
    "const WikiPath = { Answers: '/listanswers' } as const;\ntype WikiPath = (typeof WikiPath)[keyof typeof WikiPath];\nawait fetch(`https://wiki.example.com/api/v2${WikiPath.Answers}`, { method: 'POST' });",
  ],
  invalid: [
    ((code: string) => ({
      code,
      output: null,
      errors: [endpoint('listanswers', LIST_ANSWERS, code, '`${BASE}${Path.Answers}`'), endpoint('listanswers', LIST_ANSWERS, code, 'BASE + Endpoint.answers')],
    }))(
      `const BASE = ${BASE};\nconst Path = { Answers: '/listanswers', Search: '/search' } as const;\ntype Path = (typeof Path)[keyof typeof Path];\ninterface Endpoint { answers: string }\nconst Endpoint: Endpoint = { answers: '/listanswers' };\nawait fetch(\`\${BASE}\${Path.Answers}\`, { method: 'POST' });\nawait fetch(BASE + Endpoint.answers, { method: 'POST' });\nawait fetch(\`\${BASE}\${Path.Search}\`, { method: 'POST' });\nexport const search: Path = Path.Search;`,
    ),
  ],
});

tsRuleTester().run('no-removed: a decorated service class (TypeScript)', noRemoved, {
  valid: [],
  invalid: [
    ((code: string) => ({
      code,
      output: null,
      errors: [endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'")],
    }))(
      `@Injectable()\nexport class GleanService {\n  private readonly base: string = ${BASE};\n  constructor(private readonly http: HttpService) {}\n  private post<T>(path: string, body: unknown): Promise<Response> {\n    return fetch(\`\${this.base}\${path}\`, { method: 'POST', body: JSON.stringify(body) });\n  }\n  listAnswers() {\n    return this.post('/listanswers', {});\n  }\n}`,
    ),
  ],
});

tsRuleTester().run('no-removed: Apollo’s REST data sources, on their baseURL (TypeScript)', noRemoved, {
  valid: [
    // `new URL('listanswers', '…/rest/api/v1')` is `…/rest/api/listanswers`: the current package resolves, and the base lacks its slash.
    `import { RESTDataSource } from '@apollo/datasource-rest';\nexport class GleanAPI extends RESTDataSource {\n  override baseURL = ${BASE};\n  list() {\n    return this.post('listanswers', { body: {} });\n  }\n}`,
    // Two bases, one per environment: not one base.
    `import { RESTDataSource } from '@apollo/datasource-rest';\nexport class GleanAPI extends RESTDataSource {\n  override baseURL = ${BASE} + '/';\n  constructor(staging: boolean) {\n    super();\n    if (staging) this.baseURL = 'https://staging.acme.com/api/';\n  }\n  list() {\n    return this.post('listanswers', { body: {} });\n  }\n}`,
    // A class of the app's own named the same: its verbs are its own.
    `class RESTDataSource {\n  baseURL = '';\n  post(path: string, options: unknown) { return Promise.resolve({ path, options }); }\n}\nexport class GleanAPI extends RESTDataSource {\n  override baseURL = ${BASE} + '/';\n  list() {\n    return this.post('listanswers', { body: {} });\n  }\n}`,
  ],
  invalid: [
    ((code: string) => ({
      code,
      output: null,
      errors: [endpoint('listanswers', LIST_ANSWERS, code, "'listanswers'")],
    }))(
      `import { RESTDataSource } from '@apollo/datasource-rest';\nconst BASE = ${BASE};\nexport class GleanAPI extends RESTDataSource {\n  constructor() {\n    super();\n    this.baseURL = \`\${BASE}/\`;\n  }\n  list() {\n    return this.post('listanswers', { body: {} });\n  }\n}`,
    ),
    // The legacy package joins the base and the path with one slash.
    ((code: string) => ({
      code,
      output: null,
      errors: [endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'")],
    }))(
      `import { RESTDataSource } from 'apollo-datasource-rest';\nexport class GleanAPI extends RESTDataSource {\n  get baseURL() {\n    return ${BASE};\n  }\n  list() {\n    return this.post('/listanswers', { body: {} });\n  }\n}`,
    ),
  ],
});

tsRuleTester().run('no-removed: a base a subclass gives by overriding its base class’s member (TypeScript)', noRemoved, {
  valid: [
    // The base class holds Glean's base, the subclass overrides it with the wiki's: its requests are the wiki's.
    `class Http {\n  baseURL = ${BASE};\n  post(path: string) {\n    return fetch(this.baseURL + path, { method: 'POST' });\n  }\n}\nexport class Wiki extends Http {\n  override baseURL = 'https://wiki.acme.com/api';\n  answers() {\n    return this.post('/listanswers');\n  }\n}`,
  ],
  invalid: [
    ((code: string) => ({
      // The base class's own path is sent on the Glean subclass's base by `new GleanClient().list()`; the wiki subclass and the bare class send elsewhere.
      code,
      output: null,
      errors: [endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 0), endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'", 1)],
    }))(`abstract class ApiClient {\n  protected abstract readonly baseUrl: string;\n  protected post(path: string, body: unknown) {\n    return fetch(\`\${this.baseUrl}\${path}\`, { method: 'POST', body: JSON.stringify(body) });\n  }\n  list() {\n    return this.post('/listanswers', {});\n  }\n}\nexport class GleanClient extends ApiClient {\n  protected readonly baseUrl = ${BASE};\n  answers() {\n    return this.post('/listanswers', {});\n  }\n}\nexport class WikiClient extends ApiClient {\n  protected readonly baseUrl = 'https://wiki.acme.com/rest/api/v1x';\n  answers() {\n    return this.post('/listanswers', {});\n  }\n}\nexport const viaNew = () => new GleanClient().list();\nexport const wikiNew = () => new WikiClient().list();\nclass Http {\n  baseURL = '';\n  post(path: string) { return fetch(this.baseURL + path, { method: 'POST' }); }\n}\nexport const bare = () => new Http().post('/listanswers');\n`),
  ],
});

const NEST_IMPORTS = "import { Module, Injectable } from '@nestjs/common';\nimport { HttpModule, HttpService } from '@nestjs/axios';\nimport { firstValueFrom } from 'rxjs';\n";
const NEST_SERVICE = "@Injectable()\nclass AnswersService {\n  constructor(private readonly http: HttpService) {}\n  list() {\n    return firstValueFrom(this.http.post('/listanswers', {}));\n  }\n}";

tsRuleTester().run('no-removed: NestJS’s HttpService on the base its module registers (TypeScript)', noRemoved, {
  valid: [
    // The module registers another API; one imports HttpModule bare (its base is not known); HttpService is the app's own class.
    `${NEST_IMPORTS}${NEST_SERVICE}\n@Module({ imports: [HttpModule.register({ baseURL: 'https://wiki.acme.com/api' })], providers: [AnswersService] })\nexport class AnswersModule {}`,
    `${NEST_IMPORTS}${NEST_SERVICE}\n@Module({ imports: [HttpModule], providers: [AnswersService] })\nexport class AnswersModule {}\nexport const BASE = ${BASE};`,
    `${NEST_IMPORTS}${NEST_SERVICE}\n@Module({ imports: [HttpModule.register({ baseURL: ${BASE} })], providers: [AnswersService] })\nexport class GleanModule {}\n@Module({ imports: [HttpModule.register({ baseURL: 'https://wiki.acme.com/api' })], providers: [AnswersService] })\nexport class WikiModule {}`,
    `import { Module, Injectable } from '@nestjs/common';\nimport { HttpModule } from '@nestjs/axios';\nimport { firstValueFrom } from 'rxjs';\nimport { HttpService } from './http';\n${NEST_SERVICE}\n@Module({ imports: [HttpModule.register({ baseURL: ${BASE} })], providers: [AnswersService] })\nexport class AnswersModule {}`,
  ],
  invalid: [
    ((code: string) => ({
      code,
      output: null,
      errors: [endpoint('listanswers', LIST_ANSWERS, code, "'/listanswers'")],
    }))(`${NEST_IMPORTS}${NEST_SERVICE}\n@Module({ imports: [HttpModule.register({ baseURL: ${BASE}, timeout: 5000 })], providers: [{ provide: 'ANSWERS', useClass: AnswersService }] })\nexport class AnswersModule {}`),
  ],
});

for (const [language, tester] of [
  ['JavaScript', jsRuleTester()],
  ['TypeScript', tsRuleTester()],
] as const) {
  tester.run(`no-removed: URLs through class wrappers, members and helpers (${language})`, noRemoved, { valid, invalid: language === 'TypeScript' ? invalid : inJavaScript(invalid) });
}
