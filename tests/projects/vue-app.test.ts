import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { M, source } from './messages.js';

/**
 * vue-app: modules of the project used only by Vue and Svelte single-file components.
 * `src/components/AnnouncementForm.vue` (`<script setup lang="ts">`) sends `src/utils/audience.ts`'s filters
 * in a `/createannouncement` body, and `src/utils/wiki-filters.ts`'s to the wiki;
 * `src/components/SearchResults.svelte` hands a Glean search response to `src/utils/format.ts`'s
 * formatter. The components' scripts are read as the project's modules (their importers and what they send).
 * `src/stores/search.ts` is a Pinia store whose action keeps Glean's results in its state;
 * `src/pages/results.ts` reads them where it uses the store. `src/composables/useGleanSearch.ts` keeps the
 * last response in a Vue ref that `src/pages/search-page.ts` reads.
 */

const P = 'vue-app';

describe.each([
  ['without type information', false],
  ['with type information', true],
])('vue-app %s', (_mode, typed) => {
  it('utils/audience.ts: filters a Vue component sends to Glean are reported where their keys are written', () => {
    const code = source(P, 'src/utils/audience.ts');
    expect(lintProjectFile(P, 'src/utils/audience.ts', { typed })).toEqual({
      reports: [
        { line: 4, column: 62, rule: 'glean/no-removed', message: M.isNegated },
        { line: 5, column: 58, rule: 'glean/no-removed', message: M.isNegated },
      ],
      output: code.replace('isNegated: false', "relationType: 'EQUALS' as const").replace('isNegated: true', "relationType: 'NOT_EQUALS' as const"),
    });
  });

  it('utils/format.ts: a formatter a Svelte component hands a Glean search response reads `snippet` (its type’s member renamed with it)', () => {
    const code = source(P, 'src/utils/format.ts');
    expect(lintProjectFile(P, 'src/utils/format.ts', { typed })).toEqual({
      reports: [
        { line: 2, column: 62, rule: 'glean/no-removed', message: M.snippet },
        { line: 3, column: 43, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: code.replace('{ snippet?: string }', '{ text?: string }').replace('snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'),
    });
  });

  it('stores/search.ts: a Pinia store’s action keeps the search results in its state (`this.results = response.results`), read by a getter’s `state` and another getter’s `this`; the wiki’s hits beside them are not Glean’s', () => {
    const code = source(P, 'src/stores/search.ts');
    expect(lintProjectFile(P, 'src/stores/search.ts', { typed })).toEqual({
      reports: [
        { line: 9, column: 63, rule: 'glean/no-removed', message: M.snippet },
        { line: 11, column: 65, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: code.replace('state.results[0]?.snippets?.[0]?.snippet', 'state.results[0]?.snippets?.[0]?.text').replace('result.snippets?.[0]?.snippet', 'result.snippets?.[0]?.text'),
    });
  });

  it('pages/results.ts: the store’s state read where another module uses the store (`store.results` of `useSearchStore()`, `results.value` of `storeToRefs`); its wiki hits and another object’s `results` are not uses', () => {
    const code = source(P, 'src/pages/results.ts');
    expect(lintProjectFile(P, 'src/pages/results.ts', { typed })).toEqual({
      reports: [
        { line: 7, column: 62, rule: 'glean/no-removed', message: M.snippet },
        { line: 12, column: 44, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: code.replace('result.snippets?.[0]?.snippet', 'result.snippets?.[0]?.text').replace('results.value[0]?.snippets?.[0]?.snippet', 'results.value[0]?.snippets?.[0]?.text'),
    });
  });

  it('composables/useGleanSearch.ts: a Vue ref the composable’s search writes the response to (`response.value = await glean.client.search.query(…)`), read in a `computed`; the `loading` ref beside it is no response', () => {
    const code = source(P, 'src/composables/useGleanSearch.ts');
    expect(lintProjectFile(P, 'src/composables/useGleanSearch.ts', { typed })).toEqual({
      reports: [{ line: 14, column: 84, rule: 'glean/no-removed', message: M.snippet }],
      output: code.replace('snippets?.[0]?.snippet);', 'snippets?.[0]?.text);'),
    });
  });

  it('pages/search-page.ts: the ref the composable of another module returns, destructured where it is called and read as `response.value`; a ref of the page’s own of the same shape is not a use', () => {
    const code = source(P, 'src/pages/search-page.ts');
    expect(lintProjectFile(P, 'src/pages/search-page.ts', { typed })).toEqual({
      reports: [{ line: 7, column: 73, rule: 'glean/no-removed', message: M.snippet }],
      output: code.replace('result.snippets?.[0]?.snippet);', 'result.snippets?.[0]?.text);'),
    });
  });

  it('utils/wiki-filters.ts: filters the component sends only to the wiki are not Glean’s', () => {
    expect(lintProjectFile(P, 'src/utils/wiki-filters.ts', { typed })).toEqual({ reports: [], output: null });
  });
});

