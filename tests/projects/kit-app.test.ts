import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { edit, M, source } from './messages.js';

/**
 * kit-app: SvelteKit routes, linted without type information (the components through
 * svelte-eslint-parser). A route's component does not import its data module: what `load` in
 * `+page.server.ts` (or `.js`) returns is the page's `data` prop, and what a form action returns its
 * `form` prop — `let { data, form } = $props()` (Svelte 5) or `export let data` (Svelte 4), read in the
 * script and in the template's expressions. Look-alikes: the wiki's route, and a page whose universal
 * `+page.ts` load (which the page's data comes from) returns the wiki's results while its server load
 * returns Glean's.
 */

const P = 'kit-app';

describe('kit-app without type information', () => {
  it('routes/search/+page.svelte: `data` and `form` of `$props()` hold what `load` and the form action return, read in the script and the template; a local `snippet` is not a use', () => {
    const code = source(P, 'src/routes/search/+page.svelte');
    expect(lintProjectFile(P, 'src/routes/search/+page.svelte')).toEqual({
      reports: [
        { line: 3, column: 58, rule: 'glean/no-removed', message: M.snippet },
        {
          line: 4,
          column: 39,
          rule: 'glean/no-removed',
          message: M.citations,
          suggestions: [
            {
              desc: 'Switch to `fragments[].citation` (review the code that reads the response).',
              output: edit(
                code,
                'form?.reply?.citations?.length',
                "form?.reply?.fragments?.flatMap((item: NonNullable<NonNullable<NonNullable<typeof form>['reply']>['fragments']>[number]) => (item.citation ? [item.citation] : []))?.length",
              ),
            },
          ],
        },
        { line: 10, column: 37, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(edit(code, 'data.results[0]?.snippets?.[0]?.snippet', 'data.results[0]?.snippets?.[0]?.text'), 'data.results[1]?.snippets?.[0]?.snippet', 'data.results[1]?.snippets?.[0]?.text'),
    });
  });

  it('routes/legacy/+page.server.js: the load’s own read of the response', () => {
    const code = source(P, 'src/routes/legacy/+page.server.js');
    expect(lintProjectFile(P, 'src/routes/legacy/+page.server.js')).toEqual({
      reports: [{ line: 6, column: 71, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'preview: body.results[0].snippets[0].snippet', 'preview: body.results[0].snippets[0].text'),
    });
  });

  it('routes/legacy/+page.svelte: Svelte 4’s `export let data` holds what a JavaScript `load` returns', () => {
    const code = source(P, 'src/routes/legacy/+page.svelte');
    expect(lintProjectFile(P, 'src/routes/legacy/+page.svelte')).toEqual({
      reports: [{ line: 3, column: 37, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets[0].snippet', 'snippets[0].text'),
    });
  });

  it('routes/+layout.svelte: the layout’s `data` holds what `+layout.server.ts`’s load returns', () => {
    const code = source(P, 'src/routes/+layout.svelte');
    expect(lintProjectFile(P, 'src/routes/+layout.svelte')).toEqual({
      reports: [{ line: 5, column: 40, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet}', 'snippets?.[0]?.text}'),
    });
  });

  it('routes/feedback/+page.svelte: `form` filled by two actions, one the wiki’s: a suggestion', () => {
    const code = source(P, 'src/routes/feedback/+page.svelte');
    expect(lintProjectFile(P, 'src/routes/feedback/+page.svelte')).toEqual({
      reports: [
        {
          line: 5,
          column: 40,
          rule: 'glean/no-removed',
          message: M.snippet,
          suggestions: [{ desc: 'Rename to `text` once you have checked that only Glean’s value reaches this code.', output: edit(code, 'snippets?.[0]?.snippet}', 'snippets?.[0]?.text}') }],
        },
      ],
      output: null,
    });
  });

  it.each(['src/routes/wiki/+page.svelte', 'src/routes/universal/+page.svelte'])('%s: the wiki’s data, and a page whose universal load returns the wiki’s, are not Glean’s', (file) => {
    expect(lintProjectFile(P, file)).toEqual({ reports: [], output: null });
  });
});
