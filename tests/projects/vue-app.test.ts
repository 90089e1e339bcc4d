import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { M, source } from './messages.js';

/**
 * vue-app: modules of the project used only by Vue and Svelte single-file components.
 * `src/components/AnnouncementForm.vue` (`<script setup lang="ts">`) sends `src/utils/audience.ts`'s filters
 * in a `/createannouncement` body, and `src/utils/wiki-filters.ts`'s to the wiki;
 * `src/components/SearchResults.svelte` hands a Glean search response to `src/utils/format.ts`'s
 * formatter. The components' scripts are read as the project's modules (their importers and what they send).
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

  it('utils/wiki-filters.ts: filters the component sends only to the wiki are not Glean’s', () => {
    expect(lintProjectFile(P, 'src/utils/wiki-filters.ts', { typed })).toEqual({ reports: [], output: null });
  });
});

