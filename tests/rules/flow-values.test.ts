import noRemoved from '../../rules/no-removed.js';
import { jsRuleTester, tsRuleTester } from '../helpers.js';
import { citationReport, citationSuggestion, HOST, inJavaScript, type Invalid, report, tok, type Valid } from './fields-support.js';

/**
 * Value flow through code shapes real integrations use: array callbacks, helpers declared anywhere in
 * the file, object methods, parameters, incremental building (`push`, `Object.assign`, constant keys),
 * elements taken from mapped arrays, `reduce` results built only from response elements, `Promise.all`
 * and `for await`, and variables another value may reach. Every case runs as JavaScript and TypeScript.
 */

// Expected report subjects, written out literally in one place.
const LOCATION = 'Field `location` of an indexed employee (`EmployeeInfoDefinition`)';
const IS_NEGATED = 'Field `isNegated` of a facet filter value (`FacetFilterValue`)';
const SNIPPET = 'Field `snippet` of a search result snippet (`SearchResultSnippet`)';
const CITATIONS = 'Field `citations` of a chat message (`ChatMessage`)';

const BULK_URL = `'${HOST}/api/index/v1/bulkindexemployees'`;
const ANNOUNCE_URL = `'${HOST}/rest/api/v1/createannouncement'`;
const SEARCH_URL = `'${HOST}/rest/api/v1/search'`;
const CHAT_URL = `'${HOST}/rest/api/v1/chat'`;
const INDEX_EMPLOYEE_URL = `'${HOST}/api/index/v1/indexemployee'`;

const NOT_EQUALS = "relationType: 'NOT_EQUALS'";
/** The same in an object literal no type reaches: TypeScript would widen a plain string. */
const NOT_EQUALS_KEPT = "relationType: 'NOT_EQUALS' as const";
const valid: (string | Valid)[] = [
  // A helper's object that never reaches a Glean request.
  `function buildFilter(v) { return { values: [{ value: v, isNegated: true }] }; }\nawait elastic.search({ filter: buildFilter('eng') });\nawait fetch(${ANNOUNCE_URL}, { method: 'POST', body: JSON.stringify({ title: 'Launch' }) });`,
  // Array callbacks whose results are not sent.
  `const rows = [{ email: 'a', city: 'Paris' }];\nconst local = rows.map((r) => ({ email: r.email, location: r.city }));\nawait fetch(${BULK_URL.replace('bulkindexemployees', 'getdatasourceconfig')}, { method: 'POST', body: JSON.stringify({ datasource: 'x' }) });\nconsole.log(local);`,
  // `push` onto another array than the payload's.
  `const body = { query: 'q', requestOptions: { facetFilters: [] } };\nconst other = [];\nother.push({ values: [{ isNegated: true }] });\nawait fetch(${SEARCH_URL}, { method: 'POST', body: JSON.stringify(body) });`,
  // A variable overwritten by another API's result before the read.
  `let data = await fetch(${SEARCH_URL}, { method: 'POST', body: '{}' }).then((r) => r.json());\ndata = await elasticSearch();\nconsole.log(data.results[0].snippets[0].snippet);`,
  // Promise.all: the other element is not Glean's.
  `const [glean, other] = await Promise.all([fetch(${CHAT_URL}, { method: 'POST', body: '{}' }).then((r) => r.json()), elasticChat()]);\nconsole.log(other.messages[0].citations);`,
  // `for await` over another API's results, and over promises of another API's answers.
  `const { results } = await elasticSearch('q');\nfor await (const result of results) console.log(result.snippets[0].snippet);\nconst answers = ['a'].map(async (question) => elasticChat(question));\nfor await (const answer of answers) console.log(answer.messages[0].citations);`,
  // A property of a mapped element is sent, not the element; a mapped array's element is not Glean's.
  `const rows = [{ email: 'a', city: 'Paris' }];\nconst mapped = rows.map((r) => ({ email: r.email, location: r.city }));\nawait fetch(${INDEX_EMPLOYEE_URL}, { method: 'POST', body: JSON.stringify({ employee: { email: mapped[0].email } }) });`,
  `const res = await fetch(${SEARCH_URL}, { method: 'POST', body: '{}' });\nconst { results } = await res.json();\nconsole.log(results.map((r) => cache.get(r.url))[0].snippets[0].snippet);`,
  // A reduce result with another initial value, or built also from other values, is not the response's elements.
  `const res = await fetch(${SEARCH_URL}, { method: 'POST', body: '{}' });\nconst data = await res.json();\nconst seeded = data.results.reduce((acc, r) => [...acc, ...r.snippets], [{ snippet: 'pinned' }]);\nconsole.log(seeded[0].snippet);\nconst merged = data.results.reduce((acc, r) => [...acc, ...r.snippets, ...local], []);\nconsole.log(merged[0].snippet);\nconst joined = data.results.reduce((acc, r) => acc.concat(r.snippets, cache.get(r.url)), []);\nconsole.log(joined[0].snippet);\nconst mixed = data.results.reduce((acc, r) => {\n  acc.push(...r.snippets);\n  acc.unshift(local[0]);\n  return acc;\n}, []);\nconsole.log(mixed[0].snippet);\nconst counted = data.results.reduce((n, r) => n + r.snippets.length, 0);\nconsole.log(counted.snippet);`,
  // The same reduce over another API's results.
  `const { results } = await elasticSearch('q');\nconst all = results.reduce((acc, r) => [...acc, ...r.snippets], []);\nconsole.log(all[0].snippet);`,
  // A local `Promise` is not the global one.
  `const Promise = { all: (list) => list };\nconst [a] = await Promise.all([fetch(${CHAT_URL}, { method: 'POST', body: '{}' }).then((r) => r.json())]);\nconsole.log(a.messages[0].citations);`,
];

const invalid: Invalid[] = [
  ((code: string) => ({
    name: 'payload elements built in .map callbacks (expression and block bodies)',
    code,
    output: null,
    errors: [
      report('indexemployee.location', LOCATION, tok(code, 'location: row.city', 'location')),
      report('indexemployee.location', LOCATION, tok(code, 'location: r.city', 'location')),
    ],
  }))(
    `const rows = [{ email: 'a', city: 'Paris' }];\nconst more = rows.flatMap((row) => {\n  const employee = { email: row.email, location: row.city };\n  return [employee];\n});\nawait fetch(${BULK_URL}, { method: 'POST', body: JSON.stringify({ uploadId: 'u1', employees: rows.map((r) => ({ email: r.email, location: r.city })).concat(more) }) });`,
  ),
  ((code: string) => ({
    name: 'Array.from and reduce build the elements',
    code,
    output: null,
    errors: [
      report('indexemployee.location', LOCATION, tok(code, 'location: id', 'location')),
      report('indexemployee.location', LOCATION, tok(code, 'location: r.city', 'location')),
    ],
  }))(
    `const ids = ['a'];\nconst first = Array.from(ids, (id) => ({ email: id, location: id }));\nconst rest = rows.reduce((acc, r) => [...acc, { email: r.email, location: r.city }], []);\nawait fetch(${BULK_URL}, { method: 'POST', body: JSON.stringify({ uploadId: 'u1', employees: [...first, ...rest] }) });`,
  ),
  ((code: string) => ({
    name: 'response elements read in reduce and nested map callbacks',
    code,
    output: null,
    errors: [
      report('chat.citations', CITATIONS, tok(code, 'citations ??', 'citations'), [citationSuggestion(code, 'm.citations', "NonNullable<(typeof m)['fragments']>[number]")]),
    ],
  }))(
    `const res = await fetch(${CHAT_URL}, { method: 'POST', body: JSON.stringify({ messages: [] }) });\nconst { messages } = await res.json();\nconst all = messages.reduce((acc, m) => acc.concat(m.citations ?? []), []);`,
  ),
  ((code: string) => ({
    name: 'the elements of a reduce result built only from response elements, from an empty array: spread, concat of a mapped array, push',
    code,
    output: code.replaceAll('.snippet)', '.text)'),
    errors: [0, 1, 2, 3].map((n) => report('createannouncement.snippet', SNIPPET, tok(code, 'snippet)', 'snippet', n))),
  }))(
    `const res = await fetch(${SEARCH_URL}, { method: 'POST', body: JSON.stringify({ query: 'q' }) });\nconst data = await res.json();\nconst all = data.results.reduce((acc, r) => [...acc, ...r.snippets], []);\nconsole.log(all[0].snippet);\nall.forEach((s) => console.log(s.snippet));\nconst flat = data.results.map((r) => r.snippets ?? []).reduce((acc, list) => acc.concat(list), []);\nfor (const s of flat) console.log(s.snippet);\nconst pushed = data.results.reduce((acc, r) => {\n  acc.push(...r.snippets);\n  return acc;\n}, []);\nconsole.log(pushed.at(-1).snippet);`,
  ),
  ((code: string) => ({
    name: 'the elements of a reduce result that adds each response element itself: [...acc, m], acc.concat(m), acc.push(m)',
    code,
    output: null,
    errors: [
      citationReport(code, 'kept[0].citations', 0, "NonNullable<NonNullable<(typeof kept)[0]>['fragments']>[number]"),
      citationReport(code, 'listed[0].citations', 1, "NonNullable<NonNullable<(typeof listed)[0]>['fragments']>[number]"),
      citationReport(code, 'gathered[0].citations', 2, "NonNullable<NonNullable<(typeof gathered)[0]>['fragments']>[number]"),
    ],
  }))(
    `const res = await fetch(${CHAT_URL}, { method: 'POST', body: JSON.stringify({ messages: [] }) });\nconst data = await res.json();\nconst kept = data.messages.reduce((acc, m) => [...acc, m], []);\nconst listed = data.messages.reduceRight((acc, m) => acc.concat(m), []);\nconst gathered = data.messages.reduce((acc, m) => {\n  acc.push(m);\n  return acc;\n}, []);\nconsole.log(kept[0].citations, listed[0].citations, gathered[0].citations);`,
  ),
  ((code: string) => ({
    name: 'an element taken from a mapped array is a payload element (by index, in a variable, through .at)',
    code,
    output: null,
    errors: [
      report('indexemployee.location', LOCATION, tok(code, 'location: r.city', 'location')),
      report('indexemployee.location', LOCATION, tok(code, 'location: row.city', 'location')),
      report('indexemployee.location', LOCATION, tok(code, 'location: e.city', 'location')),
    ],
  }))(
    `const rows = [{ email: 'a', city: 'Paris' }];\nconst first = rows.map((r) => ({ email: r.email, location: r.city }))[0];\nawait fetch(${BULK_URL}, { method: 'POST', body: JSON.stringify({ uploadId: 'u1', employees: [first, rows.map((row) => ({ email: row.email, location: row.city })).at(-1)] }) });\nawait fetch(${INDEX_EMPLOYEE_URL}, { method: 'POST', body: JSON.stringify({ employee: rows.map((e) => ({ email: e.email, location: e.city }))[0] }) });`,
  ),
  ((code: string) => ({
    name: 'an element of an array a response callback makes: results.map((r) => r.snippets)[0][0]',
    code,
    output: code.replace('snippet)', 'text)'),
    errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet)', 'snippet'))],
  }))(
    `const res = await fetch(${SEARCH_URL}, { method: 'POST', body: JSON.stringify({ query: 'q' }) });\nconst { results } = await res.json();\nconsole.log(results.map((r) => r.snippets)[0][0].snippet);`,
  ),
  ((code: string) => ({
    name: 'for await over a response array and over the promises an async .map makes; Promise.all over them',
    code,
    output: code.replace('snippet)', 'text)'),
    errors: [
      report('createannouncement.snippet', SNIPPET, tok(code, 'snippet)', 'snippet')),
      citationReport(code, 'answer.messages[0].citations', 0, "NonNullable<NonNullable<NonNullable<(typeof answer)['messages']>[0]>['fragments']>[number]"),
      citationReport(code, 'replies[1].messages[0].citations', 1, "NonNullable<NonNullable<NonNullable<NonNullable<(typeof replies)[1]>['messages']>[0]>['fragments']>[number]"),
    ],
  }))(
    `const res = await fetch(${SEARCH_URL}, { method: 'POST', body: JSON.stringify({ query: 'q' }) });\nconst { results } = await res.json();\nfor await (const result of results) console.log(result.snippets[0].snippet);\nconst answers = ['a', 'b'].map(async (question) => {\n  const reply = await fetch(${CHAT_URL}, { method: 'POST', body: JSON.stringify({ messages: [{ fragments: [{ text: question }] }] }) });\n  return reply.json();\n});\nfor await (const answer of answers) console.log(answer.messages[0].citations);\nconst replies = await Promise.all(['c'].map((question) => fetch(${CHAT_URL}, { method: 'POST', body: JSON.stringify({ messages: [] }) }).then((r) => r.json())));\nconsole.log(replies[1].messages[0].citations);`,
  ),
  ((code: string) => ({
    name: 'a helper declared after its use returns part of the payload (only serialised: no type asks for the literal)',
    code,
    output: code.replace('isNegated: true', "relationType: 'NOT_EQUALS'"),
    errors: [report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated'))],
  }))(
    `const filter = buildFilter('eng');\nawait fetch(${ANNOUNCE_URL}, { method: 'POST', body: JSON.stringify({ title: 'Launch', audienceFilters: [filter] }) });\nfunction buildFilter(value) {\n  return { fieldName: 'department', values: [{ value, isNegated: true }] };\n}`,
  ),
  ((code: string) => ({
    name: 'an object method and an arrow in a const build the payload; a default parameter is sent',
    code,
    output: code.replaceAll('isNegated: true', NOT_EQUALS_KEPT),
    errors: [0, 1, 2].map((n) => report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated', 'isNegated', n))),
  }))(
    `const builders = { audience() { return [{ values: [{ value: 'eng', isNegated: true }] }]; } };\nconst values = () => [{ value: 'ops', isNegated: true }];\nasync function announce(body = { title: 'x', audienceFilters: [{ values: [{ value: 'hr', isNegated: true }] }] }) {\n  return fetch(${ANNOUNCE_URL}, { method: 'POST', body: JSON.stringify(body) });\n}\nawait announce({ title: 'Launch', audienceFilters: [...builders.audience(), { values: values() }] });`,
  ),
  ((code: string) => ({
    name: 'a helper shared with another API: reported, never autofixed',
    code,
    output: null,
    errors: [
      report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated'), [
        { messageId: 'renameFieldChecked', data: { name: 'relationType', check: 'only Glean’s value reaches this code' }, output: code.replace('isNegated: true', NOT_EQUALS_KEPT) },
      ]),
    ],
  }))(
    `function excluded(value) {\n  return { value, isNegated: true };\n}\nawait fetch(${ANNOUNCE_URL}, { method: 'POST', body: JSON.stringify({ audienceFilters: [{ values: [excluded('eng')] }] }) });\nawait elastic.search({ filter: excluded('ops') });`,
  ),
  ((code: string) => ({
    name: 'Promise.all and allSettled with destructuring',
    code,
    output: null,
    errors: [
      citationReport(code, 'chat.messages[0].citations', 0, "NonNullable<NonNullable<NonNullable<(typeof chat)['messages']>[0]>['fragments']>[number]"),
      citationReport(code, 'settled.value.messages[0].citations', 1, "NonNullable<NonNullable<NonNullable<NonNullable<(typeof settled)['value']>['messages']>[0]>['fragments']>[number]"),
    ],
  }))(
    `const ask = () => fetch(${CHAT_URL}, { method: 'POST', body: '{}' }).then((r) => r.json());\nconst [count, chat] = await Promise.all([countDocs(), ask()]);\nconsole.log(count, chat.messages[0].citations);\nconst [settled] = await Promise.allSettled([ask()]);\nif (settled.status === 'fulfilled') console.log(settled.value.messages[0].citations);`,
  ),
  ((code: string) => ({
    name: 'a variable another API may overwrite on some paths: reported, never autofixed',
    code,
    output: null,
    errors: [
      report('createannouncement.snippet', SNIPPET, tok(code, 'snippet)', 'snippet'), [
        { messageId: 'renameFieldChecked', data: { name: 'text', check: 'only Glean’s value reaches this code' }, output: code.replace('snippet)', 'text)') },
      ]),
    ],
  }))(
    `let data = await fetch(${SEARCH_URL}, { method: 'POST', body: '{}' }).then((r) => r.json());\nif (fallback) data = await elasticSearch();\nconsole.log(data.results[0].snippets[0].snippet);`,
  ),
  ((code: string) => ({
    name: 'a variable overwritten by Glean after another API: the read sees Glean only, and is fixed',
    code,
    output: code.replace('snippet)', 'text)'),
    errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet)', 'snippet'))],
  }))(
    `let data = await elasticSearch();\ndata = await fetch(${SEARCH_URL}, { method: 'POST', body: '{}' }).then((r) => r.json());\nconsole.log(data.results[0].snippets[0].snippet);`,
  ),
];

/**
 * Incremental building: in JavaScript every write is fixed; in TypeScript a variable's type is inferred
 * from its initializer unless annotated, so what is written into an unannotated one is a suggestion.
 */
const INCREMENTAL = (annotation: string) =>
  `const KEY = 'audienceFilters';\nconst body${annotation} = { title: 'Launch', audienceFilters: [] };\nbody.audienceFilters.push({ values: [{ value: 'eng', isNegated: true }] });\nObject.assign(body, { extra: 1 }, { audienceFilters: [{ values: [{ value: 'ops', isNegated: true }] }] });\nconst later${annotation} = { title: 'Later' };\nlater[KEY] = [{ values: [{ value: 'hr', isNegated: true }] }];\nawait fetch(${ANNOUNCE_URL}, { method: 'POST', body: JSON.stringify(body) });\nawait fetch(${ANNOUNCE_URL}, { method: 'POST', body: JSON.stringify(later) });`;
const incremental = (code: string): Invalid => ({
  name: 'incremental building: push through members, Object.assign, a constant computed key',
  code,
  output: code.replaceAll('isNegated: true', NOT_EQUALS),
  errors: [0, 1, 2].map((n) => report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated', 'isNegated', n))),
});
const inferredCheck = (name: string) => ({ name: 'relationType', check: `\`${name}\` and what is written into it are renamed together (TypeScript infers its type from its initializer)` });
const incrementalInferred = ((code: string): Invalid => ({
  name: 'incremental building into variables whose types are inferred: push and assignments are suggestions, Object.assign (which TypeScript does not check against the target) is fixed',
  code,
  output: code.replace("values: [{ value: 'ops', isNegated: true }]", `values: [{ value: 'ops', ${NOT_EQUALS} }]`),
  errors: [
    report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated', 'isNegated', 0), [
      { messageId: 'renameFieldChecked', data: inferredCheck('body'), output: code.replace("values: [{ value: 'eng', isNegated: true }]", `values: [{ value: 'eng', ${NOT_EQUALS} }]`) },
    ]),
    report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated', 'isNegated', 1)),
    report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated', 'isNegated', 2), [
      { messageId: 'renameFieldChecked', data: inferredCheck('later'), output: code.replace("values: [{ value: 'hr', isNegated: true }]", `values: [{ value: 'hr', ${NOT_EQUALS} }]`) },
    ]),
  ],
}))(INCREMENTAL(''));

for (const [language, tester] of [
  ['JavaScript', jsRuleTester()],
  ['TypeScript', tsRuleTester()],
] as const) {
  const cases = language === 'TypeScript' ? [...invalid, incremental(INCREMENTAL(': any')), incrementalInferred] : [...inJavaScript(invalid), incremental(INCREMENTAL(''))];
  tester.run(`no-removed: value flow through callbacks, helpers, building and promises (${language})`, noRemoved, { valid, invalid: cases });
}
