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

  it('routes/answers.tsx: framework mode’s `loaderData` and `actionData` props hold what `data(value, init)` and the action return', () => {
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

  it.each(['src/routes/wiki.tsx', 'src/routes/mixed.tsx', 'src/routes/cached.tsx'])('%s: the wiki’s data, a client loader’s, and another hook of the same name are not Glean’s', (file) => {
    expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
  });
});

describe('router-app in plain JavaScript', () => {
  it('legacy/notes.jsx: Remix 2’s `json(value)` and `useLoaderData()` without a type argument in the loader’s own module', () => {
    const code = source(P, 'src/legacy/notes.jsx');
    expect(lintProjectFile(P, 'src/legacy/notes.jsx')).toEqual({
      reports: [{ line: 14, column: 80, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'result.snippets[0].snippet', 'result.snippets[0].text'),
    });
  });
});
