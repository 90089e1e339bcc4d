import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { edit, M, source } from './messages.js';

/**
 * next-app: a Next.js search page in TypeScript and TSX. Modules import each other through the tsconfig
 * `paths` alias `@/*`. `src/lib/glean.ts` makes the client; `src/lib/search.ts` exports `searchGlean(q)`
 * and `gleanSearch`; `src/hooks/use-search.ts` is a React Query mutation whose `mutationFn` is the
 * imported `gleanSearch` (named, not written inline); the client component reads the mutation’s `.data`,
 * the server page reads `(await searchGlean(q)).results…snippet`. `src/hooks/use-swr-glean.ts` hands
 * `src/lib/fetcher.ts`'s fetchers to SWR. `src/context/glean-context.tsx` holds the client in a React
 * context typed `Glean | null`, which `src/components/Answers.tsx` reads. `src/server/` is a tRPC router
 * (nested search and agents routers in `src/server/routers/`, procedures handed a `Context` that holds
 * the client) that `src/lib/trpc-client.ts`'s client is typed by, and `src/app/trpc-preview.ts` calls.
 * `src/pages/` are Pages Router pages: what `getServerSideProps` or `getStaticProps` returns under `props`
 * is the page component's props. `src/app/results/page.tsx` hands Glean's results to components of other
 * modules as JSX props (`<ResultList results={…} />`); `src/app/wiki/page.tsx` hands the wiki's hits to one
 * of them too.
 */

const P = 'next-app';

describe.each([
  ['without type information', false],
  ['with type information', true],
])('next-app %s', (_mode, typed) => {
  it('components/Results.tsx: the `.data` of a `useMutation({ mutationFn: gleanSearch })` hook of another module', () => {
    const code = source(P, 'src/components/Results.tsx');
    expect(lintProjectFile(P, 'src/components/Results.tsx', { typed })).toEqual({
      reports: [{ line: 5, column: 80, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet)', 'snippets?.[0]?.text)'),
    });
  });

  it('components/Preview.tsx: responses of another module’s functions: one whose declared return type is the app’s own (`Promise<SearchPreview>`, declared in lib/types.ts) is renamed by a suggestion that names it, also inside a query’s `select`, through a typed `select` and in an array callback; one whose type is inferred from `res.json()` by an autofix', () => {
    const code = source(P, 'src/components/Preview.tsx');
    const suggestion = (from: string, to: string, type = 'SearchPreview') => [
      {
        desc: `Rename to \`text\` once you have checked that your type \`${type}\` (declared in another file) names \`text\`.`,
        output: edit(code, from, to),
      },
    ];
    expect(lintProjectFile(P, 'src/components/Preview.tsx', { typed })).toEqual({
      reports: [
        { line: 8, column: 52, rule: 'glean/no-removed', message: M.snippet, suggestions: suggestion('snippets?.[0]?.snippet;\n  const second', 'snippets?.[0]?.text;\n  const second') },
        { line: 9, column: 57, rule: 'glean/no-removed', message: M.snippet },
        { line: 19, column: 64, rule: 'glean/no-removed', message: M.snippet, suggestions: suggestion('snippets?.[0]?.snippet;\n}', 'snippets?.[0]?.text;\n}') },
        // A query's `select`: what its parameter is handed (the query function's declared type), what a typed one returns.
        { line: 24, column: 127, rule: 'glean/no-removed', message: M.snippet, suggestions: suggestion('snippets?.[0]?.snippet });', 'snippets?.[0]?.text });') },
        { line: 27, column: 37, rule: 'glean/no-removed', message: M.snippet, suggestions: suggestion('snippets[0]?.snippet}', 'snippets[0]?.text}', 'Hit') },
        // An array callback's parameter: its receiver's type.
        { line: 34, column: 80, rule: 'glean/no-removed', message: M.snippet, suggestions: suggestion('(s) => s.snippet)', '(s) => s.text)') },
      ],
      output: edit(code, 'raw.data?.results?.[0]?.snippets?.[0]?.snippet;', 'raw.data?.results?.[0]?.snippets?.[0]?.text;'),
    });
  });

  it('components/Inline.tsx: a response typed by another module’s inline return type: a suggestion that names it (the type is not this file’s to rename)', () => {
    const code = source(P, 'src/components/Inline.tsx');
    const type = typed ? '{ snippet: string; } | undefined' : '{ snippet: … }';
    expect(lintProjectFile(P, 'src/components/Inline.tsx', { typed })).toEqual({
      reports: [
        {
          line: 4,
          column: 63,
          rule: 'glean/no-removed',
          message: M.snippet,
          suggestions: [{ desc: `Rename to \`text\` once you have checked that your type \`${type}\` (declared in another file) names \`text\`.`, output: edit(code, '?.snippet;', '?.text;') }],
        },
      ],
      output: null,
    });
  });

  it('app/page.tsx: `(await searchGlean(q)).results…snippet` on a function imported through `@/lib/search`', () => {
    const code = source(P, 'src/app/page.tsx');
    expect(lintProjectFile(P, 'src/app/page.tsx', { typed })).toEqual({
      reports: [{ line: 4, column: 88, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'),
    });
  });

  it('hooks/use-swr-glean.ts: SWR runs the fetcher of another module with its key (a path, or a `[path, body]` tuple), and holds its response in `.data`; another service’s fetcher with the same keys is not Glean’s', () => {
    const code = source(P, 'src/hooks/use-swr-glean.ts');
    expect(lintProjectFile(P, 'src/hooks/use-swr-glean.ts', { typed })).toEqual({
      reports: [
        { line: 5, column: 27, rule: 'glean/no-deprecated', message: M.agentGet },
        { line: 10, column: 18, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 15, column: 45, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(code, 'snippets?.[0]?.snippet;\n}\n\n/**', 'snippets?.[0]?.text;\n}\n\n/**'),
    });
  });

  it('components/Answers.tsx: the client a React context holds by its type (`createContext<Glean | null>`), read by `useContext`, React 19’s `use` and a `useGlean()` hook of another module; a wiki’s context with the same shape is not Glean’s', () => {
    const code = source(P, 'src/components/Answers.tsx');
    expect(lintProjectFile(P, 'src/components/Answers.tsx', { typed })).toEqual({
      reports: [
        { line: 6, column: 22, rule: 'glean/no-removed', message: M.sdkListAnswers },
        {
          line: 12,
          column: 22,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (the result leaves what this file shows).',
              output: edit(code, 'glean?.client.agents.retrieve(id)', 'glean?.agents.get(id)'),
            },
          ],
        },
        { line: 18, column: 33, rule: 'glean/no-removed', message: M.sdkDocumentCount },
      ],
      output: null,
    });
  });

  it('context/glean-context.tsx: the context read in the module that makes it; the wiki’s context is not Glean’s', () => {
    expect(lintProjectFile(P, 'src/context/glean-context.tsx', { typed })).toEqual({
      reports: [{ line: 26, column: 16, rule: 'glean/no-removed', message: M.sdkListAnswers }],
      output: null,
    });
  });

  it('app/trpc-preview.ts: what a tRPC client’s calls resolve to (`createTRPCClient<AppRouter>` of another module, `AppRouter` a `typeof appRouter`): the resolver of the router’s procedure, in a nested router of a third module; the wiki’s procedure beside them is not Glean’s', () => {
    const code = source(P, 'src/app/trpc-preview.ts');
    expect(lintProjectFile(P, 'src/app/trpc-preview.ts', { typed })).toEqual({
      reports: [
        { line: 5, column: 44, rule: 'glean/no-removed', message: M.snippet },
        {
          line: 10,
          column: 32,
          rule: 'glean/no-removed',
          message: M.citations,
          suggestions: [
            {
              desc: 'Switch to `fragments[].citation` (review the code that reads the response).',
              output: edit(
                code,
                'answer.messages?.[0]?.citations;',
                "answer.messages?.[0]?.fragments?.flatMap((item: NonNullable<NonNullable<NonNullable<(typeof answer)['messages']>[0]>['fragments']>[number]) => (item.citation ? [item.citation] : []));",
              ),
            },
          ],
        },
      ],
      output: edit(code, 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'),
    });
  });

  it('app/last-search.ts: a response kept in a variable annotated with the SDK method’s own type (`Awaited<ReturnType<typeof glean.client.search.query>>`, lib types around it) is renamed by an autofix', () => {
    const code = source(P, 'src/app/last-search.ts');
    expect(lintProjectFile(P, 'src/app/last-search.ts', { typed })).toEqual({
      reports: [{ line: 5, column: 45, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'),
    });
  });

  it('app/trpc-local.ts: a tRPC client made in the calling module, typed by the router of another', () => {
    const code = source(P, 'src/app/trpc-local.ts');
    expect(lintProjectFile(P, 'src/app/trpc-local.ts', { typed })).toEqual({
      reports: [{ line: 7, column: 82, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'),
    });
  });

  it('server/routers/agents.ts: procedures on the client the tRPC context type declares (`initTRPC.context<Context>()` in server/trpc.ts, `Context` of server/context.ts), read as `ctx.glean` and `opts.ctx.glean` by resolvers built on an imported `publicProcedure`; the wiki’s client under another key is not Glean’s', () => {
    const code = source(P, 'src/server/routers/agents.ts');
    const suggestion = (replacement: string, type: string, from: string, to: string) => ({
      desc: `Switch to ${replacement} once you have checked that the code that uses the result fits \`${type}\` (the result leaves what this file shows).`,
      output: edit(code, from, to),
    });
    expect(lintProjectFile(P, 'src/server/routers/agents.ts', { typed })).toEqual({
      reports: [
        {
          line: 5,
          column: 101,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [suggestion('agents.get()', 'PlatformAgentGetResponse', 'ctx.glean.client.agents.retrieve(input.id)', 'ctx.glean.agents.get(input.id)')],
        },
        {
          line: 6,
          column: 95,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentSchemas,
          suggestions: [suggestion('agents.getSchemas()', 'PlatformAgentSchemasResponse', 'opts.ctx.glean.client.agents.retrieveSchemas(opts.input.id)', 'opts.ctx.glean.agents.getSchemas(opts.input.id)')],
        },
      ],
      output: null,
    });
  });

  it.each(['src/server/routers/search.ts', 'src/server/root.ts', 'src/server/trpc.ts', 'src/server/context.ts', 'src/lib/trpc-client.ts'])('%s: the procedures and the client are not uses on their own', (file) => {
    expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
  });

  it.each(['src/lib/glean.ts', 'src/lib/search.ts', 'src/hooks/use-search.ts', 'src/lib/fetcher.ts'])('%s: nothing deprecated is written there', (file) => {
    expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
  });
  it('pages/search.tsx: `getServerSideProps` (an arrow that `satisfies GetServerSideProps`) returns the search results under `props`, read from the page’s props', () => {
    const code = source(P, 'src/pages/search.tsx');
    expect(lintProjectFile(P, 'src/pages/search.tsx', { typed })).toEqual({
      reports: [{ line: 14, column: 75, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet}', 'snippets?.[0]?.text}'),
    });
  });

  it('pages/weekly.tsx: `getStaticProps` returns a value typed by the module’s own type, read through `InferGetStaticPropsType<typeof getStaticProps>`: the type’s member is renamed with the read', () => {
    const code = source(P, 'src/pages/weekly.tsx');
    expect(lintProjectFile(P, 'src/pages/weekly.tsx', { typed })).toEqual({
      reports: [
        { line: 3, column: 54, rule: 'glean/no-removed', message: M.snippet },
        { line: 12, column: 40, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(edit(code, '{ snippet?: string }', '{ text?: string }'), 'snippets?.[0]?.snippet}', 'snippets?.[0]?.text}'),
    });
  });

  it('pages/digest.tsx: the wiki’s digest a page’s `getStaticProps` returns is not Glean’s', () => {
    expect(lintProjectFile(P, 'src/pages/digest.tsx', { typed })).toEqual({ reports: [], output: null });
  });
  it('components/ResultList.tsx: a component of another module handed Glean’s results as a JSX prop (`<ResultList results={response.results ?? []} />`)', () => {
    const code = source(P, 'src/components/ResultList.tsx');
    expect(lintProjectFile(P, 'src/components/ResultList.tsx', { typed })).toEqual({
      reports: [{ line: 7, column: 80, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet}', 'snippets?.[0]?.text}'),
    });
  });

  it('components/SnippetList.tsx: a component the wiki page renders too, with its hits: a suggestion, which renames the component’s own type with the read', () => {
    const code = source(P, 'src/components/SnippetList.tsx');
    expect(lintProjectFile(P, 'src/components/SnippetList.tsx', { typed })).toEqual({
      reports: [
        {
          line: 3,
          column: 71,
          rule: 'glean/no-removed',
          message: M.snippet,
          suggestions: [
            {
              desc: 'Rename to `text` once you have checked that only Glean’s value reaches this code.',
              output: edit(edit(code, '{ snippet?: string }', '{ text?: string }'), 'snippets?.[0]?.snippet}', 'snippets?.[0]?.text}'),
            },
          ],
        },
      ],
      output: null,
    });
  });
});
