import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { M } from './messages.js';

/**
 * twin-modules: a CommonJS job whose mapper two teams copied: `src/mapper-a.js` and `src/mapper-b.js`
 * have the same text, and each is sent to Glean's Indexing API by its own sync module. Each copy is a
 * module of its own: both report their `location` (also under oxlint, which hands files of the same
 * text over with the same `SourceCode`; see tests/tree-access.test.ts and the oxlint project test).
 */

const P = 'twin-modules';

describe('twin-modules', () => {
  it.each(['src/mapper-a.js', 'src/mapper-b.js'])('%s: its `location`, sent by its own sync module', (file) => {
    expect(lintProjectFile(P, file)).toEqual({
      reports: [{ line: 3, column: 48, rule: 'glean/no-removed', message: M.location }],
      output: null,
    });
  });

  it.each(['src/sync-a.js', 'src/sync-b.js'])('%s: nothing written there is deprecated', (file) => {
    expect(lintProjectFile(P, file)).toEqual({ reports: [], output: null });
  });
});
