import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { edit, M, source } from './messages.js';

/**
 * dlp-admin: TypeScript admin scripts for Glean's data-loss-prevention policies. `src/glean/client.ts`
 * makes the client, `src/glean/index.ts` re-exports it (`export * from './client'`). `src/policy-config.ts`
 * is a helper that builds the `config` of a report, `src/policy-templates.ts` a template of scanned
 * sources, `src/policy-builder.ts` a fluent builder of a config; `src/create-report.ts`,
 * `src/create-audit.ts` and `src/create-shared.ts` pass them to `policies.create` on the imported client. The deprecated keys are reported where they are written, in the helper modules.
 */

const P = 'dlp-admin';

describe.each([
  ['without type information', false],
  ['with type information', true],
])('dlp-admin %s', (_mode, typed) => {
  it('policy-config.ts: the keys of a config built by a helper for `policies.create` in another module', () => {
    const code = source(P, 'src/policy-config.ts');
    expect(lintProjectFile(P, 'src/policy-config.ts', { typed })).toEqual({
      reports: [
        { line: 4, column: 34, rule: 'glean/no-removed', message: M.enabled },
        {
          line: 9,
          column: 5,
          rule: 'glean/no-removed',
          message: M.externalSharingOptions,
          suggestions: [
            {
              desc: 'Rename to `broadSharingOptions` once you have checked that the value fits `SharingOptions`.',
              output: edit(code, 'externalSharingOptions: externalSharing', 'broadSharingOptions: externalSharing'),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('policy-templates.ts: a template constant spread into a policy’s input options in another module: a pure rename, fixed where it is written', () => {
    const code = source(P, 'src/policy-templates.ts');
    expect(lintProjectFile(P, 'src/policy-templates.ts', { typed })).toEqual({
      reports: [{ line: 2, column: 30, rule: 'glean/no-removed', message: M.datasources }],
      output: edit(code, 'datasources:', 'datasourceInstances:'),
    });
  });

  it('policy-builder.ts: the config a fluent builder builds (`new PolicyBuilder().shareExternally().build()`) for `policies.create` in another module: the rename is fixed where it is written', () => {
    const code = source(P, 'src/policy-builder.ts');
    expect(lintProjectFile(P, 'src/policy-builder.ts', { typed })).toEqual({
      reports: [
        { line: 11, column: 26, rule: 'glean/no-removed', message: M.externalSharingOptions },
        { line: 11, column: 52, rule: 'glean/no-removed', message: M.enabled },
      ],
      output: edit(code, 'externalSharingOptions:', 'broadSharingOptions:'),
    });
  });

  it.each(['src/create-report.ts', 'src/create-audit.ts', 'src/create-shared.ts', 'src/glean/client.ts', 'src/glean/index.ts'])('%s: nothing written there is deprecated', (file) => {
    expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
  });
});
