import { describe } from 'vitest';
import noDeprecated from '../../rules/no-deprecated.js';
import noRemoved from '../../rules/no-removed.js';
import { register } from '../../src/index.js';
import { statusOf } from '../../src/model/lifecycle.js';
import type { EndpointItem } from '../../src/register/types.js';
import { NOW, dataFor, locate, tsRuleTester } from '../helpers.js';

/**
 * The endpoint matrix: every register endpoint in several URL forms, for both lifecycle rules (the
 * hand-written cases are in tests/rules/endpoints.test.ts).
 */

const endpoints = register.items.filter((i): i is EndpointItem => i.kind === 'endpoint');
const removedOnNow = (item: EndpointItem) => statusOf(item, NOW, 0).lifecycle === 'removed';

/** A concrete path for a template: every `{param}` becomes a sample id. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'agt_123');
const HOST = 'https://acme-be.glean.com';

type Form = { name: string; code: (item: EndpointItem) => string; reported: (item: EndpointItem) => string };

/** URL forms every endpoint must be found in; `reported` is the source text the report spans. */
const forms: Form[] = [
  {
    name: 'fetch with an absolute URL',
    code: (i) => `await fetch('${HOST}${concrete(i.operation.path)}', { method: '${i.operation.method}' });`,
    reported: (i) => `'${HOST}${concrete(i.operation.path)}'`,
  },
  {
    name: 'axios verb with a path',
    code: (i) => `await axios.${i.operation.method.toLowerCase()}('${concrete(i.operation.path)}');`,
    reported: (i) => `'${concrete(i.operation.path)}'`,
  },
  {
    name: 'template literal with holes for the host and path parameters',
    code: (i) =>
      `await fetch(\`\${host}${i.operation.path.replace(/\{[^}]+\}/g, '${agentId}')}\`, { method: '${i.operation.method.toLowerCase()}' });`,
    reported: (i) => `\`\${host}${i.operation.path.replace(/\{[^}]+\}/g, '${agentId}')}\``,
  },
  {
    name: 'same-file constant table',
    code: (i) =>
      `const PATHS = { target: '${concrete(i.operation.path)}' };\nawait fetch(PATHS.target, { method: '${i.operation.method}' });`,
    reported: (i) => `'${concrete(i.operation.path)}'`,
  },
];

/** The suggestion output for a plain path swap, computed by text replacement. */
function swapped(item: EndpointItem, code: string, reported: string): string | undefined {
  const replacement = item.replacement;
  if (replacement.kind !== 'endpoint' || replacement.pathFromBody) return undefined;
  const oldPrefix = item.operation.path.split('/{')[0]!;
  const newPrefix = replacement.operation.path.split('/{')[0]!;
  return code.replace(reported, reported.replace(oldPrefix, newPrefix));
}

describe('every register endpoint is found in every URL form', () => {
  for (const rule of [noRemoved, noDeprecated]) {
    const ruleLifecycleRemoved = rule === noRemoved;
    const mine = endpoints.filter((e) => removedOnNow(e) === ruleLifecycleRemoved);
    const theirs = endpoints.filter((e) => removedOnNow(e) !== ruleLifecycleRemoved);
    tsRuleTester().run(ruleLifecycleRemoved ? 'no-removed' : 'no-deprecated', rule, {
      // The other lifecycle's items are never reported by this rule.
      valid: theirs.flatMap((i) => forms.map((form) => ({ name: `${i.id}: ${form.name}`, code: form.code(i) }))),
      invalid: mine.flatMap((i) =>
        forms.map((form) => {
          const code = form.code(i);
          const reported = form.reported(i);
          const output = swapped(i, code, reported);
          return {
            name: `${i.id}: ${form.name}`,
            code,
            output: null,
            errors: [
              {
                messageId: ruleLifecycleRemoved ? ('removed' as const) : ('deprecated' as const),
                data: dataFor(i.id),
                ...locate(code, reported),
                suggestions: output
                  ? [
                      {
                        messageId: 'switchToReplacement' as const,
                        data: { replacement: `${(i.replacement as { operation: { method: string; path: string } }).operation.method} ${(i.replacement as { operation: { path: string } }).operation.path}` },
                        output,
                      },
                    ]
                  : [],
              },
            ],
          };
        }),
      ),
    });
  }
});
