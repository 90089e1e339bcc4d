import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import type { LifecycleMessageIds, LifecycleOptions } from '../../src/rule-kit/lifecycle-rule.js';
import { dataFor, lifecycleRules, locAt, ruleFor, ruleNameFor, type Loc } from '../helpers.js';

/** Shared by the field suites (`fields-*.test.ts`): report builders, positions and request shapes. */

export type Invalid = InvalidTestCase<LifecycleMessageIds, [LifecycleOptions]>;
export type Valid = ValidTestCase<[LifecycleOptions]>;
export type Suggestion = { messageId: 'renameField' | 'renameFieldChecked' | 'removeField' | 'switchToReplacement'; data: Record<string, string>; output: string };
export type { Loc };
export { locAt, ruleFor };

export const HOST = 'https://acme-be.glean.com';

/**
 * The suggestion for a chat message's `citations` read at `read`, in TypeScript: collect the
 * fragments' inline citations, the callback's parameter annotated with `elementType` (written out
 * by the caller). `inJavaScript` gives the same cases as JavaScript expects them.
 */
export const citationSuggestion = (code: string, read: string, elementType: string) => ({
  messageId: 'switchToReplacement' as const,
  data: { replacement: '`fragments[].citation`' },
  output: code.replace(read, read.replace(/citations$/, `fragments?.flatMap((item: ${elementType}) => (item.citation ? [item.citation] : []))`)),
});

/** The report of a chat message's `citations` read at `read`, the `occurrence`-th `citations` in `code`, with its suggestion (see `citationSuggestion`). */
export const citationReport = (code: string, read: string, occurrence: number, elementType: string) =>
  report('chat.citations', 'Field `citations` of a chat message (`ChatMessage`)', tok(code, 'citations', 'citations', occurrence), [citationSuggestion(code, read, elementType)]);

/**
 * TypeScript cases as JavaScript expects them: there, the collecting callback's parameter has no type
 * annotation, and a mapped literal needs no `as const` to keep its literal type.
 */
export function inJavaScript(cases: readonly Invalid[]): Invalid[] {
  const untyped = (output: string) => output.replace(/\(item: .*?\) => \(item\./g, '(item) => (item.').replaceAll(' as const', '');
  return cases.map((testCase) => ({
    ...testCase,
    output: typeof testCase.output === 'string' ? untyped(testCase.output) : testCase.output,
    errors: testCase.errors.map((error) =>
      error.suggestions ? { ...error, suggestions: error.suggestions.map((suggestion) => ({ ...suggestion, output: untyped(suggestion.output) })) } : error,
    ),
  }));
}

export const isRemoved = (id: string) => ruleNameFor(id) === 'no-removed';
export const otherRuleFor = (id: string) => (isRemoved(id) ? lifecycleRules['no-deprecated'] : lifecycleRules['no-removed']);

/** One expected report of register field `id`; `subject` is written out in full by the caller. */
export function report(id: string, subject: string, loc: Loc, suggestions: Suggestion[] = []) {
  return {
    messageId: isRemoved(id) ? ('removed' as const) : ('deprecated' as const),
    data: { ...dataFor(id), subject },
    ...loc,
    suggestions,
  };
}

/** The position of `name`, found as the `occurrence`-th `needle` (which starts with `name`) inside `within`, which occurs once in `code`. */
export function spot(code: string, within: string, needle: string, name: string, occurrence = 0): Loc {
  const base = code.indexOf(within);
  if (base === -1 || code.indexOf(within, base + 1) !== -1) throw new Error(`${JSON.stringify(within)} must occur once in the code`);
  let index = -1;
  for (let i = 0; i <= occurrence; i++) {
    index = within.indexOf(needle, index + 1);
    if (index === -1) throw new Error(`${JSON.stringify(needle)} not found ${occurrence + 1} times in ${JSON.stringify(within)}`);
  }
  if (!needle.startsWith(name)) throw new Error(`${JSON.stringify(needle)} must start with ${JSON.stringify(name)}`);
  return locAt(code, base + index, name.length);
}

/** The position of the last occurrence of `text` in `code` (or of the `occurrence`-th). */
export function at(code: string, text: string, occurrence?: number): Loc {
  let index = -1;
  if (occurrence === undefined) index = code.lastIndexOf(text);
  else for (let i = 0; i <= occurrence; i++) index = code.indexOf(text, index + 1);
  if (index === -1) throw new Error(`${JSON.stringify(text)} not found`);
  return locAt(code, index, text.length);
}

// ---------------------------------------------------------------------------------------------------
// Operations and the ways code reaches them.

export interface Op {
  method: 'GET' | 'POST';
  /** A concrete path (path parameters filled in). */
  path: string;
  /** The SDK method chain from a `Glean` instance and the standalone function. */
  sdk: string;
  func: string;
  /** The SDK arguments for a body (or none for GET). */
  args: (body: string) => string;
  /** A body to send when the case is about the response. */
  sample: string;
  /** Not Glean: another host and path, and an SDK of the same shape from another package. */
  foreign?: boolean;
}

/** The same operation on a service that is not Glean: same payloads, same client code, other URL and SDK. */
export function foreign(op: Op): Op {
  return { ...op, path: op.path.replace(/^\/(rest\/api|api\/index)\/v1\//, '/v2/'), foreign: true };
}

const hostOf = (op: Op) => (op.foreign ? 'https://api.example.com' : HOST);
const sdkPackage = (op: Op) => (op.foreign ? '@acme/api-client' : '@gleanwork/api-client');

export const OPS = {
  insights: { method: 'POST', path: '/rest/api/v1/insights', sdk: 'client.insights.retrieve', func: 'clientInsightsRetrieve', args: (b) => b, sample: '{}' },
  getanswer: { method: 'POST', path: '/rest/api/v1/getanswer', sdk: 'client.answers.retrieve', func: 'clientAnswersRetrieve', args: (b) => b, sample: '{ id: 42 }' },
  getcollection: { method: 'POST', path: '/rest/api/v1/getcollection', sdk: 'client.collections.retrieve', func: 'clientCollectionsRetrieve', args: (b) => b, sample: '{ id: 7 }' },
  chat: { method: 'POST', path: '/rest/api/v1/chat', sdk: 'client.chat.create', func: 'clientChatCreate', args: (b) => b, sample: "{ messages: [{ fragments: [{ text: 'Hi' }] }] }" },
  indexemployee: { method: 'POST', path: '/api/index/v1/indexemployee', sdk: 'indexing.people.index', func: 'indexingPeopleIndex', args: (b) => b, sample: '{}' },
  createannouncement: {
    method: 'POST',
    path: '/rest/api/v1/createannouncement',
    sdk: 'client.announcements.create',
    func: 'clientAnnouncementsCreate',
    args: (b) => b,
    sample: "{ title: 'Launch', startTime, endTime }",
  },
  policyUpdate: {
    method: 'POST',
    path: '/rest/api/v1/governance/data/policies/pol_1',
    sdk: 'client.governance.data.policies.update',
    func: 'clientGovernanceDataPoliciesUpdate',
    args: (b) => `${b}, 'pol_1'`,
    sample: '{}',
  },
  policyGet: {
    method: 'GET',
    path: '/rest/api/v1/governance/data/policies/pol_1',
    sdk: 'client.governance.data.policies.retrieve',
    func: 'clientGovernanceDataPoliciesRetrieve',
    args: () => `'pol_1'`,
    sample: '',
  },
} satisfies Record<string, Op>;

export type OpName = keyof typeof OPS;

const sdkImport = (pkg: string) => `import { Glean } from '${pkg}';\nconst glean = new Glean({ apiToken: process.env.GLEAN_TOKEN, instance: 'acme' });\n`;
export const SDK_IMPORT = sdkImport('@gleanwork/api-client');
const funcImport = (op: Op) =>
  `import { GleanCore } from '${sdkPackage(op)}/core.js';\nimport { ${op.func} } from '${sdkPackage(op)}/funcs/${op.func}.js';\nconst core = new GleanCore({ apiToken: process.env.GLEAN_TOKEN, instance: 'acme' });\n`;

export interface Transport {
  name: string;
  code: (op: Op, text: string) => string;
}

/** Ways to send a payload `P` to an operation. */
export const REQUEST_TRANSPORTS: Transport[] = [
  {
    name: 'fetch with JSON.stringify',
    code: (op, p) =>
      `await fetch('${hostOf(op)}${op.path}', {\n  method: '${op.method}',\n  headers: { 'Content-Type': 'application/json' },\n  body: JSON.stringify(${p}),\n});`,
  },
  { name: 'axios config data', code: (op, p) => `await axios({ method: '${op.method.toLowerCase()}', url: '${hostOf(op)}${op.path}', data: ${p} });` },
  { name: 'got json', code: (op, p) => `await got.post('${hostOf(op)}${op.path}', { json: ${p} }).json();` },
  { name: 'ky json', code: (op, p) => `await ky.post('${hostOf(op)}${op.path}', { json: ${p} }).json();` },
  {
    name: 'Apps Script UrlFetchApp payload',
    code: (op, p) =>
      `function send() {\n  UrlFetchApp.fetch('${hostOf(op)}${op.path}', {\n    method: 'post',\n    contentType: 'application/json',\n    payload: JSON.stringify(${p}),\n  });\n}`,
  },
  {
    name: 'https.request and req.write',
    code: (op, p) =>
      `import https from 'node:https';\nconst req = https.request({ hostname: '${hostOf(op).slice(8)}', path: '${op.path}', method: '${op.method}' });\nreq.write(JSON.stringify(${p}));\nreq.end();`,
  },
  { name: 'SDK method', code: (op, p) => `${sdkImport(sdkPackage(op))}await glean.${op.sdk}(${op.args(p)});` },
  { name: 'SDK standalone function', code: (op, p) => `${funcImport(op)}await ${op.func}(core, ${op.args(p)});` },
];

/** Ways to read the payload of an operation's response as `data`; `R` is an expression that reads it. */
export const RESPONSE_TRANSPORTS: Transport[] = [
  {
    name: 'fetch and .json()',
    code: (op, r) =>
      op.method === 'GET'
        ? `const res = await fetch('${hostOf(op)}${op.path}');\nconst data = await res.json();\nconsole.log(${r});`
        : `const res = await fetch('${hostOf(op)}${op.path}', { method: 'POST', body: JSON.stringify(${op.sample}) });\nconst data = await res.json();\nconsole.log(${r});`,
  },
  {
    name: 'axios .data',
    code: (op, r) =>
      op.method === 'GET'
        ? `const { data } = await axios.get('${hostOf(op)}${op.path}');\nconsole.log(${r});`
        : `const { data } = await axios.post('${hostOf(op)}${op.path}', ${op.sample});\nconsole.log(${r});`,
  },
  {
    name: 'got .json()',
    code: (op, r) =>
      op.method === 'GET'
        ? `const data = await got('${hostOf(op)}${op.path}').json();\nconsole.log(${r});`
        : `const data = await got.post('${hostOf(op)}${op.path}', { json: ${op.sample} }).json();\nconsole.log(${r});`,
  },
  {
    name: 'ky .json()',
    code: (op, r) =>
      op.method === 'GET'
        ? `const data = await ky.get('${hostOf(op)}${op.path}').json();\nconsole.log(${r});`
        : `const data = await ky.post('${hostOf(op)}${op.path}', { json: ${op.sample} }).json();\nconsole.log(${r});`,
  },
  {
    name: 'Apps Script getContentText and JSON.parse',
    code: (op, r) =>
      op.method === 'GET'
        ? `function load() {\n  const response = UrlFetchApp.fetch('${hostOf(op)}${op.path}');\n  const data = JSON.parse(response.getContentText());\n  return ${r};\n}`
        : `function load() {\n  const response = UrlFetchApp.fetch('${hostOf(op)}${op.path}', { method: 'post', payload: JSON.stringify(${op.sample}) });\n  const data = JSON.parse(response.getContentText());\n  return ${r};\n}`,
  },
  {
    name: 'SDK method result',
    code: (op, r) => `${sdkImport(sdkPackage(op))}const data = await glean.${op.sdk}(${op.args(op.sample)});\nconsole.log(${r});`,
  },
  {
    name: 'SDK standalone function Result.value',
    code: (op, r) =>
      `${funcImport(op)}const result = await ${op.func}(core, ${op.args(op.sample)});\nif (result.ok) {\n  const data = result.value;\n  console.log(${r});\n}`,
  },
];

/** The position of `name` at the `occurrence`-th `needle` in `code` (`needle` starts with `name`; default: `name` itself). */
export function tok(code: string, needle: string, name = needle, occurrence = 0): Loc {
  return spot(code, code, needle, name, occurrence);
}

