import noDeprecated from '../../rules/no-deprecated.js';
import noRemoved from '../../rules/no-removed.js';
import { dataFor, jsRuleTester, tsRuleTester } from '../helpers.js';
import { citationSuggestion, HOST, SDK_IMPORT, report, spot, tok } from './fields-support.js';

/**
 * Data flow within a file: payloads built through variables, later assignments, spreads and
 * conditionals; responses followed through promises, callbacks, loops, casts, destructuring and
 * same-file helpers. Where flow is lost (an unknown function), nothing is reported.
 */

const IS_NEGATED = 'Field `isNegated` of a facet filter value (`FacetFilterValue`)';
const LOCATION = 'Field `location` of an indexed employee (`EmployeeInfoDefinition`)';
const SNIPPET = 'Field `snippet` of a search result snippet (`SearchResultSnippet`)';
const CITATIONS = 'Field `citations` of a chat message (`ChatMessage`)';
const DATASOURCES = 'Field `datasources` of a data policy’s input options (`InputOptions`)';
const ANSWER_TOKEN = 'Field `trackingToken` of an answer result (`AnswerResult`)';
const COLLECTION_TOKEN = 'Field `trackingToken` of a collection response (`GetCollectionResponse`)';
const SATISFACTION = 'Field `searchSessionSatisfaction` of an insights overview (`InsightsOverviewResponse`)';

const ANNOUNCE_URL = `'${HOST}/rest/api/v1/createannouncement'`;
const EMPLOYEE_URL = `'${HOST}/api/index/v1/indexemployee'`;
const ANSWER_URL = `'${HOST}/rest/api/v1/getanswer'`;
const COLLECTION_URL = `'${HOST}/rest/api/v1/getcollection'`;
const CHAT_URL = `'${HOST}/rest/api/v1/chat'`;

// typescript-eslint's test types omit `sourceType`, which ESLint's flat config reads for espree.
const COMMONJS = { sourceType: 'commonjs' } as unknown as Record<string, never>;

tsRuleTester().run('no-removed: request payloads through same-file data flow', noRemoved, {
  valid: [
    // A variable named like a payload, never sent.
    `const body = { audienceFilters: [{ values: [{ isNegated: true }] }] };\nconsole.log(body);\nawait fetch(${ANNOUNCE_URL}, { method: 'POST', body: JSON.stringify({ title: 'Launch' }) });`,
    // A payload built by an unknown function: its keys are not visible.
    `await fetch(${ANNOUNCE_URL}, { method: 'POST', body: JSON.stringify(buildAnnouncement({ isNegated: true })) });`,
  ],
  invalid: [
    ((code: string) => ({
      name: 'fields assigned to the payload variable after its declaration',
      code,
      output: code.replace('isNegated: true', "relationType: 'NOT_EQUALS'"),
      errors: [
        report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated: true', 'isNegated')),
        report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated = negate', 'isNegated'), [
          { messageId: 'renameFieldChecked', data: { name: 'relationType', check: '`negate` is `true` or `false`' }, output: code.replace('.isNegated = negate', ".relationType = negate ? 'NOT_EQUALS' : 'EQUALS'") },
        ]),
      ],
    }))(
      `const body: any = { title: 'Launch' };\nbody.audienceFilters = [{ fieldName: 'department', values: [{ value: 'eng', isNegated: true }] }];\nbody.audienceFilters[0].values[0].isNegated = negate;\nawait fetch(${ANNOUNCE_URL}, { method: 'POST', body: JSON.stringify(body) });`,
    ),
    ((code: string) => ({
      name: 'a nested object of the payload changed later, and an object sent as a shorthand property',
      code,
      output: null,
      errors: [
        report('indexemployee.location', LOCATION, tok(code, 'location =', 'location')),
        report('indexemployee.location', LOCATION, tok(code, "'location'")),
      ],
    }))(
      `const employee = { email: 'ada@acme.com', department: 'Engineering' };\nemployee.location = 'Paris';\nconst body = { employee };\nbody['employee']['location'] = 'Lyon';\nawait got.post(${EMPLOYEE_URL}, { json: body });`,
    ),
    ((code: string) => ({
      name: 'later assignments through index variables (`values[j]`)',
      code,
      output: code.replace('isNegated = true', "relationType = 'NOT_EQUALS'"),
      errors: [report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated'))],
    }))(
      `const body: any = { title: 'Launch', audienceFilters: [{ values: [{ value: 'eng' }, { value: 'ops' }] }] };\nfor (let j = 0; j < 2; j++) body.audienceFilters[0].values[j].isNegated = true;\nbody.audienceFilters.length = 1;\nawait fetch(${ANNOUNCE_URL}, { method: 'POST', body: JSON.stringify(body) });`,
    ),
    ((code: string) => ({
      name: 'a payload serialised into a variable before it is sent',
      code,
      output: null,
      errors: [report('indexemployee.location', LOCATION, tok(code, 'location'))],
    }))(
      `const text = JSON.stringify({ employee: { email: 'ada@acme.com', department: 'Engineering', location: 'Paris' } });\nawait fetch(${EMPLOYEE_URL}, { method: 'POST', body: text });`,
    ),
    ((code: string) => ({
      name: 'a payload variable declared first and assigned later',
      code,
      output: null,
      errors: [report('indexemployee.location', LOCATION, tok(code, 'location'))],
    }))(
      `let payload;\npayload = { employee: { email: 'ada@acme.com', department: 'Engineering', location: 'Paris' } };\nconst req = https.request({ hostname: 'acme-be.glean.com', path: '/api/index/v1/indexemployee', method: 'POST' });\nreq.write(JSON.stringify(payload));`,
    ),
    ((code: string) => ({
      name: 'spreads of same-file constants, nested constants, and array spreads',
      code,
      // Unannotated constants that only go into the JSON axios sends: no type asks for the literals.
      output: code.replace('isNegated: true', "relationType: 'NOT_EQUALS'").replace('isNegated: false', "relationType: 'EQUALS'"),
      errors: [
        report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated: true', 'isNegated')),
        report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated: false', 'isNegated')),
      ],
    }))(
      `const ENG_ONLY = { fieldName: 'department', values: [{ value: 'eng', isNegated: true }] };\nconst NOT_OPS = { value: 'ops', isNegated: false };\nconst DEFAULTS = { audienceFilters: [ENG_ONLY] };\nconst FILTERS = [{ fieldName: 'team', values: [{ ...NOT_OPS }] }];\nawait axios({ method: 'post', url: ${ANNOUNCE_URL}, data: { ...DEFAULTS, title: 'Launch', audienceFilters: [ENG_ONLY, ...FILTERS] } });`,
    ),
    ((code: string) => ({
      name: 'a member of a built object spread into a payload (`{ ...req.audience }`, `req` made by a same-file helper or written as a literal); its sibling that is not sent is not a use',
      code,
      output: code.replace('isNegated: true', "relationType: 'NOT_EQUALS'").replace('isNegated: false', "relationType: 'EQUALS'"),
      errors: [
        report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated: true', 'isNegated')),
        report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated: false', 'isNegated')),
      ],
    }))(
      `function build(team: string) {\n  return { audience: { audienceFilters: [{ fieldName: 'team', values: [{ value: team, isNegated: true }] }] }, draft: { isNegated: true } };\n}\nconst req = build('eng');\nconst fixed = { audience: { audienceFilters: [{ fieldName: 'dept', values: [{ value: 'ops', isNegated: false }] }] } };\nawait axios.post(${ANNOUNCE_URL}, { ...req.audience, title: 'Launch' });\nawait axios.post(${ANNOUNCE_URL}, { ...fixed.audience, title: 'Ops' });`,
    ),
    ((code: string) => ({
      name: 'a member spread into a payload of an object that is also posted whole to another API: reported, renamed only by a suggestion',
      code,
      output: null,
      errors: [
        report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated'), [
          { messageId: 'renameFieldChecked', data: { name: 'relationType', check: 'only Glean’s value reaches this code' }, output: code.replace('isNegated: true', "relationType: 'NOT_EQUALS' as const") },
        ]),
      ],
    }))(
      `function build(team: string) {\n  return { audience: { audienceFilters: [{ fieldName: 'team', values: [{ value: team, isNegated: true }] }] } };\n}\nconst req = build('eng');\nawait axios.post('https://wiki.example.com/api/v2/announce', req);\nawait axios.post(${ANNOUNCE_URL}, { ...req.audience, title: 'Launch' });`,
    ),
    ((code: string) => ({
      name: 'conditional and logical values, and a conditional spread',
      code,
      output: code.replaceAll('isNegated: true', "relationType: 'NOT_EQUALS'"),
      errors: [0, 1, 2].map((n) => report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated', 'isNegated', n))),
    }))(
      `await fetch(${ANNOUNCE_URL}, {\n  method: 'POST',\n  body: JSON.stringify({\n    title: 'Launch',\n    audienceFilters: excludeEng ? [{ values: [{ isNegated: true }] }] : custom || [{ values: [{ isNegated: true }] }],\n    ...(strict ? { audienceFilters: [{ values: [{ isNegated: true }] }] } : {}),\n  }),\n});`,
    ),
    ((code: string) => ({
      name: 'a relative path of an `as const` table (and an `as const` constant) handed to a wrapper over a client’s base: reported at the literal, once',
      code,
      output: null,
      errors: [report('index.getdocumentstatus', 'POST /api/index/v1/getdocumentstatus', tok(code, "'/getdocumentstatus'", "'/getdocumentstatus'")), report('index.getusercount', 'POST /api/index/v1/getusercount', tok(code, "'/getusercount'", "'/getusercount'"))],
    }))(
      `const indexHttp = axios.create({ baseURL: '${HOST}/api/index/v1' });\nconst indexPost = (path: string, body: object) => indexHttp.post(path, body);\nconst OPS = { status: '/getdocumentstatus' } as const;\nconst COUNT = '/getusercount' as const;\nawait indexPost(OPS.status, { datasource: 'hr' });\nawait indexPost(OPS.status, { datasource: 'crm' });\nawait indexPost(COUNT, {});\nawait indexPost(COUNT, { datasource: 'crm' });`,
    ),
    ((code: string) => ({
      name: 'a constant spread into a payload that sets the same key after it: the constant’s key is overridden, never sent (the payload’s own key is reported, not fixed: the spread may hold the new key)',
      code,
      output: null,
      errors: [report('policy.datasources', DATASOURCES, tok(code, 'datasources }', 'datasources'))],
    }))(
      `const DEFAULT_INPUT = { datasources: ['gdrive'] };\nconst datasources = ['slack'];\nawait axios.post('${HOST}/rest/api/v1/governance/data/policies/pol_1', { config: { inputOptions: { ...DEFAULT_INPUT, datasources } } });`,
    ),
    ((code: string) => ({
      name: 'a constant spread into a payload after the same key: the constant’s key overrides it, and is sent',
      code,
      output: null,
      errors: [report('policy.datasources', DATASOURCES, tok(code, 'datasources:', 'datasources')), report('policy.datasources', DATASOURCES, tok(code, 'datasources, ...', 'datasources'))],
    }))(
      `const DEFAULT_INPUT = { datasources: ['gdrive'] };\nconst datasources = ['slack'];\nawait axios.post('${HOST}/rest/api/v1/governance/data/policies/pol_1', { config: { inputOptions: { datasources, ...DEFAULT_INPUT } } });`,
    ),
    ((code: string) => ({
      name: 'an SDK argument built in a typed constant (satisfies and as)',
      code,
      output: code.replace('datasources:', 'datasourceInstances:'),
      errors: [report('policy.datasources', DATASOURCES, tok(code, 'datasources'))],
    }))(
      `${SDK_IMPORT}import type { UpdateDlpReportRequest } from '@gleanwork/api-client/models/components';\nconst update = { config: { inputOptions: { datasources: ['gdrive'] } } } satisfies UpdateDlpReportRequest;\nawait glean.client.governance.data.policies.update(update as UpdateDlpReportRequest, 'pol_1');`,
    ),
  ],
});

tsRuleTester().run('no-deprecated: responses through same-file data flow', noDeprecated, {
  valid: [
    // `firstValueFrom` of another library: what it resolves to is not followed.
    `import { firstValueFrom } from './streams';\nexport async function first(http: { post(url: string, body: object): Promise<unknown> }) {\n  const res = await firstValueFrom(http.post(${COLLECTION_URL}, { id: 7 }));\n  return res.data.trackingToken;\n}`,
    // Flow is lost across a function the file does not define: nothing is guessed.
    `const res = await fetch(${ANSWER_URL}, { method: 'POST', body: '{}' });\nconst data = await res.json();\nconst copy = normalise(data);\nconsole.log(copy.answerResult.trackingToken);`,
    `import { normalise } from './normalise.js';\nconst { data } = await axios.post(${COLLECTION_URL}, { id: 7 });\nconsole.log(normalise(data).trackingToken);`,
    `const { data } = await axios.post(${COLLECTION_URL}, { id: 7 });\nstore.save(data);\nconst saved = store.load();\nconsole.log(saved.trackingToken);`,
    // A factory's methods: one that calls another API with the same path name, and one of a factory with two returns.
    `function makeApi() {\n  return { answer: (id) => fetch('https://api.other.example/getanswer', { method: 'POST', body: JSON.stringify({ id }) }).then((res) => res.json()) };\n}\nconst a = await makeApi().answer(42);\nconsole.log(a.answerResult.trackingToken);`,
    `function makeApi(flag) {\n  if (flag) return { load: () => axios.get('https://example.com/config') };\n  return { load: () => axios.post(${COLLECTION_URL}, { id: 7 }) };\n}\nconst c = await makeApi(true).load();\nconsole.log(c.data.trackingToken);`,
    // Instances kept in an object: of a class whose method calls another API, and handed out by a factory with two returns.
    `class OtherApi {\n  answer(id) {\n    return fetch('https://api.other.example/getanswer', { method: 'POST', body: JSON.stringify({ id }) }).then((res) => res.json());\n  }\n}\nconst services = { answers: new OtherApi() };\nconst a = await services.answers.answer(42);\nconsole.log(a.answerResult.trackingToken);`,
    `class Config {\n  load() {\n    return axios.get('https://example.com/config');\n  }\n}\nclass Collections {\n  load() {\n    return axios.post(${COLLECTION_URL}, { id: 7 });\n  }\n}\nfunction makeServices(flag) {\n  if (flag) return { api: new Config() };\n  return { api: new Collections() };\n}\nconst c = await makeServices(true).api.load();\nconsole.log(c.data.trackingToken);`,
    // An object's member written again may hold another instance or function: not followed.
    `class AnswerApi {\n  answer(id) {\n    return fetch(${ANSWER_URL}, { method: 'POST', body: JSON.stringify({ id }) }).then((res) => res.json());\n  }\n}\nclass OtherApi {\n  answer(id) {\n    return fetch('https://api.other.example/getanswer', { method: 'POST', body: JSON.stringify({ id }) }).then((res) => res.json());\n  }\n}\nconst services = { answers: new AnswerApi() };\nif (process.env.OTHER) services.answers = new OtherApi();\nconst a = await services.answers.answer(1);\nconsole.log(a.answerResult.trackingToken);`,
    `const api = { answer: (id) => fetch(${ANSWER_URL}, { method: 'POST', body: JSON.stringify({ id }) }).then((res) => res.json()) };\napi.answer = (id) => fetch('https://api.other.example/getanswer', { method: 'POST', body: JSON.stringify({ id }) }).then((res) => res.json());\nconst a = await api.answer(1);\nconsole.log(a.answerResult.trackingToken);`,
    `class AnswerApi {\n  answer(id) {\n    return fetch(${ANSWER_URL}, { method: 'POST', body: JSON.stringify({ id }) }).then((res) => res.json());\n  }\n}\nconst http = new AnswerApi();\nhttp.answer = (id) => fetch('https://api.other.example/getanswer', { method: 'POST', body: JSON.stringify({ id }) }).then((res) => res.json());\nconst a = await http.answer(1);\nconsole.log(a.answerResult.trackingToken);`,
    // The value a helper returns is the helper's own, not the request it makes in a nested arrow.
    `function setup() {\n  const loadCollection = () => axios.post(${COLLECTION_URL}, { id: 7 });\n  register(loadCollection);\n  return axios.get('https://example.com/config');\n}\nconst { data } = await setup();\nconsole.log(data.trackingToken);`,
    // The moved-to places are fine.
    `const res = await fetch(${ANSWER_URL}, { method: 'POST', body: '{}' });\nconst { answerResult } = await res.json();\nconsole.log(answerResult.answer.trackingToken);`,
  ],
  invalid: [
    ((code: string) => ({
      name: 'a request typed by the file’s own type (`http.post<Coll>(…)`) and made a promise by rxjs: a suggestion that says so',
      code,
      output: null,
      errors: [
        report('getcollection.trackingToken', COLLECTION_TOKEN, tok(code, 'trackingToken;', 'trackingToken'), [
          {
            messageId: 'renameFieldChecked',
            data: { name: 'collection.trackingToken', check: 'your types in this file name `collection.trackingToken`' },
            output: code.replace('res.data.trackingToken', 'res.data.collection?.trackingToken'),
          },
        ]),
      ],
    }))(
      `import { HttpService } from '@nestjs/axios';\nimport { firstValueFrom } from 'rxjs';\ntype Coll = { trackingToken?: string };\nexport async function nest(http: HttpService, id: number) {\n  const res = await firstValueFrom(http.post<Coll>(${COLLECTION_URL}, { id }));\n  return res.data.trackingToken;\n}`,
    ),
    ((code: string) => ({
      name: 'NestJS’s HttpService: an observable made a promise by rxjs (`firstValueFrom`, `lastValueFrom` under another name, through a namespace, rxjs 6’s `.toPromise()`) resolves to the axios response',
      code,
      output: code.replaceAll('data.trackingToken', 'data.collection?.trackingToken'),
      errors: [0, 1, 2, 3].map((n) => report('getcollection.trackingToken', COLLECTION_TOKEN, tok(code, 'trackingToken;', 'trackingToken', n))),
    }))(
      `import { HttpService } from '@nestjs/axios';\nimport { firstValueFrom, lastValueFrom as last } from 'rxjs';\nimport * as rx from 'rxjs';\nexport class CollectionsRest {\n  constructor(private readonly http: HttpService) {}\n  async first(id: number) {\n    const res = await firstValueFrom(this.http.post(${COLLECTION_URL}, { id }));\n    return res.data.trackingToken;\n  }\n  async last(id: number) {\n    const { data } = await last(this.http.post(${COLLECTION_URL}, { id }));\n    return data.trackingToken;\n  }\n  async legacy(id: number) {\n    const res = await this.http.post(${COLLECTION_URL}, { id }).toPromise();\n    return res.data.trackingToken;\n  }\n  async namespaced(id: number) {\n    const res = await rx.firstValueFrom(this.http.post(${COLLECTION_URL}, { id }));\n    return res.data.trackingToken;\n  }\n}`,
    ),
    ((code: string) => ({
      name: '.then chains: res.json() in one callback, the payload in the next (at the top level)',
      code,
      output: code.replace('answerResult?.trackingToken', 'answerResult?.answer.trackingToken'),
      errors: [report('getanswer.trackingToken', ANSWER_TOKEN, tok(code, 'trackingToken'))],
    }))(`fetch(${ANSWER_URL}, { method: 'POST', body: JSON.stringify({ id: 42 }) })\n  .then((r) => r.json())\n  .then((d) => console.log(d.answerResult?.trackingToken));`),
    ((code: string) => ({
      name: '.then chains inside a function, with block bodies',
      code,
      output: code.replace('d.trackingToken', 'd.collection?.trackingToken'),
      errors: [report('getcollection.trackingToken', COLLECTION_TOKEN, tok(code, 'trackingToken'))],
    }))(`export function load() {\n  return fetch(${COLLECTION_URL}, { method: 'POST', body: '{}' })\n    .then((r) => {\n      return r.json();\n    })\n    .then((d) => d.trackingToken);\n}`),
    ((code: string) => ({
      name: 'axios .then with a destructured parameter',
      code,
      output: code.replace('data.trackingToken', 'data.collection?.trackingToken'),
      errors: [report('getcollection.trackingToken', COLLECTION_TOKEN, tok(code, 'trackingToken'))],
    }))(`axios.post(${COLLECTION_URL}, { id: 7 }).then(({ data }) => show(data.trackingToken));`),
    ((code: string) => ({
      name: 'a same-file helper that receives the response (declaration, arrow, destructured parameter)',
      code,
      output: code.replace('result.answerResult.trackingToken', 'result.answerResult.answer.trackingToken').replace('answerResult.trackingToken;\nconst', 'answerResult.answer.trackingToken;\nconst'),
      errors: [
        report('getanswer.trackingToken', ANSWER_TOKEN, tok(code, 'trackingToken', 'trackingToken', 0)),
        report('getanswer.trackingToken', ANSWER_TOKEN, tok(code, 'trackingToken', 'trackingToken', 1)),
      ],
    }))(
      `function tokenOf(result) {\n  return result.answerResult.trackingToken;\n}\nconst tokenOf2 = ({ answerResult }) => answerResult.trackingToken;\nconst res = await fetch(${ANSWER_URL}, { method: 'POST', body: '{}' });\nconst data = await res.json();\ntokenOf(data);\ntokenOf2(data);`,
    ),
    ((code: string) => ({
      name: 'a same-file helper that returns the response: async function, and an arrow with an expression body',
      code,
      output: code.replace('a.answerResult.trackingToken', 'a.answerResult.answer.trackingToken').replace('c.data.trackingToken', 'c.data.collection?.trackingToken'),
      errors: [
        report('getanswer.trackingToken', ANSWER_TOKEN, tok(code, 'trackingToken', 'trackingToken', 0)),
        report('getcollection.trackingToken', COLLECTION_TOKEN, tok(code, 'trackingToken', 'trackingToken', 1)),
      ],
    }))(
      `async function getAnswer(id) {\n  const res = await fetch(${ANSWER_URL}, { method: 'POST', body: JSON.stringify({ id }) });\n  return res.json();\n}\nconst loadCollection = () => axios.post(${COLLECTION_URL}, { id: 7 });\nconst a = await getAnswer(42);\nconst c = await loadCollection();\nconsole.log(a.answerResult.trackingToken, c.data.trackingToken);`,
    ),
    ((code: string) => ({
      name: 'a factory that returns an object of request functions: its methods called on the result, kept in a constant or not',
      code,
      output: code.replace('a.answerResult.trackingToken', 'a.answerResult.answer.trackingToken').replace('c.data.trackingToken', 'c.data.collection?.trackingToken'),
      errors: [
        report('getanswer.trackingToken', ANSWER_TOKEN, tok(code, 'trackingToken', 'trackingToken', 0)),
        report('getcollection.trackingToken', COLLECTION_TOKEN, tok(code, 'trackingToken', 'trackingToken', 1)),
      ],
    }))(
      `function makeApi(token) {\n  const headers = { authorization: token };\n  return {\n    answer: (id) => fetch(${ANSWER_URL}, { method: 'POST', headers, body: JSON.stringify({ id }) }).then((res) => res.json()),\n    collection(id) {\n      return axios.post(${COLLECTION_URL}, { id }, { headers });\n    },\n  };\n}\nconst api = makeApi('t');\nconst a = await api.answer(42);\nconst c = await makeApi('u').collection(7);\nconsole.log(a.answerResult.trackingToken, c.data.trackingToken);`,
    ),
    ((code: string) => ({
      name: 'a class instance kept in an object: a constant, and the object a factory returns (kept in a constant or not)',
      code,
      output: code
        .replace('a.answerResult.trackingToken', 'a.answerResult.answer.trackingToken')
        .replace('b.answerResult.trackingToken', 'b.answerResult.answer.trackingToken')
        .replace('c.answerResult.trackingToken', 'c.answerResult.answer.trackingToken'),
      errors: [0, 1, 2].map((n) => report('getanswer.trackingToken', ANSWER_TOKEN, tok(code, 'trackingToken', 'trackingToken', n))),
    }))(
      `class AnswerApi {\n  answer(id) {\n    return fetch(${ANSWER_URL}, { method: 'POST', body: JSON.stringify({ id }) }).then((res) => res.json());\n  }\n}\nconst services = { answers: new AnswerApi() };\nfunction makeServices() {\n  return { answers: new AnswerApi() };\n}\nconst made = makeServices();\nconst a = await services.answers.answer(1);\nconst b = await made.answers.answer(2);\nconst c = await makeServices().answers.answer(3);\nconsole.log(a.answerResult.trackingToken, b.answerResult.trackingToken, c.answerResult.trackingToken);`,
    ),
    ((code: string) => ({
      name: 'casts: as, non-null, satisfies, angle brackets',
      code,
      output: code.replaceAll('.trackingToken', '.answer.trackingToken'),
      errors: [0, 1, 2].map((n) => report('getanswer.trackingToken', ANSWER_TOKEN, tok(code, 'trackingToken', 'trackingToken', n))),
    }))(
      `import type { AnswerResult, GetAnswerResponse } from '@gleanwork/api-client/models/components';\nconst res = await fetch(${ANSWER_URL}, { method: 'POST', body: '{}' });\nconst data = (await res.json()) as GetAnswerResponse;\nconst again = <GetAnswerResponse>data;\nconsole.log(data.answerResult!.trackingToken, (again satisfies GetAnswerResponse).answerResult?.trackingToken, (data.answerResult as AnswerResult).trackingToken);`,
    ),
    ((code: string) => ({
      name: 'element access with literal keys is followed (and not rewritten)',
      code,
      output: null,
      errors: [
        report('getanswer.trackingToken', ANSWER_TOKEN, tok(code, "'trackingToken'", "'trackingToken'", 0)),
        report('insights.searchSessionSatisfaction', SATISFACTION, tok(code, "'searchSessionSatisfaction'")),
      ],
    }))(
      `const res = await fetch(${ANSWER_URL}, { method: 'POST', body: '{}' });\nconst data = await res.json();\nconsole.log(data['answerResult']['trackingToken']);\nconst insights = await axios.post('${HOST}/rest/api/v1/insights', {});\nconsole.log(insights.data['overviewResponse']?.['searchSessionSatisfaction']);`,
    ),
    ((code: string) => ({
      name: 'res.text() and JSON.parse, and Apps Script in one expression',
      code,
      output: code.replace('parsed.trackingToken', 'parsed.collection?.trackingToken').replace('.getContentText()).trackingToken', '.getContentText()).collection?.trackingToken'),
      errors: [
        report('getcollection.trackingToken', COLLECTION_TOKEN, tok(code, 'trackingToken', 'trackingToken', 0)),
        report('getcollection.trackingToken', COLLECTION_TOKEN, tok(code, 'trackingToken', 'trackingToken', 1)),
      ],
    }))(
      `const res = await fetch(${COLLECTION_URL}, { method: 'POST', body: '{}' });\nconst parsed = JSON.parse(await res.text());\nconsole.log(parsed.trackingToken);\nfunction appsScript() {\n  return JSON.parse(UrlFetchApp.fetch(${COLLECTION_URL}, { method: 'POST', payload: '{}' }).getContentText()).trackingToken;\n}`,
    ),
    ((code: string) => ({
      name: "fetch's res.clone(), read in place and kept",
      code,
      output: code.replace('(await res.clone().json()).trackingToken', '(await res.clone().json()).collection?.trackingToken').replace('body.trackingToken', 'body.collection?.trackingToken'),
      errors: [
        report('getcollection.trackingToken', COLLECTION_TOKEN, tok(code, 'trackingToken', 'trackingToken', 0)),
        report('getcollection.trackingToken', COLLECTION_TOKEN, tok(code, 'trackingToken', 'trackingToken', 1)),
      ],
    }))(`const res = await fetch(${COLLECTION_URL}, { method: 'POST', body: '{}' });\nconsole.log((await res.clone().json()).trackingToken);\nconst copy = res.clone();\nconst body = await copy.json();\nconsole.log(body.trackingToken);`),
    ((code: string) => ({
      name: 'a let assigned from the response later',
      code,
      output: code.replace('data.trackingToken', 'data.collection?.trackingToken'),
      errors: [report('getcollection.trackingToken', COLLECTION_TOKEN, tok(code, 'trackingToken'))],
    }))(`let data;\ndata = (await axios.post(${COLLECTION_URL}, { id: 7 })).data;\nconsole.log(data.trackingToken);`),
  ],
});

tsRuleTester().run('no-removed: responses through loops, callbacks and destructuring', noRemoved, {
  valid: [
    // tRPC look-alikes: a `createTRPCClient` that is not tRPC's, a path the router does not have, a query builder's `.query()` of the same shape.
    `import { initTRPC } from '@trpc/server';\nimport { createTRPCClient } from './my-client';\nconst t = initTRPC.create();\nconst appRouter = t.router({\n  search: t.procedure.query(async () => (await fetch('${HOST}/rest/api/v1/search', { method: 'POST', body: '{}' })).json()),\n});\ntype AppRouter = typeof appRouter;\nconst client = createTRPCClient<AppRouter>({ links: [] });\nexport const a = async () => (await client.search.query()).results[0].snippets[0].snippet;\nexport const b = async (real: any) => (await real.find.query()).results[0].snippets[0].snippet;\nexport const c = async (db: any) => (await db.search.query()).results[0].snippets[0].snippet;\n`,
    // `fragments[].citation` (singular) is the replacement.
    `const { data } = await axios.post(${CHAT_URL}, { messages: [] });\nfor (const message of data.messages) console.log(message.fragments?.map((f) => f.citation));`,
  ],
  invalid: [
    ((code: string) => ({
      name: 'a tRPC procedure’s result: `await client.search.query()` of `createTRPCClient<AppRouter>` (and tRPC 10’s `createTRPCProxyClient`), also of a resolver kept in a `const`, and React’s `api.search.useQuery()` `.data`; the wiki’s procedure is not Glean’s',
      code,
      output: code
        .replace('[data.results[0].snippets[0].snippet,', '[data.results[0].snippets[0].text,')
        .replace('(await client.kept.query()).results[0].snippets[0].snippet', '(await client.kept.query()).results[0].snippets[0].text')
        .replace('data?.results[0].snippets[0].snippet;', 'data?.results[0].snippets[0].text;')
        .replace('snippets[0].snippet.length', 'snippets[0].text.length'),
      errors: [
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet, (await client.wiki', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet];', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;\n}', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet.length', 'snippet')),
      ],
    }))(
      `import { initTRPC } from '@trpc/server';\nimport { createTRPCClient, createTRPCProxyClient, httpBatchLink } from '@trpc/client';\nimport { createTRPCReact } from '@trpc/react-query';\nconst t = initTRPC.create();\nconst keptResolver = async () => (await fetch('${HOST}/rest/api/v1/search', { method: 'POST', body: '{}' })).json();\nconst appRouter = t.router({\n  search: t.procedure.query(async () => (await fetch('${HOST}/rest/api/v1/search', { method: 'POST', body: '{}' })).json()),\n  wiki: t.procedure.query(async () => (await fetch('https://wiki.acme.internal/search')).json()),\n  kept: t.procedure.query(keptResolver),\n});\ntype AppRouter = typeof appRouter;\nconst client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc' })] });\nconst api = createTRPCReact<AppRouter>();\nexport async function viaClient() {\n  const data = await client.search.query();\n  return [data.results[0].snippets[0].snippet, (await client.wiki.query()).results[0].snippets[0].snippet, (await client.kept.query()).results[0].snippets[0].snippet];\n}\nexport function useFirst() {\n  const { data } = api.search.useQuery();\n  return data?.results[0].snippets[0].snippet;\n}\nconst legacy = createTRPCProxyClient<AppRouter>({ links: [] });\nexport const viaProxy = async () => (await legacy.search.query()).results[0].snippets[0].snippet.length;\n`,
    ),
    ((code: string) => ({
      name: 'for…of, also over `?? []`, with destructuring in the loop head',
      code,
      output: null,
      errors: [
        report('chat.citations', CITATIONS, tok(code, 'citations)', 'citations', 0), [citationSuggestion(code, 'message.citations', "NonNullable<(typeof message)['fragments']>[number]")]),
        report('chat.citations', CITATIONS, tok(code, 'citations }', 'citations')),
      ],
    }))(
      `const { data } = await axios.post(${CHAT_URL}, { messages: [] });\nfor (const message of data.messages ?? []) console.log(message.citations);\nfor (const { citations } of data.messages) console.log(citations);`,
    ),
    ((code: string) => ({
      name: 'an object written around the response (`return { response, count }`, `{ response: res }`): read under its key, as a member or destructured; another key of the same object, and the same key of an object around another value, are not the response',
      code,
      output: code
        .replace('response.results[0].snippets[0].snippet;\n}\nexport async function viaMember', 'response.results[0].snippets[0].text;\n}\nexport async function viaMember')
        .replace('r.response.results[0].snippets[0].snippet,', 'r.response.results[0].snippets[0].text,')
        .replace('held.response.results[0].snippets[0].snippet,', 'held.response.results[0].snippets[0].text,'),
      errors: ['snippet;\n}\nexport async function viaMember', 'snippet, r.count', 'snippet, held.wiki'].map((needle) => report('createannouncement.snippet', SNIPPET, tok(code, needle, 'snippet'))),
    }))(
      `const SEARCH = '${HOST}/rest/api/v1/search';\nasync function search(q: string) {\n  const response = await (await fetch(SEARCH, { method: 'POST', body: JSON.stringify({ query: q }) })).json();\n  return { response, count: response.results.length };\n}\nexport async function viaPattern(q: string) {\n  const { response } = await search(q);\n  return response.results[0].snippets[0].snippet;\n}\nexport async function viaMember(q: string) {\n  const r = await search(q);\n  return [r.response.results[0].snippets[0].snippet, r.count.snippet];\n}\nexport async function inPlace(q: string, other: any) {\n  const held = { response: await (await fetch(SEARCH, { method: 'POST', body: '{}' })).json(), wiki: other };\n  const wiki = { response: other };\n  return [held.response.results[0].snippets[0].snippet, held.wiki.snippet, wiki.response.results[0].snippets[0].snippet];\n}`,
    ),
    ((code: string) => ({
      name: 'through a retry helper that resolves to what its callback returns (p-retry’s, a local one); not through one that keeps its first value',
      code,
      output: code.replace('snippets[0].snippet);\nconst local', 'snippets[0].text);\nconst local').replace('snippets[0].snippet);\nconst memo', 'snippets[0].text);\nconst memo'),
      errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet);\nconst local', 'snippet')), report('createannouncement.snippet', SNIPPET, tok(code, 'snippet);\nconst memo', 'snippet'))],
    }))(
      `import pRetry from 'p-retry';\nconst SEARCH = '${HOST}/rest/api/v1/search';\nconst viaPackage = await pRetry(() => fetch(SEARCH, { method: 'POST', body: '{}' }).then((res) => res.json()), { retries: 2 });\nconsole.log(viaPackage.results[0].snippets[0].snippet);\nconst local = async (attempt: () => Promise<any>) => attempt();\nconst viaLocal = await local(async () => (await fetch(SEARCH, { method: 'POST', body: '{}' })).json());\nconsole.log(viaLocal.results[0].snippets[0].snippet);\nconst memo = async (make: () => Promise<any>) => cache ?? make();\nlet cache: any;\nconst viaMemo = await memo(() => fetch(SEARCH, { method: 'POST', body: '{}' }).then((res) => res.json()));\nconsole.log(viaMemo.results[0].snippets[0].snippet);`,
    ),
    ((code: string) => ({
      name: 'ofetch and Nuxt’s `$fetch` resolve to the parsed body (no `.json()`); an instance `ofetch.create` makes, called itself',
      code,
      output: code.replace('snippets[0].snippet);\nconst nuxt', 'snippets[0].text);\nconst nuxt').replace('snippets[0].snippet);\nconst api', 'snippets[0].text);\nconst api').replace('snippets[0].snippet);\n', 'snippets[0].text);\n'),
      errors: [
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet);\nconst nuxt', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet);\nconst api', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet);\n', 'snippet', 2)),
      ],
    }))(
      `import { ofetch } from 'ofetch';\nconst SEARCH = '${HOST}/rest/api/v1/search';\nconst direct = await ofetch(SEARCH, { method: 'POST', body: { query: 'q' } });\nconsole.log(direct.results[0].snippets[0].snippet);\nconst nuxt = await $fetch(SEARCH, { method: 'POST', body: { query: 'q' } });\nconsole.log(nuxt.results[0].snippets[0].snippet);\nconst api = ofetch.create({ baseURL: '${HOST}/rest/api/v1' });\nconst viaInstance = await api('/search', { method: 'POST', body: { query: 'q' } });\nconsole.log(viaInstance.results[0].snippets[0].snippet);\n`,
    ),
    ((code: string) => ({
      name: 'elements a generator yields (`yield r`, `yield* results`), iterated by `for await` and `for…of`; another generator’s are not Glean’s',
      code,
      output: code.replace('snippets[0].snippet);\nfor await', 'snippets[0].text);\nfor await').replace('snippets[0].snippet);\nfunction* wiki', 'snippets[0].text);\nfunction* wiki'),
      errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet);\nfor await', 'snippet')), report('createannouncement.snippet', SNIPPET, tok(code, 'snippet);\nfunction* wiki', 'snippet'))],
    }))(
      `const SEARCH = '${HOST}/rest/api/v1/search';\nasync function* pages(query: string) {\n  const res = await fetch(SEARCH, { method: 'POST', body: JSON.stringify({ query }) });\n  const data = await res.json();\n  for (const result of data.results) yield result;\n}\nfunction* each(data: any) {\n  yield* data.results;\n}\nfor await (const r of pages('q')) console.log(r.snippets[0].snippet);\nfor await (const r of each(await (await fetch(SEARCH, { method: 'POST', body: '{}' })).json())) console.log(r.snippets[0].snippet);\nfunction* wiki() {\n  yield { snippets: [{ snippet: 'x' }] };\n}\nfor (const r of wiki()) console.log(r.snippets[0].snippet);`,
    ),
    ((code: string) => ({
      name: 'index variables (`messages[i]`) read one element; `length` is not an element',
      code,
      output: null,
      errors: [
        report('chat.citations', CITATIONS, tok(code, 'citations,', 'citations'), [citationSuggestion(code, 'data.messages[i].citations', "NonNullable<NonNullable<NonNullable<(typeof data)['messages']>[typeof i]>['fragments']>[number]")]),
        report('chat.citations', CITATIONS, tok(code, 'citations)', 'citations'), [citationSuggestion(code, 'data.messages[i]?.citations', "NonNullable<NonNullable<NonNullable<(typeof data)['messages']>[typeof i]>['fragments']>[number]")]),
      ],
    }))(
      `const { data } = await axios.post(${CHAT_URL}, { messages: [] });\nfor (let i = 0; i < data.messages.length; i++) console.log(data.messages[i].citations, data.messages[i]?.citations);\nconsole.log(data.messages['length'].citations);`,
    ),
    ((code: string) => ({
      name: 'array callbacks: map, forEach, filter, find, some, flatMap, and results of find/filter/at',
      code,
      output: null,
      errors: [
        report('chat.citations', CITATIONS, tok(code, 'citations }', 'citations')),
        report('chat.citations', CITATIONS, tok(code, 'citations?.length', 'citations'), [citationSuggestion(code, 'm.citations', "NonNullable<(typeof m)['fragments']>[number]")]),
        report('chat.citations', CITATIONS, tok(code, 'citations.length > 0', 'citations'), [citationSuggestion(code, 'k.citations', "NonNullable<(typeof k)['fragments']>[number]")]),
        report('chat.citations', CITATIONS, tok(code, 'citations));', 'citations'), [citationSuggestion(code, 'x.citations', "NonNullable<(typeof x)['fragments']>[number]")]),
        report('chat.citations', CITATIONS, tok(code, 'citations);\nconst', 'citations'), [citationSuggestion(code, 'y.citations', "NonNullable<(typeof y)['fragments']>[number]")]),
        report('chat.citations', CITATIONS, tok(code, 'citations ??', 'citations'), [citationSuggestion(code, 'z.citations', "NonNullable<(typeof z)['fragments']>[number]")]),
        report('chat.citations', CITATIONS, tok(code, 'citations?.[0]', 'citations'), [citationSuggestion(code, 'first?.citations', "NonNullable<NonNullable<typeof first>['fragments']>[number]")]),
        report('chat.citations', CITATIONS, tok(code, 'citations, last', 'citations'), [citationSuggestion(code, 'kept[0].citations', "NonNullable<NonNullable<(typeof kept)[0]>['fragments']>[number]")]),
        report('chat.citations', CITATIONS, tok(code, 'citations);', 'citations', 2), [citationSuggestion(code, 'last?.citations', "NonNullable<NonNullable<typeof last>['fragments']>[number]")]),
      ],
    }))(
      [
        `const { data } = await axios.post(${CHAT_URL}, { messages: [] });`,
        `data.messages.map(({ citations }) => citations);`,
        `data.messages.forEach((m) => m.citations?.length);`,
        `const kept = data.messages.filter((k) => k.citations.length > 0);`,
        `data.messages.some((x) => Boolean(x.citations));`,
        `data.messages.flatMap((y) => y.citations);`,
        `const found = data.messages.find((z) => z.citations ?? false);`,
        `const first = data.messages.find(Boolean);`,
        `console.log(first?.citations?.[0], kept[0].citations, last);`,
        `const last = data.messages.at(-1);`,
        `console.log(last?.citations);`,
      ].join('\n'),
    ),
  ],
});

tsRuleTester().run('no-removed: search responses through the SDK', noRemoved, {
  valid: [
    // A builder step that may return another object: what `excluding` runs on is not known.
    `${SDK_IMPORT}class FilterBuilder {\n  of(field: string) {\n    if (!field) return new Map();\n    return this;\n  }\n  excluding(value: string) {\n    return { fieldName: 'type', values: [{ value, isNegated: true }] };\n  }\n}\nawait glean.client.search.query({ query: 'q', requestOptions: { facetFilters: [new FilterBuilder().of('type').excluding('pdf') as any] } });`,
  ],
  invalid: [
    ((code: string) => ({
      name: 'map(({ snippet }) => …) and nested for…of over SearchResultSnippet',
      code,
      output: code.replace('({ snippet })', '({ text: snippet })').replace('sn.snippet', 'sn.text'),
      errors: [
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet })', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet);', 'snippet', 1)),
      ],
    }))(
      `${SDK_IMPORT}const response = await glean.client.search.query({ query: 'roadmap' });\nconst texts = response.results?.[0]?.snippets?.map(({ snippet }) => snippet);\nfor (const result of response.results ?? []) for (const sn of result.snippets ?? []) console.log(sn.snippet);`,
    ),
    ((code: string) => ({
      name: 'a payload a fluent builder builds (each step returns `this`)',
      code,
      // Returned from a method with no declared type, the literal needs `as const` to stay a RelationType.
      output: code.replace('isNegated: true', "relationType: 'NOT_EQUALS' as const"),
      errors: [report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated'))],
    }))(
      `${SDK_IMPORT}class FilterBuilder {\n  private field = 'type';\n  of(field: string): this {\n    this.field = field;\n    return this;\n  }\n  excluding(value: string) {\n    return { fieldName: this.field, values: [{ value, isNegated: true }] };\n  }\n}\nawait glean.client.search.query({ query: 'q', requestOptions: { facetFilters: [new FilterBuilder().of('type').excluding('pdf')] } });`,
    ),
    ((code: string) => ({
      name: 'a response kept in a class field and read by another method',
      code,
      output: code.replace('?.snippet;', '?.text;'),
      errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;', 'snippet'))],
    }))(
      `${SDK_IMPORT}class Searches {\n  last?: Awaited<ReturnType<typeof glean.client.search.query>>;\n  async run(q: string) {\n    this.last = await glean.client.search.query({ query: q });\n  }\n  first() {\n    return this.last?.results?.[0]?.snippets?.[0]?.snippet;\n  }\n}`,
    ),
    ((code: string) => ({
      name: 'a response kept in a class field and read on the instance its `new` makes',
      code,
      output: code.replace('?.snippet);', '?.text);'),
      errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet);', 'snippet'))],
    }))(
      `${SDK_IMPORT}class Searches {\n  last?: Awaited<ReturnType<typeof glean.client.search.query>>;\n  async run(q: string) {\n    this.last = await glean.client.search.query({ query: q });\n  }\n}\nconst searches = new Searches();\nawait searches.run('q');\nconsole.log(searches.last?.results?.[0]?.snippets?.[0]?.snippet);`,
    ),
    ((code: string) => ({
      name: 'an instance whose field the code also gives another value: the read may see either',
      code,
      output: null,
      errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet);', 'snippet'), [{ messageId: 'renameFieldChecked', data: { name: 'text', check: 'only Glean’s value reaches this code' }, output: code.replace('?.snippet);', '?.text);') }])],
    }))(
      `${SDK_IMPORT}class Searches {\n  last: any;\n  async run(q: string) {\n    this.last = await glean.client.search.query({ query: q });\n  }\n  restore(cached: any) {\n    this.last = cached;\n  }\n}\nconst searches = new Searches();\nawait searches.run('q');\nconsole.log(searches.last?.results?.[0]?.snippets?.[0]?.snippet);`,
    ),
    ((code: string) => ({
      name: 'a field given a response and another value: the read may see either',
      code,
      output: null,
      // Not an autofix: the field may hold the cached value, whatever it is.
      errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;', 'snippet'), [{ messageId: 'renameFieldChecked', data: { name: 'text', check: 'only Glean’s value reaches this code' }, output: code.replace('?.snippet;', '?.text;') }])],
    }))(
      `${SDK_IMPORT}class Searches {\n  last: any = loadCached();\n  async run(q: string) {\n    this.last = await glean.client.search.query({ query: q });\n  }\n  first() {\n    return this.last?.results?.[0]?.snippets?.[0]?.snippet;\n  }\n}`,
    ),
  ],
});

const NEGATED_FILTER = "requestOptions: { facetFilters: [{ fieldName: 'type', values: [{ value: 'pdf', isNegated: true }] }] }";

tsRuleTester().run('no-removed: SDK requests and responses through .call, .apply and a bound method', noRemoved, {
  valid: [
    // A look-alike's method bound and called with the same payload: not the SDK's.
    `${SDK_IMPORT}const local = { query: (request: object) => request };\nconst search = local.query.bind(local);\nsearch({ query: 'q', ${NEGATED_FILTER} });\nlocal.query.call(local, { ${NEGATED_FILTER} });`,
    // A bound method kept in a variable that may be given another function later: its calls are not followed.
    `${SDK_IMPORT}let search = glean.client.search.query.bind(glean.client.search);\nsearch = async (request: object) => ({ results: [request] });\nawait search({ query: 'q', ${NEGATED_FILTER} });`,
  ],
  invalid: [
    ((code: string) => ({
      name: '.call: the request body after `this`, and the response',
      code,
      output: code.replace('isNegated: true', "relationType: 'NOT_EQUALS'").replace('?.snippet;', '?.text;'),
      errors: [report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated')), report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;', 'snippet'))],
    }))(
      `${SDK_IMPORT}const response = await glean.client.search.query.call(glean.client.search, { query: 'q', ${NEGATED_FILTER} });\nexport const first = response.results?.[0]?.snippets?.[0]?.snippet;`,
    ),
    ((code: string) => ({
      name: '.apply with the arguments written out',
      code,
      output: code.replace('isNegated: true', "relationType: 'NOT_EQUALS'").replace('?.snippet;', '?.text;'),
      errors: [report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated')), report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;', 'snippet'))],
    }))(
      `${SDK_IMPORT}const response = await glean.client.search.query.apply(glean.client.search, [{ query: 'q', ${NEGATED_FILTER} }]);\nexport const first = response.results?.[0]?.snippets?.[0]?.snippet;`,
    ),
    ((code: string) => ({
      name: 'a bound method kept in a const: each call is a request, with its own body and response',
      code,
      output: code.replace('isNegated: true', "relationType: 'NOT_EQUALS'").replace('?.snippet;', '?.text;'),
      errors: [report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated')), report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;', 'snippet'))],
    }))(
      `${SDK_IMPORT}const search = glean.client.search.query.bind(glean.client.search);\nconst response = await search({ query: 'q', ${NEGATED_FILTER} });\nexport const first = response.results?.[0]?.snippets?.[0]?.snippet;`,
    ),
  ],
});

jsRuleTester().run('no-removed: plain JavaScript (espree), ESM and CommonJS', noRemoved, {
  valid: [
    `const { Glean } = require('@acme/api-client');\nconst glean = new Glean({});\nglean.client.announcements.create({ audienceFilters: [{ values: [{ isNegated: true }] }] });`,
    // A `ref` that is not Vue's: its `.value` is not followed.
    `import { ref } from './my-refs';\nimport axios from 'axios';\nexport function useSearch() {\n  const data = ref(null);\n  async function run(q) {\n    data.value = (await axios.post('${HOST}/rest/api/v1/search', { query: q })).data;\n  }\n  return [run, data.value.results[0].snippets[0].snippet];\n}\n`,
    // A `defineStore` that is not Pinia's, and `this` of a plain object's methods: no store's state.
    `import { defineStore } from './my-stores';\nimport axios from 'axios';\nconst SEARCH = '${HOST}/rest/api/v1/search';\nexport const useSearch = defineStore('search', {\n  state: () => ({ results: [] }),\n  getters: { first: (state) => state.results[0].snippets[0].snippet },\n  actions: {\n    async search(q) {\n      this.results = (await axios.post(SEARCH, { query: q })).data.results;\n    },\n  },\n});\nconst plain = {\n  async search(q) {\n    this.results = (await axios.post(SEARCH, { query: q })).data.results;\n  },\n  first() {\n    return this.results[0].snippets[0].snippet;\n  },\n};\nexport { plain };\n`,
    // A `create` that is not zustand's, and a `set` parameter of a plain function: no store's state.
    `import { create } from './my-stores';\nimport axios from 'axios';\nconst SEARCH = '${HOST}/rest/api/v1/search';\nexport const useSearch = create((set) => ({\n  results: [],\n  search: async (q) => set({ results: (await axios.post(SEARCH, { query: q })).data.results }),\n}));\nexport const first = () => useSearch((s) => s.results[0].snippets[0].snippet);\nfunction remember(set, q) {\n  return axios.post(SEARCH, { query: q }).then(({ data }) => set({ results: data.results }));\n}\nexport { remember };\n`,
    // An `atom` that is not jotai's, and jotai's hook reading another atom.
    `import { atom } from './my-atoms';\nimport { useAtomValue, atom as jotaiAtom } from 'jotai';\nimport axios from 'axios';\nconst resultsAtom = atom(async () => (await axios.post('${HOST}/rest/api/v1/search', { query: 'q' })).data);\nconst wikiAtom = jotaiAtom(async () => (await axios.post('https://wiki.example.com/search', { query: 'q' })).data);\nexport function View() {\n  return [useAtomValue(resultsAtom).results[0].snippets[0].snippet, useAtomValue(wikiAtom).results[0].snippets[0].snippet];\n}\n`,
    // A `proxyActivities` that is not Temporal's.
    `import { proxyActivities } from './my-proxies';\nimport * as activities from './activities.js';\nconst { search } = proxyActivities(activities);\nexport async function wf(q) {\n  return (await search(q)).results[0].snippets[0].snippet;\n}\n`,
  ],
  invalid: [
    ((code: string) => ({
      name: 'a zustand store required in CommonJS: what `set` keeps is read by a selector and by `getState()`; a key another `set` writes with another value may hold it (a suggestion)',
      code,
      languageOptions: COMMONJS,
      output: code.replace('s.results[0].snippets[0].snippet', 's.results[0].snippets[0].text'),
      errors: [
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet);\nexports.last', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;\n', 'snippet'), [
          { messageId: 'renameFieldChecked', data: { name: 'text', check: 'only Glean’s value reaches this code' }, output: code.replace('getState().last[0].snippets[0].snippet', 'getState().last[0].snippets[0].text') },
        ]),
      ],
    }))(
      `const { create } = require('zustand');\nconst axios = require('axios');\nconst useSearch = create((set) => ({\n  results: [],\n  last: null,\n  search: async (q) => {\n    const { data } = await axios.post('${HOST}/rest/api/v1/search', { query: q });\n    set({ results: data.results, last: data.results });\n  },\n  restore: (cached) => set({ last: cached }),\n}));\nexports.first = () => useSearch((s) => s.results[0].snippets[0].snippet);\nexports.last = () => useSearch.getState().last[0].snippets[0].snippet;\n`,
    ),
    ((code: string) => ({
      name: 'a named zustand selector two hooks share: each hook’s result is the state’s key',
      code,
      output: code.replace('[0].snippets[0].snippet', '[0].snippets[0].text').replace('[1].snippets[0].snippet', '[1].snippets[0].text'),
      errors: [
        report('createannouncement.snippet', SNIPPET, spot(code, '[0].snippets[0].snippet', 'snippet', 'snippet', 1)),
        report('createannouncement.snippet', SNIPPET, spot(code, '[1].snippets[0].snippet', 'snippet', 'snippet', 1)),
      ],
    }))(
      `import { create } from 'zustand';\nconst selectResults = (state) => state.results;\nconst useSearch = create((set) => ({\n  results: [],\n  run: async (q) => set({ results: (await fetch('${HOST}/rest/api/v1/search', { method: 'POST', body: JSON.stringify({ query: q }) }).then((res) => res.json())).results }),\n}));\nexport const first = () => useSearch(selectResults)[0].snippets[0].snippet;\nexport const second = () => useSearch(selectResults)[1].snippets[0].snippet;\n`,
    ),
    ((code: string) => ({
      name: 'CommonJS require of the SDK',
      code,
      languageOptions: COMMONJS,
      output: code.replace('isNegated: true', "relationType: 'NOT_EQUALS'"),
      errors: [report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated'))],
    }))(
      `const { Glean } = require('@gleanwork/api-client');\nconst glean = new Glean({ apiToken: process.env.GLEAN_TOKEN });\nglean.client.announcements.create({ title: 'Launch', audienceFilters: [{ values: [{ isNegated: true }] }] });`,
    ),
    ((code: string) => ({
      name: 'a Pinia store required in CommonJS: its action’s `this.results`, read by a getter’s `this`',
      code,
      languageOptions: COMMONJS,
      output: code.replace('[0].snippet;', '[0].text;'),
      errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;', 'snippet'))],
    }))(
      `const { defineStore } = require('pinia');\nconst axios = require('axios');\nmodule.exports.useSearch = defineStore('search', {\n  state: () => ({ results: null }),\n  getters: {\n    first() {\n      return this.results[0].snippets[0].snippet;\n    },\n  },\n  actions: {\n    async search(q) {\n      const { data } = await axios.post('${HOST}/rest/api/v1/search', { query: q });\n      this.results = data.results;\n    },\n  },\n});\n`,
    ),
    ((code: string) => ({
      name: 'a Vue ref a composable writes the response to (`data.value = …`), read in a `computed` and where the composable’s result is destructured',
      code,
      output: code.replace('data.value.results[0].snippets[0].snippet);', 'data.value.results[0].snippets[0].text);').replace('data.value.results[0].snippets[0].snippet;', 'data.value.results[0].snippets[0].text;'),
      errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet);', 'snippet')), report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;', 'snippet'))],
    }))(
      `import { ref, computed } from 'vue';\nimport axios from 'axios';\nexport function useSearch() {\n  const data = ref(null);\n  async function run(q) {\n    data.value = (await axios.post('${HOST}/rest/api/v1/search', { query: q })).data;\n  }\n  const first = computed(() => data.value.results[0].snippets[0].snippet);\n  return { data, run, first };\n}\nexport async function page() {\n  const { data, run } = useSearch();\n  await run('x');\n  return data.value.results[0].snippets[0].snippet;\n}\n`,
    ),
    ((code: string) => ({
      name: 'Nuxt’s auto-imported `ref` (declared nowhere); a ref that starts with a value of its own, or is also given another value, may hold other values (suggestions)',
      code,
      output: code.replace('data.value.results[0].snippets[0].snippet,', 'data.value.results[0].snippets[0].text,'),
      errors: [
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet, wiki', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet, other', 'snippet'), [
          { messageId: 'renameFieldChecked', data: { name: 'text', check: 'only Glean’s value reaches this code' }, output: code.replace('wiki.value.results[0].snippets[0].snippet', 'wiki.value.results[0].snippets[0].text') },
        ]),
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet];', 'snippet'), [
          { messageId: 'renameFieldChecked', data: { name: 'text', check: 'only Glean’s value reaches this code' }, output: code.replace('other.value.results[0].snippets[0].snippet', 'other.value.results[0].snippets[0].text') },
        ]),
      ],
    }))(
      `export function useSearch() {\n  const data = ref();\n  const wiki = ref({ results: [] });\n  const other = ref(null);\n  async function run(q) {\n    data.value = (await axios.post('${HOST}/rest/api/v1/search', { query: q })).data;\n    wiki.value = (await axios.post('${HOST}/rest/api/v1/search', { query: q })).data;\n    other.value = (await axios.post('${HOST}/rest/api/v1/search', { query: q })).data;\n    other.value = await wikiSearch(q);\n  }\n  return [run, data.value.results[0].snippets[0].snippet, wiki.value.results[0].snippets[0].snippet, other.value.results[0].snippets[0].snippet];\n}\n`,
    ),
    ((code: string) => ({
      name: 'fetch in an ES module',
      code,
      output: null,
      errors: [report('indexemployee.location', LOCATION, tok(code, 'location'))],
    }))(`export async function index(employee) {\n  await fetch(${EMPLOYEE_URL}, { method: 'POST', body: JSON.stringify({ employee: { ...employee, location: 'Paris' } }) });\n}`),
    ((code: string) => ({
      name: 'a raw HTTP response kept in a class field and read by another method',
      code,
      output: code.replace('[0].snippet;', '[0].text;'),
      errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;', 'snippet'))],
    }))(
      `export class Searches {\n  async run(query) {\n    const res = await fetch('${HOST}/rest/api/v1/search', { method: 'POST', body: JSON.stringify({ query }) });\n    this.data = await res.json();\n  }\n  first() {\n    return this.data.results[0].snippets[0].snippet;\n  }\n}`,
    ),
    ((code: string) => ({
      name: 'a Pinia store’s state an action gives the results (`this.results = …`): read by a getter’s `state` and on `useSearch()`’s store; a key that starts with a value of its own may hold other values (a suggestion)',
      code,
      output: code.replace('state.results[0].snippets[0].snippet', 'state.results[0].snippets[0].text').replace('store.results[0].snippets[0].snippet', 'store.results[0].snippets[0].text'),
      errors: [
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet,\n    pinnedFirst', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet,\n  },', 'snippet'), [
          { messageId: 'renameFieldChecked', data: { name: 'text', check: 'only Glean’s value reaches this code' }, output: code.replace('state.pinned[0].snippets[0].snippet', 'state.pinned[0].snippets[0].text') },
        ]),
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;\n}', 'snippet')),
      ],
    }))(
      `import { defineStore } from 'pinia';\nimport axios from 'axios';\nconst SEARCH = '${HOST}/rest/api/v1/search';\nexport const useSearch = defineStore('search', {\n  state: () => ({ results: [], pinned: [{ snippets: [] }] }),\n  getters: {\n    first: (state) => state.results[0].snippets[0].snippet,\n    pinnedFirst: (state) => state.pinned[0].snippets[0].snippet,\n  },\n  actions: {\n    async search(q) {\n      this.results = (await axios.post(SEARCH, { query: q })).data.results;\n      this.pinned = this.results;\n    },\n  },\n});\nexport function show() {\n  const store = useSearch();\n  return store.results[0].snippets[0].snippet;\n}\n`,
    ),
  ],
});

const BULK_URL = `'${HOST}/api/index/v1/bulkindexemployees'`;
const BULK = `await fetch(${BULK_URL}, { method: 'POST', body: JSON.stringify({ uploadId: 'up_1', employees: [{ email: 'ada@acme.com', department: 'Eng', location: 'Paris' }] }) });`;

tsRuleTester().run('no-removed: owner types travel beyond the register operation', noRemoved, {
  valid: [],
  invalid: [
    ((code: string) => ({
      name: 'FacetFilterValue in a search request (requestOptions.facetFilters[].values[])',
      code,
      output: code.replace('isNegated: true', "relationType: 'NOT_EQUALS'"),
      errors: [report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated'))],
    }))(`${SDK_IMPORT}await glean.client.search.query({ query: 'roadmap', requestOptions: { facetFilters: [{ fieldName: 'type', values: [{ value: 'pdf', isNegated: true }] }] } });`),
    ((code: string) => ({
      name: 'EmployeeInfoDefinition in the bulk employee upload (its own endpoint is reported by no-deprecated)',
      code,
      output: null,
      errors: [report('indexemployee.location', LOCATION, tok(code, 'location'))],
    }))(BULK),
    ((code: string) => ({
      name: 'ChatMessage in a stored chat (getchat: chatResult.chat.messages[])',
      code,
      output: null,
      errors: [report('chat.citations', CITATIONS, tok(code, 'citations'), [citationSuggestion(code, 'message.citations', "NonNullable<(typeof message)['fragments']>[number]")])],
    }))(`${SDK_IMPORT}const stored = await glean.client.chat.retrieve({ id: 'chat_1' });\nfor (const message of stored.chatResult?.chat?.messages ?? []) console.log(message.citations);`),
  ],
});

tsRuleTester().run('no-deprecated: the bulk upload endpoint, not its removed field', noDeprecated, {
  valid: [],
  invalid: [
    {
      name: 'only the endpoint is this rule’s',
      code: BULK,
      output: null,
      errors: [{ messageId: 'deprecated', data: dataFor('index.bulkindexemployees'), ...tok(BULK, BULK_URL), suggestions: [] }],
    },
  ],
});

/** React components handed a response as JSX props, in one file (JavaScript with JSX). */
const JSX_OPTIONS = { parserOptions: { ecmaFeatures: { jsx: true } } } as unknown as Record<string, never>;
const SEARCH_CALL = `await fetch('${HOST}/rest/api/v1/search', { method: 'POST', body: '{}' }).then((res) => res.json())`;

jsRuleTester().run('no-removed: JSX props hand a response to a component', noRemoved, {
  valid: [
    // Another service's results handed to the same kind of component.
    { code: `function List({ results }) {\n  return results.map((r) => <p>{r.snippets[0].snippet}</p>);\n}\nexport async function Page() {\n  const body = await fetch('https://wiki.example.com/search').then((res) => res.json());\n  return <List results={body.results} />;\n}\n`, languageOptions: JSX_OPTIONS },
    // An intrinsic element, and a component of a package (not followed), given Glean's results.
    { code: `import { Table } from '@acme/ui';\nexport async function Page() {\n  const body = ${SEARCH_CALL};\n  return <div data={body.results}><Table rows={body.results} /></div>;\n}\n`, languageOptions: JSX_OPTIONS },
    // A prop of another name than the one that holds the results; `key` never reaches the props.
    { code: `function List({ items, key }) {\n  return [key.snippets[0].snippet, items.map((r) => <p>{r.snippets[0].snippet}</p>)];\n}\nexport async function Page() {\n  const body = ${SEARCH_CALL};\n  return <List results={body.results} items={[]} key={body.results[0]} />;\n}\n`, languageOptions: JSX_OPTIONS },
  ],
  invalid: [
    ((code: string) => ({
      name: 'an attribute, a spread of the response and a `memo` component',
      code,
      languageOptions: JSX_OPTIONS,
      output: code.replace('r.snippets[0].snippet', 'r.snippets[0].text').replace('results[0].snippets[0].snippet', 'results[0].snippets[0].text').replace('first.snippets[0].snippet', 'first.snippets[0].text'),
      errors: [
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet}</p>', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet}</h1>', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet}</b>', 'snippet')),
      ],
    }))(
      `import { memo } from 'react';\nfunction List({ results }) {\n  return results.map((r) => <p>{r.snippets[0].snippet}</p>);\n}\nfunction Summary(props) {\n  return <h1>{props.results[0].snippets[0].snippet}</h1>;\n}\nconst First = memo(function First({ first }) {\n  return <b>{first.snippets[0].snippet}</b>;\n});\nexport async function Page() {\n  const body = ${SEARCH_CALL};\n  return (\n    <main>\n      <List results={body.results} />\n      <Summary {...body} />\n      <First first={body.results[0]} />\n    </main>\n  );\n}\n`,
    ),
    ((code: string) => ({
      name: 'a prop a later spread or attribute may replace, and a component also handed on as a value: suggestions',
      code,
      languageOptions: JSX_OPTIONS,
      output: null,
      errors: ['r.snippets[0].snippet', 'props.results[0].snippets[0].snippet', 'first.snippets[0].snippet'].map((read) =>
        report('createannouncement.snippet', SNIPPET, spot(code, read, 'snippet', 'snippet', 1), [
          { messageId: 'renameFieldChecked', data: { name: 'text', check: 'only Glean’s value reaches this code' }, output: code.replace(read, read.replace(/snippet$/, 'text')) },
        ]),
      ),
    }))(
      `function List({ results }) {\n  return results.map((r) => <p>{r.snippets[0].snippet}</p>);\n}\nfunction Summary(props) {\n  return <h1>{props.results[0].snippets[0].snippet}</h1>;\n}\nfunction First({ first }) {\n  return <b>{first.snippets[0].snippet}</b>;\n}\nexport const routes = [{ path: '/first', element: First }];\nexport async function Page({ rest }) {\n  const body = ${SEARCH_CALL};\n  return [<List results={body.results} {...rest} />, <Summary {...body} results={rest.results} />, <First first={body.results[0]} />];\n}\n`,
    ),
    ((code: string) => ({
      name: 'a component rendered twice, once with another service’s results: a suggestion',
      code,
      languageOptions: JSX_OPTIONS,
      output: null,
      errors: [
        report('createannouncement.snippet', SNIPPET, tok(code, 'snippet}</p>', 'snippet'), [
          { messageId: 'renameFieldChecked', data: { name: 'text', check: 'only Glean’s value reaches this code' }, output: code.replace('r.snippets[0].snippet', 'r.snippets[0].text') },
        ]),
      ],
    }))(
      `function List({ results }) {\n  return results.map((r) => <p>{r.snippets[0].snippet}</p>);\n}\nexport async function Page() {\n  const body = ${SEARCH_CALL};\n  const wiki = await fetch('https://wiki.example.com/search').then((res) => res.json());\n  return [<List results={body.results} />, <List results={wiki.results} />];\n}\n`,
    ),
  ],
});
