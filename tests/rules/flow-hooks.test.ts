import noRemoved from '../../rules/no-removed.js';
import { jsRuleTester, tsRuleTester } from '../helpers.js';
import { citationReport, HOST, inJavaScript, type Invalid, report, tok, type Valid } from './fields-support.js';

/**
 * React Query: the SDK's mutation hooks (`mutate`/`mutateAsync` send the operation's request, `.data`
 * and `mutateAsync`'s result are its response), query hooks' `.data`, and hand-written
 * `useMutation({ mutationFn })` whose `mutate(vars)` sends the payload; `onSuccess(data)`/`onSettled(data)`
 * in a mutation's options or in `mutate(vars, options)` receive the response; a named callback that the
 * file also calls, or hands on elsewhere, may receive other values: reported, never autofixed.
 * JavaScript and TypeScript.
 */

// Expected report subjects, written out literally in one place.
const IS_NEGATED = 'Field `isNegated` of a facet filter value (`FacetFilterValue`)';
const SHARING_ENABLED = 'Field `enabled` of sharing options (`SharingOptions`)';
const SNIPPET = 'Field `snippet` of a search result snippet (`SearchResultSnippet`)';

const HOOKS = `import { useClientAnnouncementsCreateMutation, useClientChatCreateMutation, useClientGovernanceDataPoliciesRetrieve } from '@gleanwork/api-client/react-query';\n`;
const NOT_EQUALS = "relationType: 'NOT_EQUALS'";
const CHECK_ONLY_GLEAN = { messageId: 'renameFieldChecked' as const, data: { name: 'text', check: 'only Glean’s value reaches this code' } };
/** A hand-written search mutation whose `onSuccess` is `show`, and `show`, which reads a snippet. */
const searchMutation = (url: string) =>
  `import { useMutation } from '@tanstack/react-query';\nfunction show(data) {\n  console.log(data.results[0].snippets[0].snippet);\n}\nexport function Search() {\n  const search = useMutation({ mutationFn: (vars) => fetch(${url}, { method: 'POST', body: JSON.stringify(vars) }).then((res) => res.json()), onSuccess: show });\n  search.mutate({ query: 'q' });\n}\n`;
const GLEAN_SEARCH = `'${HOST}/rest/api/v1/search'`;
const OTHER_SEARCH = "'https://api.example.com/search'";

/** A query whose `select` reads and narrows the response: `select` is handed it, and `.data` is what `select` returns. */
const selectingQueries = (url: string) =>
  `import { useQuery } from '@tanstack/react-query';\nconst search = (query) => fetch(${url}, { method: 'POST', body: JSON.stringify({ query }) }).then((res) => res.json());\nexport function Search({ q }) {\n  const results = useQuery({ queryKey: ['results', q], queryFn: () => search(q), select: (data) => data.results });\n  const first = useQuery({ queryKey: ['first', q], queryFn: () => search(q), select: (data) => data.results[0].snippets[0].snippet });\n  const count = useQuery({ queryKey: ['count', q], queryFn: () => search(q), select: (data) => ({ snippet: data.results.length }) });\n  return [results.data[0].snippets[0].snippet, first.data, count.data.snippet];\n}\n`;

const valid: (string | Valid)[] = [
  // Queries of another service with the same `select`s.
  selectingQueries(OTHER_SEARCH),
  // SWR with another service's fetcher.
  `import useSWR from 'swr';\nexport function Wiki({ q }) {\n  const { data } = useSWR(['/search', { query: q }], ([path, body]) => fetch('https://wiki.example.com/api' + path, { method: 'POST', body: JSON.stringify(body) }).then((res) => res.json()));\n  return data.results[0].snippets[0].snippet;\n}\n`,
  // Hooks of the same names from another package.
  `import { useClientAnnouncementsCreateMutation } from '@acme/react-query';\nexport function A() {\n  const { mutate } = useClientAnnouncementsCreateMutation();\n  mutate({ createAnnouncementRequest: { audienceFilters: [{ values: [{ isNegated: true }] }] } });\n}`,
  // A hand-written mutation to another service.
  `import { useMutation } from '@tanstack/react-query';\nexport function A() {\n  const { mutate } = useMutation({ mutationFn: (vars) => fetch('https://api.example.com/announce', { method: 'POST', body: JSON.stringify(vars) }) });\n  mutate({ audienceFilters: [{ values: [{ isNegated: true }] }] });\n}`,
  // Mutation callbacks of hooks of the same names from another package, and of a mutation to another service.
  `import { useClientChatCreateMutation } from '@acme/react-query';\nexport function A() {\n  const chat = useClientChatCreateMutation({ onSuccess: (data) => data.messages[0].citations });\n  chat.mutate({ chatRequest: { messages: [] } }, { onSuccess: (d) => d.messages[0].citations });\n}`,
  `import { useMutation } from '@tanstack/react-query';\nexport function A() {\n  const ask = useMutation({ mutationFn: (vars) => fetch('https://api.example.com/chat', { method: 'POST', body: JSON.stringify(vars) }).then((r) => r.json()), onSuccess: (data) => data.messages[0].citations });\n  ask.mutate({ messages: [] }, { onSuccess: (d) => d.messages[0].citations });\n}`,
  // A mutation callback to another service, also called with another value.
  `${searchMutation(OTHER_SEARCH)}show(await elasticSearch('q'));`,
  // `onError` receives the error, not the response.
  `${HOOKS}export function A() {\n  const chat = useClientChatCreateMutation({ onError: (error) => error.messages[0].citations });\n  chat.mutate({ chatRequest: { messages: [] } }, { onError: (e) => e.messages[0].citations });\n}`,
  // A variable of the mutation's own name that is not its result.
  `${HOOKS}export function A() {\n  useClientChatCreateMutation();\n  const chat = { data: { messages: [{ citations: [] }] } };\n  return chat.data.messages[0].citations;\n}`,
];

const invalid: Invalid[] = [
  ((code: string) => ({
    name: 'a query’s `select` is handed the response, and the hook’s `.data` is what it returns (the results array; not the count object it builds)',
    code,
    output: code.replace('data.results[0].snippets[0].snippet })', 'data.results[0].snippets[0].text })').replace('results.data[0].snippets[0].snippet,', 'results.data[0].snippets[0].text,'),
    errors: [
      report('createannouncement.snippet', SNIPPET, tok(code, 'snippet })', 'snippet')),
      report('createannouncement.snippet', SNIPPET, tok(code, 'snippet, first', 'snippet')),
    ],
  }))(selectingQueries(GLEAN_SEARCH)),
  ((code: string) => ({
    name: 'one fetcher SWR runs with Glean’s key and with another service’s: each hook’s `.data` is its own key’s response',
    code,
    output: code.replace('snippets[0].snippet;\n}\nexport function Wiki', 'snippets[0].text;\n}\nexport function Wiki'),
    errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;', 'snippet', 0))],
  }))(
    `import useSWR from 'swr';\nconst post = (url) => fetch(url, { method: 'POST', body: '{}' }).then((res) => res.json());\nexport function Glean() {\n  const { data } = useSWR('${HOST}/rest/api/v1/search', post);\n  return data.results[0].snippets[0].snippet;\n}\nexport function Wiki() {\n  const { data } = useSWR('https://wiki.example.com/search', post);\n  return data.results[0].snippets[0].snippet;\n}\n`,
  ),
  ((code: string) => ({
    name: 'SWR with a fetcher over an ofetch instance (its calls resolve to the body), inline and named: `.data` is the body; another service’s instance is not Glean’s',
    code,
    output: code.replace('snippets[0].snippet;\n}\nconst named', 'snippets[0].text;\n}\nconst named').replace('snippets[0].snippet;\n}\nexport function Wiki', 'snippets[0].text;\n}\nexport function Wiki'),
    errors: [0, 1].map((n) => report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;', 'snippet', n))),
  }))(
    `import useSWR from 'swr';\nimport { ofetch } from 'ofetch';\nconst api = ofetch.create({ baseURL: '${HOST}/rest/api/v1' });\nconst wiki = ofetch.create({ baseURL: 'https://wiki.example.com/api' });\nexport function Inline() {\n  const { data } = useSWR('/search', (path) => api(path, { method: 'POST', body: { query: 'q' } }));\n  return data.results[0].snippets[0].snippet;\n}\nconst named = (path) => api(path, { method: 'POST', body: { query: 'q' } });\nexport function Named() {\n  const { data } = useSWR('/search', named);\n  return data.results[0].snippets[0].snippet;\n}\nexport function Wiki() {\n  const { data } = useSWR('/search', (path) => wiki(path, { method: 'POST' }));\n  return data.results[0].snippets[0].snippet;\n}\n`,
  ),
  ((code: string) => ({
    name: 'Redux Toolkit: an async thunk’s payload creator resolves to each `fulfilled` action’s `payload` (read or destructured in `builder.addCase`) and to `dispatch(thunk(q)).unwrap()`; its `rejected` action, and another thunk’s payload, are not the response',
    code,
    output: code.replace("snippets[0].snippet;\n  });\n  builder.addCase(search.fulfilled, (state, { payload })", "snippets[0].text;\n  });\n  builder.addCase(search.fulfilled, (state, { payload })").replace('payload.results[0].snippets[0].snippet;', 'payload.results[0].snippets[0].text;').replace('return res.results[0].snippets[0].snippet;', 'return res.results[0].snippets[0].text;'),
    // The 3rd and 4th `snippet;` are the rejected action's and the wiki thunk's.
    errors: [0, 1, 4].map((n) => report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;', 'snippet', n))),
  }))(
    `import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';\nconst search = createAsyncThunk('search/run', async (query) => {\n  const res = await fetch(${GLEAN_SEARCH}, { method: 'POST', body: JSON.stringify({ query }) });\n  return res.json();\n});\nconst wiki = createAsyncThunk('wiki/run', async (query) => (await fetch(${OTHER_SEARCH}, { method: 'POST', body: JSON.stringify({ query }) })).json());\nexport const slice = createSlice({ name: 's', initialState: {}, reducers: {}, extraReducers: (builder) => {\n  builder.addCase(search.fulfilled, (state, action) => {\n    state.first = action.payload.results[0].snippets[0].snippet;\n  });\n  builder.addCase(search.fulfilled, (state, { payload }) => {\n    state.again = payload.results[0].snippets[0].snippet;\n  });\n  builder.addCase(search.rejected, (state, action) => {\n    state.error = action.payload.snippet;\n  });\n  builder.addCase(wiki.fulfilled, (state, action) => {\n    state.wiki = action.payload.results[0].snippets[0].snippet;\n  });\n} });\nexport async function first(dispatch, q) {\n  const res = await dispatch(search(q)).unwrap();\n  return res.results[0].snippets[0].snippet;\n}\n`,
  ),
  ((code: string) => ({
    name: 'SWR runs its fetcher with the key (`[path, body]`) and holds the response in `.data`: an inline fetcher and a named one',
    code,
    output: code.replace('snippets[0].snippet;\n}\nexport', 'snippets[0].text;\n}\nexport').replace('snippets[0].snippet;\n}\n', 'snippets[0].text;\n}\n'),
    errors: [0, 1].map((n) => report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;', 'snippet', n))),
  }))(
    `import useSWR from 'swr';\nconst post = ([path, body]) => fetch(\`${HOST}/rest/api/v1\${path}\`, { method: 'POST', body: JSON.stringify(body) }).then((res) => res.json());\nexport function Top({ q }) {\n  const { data } = useSWR(['/search', { query: q }], ([path, body]) => fetch(\`${HOST}/rest/api/v1\${path}\`, { method: 'POST', body: JSON.stringify(body) }).then((res) => res.json()));\n  return data.results[0].snippets[0].snippet;\n}\nexport function Named({ q }) {\n  const { data } = useSWR(['/search', { query: q }], post);\n  return data.results[0].snippets[0].snippet;\n}\n`,
  ),
  ((code: string) => ({
    name: 'an SDK mutation hook: mutate sends the request (destructured and through the result)',
    code,
    // The request held in an unannotated constant keeps its literal type (`CreateAnnouncementRequest` wants a `RelationType`).
    output: code.replace('isNegated: true', `${NOT_EQUALS} as const`).replace('isNegated: true', NOT_EQUALS),
    errors: [0, 1].map((n) => report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated', 'isNegated', n))),
  }))(
    `${HOOKS}export function Announce() {\n  const { mutate } = useClientAnnouncementsCreateMutation();\n  const announce = useClientAnnouncementsCreateMutation();\n  const request = { title: 'B', audienceFilters: [{ values: [{ value: 'ops', isNegated: true }] }] };\n  mutate({ createAnnouncementRequest: { title: 'A', audienceFilters: [{ values: [{ value: 'eng', isNegated: true }] }] } });\n  announce.mutate({ createAnnouncementRequest: request });\n}`,
  ),
  ((code: string) => ({
    name: "an SDK mutation's response: mutateAsync's result and the hook's .data",
    code,
    output: null,
    errors: [
      citationReport(code, 'answer.messages[0].citations', 0, "NonNullable<NonNullable<NonNullable<(typeof answer)['messages']>[0]>['fragments']>[number]"),
      citationReport(code, 'chat.data?.messages[0].citations', 1, "NonNullable<NonNullable<NonNullable<NonNullable<(typeof chat)['data']>['messages']>[0]>['fragments']>[number]"),
    ],
  }))(
    `${HOOKS}export async function Chat() {\n  const chat = useClientChatCreateMutation();\n  const answer = await chat.mutateAsync({ chatRequest: { messages: [] } });\n  return [answer.messages[0].citations, chat.data?.messages[0].citations];\n}`,
  ),
  ((code: string) => ({
    name: "an SDK mutation's onSuccess receives the response: in the hook's options and in mutate's",
    code,
    output: null,
    errors: [
      citationReport(code, 'data.messages[0].citations', 0, "NonNullable<NonNullable<NonNullable<(typeof data)['messages']>[0]>['fragments']>[number]"),
      citationReport(code, 'reply.messages[1].citations', 1, "NonNullable<NonNullable<NonNullable<(typeof reply)['messages']>[1]>['fragments']>[number]"),
    ],
  }))(
    `${HOOKS}export function Chat() {\n  const chat = useClientChatCreateMutation({ onSuccess: (data) => console.log(data.messages[0].citations) });\n  chat.mutate({ chatRequest: { messages: [] } }, { onSuccess(reply) { console.log(reply.messages[1].citations); } });\n}`,
  ),
  ((code: string) => ({
    name: "a hand-written useMutation's onSuccess and onSettled receive what mutationFn resolves to",
    code,
    output: null,
    errors: [
      citationReport(code, 'data.messages[0].citations', 0, "NonNullable<NonNullable<NonNullable<(typeof data)['messages']>[0]>['fragments']>[number]"),
      citationReport(code, 'reply?.messages[1].citations', 1, "NonNullable<NonNullable<NonNullable<NonNullable<typeof reply>['messages']>[1]>['fragments']>[number]"),
    ],
  }))(
    `import { useMutation } from '@tanstack/react-query';\nexport function Ask() {\n  const ask = useMutation({\n    mutationFn: (vars) => fetch('${HOST}/rest/api/v1/chat', { method: 'POST', body: JSON.stringify(vars) }).then((res) => res.json()),\n    onSuccess: (data) => console.log(data.messages[0].citations),\n  });\n  ask.mutate({ messages: [] }, { onSettled: (reply) => console.log(reply?.messages[1].citations) });\n}`,
  ),
  ((code: string) => ({
    name: 'a named onSuccess that only Glean’s response reaches: an autofix',
    code,
    output: code.replace('.snippet)', '.text)'),
    errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet)', 'snippet'))],
  }))(searchMutation(GLEAN_SEARCH)),
  ((code: string) => ({
    name: 'a named onSuccess the file also calls with another value: reported, never autofixed',
    code,
    output: null,
    errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet)', 'snippet'), [{ ...CHECK_ONLY_GLEAN, output: code.replace('.snippet)', '.text)') }])],
  }))(`${searchMutation(GLEAN_SEARCH)}show(await elasticSearch('q'));`),
  ((code: string) => ({
    name: 'a helper the file calls with Glean’s response that is also another mutation’s onSuccess: reported, never autofixed',
    code,
    output: null,
    errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet)', 'snippet'), [{ ...CHECK_ONLY_GLEAN, output: code.replace('.snippet)', '.text)') }])],
  }))(`${searchMutation(OTHER_SEARCH)}const res = await fetch(${GLEAN_SEARCH}, { method: 'POST', body: JSON.stringify({ query: 'q' }) });\nshow(await res.json());`),
  ((code: string) => ({
    name: 'a named onSuccess of a Glean mutation that is also another mutation’s: reported, never autofixed',
    code,
    output: null,
    errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet)', 'snippet'), [{ ...CHECK_ONLY_GLEAN, output: code.replace('.snippet)', '.text)') }])],
  }))(`${searchMutation(GLEAN_SEARCH)}export function Other() {\n  useMutation({ mutationFn: () => elasticSearch('q'), onSuccess: show });\n}`),
  ((code: string) => ({
    name: "a query hook's data, destructured and read through the result",
    code,
    output: null,
    errors: [0, 1].map((n) => report('policy.enabled', SHARING_ENABLED, tok(code, 'enabled', 'enabled', n))),
  }))(
    `${HOOKS}export function Policy() {\n  const { data } = useClientGovernanceDataPoliciesRetrieve('pol_1');\n  const policy = useClientGovernanceDataPoliciesRetrieve('pol_2');\n  return [data?.report?.config?.broadSharingOptions?.enabled, policy.data?.report?.config?.broadSharingOptions?.enabled];\n}`,
  ),
  ((code: string) => ({
    name: 'a hand-written useMutation: mutate(vars) sends the payload, mutateAsync resolves to the response',
    code,
    output: code.replace('isNegated: true', NOT_EQUALS),
    errors: [
      report('createannouncement.isNegated', IS_NEGATED, tok(code, 'isNegated')),
      citationReport(code, 'd.messages[0].citations', 0, "NonNullable<NonNullable<NonNullable<(typeof d)['messages']>[0]>['fragments']>[number]"),
    ],
  }))(
    `import { useMutation } from '@tanstack/react-query';\nexport function Announce() {\n  const { mutate } = useMutation({ mutationFn: (vars) => fetch('${HOST}/rest/api/v1/createannouncement', { method: 'POST', body: JSON.stringify(vars) }) });\n  const ask = useMutation({\n    mutationFn: async (vars) => {\n      const res = await fetch('${HOST}/rest/api/v1/chat', { method: 'POST', body: JSON.stringify(vars) });\n      return res.json();\n    },\n  });\n  mutate({ title: 'x', audienceFilters: [{ values: [{ isNegated: true }] }] });\n  ask.mutateAsync({ messages: [] }).then((d) => d.messages[0].citations);\n}`,
  ),
];

for (const [language, tester] of [
  ['JavaScript', jsRuleTester()],
  ['TypeScript', tsRuleTester()],
] as const) {
  tester.run(`no-removed: React Query hooks (${language})`, noRemoved, { valid, invalid: language === 'TypeScript' ? invalid : inJavaScript(invalid) });
}

// A fetcher given its type arguments (`post<SearchResponse>`) is the same function: TypeScript only.
tsRuleTester().run('no-removed: an SWR fetcher given its type arguments (TypeScript)', noRemoved, {
  valid: [],
  invalid: [
    ((code: string) => ({
      name: '`useSWR(key, post<T>)`: SWR runs the fetcher with the key, its `.data` is the response',
      code,
      output: code.replace('snippets[0].snippet;', 'snippets[0].text;'),
      errors: [report('createannouncement.snippet', SNIPPET, tok(code, 'snippet;', 'snippet', 0))],
    }))(
      `import useSWR from 'swr';\nconst post = <T,>(url: string): Promise<T> => fetch(url, { method: 'POST', body: '{}' }).then((res) => res.json());\nexport function Glean() {\n  const { data } = useSWR('${HOST}/rest/api/v1/search', post<any>);\n  return data.results[0].snippets[0].snippet;\n}\n`,
    ),
  ],
});
