import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { edit, M, source } from './messages.js';

/**
 * router-app: React Router 7 and Remix 2 route modules. The component of a route module reads what the
 * module's `loader` or `action` returns by the framework's convention, not through a call the code
 * makes: `useLoaderData<typeof loader>()`, `useFetcher<typeof loader>().data`, framework mode's
 * `loaderData` / `actionData` props typed by the generated `./+types/<route>`, a `data(value, init)` or
 * Remix's `json(value)` the loader wraps the value in, and, in plain JavaScript, `useLoaderData()`
 * without a type argument. `src/lib/glean.server.ts` makes the client; `src/lib/config.ts` holds the
 * base URLs. Look-alikes: a route whose loader searches the wiki, a route whose client loader (which the
 * component reads) is the wiki's, and the app's own `useLoaderData` hook of another module.
 * State kept by libraries and read in other modules: a zustand store (`src/stores/search.ts`, through
 * `devtools`; `src/legacy/recent-store.js` in JavaScript) read by selectors, `useShallow`, `getState()`
 * and `get()`; a jotai async atom (`src/atoms/collection.ts`) read by `useAtomValue`, `useAtom` and
 * another atom's `get`; Temporal activities (`src/temporal/activities.ts`) a workflow calls through
 * `proxyActivities<typeof activities>()`.
 */

const P = 'router-app';

describe.each([
  ['without type information', false],
  ['with type information', true],
])('router-app %s', (_mode, typed) => {
  it('routes/search.tsx: `useLoaderData<typeof loader>()` and `useFetcher<typeof loader>().data` are the loader’s search response; a local `snippet` is not a use', () => {
    const code = source(P, 'src/routes/search.tsx');
    expect(lintProjectFile(P, 'src/routes/search.tsx', { typed })).toEqual({
      reports: [
        { line: 12, column: 59, rule: 'glean/no-removed', message: M.snippet },
        { line: 16, column: 82, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(edit(code, 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'), 'snippets?.[0]?.snippet}', 'snippets?.[0]?.text}'),
    });
  });

  it('routes/answers.tsx: framework mode’s `loaderData` and `actionData` props hold what `data(value, init)` and the action return (the loader also returns its own `params`, typed by the route’s generated types)', () => {
    const code = source(P, 'src/routes/answers.tsx');
    const { reports, output } = lintProjectFile(P, 'src/routes/answers.tsx', { typed });
    expect(reports.map(({ suggestions, ...report }) => ({ ...report, suggestions: suggestions?.map((each) => each.desc) }))).toEqual([
      { line: 19, column: 43, rule: 'glean/no-removed', message: M.snippet, suggestions: undefined },
      { line: 20, column: 30, rule: 'glean/no-removed', message: M.citations, suggestions: ['Switch to `fragments[].citation` (review the code that reads the response).'] },
    ]);
    expect(reports[1]!.suggestions![0]!.output).toBe(
      edit(
        code,
        'actionData?.reply?.citations?.length',
        "actionData?.reply?.fragments?.flatMap((item: NonNullable<NonNullable<NonNullable<typeof actionData>['reply']>['fragments']>[number]) => (item.citation ? [item.citation] : []))?.length",
      ),
    );
    expect(output).toBe(edit(code, 'snippets?.[0]?.snippet}', 'snippets?.[0]?.text}'));
  });

  it('routes/digest.tsx: a loader’s body typed by the module’s own type, read through `useLoaderData<typeof loader>()`: the type’s member is renamed with the read', () => {
    const code = source(P, 'src/routes/digest.tsx');
    expect(lintProjectFile(P, 'src/routes/digest.tsx', { typed })).toEqual({
      reports: [
        { line: 4, column: 74, rule: 'glean/no-removed', message: M.snippet },
        { line: 14, column: 56, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(edit(code, 'Array<{ snippet?: string }>', 'Array<{ text?: string }>'), 'snippets?.[0]?.snippet}', 'snippets?.[0]?.text}'),
    });
  });

  it('stores/search.ts: a zustand store (through `devtools`) whose `set` keeps the search results, read by the creator’s own `get()`', () => {
    const code = source(P, 'src/stores/search.ts');
    expect(lintProjectFile(P, 'src/stores/search.ts', { typed })).toEqual({
      reports: [{ line: 27, column: 60, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet,', 'snippets?.[0]?.text,'),
    });
  });

  it('components/SearchResults.tsx: the store’s state where another module reads it: a selector’s result, one in `useShallow`, and `getState()`; the wiki’s hits in the same store and another store’s `results` are not Glean’s', () => {
    const code = source(P, 'src/components/SearchResults.tsx');
    expect(lintProjectFile(P, 'src/components/SearchResults.tsx', { typed })).toEqual({
      reports: [
        { line: 12, column: 75, rule: 'glean/no-removed', message: M.snippet },
        { line: 14, column: 39, rule: 'glean/no-removed', message: M.snippet },
        { line: 20, column: 91, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(edit(edit(code, 'result.snippets?.[0]?.snippet}', 'result.snippets?.[0]?.text}'), 'again[0]?.snippets?.[0]?.snippet}', 'again[0]?.snippets?.[0]?.text}'), 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'),
    });
  });

  it('atoms/collection.ts: a jotai atom’s `get` of an async atom that retrieves a collection is its promise; the wiki’s atom is not Glean’s', () => {
    const code = source(P, 'src/atoms/collection.ts');
    expect(lintProjectFile(P, 'src/atoms/collection.ts', { typed })).toEqual({
      reports: [{ line: 8, column: 84, rule: 'glean/no-deprecated', message: M.collectionTrackingToken }],
      output: edit(code, '(await get(collectionAtom)).trackingToken', '(await get(collectionAtom)).collection?.trackingToken'),
    });
  });

  it('components/CollectionHeader.tsx: the async atom read in another module with `useAtomValue` and `useAtom`; the wiki’s atom is not Glean’s', () => {
    const code = source(P, 'src/components/CollectionHeader.tsx');
    expect(lintProjectFile(P, 'src/components/CollectionHeader.tsx', { typed })).toEqual({
      reports: [
        { line: 8, column: 35, rule: 'glean/no-deprecated', message: M.collectionTrackingToken },
        { line: 8, column: 68, rule: 'glean/no-deprecated', message: M.collectionTrackingToken },
      ],
      output: edit(edit(code, 'response.trackingToken', 'response.collection?.trackingToken'), 'again.trackingToken', 'again.collection?.trackingToken'),
    });
  });

  it('temporal/workflows.ts: activities a workflow calls through `proxyActivities<typeof activities>()`, destructured and as members, resolve to what each activity returns; the wiki activity is not Glean’s', () => {
    const code = source(P, 'src/temporal/workflows.ts');
    expect(lintProjectFile(P, 'src/temporal/workflows.ts', { typed })).toEqual({
      reports: [
        { line: 11, column: 45, rule: 'glean/no-removed', message: M.snippet },
        { line: 11, column: 132, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(edit(code, 'hits.results?.[0]?.snippets?.[0]?.snippet', 'hits.results?.[0]?.snippets?.[0]?.text'), 'again.results?.[0]?.snippets?.[0]?.snippet', 'again.results?.[0]?.snippets?.[0]?.text'),
    });
  });

  it.each(['src/routes/wiki.tsx', 'src/routes/mixed.tsx', 'src/routes/cached.tsx', 'src/stores/wiki.ts', 'src/temporal/activities.ts'])('%s: the wiki’s data, a client loader’s, another hook of the same name, another store, and activities that read nothing are not uses', (file) => {
    expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
  });
});

describe('router-app in plain JavaScript', () => {
  it('legacy/recent-store.js: a zustand store made by `create(fn)`, written by an updater (`set(() => ({ recent }))`), read by `get()`', () => {
    const code = source(P, 'src/legacy/recent-store.js');
    expect(lintProjectFile(P, 'src/legacy/recent-store.js')).toEqual({
      reports: [{ line: 15, column: 56, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets[0]?.snippet,', 'snippets[0]?.text,'),
    });
  });

  it('legacy/recent.jsx: a selector’s result and the whole state (`useRecentStore()`) read in another module; a key the state starts with a value of its own may hold other values (a suggestion)', () => {
    const code = source(P, 'src/legacy/recent.jsx');
    expect(lintProjectFile(P, 'src/legacy/recent.jsx')).toEqual({
      reports: [
        { line: 8, column: 72, rule: 'glean/no-removed', message: M.snippet },
        {
          line: 9,
          column: 72,
          rule: 'glean/no-removed',
          message: M.snippet,
          suggestions: [{ desc: 'Rename to `text` once you have checked that only Glean’s value reaches this code.', output: edit(code, '{pinned.map((result) => <li key={result.url}>{result.snippets[0].snippet}', '{pinned.map((result) => <li key={result.url}>{result.snippets[0].text}') }],
        },
      ],
      output: edit(code, '{recent.map((result) => <li key={result.url}>{result.snippets[0].snippet}', '{recent.map((result) => <li key={result.url}>{result.snippets[0].text}'),
    });
  });

  it('legacy/notes.jsx: Remix 2’s `json(value)` and `useLoaderData()` without a type argument in the loader’s own module', () => {
    const code = source(P, 'src/legacy/notes.jsx');
    expect(lintProjectFile(P, 'src/legacy/notes.jsx')).toEqual({
      reports: [{ line: 14, column: 80, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'result.snippets[0].snippet', 'result.snippets[0].text'),
    });
  });
});
