import noRemoved from '../../rules/no-removed.js';
import { dataFor, jsRuleTester, locate, tsRuleTester } from '../helpers.js';
import { citationReport, HOST, inJavaScript, type Invalid, report, tok, type Valid } from './fields-support.js';

/**
 * HTTP clients beyond fetch and axios: got (`got.stream.post`, `got.stream(url, { method })`,
 * `responseType: 'json'` read through `.body`, `.json()`), ky, undici's `request`, node-fetch.
 * JavaScript and TypeScript.
 */

// Expected report subjects, written out literally in one place.
const LIST_ANSWERS = 'POST /rest/api/v1/listanswers';
const IS_NEGATED = 'Field `isNegated` of a facet filter value (`FacetFilterValue`)';

const CHAT = `'${HOST}/rest/api/v1/chat'`;
const ANNOUNCE = `'${HOST}/rest/api/v1/createannouncement'`;
const NOT_EQUALS = "relationType: 'NOT_EQUALS'";

const valid: (string | Valid)[] = [
  // The same clients and shapes against another service.
  `import got from 'got';\nconst { body } = await got.post('https://api.example.com/chat', { json: { messages: [] }, responseType: 'json' });\nconsole.log(body.messages[0].citations);`,
  `import { request } from 'undici';\nconst { body } = await request('https://api.example.com/chat', { method: 'POST' });\nconst data = await body.json();\nconsole.log(data.messages[0].citations);`,
  // A stream's body is not the response model.
  `const res = await fetch(${CHAT}, { method: 'POST', body: '{}' });\nconst reader = res.body.getReader();\nconsole.log(reader.citations);`,
];

const invalid: Invalid[] = [
  ((code: string) => ({
    name: 'got: stream.post with a json body, stream(url, { method }), .body with responseType json, .json()',
    code,
    output: code.replace('isNegated: true', NOT_EQUALS),
    errors: [
      report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated')),
      { messageId: 'removed' as const, data: { ...dataFor('listanswers'), subject: LIST_ANSWERS }, ...locate(code, `'${HOST}/rest/api/v1/listanswers'`) },
      citationReport(code, 'body.messages[0].citations', 0, "NonNullable<NonNullable<NonNullable<(typeof body)['messages']>[0]>['fragments']>[number]"),
      citationReport(code, 'data.messages[0].citations', 1, "NonNullable<NonNullable<NonNullable<(typeof data)['messages']>[0]>['fragments']>[number]"),
    ],
  }))(
    `import got from 'got';\ngot.stream.post(${ANNOUNCE}, { json: { title: 'A', audienceFilters: [{ values: [{ isNegated: true }] }] } }).pipe(out);\ngot.stream('${HOST}/rest/api/v1/listanswers', { method: 'POST' }).pipe(out);\nconst { body } = await got.post(${CHAT}, { json: { messages: [] }, responseType: 'json' });\nconsole.log(body.messages[0].citations);\nconst data = await got.post(${CHAT}, { json: { messages: [] } }).json();\nconsole.log(data.messages[0].citations);`,
  ),
  ((code: string) => ({
    name: 'ky, undici request and node-fetch',
    code,
    output: code.replace('isNegated: true', NOT_EQUALS),
    errors: [
      citationReport(code, 'k.messages[0].citations', 0, "NonNullable<NonNullable<NonNullable<(typeof k)['messages']>[0]>['fragments']>[number]"),
      report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated')),
      citationReport(code, 'u.messages[0].citations', 1, "NonNullable<NonNullable<NonNullable<(typeof u)['messages']>[0]>['fragments']>[number]"),
      citationReport(code, 'n.messages[0].citations', 2, "NonNullable<NonNullable<NonNullable<(typeof n)['messages']>[0]>['fragments']>[number]"),
    ],
  }))(
    `import ky from 'ky';\nimport { request } from 'undici';\nimport fetch from 'node-fetch';\nconst k = await ky.post(${CHAT}, { json: { messages: [] } }).json();\nconsole.log(k.messages[0].citations);\nawait ky.post(${ANNOUNCE}, { json: { title: 'A', audienceFilters: [{ values: [{ isNegated: true }] }] } });\nconst { body } = await request(${CHAT}, { method: 'POST', body: JSON.stringify({ messages: [] }) });\nconst u = await body.json();\nconsole.log(u.messages[0].citations);\nconst res = await fetch(${CHAT}, { method: 'POST', body: JSON.stringify({ messages: [] }) });\nconst n = await res.json();\nconsole.log(n.messages[0].citations);`,
  ),
];

for (const [language, tester] of [
  ['JavaScript', jsRuleTester()],
  ['TypeScript', tsRuleTester()],
] as const) {
  tester.run(`no-removed: HTTP clients (${language})`, noRemoved, { valid, invalid: language === 'TypeScript' ? invalid : inJavaScript(invalid) });
}
