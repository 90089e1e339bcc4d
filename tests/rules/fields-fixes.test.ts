import { readFileSync } from 'node:fs';
import noDeprecated from '../../rules/no-deprecated.js';
import noRemoved from '../../rules/no-removed.js';
import { jsRuleTester, tsRuleTester } from '../helpers.js';
import { citationSuggestion, HOST, SDK_IMPORT, report, tok, type Invalid, type Loc, type Suggestion } from './fields-support.js';

/**
 * Field fixes and their guards (README, "Fixes"; src/fixes/policy.ts): autofixes for renames, literal rewrites and
 * moved reads; suggestions for restructures, removals and chat citations; nothing where meaning could
 * change. RuleTester applies fixes until nothing changes, so a string `output` also proves that a
 * second `--fix` changes nothing; fully migrated outputs are valid cases too.
 */

const SNIPPET = 'Field `snippet` of a search result snippet (`SearchResultSnippet`)';
const IS_NEGATED = 'Field `isNegated` of a facet filter value (`FacetFilterValue`)';
const BOARD_ID = 'Field `boardId` of an answer (`Answer`)';
const REACTIONS = 'Field `reactions` of a document’s interactions (`DocumentInteractions`)';
const CITATIONS = 'Field `citations` of a chat message (`ChatMessage`)';
const DATASOURCES = 'Field `datasources` of a data policy’s input options (`InputOptions`)';
const EXTERNAL = 'Field `externalSharingOptions` of a data policy config (`DlpConfig`)';
const TERMS = 'Field `sensitiveTerms` of sensitive content options (`SensitiveContentOptions`)';
const DLP_INFO_TYPES = 'Field `sensitiveInfoTypes` of a data policy config (`DlpConfig`)';
const ANSWER_TOKEN = 'Field `trackingToken` of an answer result (`AnswerResult`)';
const COLLECTION_TOKEN = 'Field `trackingToken` of a collection response (`GetCollectionResponse`)';

/** Snippets sent in a createannouncement body. */
const snippets = (items: string) =>
  `await fetch('${HOST}/rest/api/v1/createannouncement', {\n  method: 'POST',\n  body: JSON.stringify({ title: 'Launch', body: { text: 'See', structuredList: [{ structuredResult: { snippets: [${items}] } }] } }),\n});`;
/** Values of an audience filter sent in a createannouncement body. */
const filterValues = (values: string) =>
  `await fetch('${HOST}/rest/api/v1/createannouncement', {\n  method: 'POST',\n  body: JSON.stringify({ title: 'Launch', audienceFilters: [{ fieldName: 'department', values: [${values}] }] }),\n});`;
const sdkFixture = (name: string) => readFileSync(new URL(`../../fixtures/sdk/${name}`, import.meta.url), 'utf8');
/** An answer of a structured result sent in a createannouncement body. */
const answer = (props: string) =>
  `await glean.client.announcements.create({ title: 'Launch', body: { text: 'See', structuredList: [{ structuredResult: { answer: ${props} } }] } });`;
/** A policy config sent to the update operation. */
const policy = (config: string) => `await axios.post('${HOST}/rest/api/v1/governance/data/policies/pol_1', { config: ${config} });`;
/** Code that reads a search response (`data`) through the SDK. */
const search = (code: string) => `${SDK_IMPORT}const data = await glean.client.search.query({ query: 'roadmap' });\n${code}`;
/** Code that reads a chat response (`data`). */
const chat = (code: string) => `const { data } = await axios.post('${HOST}/rest/api/v1/chat', { messages: [] });\n${code}`;
/** Code that reads a policy (`data`). */
const policyRead = (code: string) => `const data = await ky.get('${HOST}/rest/api/v1/governance/data/policies/pol_1').json();\n${code}`;
const getanswer = (code: string) => `const res = await fetch('${HOST}/rest/api/v1/getanswer', { method: 'POST', body: '{"id":42}' });\nconst data = await res.json();\n${code}`;
const getcollection = (code: string) => `const { data } = await axios.post('${HOST}/rest/api/v1/getcollection', { id: 7 });\n${code}`;

/** Chat citations read on receivers no type query can name. */
const UNNAMED_RECEIVERS = chat(
  `console.log((await axios.post('${HOST}/rest/api/v1/chat', { messages: [] })).data.messages[0].citations);\nconsole.log(data.messages[data.messages.length - 1].citations);`,
);

type Report = ReturnType<typeof report>;

function invalid(name: string, code: string, output: Invalid['output'], errors: (code: string) => Report[], options?: Invalid['options']): Invalid {
  return { name, code, output, errors: errors(code), ...(options ? { options } : {}) };
}

const one = (id: string, subject: string, where: (code: string) => Loc, suggestions: (code: string) => Suggestion[] = () => []) => (code: string) => [
  report(id, subject, where(code), suggestions(code)),
];

// ---------------------------------------------------------------------------------------------------

tsRuleTester().run('no-removed: renames are autofixes (snippet → text, datasources → datasourceInstances, externalSharingOptions → broadSharingOptions)', noRemoved, {
  valid: [
    // The migrated code is clean: applying --fix again changes nothing.
    snippets(`{ text: 'Q3 plan' }`),
    snippets(`{ 'text': s }`),
    snippets(`{ ['text']: s }`),
    snippets(`{ text: snippet }`),
    search(`console.log(data.results[0].snippets[0].text, data.results[0].snippets[0]['text']);`),
    search(`const { text: snippet } = data.results[0].snippets[0];`),
    policy(`{ inputOptions: { datasourceInstances: ['gdrive'] } }`),
    policyRead(`const { broadSharingOptions: external } = data.report.config;`),
  ],
  invalid: [
    invalid('single-quoted key keeps its quotes', snippets(`{ 'snippet': s }`), snippets(`{ 'text': s }`), one('createannouncement.snippet', SNIPPET, (c) => tok(c, "'snippet'"))),
    invalid('double-quoted key keeps its quotes', snippets(`{ "snippet": s }`), snippets(`{ "text": s }`), one('createannouncement.snippet', SNIPPET, (c) => tok(c, '"snippet"'))),
    invalid('computed string literal key is renamed in place', snippets(`{ ['snippet']: s }`), snippets(`{ ['text']: s }`), one('createannouncement.snippet', SNIPPET, (c) => tok(c, "'snippet'"))),
    invalid('computed template key without holes is renamed in place', snippets('{ [`snippet`]: s }'), snippets('{ [`text`]: s }'), one('createannouncement.snippet', SNIPPET, (c) => tok(c, '`snippet`'))),
    invalid(
      'computed key from a constant: reported at the key, not fixed',
      `const KEY = 'snippet';\n${snippets('{ [KEY]: s }')}`,
      null,
      one('createannouncement.snippet', SNIPPET, (c) => tok(c, 'KEY]', 'KEY')),
    ),
    invalid('shorthand becomes key: value', snippets('{ snippet }'), snippets('{ text: snippet }'), one('createannouncement.snippet', SNIPPET, (c) => tok(c, 'snippet }', 'snippet'))),
    invalid(
      'comments around the key are kept',
      snippets(`{ /* shown */ snippet /* legacy */: s }`),
      snippets(`{ /* shown */ text /* legacy */: s }`),
      one('createannouncement.snippet', SNIPPET, (c) => tok(c, 'snippet /*', 'snippet')),
    ),
    invalid(
      'multi-line object keeps its layout',
      snippets(`{\n  snippet: s, // the old key\n  ranges: [],\n}`),
      snippets(`{\n  text: s, // the old key\n  ranges: [],\n}`),
      one('createannouncement.snippet', SNIPPET, (c) => tok(c, 'snippet:', 'snippet')),
    ),
    invalid('guard: the new key is already there', snippets('{ snippet: s, text: t }'), null, one('createannouncement.snippet', SNIPPET, (c) => tok(c, 'snippet:', 'snippet'))),
    invalid("guard: the new key is already there, quoted", snippets(`{ snippet: s, 'text': t }`), null, one('createannouncement.snippet', SNIPPET, (c) => tok(c, 'snippet:', 'snippet'))),
    invalid(
      'guard: a computed key holds the new key, or could',
      `const TEXT = 'text';\n${snippets('{ snippet: s, [TEXT]: t }, { snippet: s, [key]: t }')}`,
      null,
      (c) => [0, 1].map((n) => report('createannouncement.snippet', SNIPPET, tok(c, 'snippet:', 'snippet', n))),
    ),
    invalid('guard: a spread could hold the new key', snippets('{ ...base, snippet: s }'), null, one('createannouncement.snippet', SNIPPET, (c) => tok(c, 'snippet:', 'snippet'))),
    invalid('guard: a spread after the key could hold the new key', snippets('{ snippet: s, ...rest }'), null, one('createannouncement.snippet', SNIPPET, (c) => tok(c, 'snippet:', 'snippet'))),
    invalid(
      'reads: dot, element access with a literal, optional chaining',
      search(`const sn = data.results[0].snippets[0];\nconsole.log(sn.snippet, sn['snippet'], sn?.snippet);`),
      search(`const sn = data.results[0].snippets[0];\nconsole.log(sn.text, sn['text'], sn?.text);`),
      (c) => [
        report('createannouncement.snippet', SNIPPET, tok(c, 'snippet, ', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(c, "'snippet'")),
        report('createannouncement.snippet', SNIPPET, tok(c, 'snippet)', 'snippet')),
      ],
    ),
    invalid(
      'a write on a response keeps its meaning under the new name',
      search(`data.results[0].snippets[0].snippet = 'edited';`),
      search(`data.results[0].snippets[0].text = 'edited';`),
      one('createannouncement.snippet', SNIPPET, (c) => tok(c, 'snippet =', 'snippet')),
    ),
    invalid(
      'destructuring: shorthand, renamed, quoted, with a default',
      search(
        `const { snippet } = data.results[0].snippets[0];\nconst { snippet: first } = data.results[1].snippets[0];\nconst { 'snippet': second } = data.results[2].snippets[0];\nconst { snippet: third = '' } = data.results[3].snippets[0];`,
      ),
      search(
        `const { text: snippet } = data.results[0].snippets[0];\nconst { text: first } = data.results[1].snippets[0];\nconst { 'text': second } = data.results[2].snippets[0];\nconst { text: third = '' } = data.results[3].snippets[0];`,
      ),
      (c) => [
        report('createannouncement.snippet', SNIPPET, tok(c, 'snippet }', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(c, 'snippet: first', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(c, "'snippet'")),
        report('createannouncement.snippet', SNIPPET, tok(c, 'snippet: third', 'snippet')),
      ],
    ),
    invalid(
      'guard: destructuring that already takes the new key',
      search(`const { snippet, text } = data.results[0].snippets[0];`),
      null,
      one('createannouncement.snippet', SNIPPET, (c) => tok(c, 'snippet,', 'snippet')),
    ),
    invalid(
      'two passes: a default read inside a renamed shorthand pattern overlaps it',
      search(`const [first, second] = data.results[0].snippets;\nconst { snippet = second.snippet } = first;`),
      [
        search(`const [first, second] = data.results[0].snippets;\nconst { text: snippet = second.snippet } = first;`),
        search(`const [first, second] = data.results[0].snippets;\nconst { text: snippet = second.text } = first;`),
      ],
      (c) => [
        report('createannouncement.snippet', SNIPPET, tok(c, 'snippet =', 'snippet')),
        report('createannouncement.snippet', SNIPPET, tok(c, 'snippet }', 'snippet')),
      ],
    ),
    invalid(
      'datasources: shorthand and quoted keys',
      `const datasources = ['gdrive'];\n${policy(`{ inputOptions: { datasources, urlPatterns: [] } }`)}\n${policy(`{ inputOptions: { "datasources": ['slack'] } }`)}`,
      `const datasources = ['gdrive'];\n${policy(`{ inputOptions: { datasourceInstances: datasources, urlPatterns: [] } }`)}\n${policy(`{ inputOptions: { "datasourceInstances": ['slack'] } }`)}`,
      (c) => [
        report('policy.datasources', DATASOURCES, tok(c, 'datasources,', 'datasources')),
        report('policy.datasources', DATASOURCES, tok(c, '"datasources"')),
      ],
    ),
    invalid(
      'guard: datasourceInstances is already set',
      policy(`{ inputOptions: { datasources: ['gdrive'], datasourceInstances: ['gdrive-2'] } }`),
      null,
      one('policy.datasources', DATASOURCES, (c) => tok(c, 'datasources:', 'datasources')),
    ),
    invalid(
      'externalSharingOptions: destructuring of a read policy',
      policyRead(`const { externalSharingOptions: external } = data.report.config;`),
      policyRead(`const { broadSharingOptions: external } = data.report.config;`),
      one('policy.externalSharingOptions', EXTERNAL, (c) => tok(c, 'externalSharingOptions')),
    ),
    invalid(
      'guard: broadSharingOptions is already set',
      policy(`{ externalSharingOptions: { threshold: 5 }, broadSharingOptions: { threshold: 10 } }`),
      null,
      one('policy.externalSharingOptions', EXTERNAL, (c) => tok(c, 'externalSharingOptions')),
    ),
  ],
});

tsRuleTester().run('no-removed: isNegated with a boolean literal becomes relationType', noRemoved, {
  valid: [
    filterValues(`{ value: 'eng', relationType: 'NOT_EQUALS' }, { value: 'ops', relationType: 'EQUALS' }`),
    filterValues(`{ ['relationType']: 'EQUALS' }`),
    `const body = { title: 'Launch', audienceFilters: [{ values: [{ value: 'eng' }] }] };\nbody.audienceFilters[0].values[0].relationType = 'NOT_EQUALS';\nawait axios({ method: 'post', url: '${HOST}/rest/api/v1/createannouncement', data: body });`,
  ],
  invalid: [
    invalid(
      'true → NOT_EQUALS, false → EQUALS',
      filterValues(`{ value: 'eng', isNegated: true }, { value: 'ops', isNegated: false }`),
      filterValues(`{ value: 'eng', relationType: 'NOT_EQUALS' }, { value: 'ops', relationType: 'EQUALS' }`),
      (c) => [
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: true', 'isNegated')),
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: false', 'isNegated')),
      ],
    ),
    invalid(
      'quoted and computed literal keys keep their form',
      filterValues(`{ 'isNegated': true }, { ['isNegated']: false }, { [\`isNegated\`]: true }`),
      filterValues(`{ 'relationType': 'NOT_EQUALS' }, { ['relationType']: 'EQUALS' }, { [\`relationType\`]: 'NOT_EQUALS' }`),
      (c) => [
        report('createannouncement.isNegated', IS_NEGATED, tok(c, "'isNegated'", "'isNegated'", 0)),
        report('createannouncement.isNegated', IS_NEGATED, tok(c, "'isNegated'", "'isNegated'", 1)),
        report('createannouncement.isNegated', IS_NEGATED, tok(c, '`isNegated`')),
      ],
    ),
    invalid(
      'a comment between key and value is kept',
      filterValues(`{ value: 'eng', isNegated: /* everyone but eng */ true }`),
      filterValues(`{ value: 'eng', relationType: /* everyone but eng */ 'NOT_EQUALS' }`),
      one('createannouncement.isNegated', IS_NEGATED, (c) => tok(c, 'isNegated')),
    ),
    invalid(
      'in TypeScript, a value no type reaches keeps its literal type (a plain string would not fit the SDK)',
      `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean({ apiToken: 'token', instance: 'acme' });\nconst audienceFilters = [{ fieldName: 'type', values: [{ value: 'ARTICLE', isNegated: true }] }];\nawait glean.client.pins.update({ id: 'pin_1', audienceFilters: [{ values: [{ isNegated: false }] }] });\nawait glean.client.pins.update({ id: 'pin_2', audienceFilters });`,
      `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean({ apiToken: 'token', instance: 'acme' });\nconst audienceFilters = [{ fieldName: 'type', values: [{ value: 'ARTICLE', relationType: 'NOT_EQUALS' as const }] }];\nawait glean.client.pins.update({ id: 'pin_1', audienceFilters: [{ values: [{ relationType: 'EQUALS' }] }] });\nawait glean.client.pins.update({ id: 'pin_2', audienceFilters });`,
      (c) => [
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: true', 'isNegated')),
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: false', 'isNegated')),
      ],
    ),
    invalid(
      'in TypeScript, a raw HTTP payload that only becomes JSON needs no `as const`, also through constants',
      `const filter = { value: 'eng', isNegated: true };\nconst body = { title: 'Launch', audienceFilters: [{ fieldName: 'department', values: [filter] }] };\nawait fetch('${HOST}/rest/api/v1/createannouncement', { method: 'POST', body: JSON.stringify(body) });\nconst data = { title: 'Later', audienceFilters: [{ values: [{ value: 'ops', isNegated: false }] }] };\nawait axios.post('${HOST}/rest/api/v1/createannouncement', data);`,
      `const filter = { value: 'eng', relationType: 'NOT_EQUALS' };\nconst body = { title: 'Launch', audienceFilters: [{ fieldName: 'department', values: [filter] }] };\nawait fetch('${HOST}/rest/api/v1/createannouncement', { method: 'POST', body: JSON.stringify(body) });\nconst data = { title: 'Later', audienceFilters: [{ values: [{ value: 'ops', relationType: 'EQUALS' }] }] };\nawait axios.post('${HOST}/rest/api/v1/createannouncement', data);`,
      (c) => [
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: true', 'isNegated')),
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: false', 'isNegated')),
      ],
    ),
    invalid(
      'in TypeScript, a raw HTTP payload that a typed value also takes keeps `as const`',
      `import type { FacetFilterValue } from '@gleanwork/api-client/models/components';\nconst filter = { value: 'eng', isNegated: true };\nawait fetch('${HOST}/rest/api/v1/createannouncement', { method: 'POST', body: JSON.stringify({ title: 'Launch', audienceFilters: [{ values: [filter] }] }) });\nexport const saved: FacetFilterValue[] = [filter];`,
      `import type { FacetFilterValue } from '@gleanwork/api-client/models/components';\nconst filter = { value: 'eng', relationType: 'NOT_EQUALS' as const };\nawait fetch('${HOST}/rest/api/v1/createannouncement', { method: 'POST', body: JSON.stringify({ title: 'Launch', audienceFilters: [{ values: [filter] }] }) });\nexport const saved: FacetFilterValue[] = [filter];`,
      one('createannouncement.isNegated', IS_NEGATED, (c) => tok(c, 'isNegated')),
    ),
    invalid(
      'in TypeScript, `as const` exactly where the code leaves the value unannotated: constants, arrow returns, class fields, parameter defaults',
      sdkFixture('payload-literal-types.ts'),
      sdkFixture('payload-literal-types.fixed.ts'),
      (c) => [0, 1, 2, 3, 4, 5, 6, 7].map((n) => report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated', 'isNegated', n))),
    ),
    invalid(
      'guard: values that are not boolean literals are reported, not rewritten (a conditional between them is, branch by branch); an expression is offered the choice between the mapped values, to check that it is a boolean (a string literal is not)',
      filterValues(`{ isNegated: negate }, { isNegated: !included }, { isNegated: 'true' }, { isNegated: negate ? true : false }, { isNegated }`),
      // A conditional between literals is mapped branch by branch: the same meaning, an autofix.
      filterValues(`{ isNegated: negate }, { isNegated: !included }, { isNegated: 'true' }, { relationType: negate ? 'NOT_EQUALS' : 'EQUALS' }, { isNegated }`),
      (c) => {
        const choice = (check: string, from: string, to: string) => [{ messageId: 'renameFieldChecked' as const, data: { name: 'relationType', check }, output: c.replace(from, to) }];
        return [
          report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated', 'isNegated', 0), choice('`negate` is `true` or `false`', 'isNegated: negate }', "relationType: negate ? 'NOT_EQUALS' : 'EQUALS' }")),
          report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated', 'isNegated', 1), choice('`!included` is `true` or `false`', 'isNegated: !included', "relationType: !included ? 'NOT_EQUALS' : 'EQUALS'")),
          report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated', 'isNegated', 2)),
          report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated', 'isNegated', 3)),
          report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated', 'isNegated', 4), choice('`isNegated` is `true` or `false`', '{ isNegated }', "{ relationType: isNegated ? 'NOT_EQUALS' : 'EQUALS' }")),
        ];
      },
    ),
    invalid(
      'guard: relationType is already set',
      filterValues(`{ value: 'eng', isNegated: true, relationType: 'EQUALS' }`),
      null,
      one('createannouncement.isNegated', IS_NEGATED, (c) => tok(c, 'isNegated')),
    ),
    invalid(
      'guard: a computed key holds relationType, or could',
      `const REL = 'relationType';\n${filterValues(`{ [REL]: 'GT', isNegated: true }, { [field]: 'GT', isNegated: false }`)}`,
      null,
      (c) => [0, 1].map((n) => report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated', 'isNegated', n))),
    ),
    invalid('guard: a spread could hold relationType', filterValues(`{ ...base, isNegated: true }`), null, one('createannouncement.isNegated', IS_NEGATED, (c) => tok(c, 'isNegated'))),
    invalid(
      'later assignments: a literal is rewritten with its key, anything else is left',
      `const body: any = { title: 'Launch', audienceFilters: [{ values: [{ value: 'eng' }] }] };\nbody.audienceFilters[0].values[0].isNegated = true;\nbody.audienceFilters[0].values[0]['isNegated'] = false;\nbody.audienceFilters[0].values[0].isNegated = flag;\nawait axios({ method: 'post', url: '${HOST}/rest/api/v1/createannouncement', data: body });`,
      `const body: any = { title: 'Launch', audienceFilters: [{ values: [{ value: 'eng' }] }] };\nbody.audienceFilters[0].values[0].relationType = 'NOT_EQUALS';\nbody.audienceFilters[0].values[0]['relationType'] = 'EQUALS';\nbody.audienceFilters[0].values[0].isNegated = flag;\nawait axios({ method: 'post', url: '${HOST}/rest/api/v1/createannouncement', data: body });`,
      (c) => [
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated = true', 'isNegated')),
        report('createannouncement.isNegated', IS_NEGATED, tok(c, "'isNegated'")),
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated = flag', 'isNegated'), [
          { messageId: 'renameFieldChecked', data: { name: 'relationType', check: '`flag` is `true` or `false`' }, output: c.replace('.isNegated = flag', ".relationType = flag ? 'NOT_EQUALS' : 'EQUALS'") },
        ]),
      ],
    ),
    ((code: string) =>
      invalid(
        'in TypeScript, a value whose type is inferred from its initializer: writes into it are suggestions (the initializer decides what they may hold)',
        code,
        null,
        (c) => [
          report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: false', 'isNegated'), [
            { messageId: 'renameFieldChecked', data: { name: 'relationType', check: '`audienceFilters` and what is written into it are renamed together (TypeScript infers its type from its initializer)' }, output: c.replace('isNegated: false', "relationType: 'EQUALS' as const") },
          ]),
          report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: true', 'isNegated'), [
            { messageId: 'renameFieldChecked', data: { name: 'relationType', check: '`audienceFilters` and what is written into it are renamed together (TypeScript infers its type from its initializer)' }, output: c.replace('isNegated: true', "relationType: 'NOT_EQUALS'") },
          ]),
          report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: flag', 'isNegated'), [
            { messageId: 'renameFieldChecked', data: { name: 'relationType', check: '`flag` is `true` or `false`' }, output: c.replace('isNegated: flag', "relationType: flag ? 'NOT_EQUALS' as const : 'EQUALS' as const") },
          ]),
          report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated = true', 'isNegated'), [
            { messageId: 'renameFieldChecked', data: { name: 'relationType', check: '`excluded` and what is written into it are renamed together (TypeScript infers its type from its initializer)' }, output: c.replace('excluded.isNegated = true', "excluded.relationType = 'NOT_EQUALS'") },
          ]),
        ],
      ))(
      `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean({ apiToken: 'token', instance: 'acme' });\nexport async function announce(exclude: boolean, flag: boolean) {\n  const audienceFilters = [{ fieldName: 'dept', values: [{ value: 'eng', isNegated: false }] }];\n  if (exclude) audienceFilters.push({ fieldName: 'type', values: [{ value: 'contractor', isNegated: true }] });\n  const excluded = { value: 'ops', isNegated: flag };\n  excluded.isNegated = true;\n  audienceFilters.push({ fieldName: 'team', values: [excluded] });\n  return glean.client.announcements.create({ title: 'Launch', startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-02T00:00:00Z', audienceFilters });\n}`,
    ),
    ((code: string) =>
      invalid(
        'in TypeScript, an inferred array whose other values come through a constant and a function’s return, and that a loop writes into: each rename is a suggestion (the loop’s write is not followed)',
        code,
        null,
        (c) => {
          const shared = (from: string, to: string) => [{ messageId: 'renameFieldChecked' as const, data: { name: 'relationType', check: '`audienceFilters` and what is written into it are renamed together (TypeScript infers its type from its initializer)' }, output: c.replace(from, to) }];
          return [
            report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: false', 'isNegated'), shared('isNegated: false', "relationType: 'EQUALS' as const")),
            report('createannouncement.isNegated', IS_NEGATED, tok(c, "isNegated: true }", 'isNegated'), shared("value: 'ops', isNegated: true", "value: 'ops', relationType: 'NOT_EQUALS' as const")),
            report('createannouncement.isNegated', IS_NEGATED, tok(c, "isNegated: true })", 'isNegated'), shared("value: 'hr', isNegated: true", "value: 'hr', relationType: 'NOT_EQUALS' as const")),
          ];
        },
      ))(
      `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean({ apiToken: 'token', instance: 'acme' });\nexport async function announce(exclude: boolean) {\n  const audienceFilters = [{ fieldName: 'dept', values: [{ value: 'eng', isNegated: false }] }];\n  const extra = { value: 'ops', isNegated: true };\n  const contractor = () => ({ value: 'hr', isNegated: true });\n  if (exclude) audienceFilters.push({ fieldName: 'team', values: [extra, contractor()] });\n  for (const v of audienceFilters[0]!.values) v.isNegated = true;\n  return glean.client.announcements.create({ title: 'Launch', startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-02T00:00:00Z', audienceFilters });\n}`,
    ),
    ((code: string) =>
      invalid(
        'in TypeScript, an inferred array written into through an alias (`const first = audienceFilters[0]`): its rename is a suggestion (the alias’s push is not followed)',
        code,
        null,
        (c) => [
          report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: false', 'isNegated'), [
            { messageId: 'renameFieldChecked', data: { name: 'relationType', check: '`audienceFilters` and what is written into it are renamed together (TypeScript infers its type from its initializer)' }, output: c.replace('isNegated: false', "relationType: 'EQUALS' as const") },
          ]),
        ],
      ))(
      `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean({ apiToken: 'token', instance: 'acme' });\nexport async function announce() {\n  const audienceFilters = [{ fieldName: 'dept', values: [{ value: 'eng', isNegated: false }] }];\n  const first = audienceFilters[0]!;\n  first.values.push({ value: 'ops', isNegated: true });\n  return glean.client.announcements.create({ title: 'Launch', startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-02T00:00:00Z', audienceFilters });\n}`,
    ),
    invalid(
      'in TypeScript, an array that starts as `[]` (its type evolves with each value pushed or assigned to an index): each value is fixed on its own, its strings kept literal',
      `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean({ apiToken: 'token', instance: 'acme' });\nexport async function announce(exclude: boolean, teams: string[]) {\n  const audienceFilters = [];\n  if (exclude) audienceFilters.push({ fieldName: 'type', values: [{ value: 'contractor', isNegated: true }] });\n  audienceFilters[1] = { fieldName: 'dept', values: [{ value: 'eng', isNegated: false }] };\n  const extra = { value: 'ops', isNegated: true };\n  audienceFilters.unshift({ fieldName: 'team', values: [extra, ...teams.map((value) => ({ value, isNegated: false }))] });\n  return glean.client.announcements.create({ title: 'Launch', startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-02T00:00:00Z', audienceFilters });\n}`,
      `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean({ apiToken: 'token', instance: 'acme' });\nexport async function announce(exclude: boolean, teams: string[]) {\n  const audienceFilters = [];\n  if (exclude) audienceFilters.push({ fieldName: 'type', values: [{ value: 'contractor', relationType: 'NOT_EQUALS' as const }] });\n  audienceFilters[1] = { fieldName: 'dept', values: [{ value: 'eng', relationType: 'EQUALS' as const }] };\n  const extra = { value: 'ops', relationType: 'NOT_EQUALS' as const };\n  audienceFilters.unshift({ fieldName: 'team', values: [extra, ...teams.map((value) => ({ value, relationType: 'EQUALS' as const }))] });\n  return glean.client.announcements.create({ title: 'Launch', startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-02T00:00:00Z', audienceFilters });\n}`,
      (c) => [
        report('createannouncement.isNegated', IS_NEGATED, tok(c, "isNegated: true }] })", 'isNegated')),
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: false }] }', 'isNegated')),
        report('createannouncement.isNegated', IS_NEGATED, tok(c, "isNegated: true };", 'isNegated')),
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: false }))', 'isNegated')),
      ],
    ),
    invalid(
      'in TypeScript, an annotated array filled with push: each value is fixed (the annotation decides what they may hold)',
      `import { Glean } from '@gleanwork/api-client';\nimport type { FacetFilter } from '@gleanwork/api-client/models/components';\nconst glean = new Glean({ apiToken: 'token', instance: 'acme' });\nexport async function announce(exclude: boolean) {\n  const audienceFilters: FacetFilter[] = [{ fieldName: 'dept', values: [{ value: 'eng', isNegated: false }] }];\n  if (exclude) audienceFilters.push({ fieldName: 'type', values: [{ value: 'contractor', isNegated: true }] });\n  return glean.client.announcements.create({ title: 'Launch', startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-02T00:00:00Z', audienceFilters });\n}`,
      `import { Glean } from '@gleanwork/api-client';\nimport type { FacetFilter } from '@gleanwork/api-client/models/components';\nconst glean = new Glean({ apiToken: 'token', instance: 'acme' });\nexport async function announce(exclude: boolean) {\n  const audienceFilters: FacetFilter[] = [{ fieldName: 'dept', values: [{ value: 'eng', relationType: 'EQUALS' }] }];\n  if (exclude) audienceFilters.push({ fieldName: 'type', values: [{ value: 'contractor', relationType: 'NOT_EQUALS' }] });\n  return glean.client.announcements.create({ title: 'Launch', startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-02T00:00:00Z', audienceFilters });\n}`,
      (c) => [
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: false', 'isNegated')),
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated: true', 'isNegated')),
      ],
    ),
    invalid(
      'reads and destructuring are not rewritten: the value changes type',
      `${SDK_IMPORT}const a = await glean.client.announcements.create({ title: 'Launch', startTime, endTime });\nconst [value] = a.audienceFilters[0].values;\nif (value.isNegated) skip();\nconst { isNegated } = value;`,
      null,
      (c) => [
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated)', 'isNegated')),
        report('createannouncement.isNegated', IS_NEGATED, tok(c, 'isNegated }', 'isNegated')),
      ],
    ),
  ],
});

tsRuleTester().run('no-deprecated: moved trackingToken reads', noDeprecated, {
  valid: [
    getanswer(`console.log(data.answerResult.answer.trackingToken, data.answerResult?.answer.trackingToken);`),
    getcollection(`console.log(data.collection?.trackingToken, data?.collection?.trackingToken);`),
  ],
  invalid: [
    invalid(
      'getanswer: answer is required on AnswerResult, so no ?. is added',
      getanswer(`console.log(data.answerResult.trackingToken, data.answerResult?.trackingToken);`),
      getanswer(`console.log(data.answerResult.answer.trackingToken, data.answerResult?.answer.trackingToken);`),
      (c) => [
        report('getanswer.trackingToken', ANSWER_TOKEN, tok(c, 'trackingToken,', 'trackingToken')),
        report('getanswer.trackingToken', ANSWER_TOKEN, tok(c, 'trackingToken)', 'trackingToken')),
      ],
    ),
    invalid(
      'getcollection: collection is optional, so the read becomes collection?.trackingToken',
      getcollection(`console.log(data.trackingToken, data?.trackingToken);`),
      getcollection(`console.log(data.collection?.trackingToken, data?.collection?.trackingToken);`),
      (c) => [
        report('getcollection.trackingToken', COLLECTION_TOKEN, tok(c, 'trackingToken,', 'trackingToken')),
        report('getcollection.trackingToken', COLLECTION_TOKEN, tok(c, 'trackingToken)', 'trackingToken')),
      ],
    ),
    invalid(
      'guard: writes, deletes and updates of a moved field are reported, not moved',
      getcollection(`data.trackingToken = 'local';\ndelete data.trackingToken;\ndata.trackingToken += '-x';`),
      null,
      (c) => [0, 1, 2].map((n) => report('getcollection.trackingToken', COLLECTION_TOKEN, tok(c, 'trackingToken', 'trackingToken', n))),
    ),
    invalid(
      'guard: destructuring and element access are reported, not moved',
      getanswer(`const { trackingToken } = data.answerResult;\nconsole.log(data.answerResult['trackingToken']);`),
      null,
      (c) => [
        report('getanswer.trackingToken', ANSWER_TOKEN, tok(c, 'trackingToken }', 'trackingToken')),
        report('getanswer.trackingToken', ANSWER_TOKEN, tok(c, "'trackingToken'")),
      ],
    ),
  ],
});

tsRuleTester().run('no-removed: suggestions for restructures and removed features', noRemoved, {
  valid: [],
  invalid: [
    invalid(
      'reactions → reacts, in a payload and in a destructured response',
      `${SDK_IMPORT}await glean.client.announcements.create({ title: 'Launch', body: { text: 'See', structuredList: [{ document: { metadata: { interactions: { reactions: ['like'] } } } }] } });\nconst a = await glean.client.announcements.create({ title: 'Launch', startTime, endTime });\nconst { reactions } = a.sourceDocument.metadata.interactions;`,
      null,
      (c) => [
        report('createannouncement.reactions', REACTIONS, tok(c, 'reactions:', 'reactions'), [
          { messageId: 'renameField', data: { name: 'reacts' }, output: c.replace('reactions:', 'reacts:') },
        ]),
        report('createannouncement.reactions', REACTIONS, tok(c, 'reactions }', 'reactions'), [
          { messageId: 'renameField', data: { name: 'reacts' }, output: c.replace('{ reactions }', '{ reacts: reactions }') },
        ]),
      ],
    ),
    invalid(
      'guard: no rename suggestion when reacts is already there',
      `${SDK_IMPORT}await glean.client.announcements.create({ title: 'Launch', body: { text: 'See', structuredList: [{ document: { metadata: { interactions: { reactions: ['like'], reacts: [] } } } }] } });`,
      null,
      one('createannouncement.reactions', REACTIONS, (c) => tok(c, 'reactions')),
    ),
    invalid(
      'sensitiveTerms → customSensitiveExpressions; none when it is already there',
      `${policy(`{ sensitiveContentOptions: { sensitiveTerms: [] } }`)}\n${policy(`{ sensitiveContentOptions: { sensitiveTerms: [], customSensitiveExpressions: [] } }`)}`,
      null,
      (c) => [
        report('policy.sensitiveTerms', TERMS, tok(c, 'sensitiveTerms', 'sensitiveTerms', 0), [
          { messageId: 'renameField', data: { name: 'customSensitiveExpressions' }, output: c.replace('sensitiveTerms', 'customSensitiveExpressions') },
        ]),
        report('policy.sensitiveTerms', TERMS, tok(c, 'sensitiveTerms', 'sensitiveTerms', 1)),
      ],
    ),
    invalid(
      'DlpConfig.sensitiveInfoTypes → sensitiveContentOptions; none when it is already there',
      policy(`{ sensitiveInfoTypes: [], sensitiveContentOptions: {} }`),
      null,
      one('policy.sensitiveInfoTypes@sensitiveContentOptions', DLP_INFO_TYPES, (c) => tok(c, 'sensitiveInfoTypes')),
    ),
    invalid(
      'boardId: remove it, in one-line and multi-line objects',
      `${SDK_IMPORT}${answer('{ boardId: 3, id: 7 }')}\n${answer('{\n  id: 8,\n  boardId: 4,\n  likes: {},\n}')}`,
      null,
      (c) => [
        report('createannouncement.boardId', BOARD_ID, tok(c, 'boardId: 3', 'boardId'), [
          { messageId: 'removeField', data: { name: 'boardId' }, output: c.replace('{ boardId: 3, id: 7 }', '{ id: 7 }') },
        ]),
        report('createannouncement.boardId', BOARD_ID, tok(c, 'boardId: 4', 'boardId'), [
          { messageId: 'removeField', data: { name: 'boardId' }, output: c.replace('\n  boardId: 4,', '') },
        ]),
      ],
    ),
    invalid(
      'boardId: no removal when a comment is inside it, or for assignments and reads',
      `${SDK_IMPORT}${answer('{ id: 7, boardId: /* legacy board */ 3 }')}\nconst req = { title: 'Launch', body: { text: 'See', structuredList: [{ structuredResult: { answer: { id: 9 } } }] } };\nreq.body.structuredList[0].structuredResult.answer.boardId = 5;\nconst a = await glean.client.announcements.create(req);\nconsole.log(a.body.structuredList[0].structuredResult.answer.boardId);`,
      null,
      (c) => [0, 1, 2].map((n) => report('createannouncement.boardId', BOARD_ID, tok(c, 'boardId', 'boardId', n))),
    ),
    invalid(
      'chat citations: switch reads to fragments[].citation',
      chat(`for (const message of data.messages) console.log(message.citations, message?.citations);`),
      null,
      (c) => [
        report('chat.citations', CITATIONS, tok(c, 'citations,', 'citations'), [citationSuggestion(c, 'message.citations', "NonNullable<(typeof message)['fragments']>[number]")]),
        report('chat.citations', CITATIONS, tok(c, 'citations)', 'citations'), [citationSuggestion(c, 'message?.citations', "NonNullable<NonNullable<typeof message>['fragments']>[number]")]),
      ],
    ),
    invalid(
      'chat citations in TypeScript: the callback parameter is typed from the receiver: an SDK type, the user’s own type, `any`',
      `${SDK_IMPORT}interface Reply {\n  messages: { citations?: string[]; fragments?: { citation?: { sourceDocument?: { id: string } } }[] }[];\n}\nconst res = await fetch('${HOST}/rest/api/v1/chat', { method: 'POST', body: '{}' });\nconst reply = (await res.json()) as Reply;\nconst loose: any = reply;\nconst answer = await glean.client.chat.create({ messages: [] });\nfor (const message of answer.messages ?? []) console.log(reply.messages[0].citations, loose.messages[0].citations, message.citations);`,
      null,
      (c) => [
        report('chat.citations', CITATIONS, tok(c, 'citations, loose', 'citations'), [citationSuggestion(c, 'reply.messages[0].citations', "NonNullable<NonNullable<NonNullable<(typeof reply)['messages']>[0]>['fragments']>[number]")]),
        report('chat.citations', CITATIONS, tok(c, 'citations, message', 'citations'), [citationSuggestion(c, 'loose.messages[0].citations', "NonNullable<NonNullable<NonNullable<(typeof loose)['messages']>[0]>['fragments']>[number]")]),
        report('chat.citations', CITATIONS, tok(c, 'citations);', 'citations'), [citationSuggestion(c, 'message.citations', "NonNullable<(typeof message)['fragments']>[number]")]),
      ],
    ),
    invalid(
      'chat citations in TypeScript: a string key and non-null assertions in the receiver',
      `${SDK_IMPORT}const answer = await glean.client.chat.create({ messages: [] });\nconst last = answer.messages?.at(-1);\nconsole.log(answer['messages']![0]!.citations, last!.citations);`,
      null,
      (c) => [
        report('chat.citations', CITATIONS, tok(c, 'citations', 'citations', 0), [
          citationSuggestion(c, "answer['messages']![0]!.citations", "NonNullable<NonNullable<NonNullable<(typeof answer)['messages']>[0]>['fragments']>[number]"),
        ]),
        report('chat.citations', CITATIONS, tok(c, 'citations', 'citations', 1), [citationSuggestion(c, 'last!.citations', "NonNullable<NonNullable<typeof last>['fragments']>[number]")]),
      ],
    ),
    invalid(
      'chat citations in TypeScript: no suggestion where the receiver cannot be named in a type (a call’s result, a computed index)',
      UNNAMED_RECEIVERS,
      null,
      (c) => [report('chat.citations', CITATIONS, tok(c, 'citations', 'citations', 0)), report('chat.citations', CITATIONS, tok(c, 'citations', 'citations', 1))],
    ),
    invalid(
      'chat citations: no suggestion for element access, destructuring, writes or payloads; never an autofix, even with migrate',
      chat(
        `const [message] = data.messages;\nconsole.log(message['citations']);\nconst { citations } = message;\nmessage.citations = [];\nawait axios.post('${HOST}/rest/api/v1/chat', { messages: [{ ...message, citations: [] }] });`,
      ),
      null,
      (c) => [
        report('chat.citations', CITATIONS, tok(c, "'citations'")),
        report('chat.citations', CITATIONS, tok(c, 'citations }', 'citations')),
        report('chat.citations', CITATIONS, tok(c, 'citations =', 'citations')),
        report('chat.citations', CITATIONS, tok(c, 'citations:', 'citations')),
      ],
      [{ migrate: true }],
    ),
  ],
});

jsRuleTester().run('no-removed: chat citations in JavaScript, where the collecting callback needs no type', noRemoved, {
  valid: [],
  invalid: [
    invalid('the receivers TypeScript cannot name', UNNAMED_RECEIVERS, null, (c) => [
      report('chat.citations', CITATIONS, tok(c, 'citations', 'citations', 0), [
        {
          messageId: 'switchToReplacement',
          data: { replacement: '`fragments[].citation`' },
          output: c.replace('.data.messages[0].citations', '.data.messages[0].fragments?.flatMap((item) => (item.citation ? [item.citation] : []))'),
        },
      ]),
      report('chat.citations', CITATIONS, tok(c, 'citations', 'citations', 1), [
        {
          messageId: 'switchToReplacement',
          data: { replacement: '`fragments[].citation`' },
          output: c.replace('length - 1].citations', 'length - 1].fragments?.flatMap((item) => (item.citation ? [item.citation] : []))'),
        },
      ]),
    ]),
  ],
});
