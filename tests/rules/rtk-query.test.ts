import { describe, expect, it } from 'vitest';
import { lintWith } from './lint.js';
import { M } from '../projects/messages.js';

/**
 * Redux Toolkit Query: the requests an api's endpoints describe (`query` returns a URL or
 * `{ url, method, body }`), on the base its `fetchBaseQuery({ baseUrl })` gives; GET where no method
 * is named. Another service's api and one whose base query is the app's own are not Glean's.
 */

const API = `import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

export const gleanApi = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://acme-be.glean.com/rest/api/v1/' }),
  endpoints: (build) => ({
    listAnswers: build.mutation<unknown, void>({ query: () => ({ url: 'listanswers', method: 'POST', body: {} }) }),
    agent: build.query<unknown, string>({ query: (id) => \`agents/\${id}\` }),
    agentByObject: build.query<unknown, string>({ query: (id) => ({ url: \`agents/\${id}\` }) }),
    agentRooted: build.query<unknown, string>({ query: (id) => \`/agents/\${id}\` }),
    renameAgent: build.mutation<unknown, { id: string; name: string }>({ query: ({ id, name }) => ({ url: \`agents/\${id}\`, method: 'POST', body: { name } }) }),
    search: build.query<unknown, string>({
      query: (q) => ({ url: 'search', method: 'POST', body: { query: q, requestOptions: { facetFilters: [{ fieldName: 'type', values: [{ value: 'draft', isNegated: true }] }] } } }),
    }),
  }),
});

export const moreApi = gleanApi.injectEndpoints({
  endpoints: (build) => ({
    runAgent: build.mutation<unknown, string>({ query: (id) => ({ url: 'agents/runs/wait', method: 'POST', body: { agent_id: id } }) }),
  }),
});

// Another service's api with the same endpoints; an api whose base query is the app's own.
export const kbApi = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://kb.example.com/api/v3/' }),
  endpoints: (build) => ({
    listAnswers: build.mutation<unknown, void>({ query: () => ({ url: 'listanswers', method: 'POST' }) }),
    agent: build.query<unknown, string>({ query: (id) => \`agents/\${id}\` }),
  }),
});
const ownBaseQuery = async (args: unknown) => ({ data: args });
export const ownApi = createApi({
  baseQuery: ownBaseQuery,
  endpoints: (build) => ({ listAnswers: build.mutation<unknown, void>({ query: () => ({ url: 'listanswers', method: 'POST' }) }) }),
});
`;

describe('RTK Query endpoints', () => {
  it('no-removed: the removed endpoint a mutation sends, and a removed field of a query’s body', () => {
    expect(lintWith('no-removed', API)).toEqual({
      reports: [
        { line: 6, column: 71, message: M.listAnswers },
        { line: 12, column: 154, message: M.isNegated },
      ],
      // A body RTK sends as JSON: no type asks for the literal's own type.
      output: API.replace('isNegated: true', "relationType: 'NOT_EQUALS'"),
    });
  });

  it('no-deprecated: an agent read by a URL query, an object without a method (GET) and a rooted URL; the run that waits, injected into the api; the rename of an agent (POST) is not a use', () => {
    expect(lintWith('no-deprecated', API)).toEqual({
      reports: [
        { line: 7, column: 58, message: M.agentGet },
        { line: 8, column: 74, message: M.agentGet },
        { line: 9, column: 64, message: M.agentGet },
        { line: 19, column: 72, message: M.runWait },
      ],
      output: null,
    });
  });
});

describe('RTK Query transformResponse', () => {
  const CODE = `import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

const firstSnippets = (response: any) => response.results.map((r: any) => r.snippets[0].snippet);

export const gleanApi = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://acme-be.glean.com/rest/api/v1/' }),
  endpoints: (build) => ({
    search: build.query<string[], string>({
      query: (q) => ({ url: 'search', method: 'POST', body: { query: q } }),
      transformResponse: (response: any) => response.results.map((r: any) => r.snippets[0].snippet),
    }),
    named: build.query<string[], string>({ query: (q) => ({ url: 'search', method: 'POST', body: { query: q } }), transformResponse: firstSnippets }),
  }),
});

// Another service's api: what its endpoint hands transformResponse is not Glean's.
export const kbApi = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://kb.example.com/api/v3/' }),
  endpoints: (build) => ({
    search: build.query<string[], string>({
      query: (q) => ({ url: 'search', method: 'POST', body: { query: q } }),
      transformResponse: (response: any) => response.results.map((r: any) => r.snippets[0].snippet),
    }),
  }),
});
`;

  it('the parsed body an endpoint hands its `transformResponse` (written inline or named); another service’s api’s is not Glean’s', () => {
    expect(lintWith('no-removed', CODE)).toEqual({
      reports: [
        { line: 3, column: 89, message: M.snippet },
        { line: 10, column: 92, message: M.snippet },
      ],
      output: CODE.replace('const firstSnippets = (response: any) => response.results.map((r: any) => r.snippets[0].snippet);', 'const firstSnippets = (response: any) => response.results.map((r: any) => r.snippets[0].text);').replace(
        "      query: (q) => ({ url: 'search', method: 'POST', body: { query: q } }),\n      transformResponse: (response: any) => response.results.map((r: any) => r.snippets[0].snippet),\n    }),\n    named",
        "      query: (q) => ({ url: 'search', method: 'POST', body: { query: q } }),\n      transformResponse: (response: any) => response.results.map((r: any) => r.snippets[0].text),\n    }),\n    named",
      ),
    });
  });
});

describe('RTK Query hooks in the api’s own module', () => {
  const CODE = `import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

export const gleanApi = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://acme-be.glean.com/rest/api/v1/' }),
  endpoints: (build) => ({ search: build.query<any, string>({ query: (q) => ({ url: 'search', method: 'POST', body: { query: q } }) }) }),
});
export const kbApi = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://kb.example.com/api/v3/' }),
  endpoints: (build) => ({ search: build.query<any, string>({ query: (q) => ({ url: 'search', method: 'POST', body: { query: q } }) }) }),
});

export function usePreview(q: string) {
  const { data } = gleanApi.useSearchQuery(q);
  const kb = kbApi.useSearchQuery(q);
  return [data?.results?.[0]?.snippets?.[0]?.snippet, kb.data?.results?.[0]?.snippets?.[0]?.snippet];
}
`;

  it('the api’s hook read as its member (`gleanApi.useSearchQuery(q)`) holds the body in `data`; the knowledge base api’s hook of the same endpoint does not hold Glean’s', () => {
    expect(lintWith('no-removed', CODE)).toEqual({
      reports: [{ line: 15, column: 46, message: M.snippet }],
      output: CODE.replace('[data?.results?.[0]?.snippets?.[0]?.snippet,', '[data?.results?.[0]?.snippets?.[0]?.text,'),
    });
  });
});
