import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { M } from './messages.js';

/**
 * hr-sync: a nightly CommonJS job that pushes the HR system's employees to Glean's Indexing API.
 * `src/client.js` exports an axios instance on `${GLEAN_HOST}/api/index/v1` (`module.exports =
 * axios.create(…)`); `src/mappers.js` maps an HR row to Glean's employee (`toGleanEmployee`, with
 * `location`) and to the payroll system's record (which has its own `location`); `src/defaults.js`
 * exports a template every employee record starts from. `src/sync.js` and `src/bulk.js` send them to
 * Glean; `src/payroll.js` sends `toGleanEmployee(row)` to the payroll system as well.
 */

const P = 'hr-sync';

describe('hr-sync', () => {
  it('mappers.js: the mapper’s `location` is reported where it is written, once, though two modules send it to Glean and one to payroll; the payroll record’s is not', () => {
    expect(lintProjectFile(P, 'src/mappers.js')).toEqual({
      reports: [{ line: 7, column: 5, rule: 'glean/no-removed', message: M.location }],
      output: null,
    });
  });

  it('defaults.js: a template constant on `exports`, spread into the employees of a bulk upload', () => {
    expect(lintProjectFile(P, 'src/defaults.js')).toEqual({
      reports: [{ line: 2, column: 57, rule: 'glean/no-removed', message: M.location }],
      output: null,
    });
  });

  it('bulk.js: a deprecated endpoint on the axios instance of client.js; the spread payload parts are reported in their own modules', () => {
    expect(lintProjectFile(P, 'src/bulk.js')).toEqual({
      reports: [{ line: 7, column: 20, rule: 'glean/no-deprecated', message: M.bulkIndexEmployees }],
      output: null,
    });
  });

  it.each(['src/sync.js', 'src/payroll.js', 'src/client.js'])('%s: nothing written there is deprecated', (file) => {
    expect(lintProjectFile(P, file)).toEqual({ reports: [], output: null });
  });
});
