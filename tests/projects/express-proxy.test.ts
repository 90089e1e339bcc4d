import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { edit, M, source } from './messages.js';

/**
 * express-proxy: an Express app in TypeScript that proxies Glean for an internal portal.
 * `src/lib/config.ts` holds the REST base (`${host}/rest/api/v1`, host from `process.env ?? …`) and a
 * path table `ENDPOINTS` of paths relative to it; `src/lib/http.ts` exports `gleanPost(path, body)`,
 * which joins the path to the base, and `searchGlean(q)`, which always calls /search. The routes pass
 * paths and bodies to the wrapper and read the search response.
 */

const P = 'express-proxy';

describe.each([
  ['without type information', false],
  ['with type information', true],
])('express-proxy %s', (_mode, typed) => {
  it('routes/answers.ts: paths and bodies the routes pass to the wrapper, a table path joined to the imported base, a response of an imported function', () => {
    const code = source(P, 'src/routes/answers.ts');
    expect(lintProjectFile(P, 'src/routes/answers.ts', { typed })).toEqual({
      reports: [
        { line: 4, column: 44, rule: 'glean/no-removed', message: M.listAnswers },
        // The table's relative path names the operation only once joined to the base: reported at the
        // argument that passes it, as a same-file table path joined to a base is reported at the join.
        { line: 5, column: 58, rule: 'glean/no-deprecated', message: M.runWait },
        { line: 6, column: 41, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 10, column: 42, rule: 'glean/no-removed', message: M.snippet },
        { line: 13, column: 144, rule: 'glean/no-removed', message: M.isNegated },
      ],
      output: edit(edit(code, 'snippets[0].snippet;', 'snippets[0].text;'), 'isNegated: true', "relationType: 'NOT_EQUALS'"),
    });
  });

  it.each(['src/lib/config.ts', 'src/lib/http.ts'])('%s: the base, the relative table and the wrappers are not uses on their own', (file) => {
    expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
  });
});
