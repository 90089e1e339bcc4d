import type * as ESLintUtils from '@typescript-eslint/utils/eslint-utils';
import { applyDefault } from '../util/packages.js';
import { DOCS_BASE_URL } from './package-info.js';

export { DOCS_BASE_URL };

export interface GleanRuleDocs {
  /** Whether `glean.configs.recommended` turns the rule on (ESLint's convention: a boolean). */
  recommended: boolean;
  /** The severity the rule has in `glean.configs.recommended`, from which every config is derived. */
  recommendedSeverity: 'error' | 'warn';
}

type GleanRule<Options extends readonly unknown[], MessageIds extends string> = ESLintUtils.RuleModule<
  MessageIds,
  Options,
  GleanRuleDocs
> & { name: string };

/**
 * typescript-eslint's `RuleCreator`, with the defaults merged once per distinct options value rather than
 * once per file: its `applyDefault` deep-clones the options for every file and every rule, which was a
 * quarter of our rules' own time on a corpus where few files name Glean. ESLint hands each file a new
 * options array holding the same configured objects, so those objects key the cache.
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>({
  name,
  meta,
  defaultOptions,
  create,
}: Readonly<ESLintUtils.RuleWithMetaAndName<Options, MessageIds, GleanRuleDocs>>): GleanRule<Options, MessageIds> {
  const defaults = (defaultOptions ?? []) as unknown as Options;
  const byFirstOption = new WeakMap<object, Options>();

  const merge = (given: Options): Options => applyDefault<Options, Options>(defaults, given);
  const optionsFor = (given: Options): Options => {
    // No options: the defaults as they are (the merge would copy them), without loading the merge's package.
    if (given.length === 0) return defaults;
    const first: unknown = given[0];
    if (given.length !== 1 || typeof first !== 'object' || first === null) return merge(given);
    let merged = byFirstOption.get(first);
    if (!merged) {
      merged = merge(given);
      byFirstOption.set(first, merged);
    }
    return merged;
  };

  return {
    name,
    meta: { ...meta, docs: { ...meta.docs, url: `${DOCS_BASE_URL}/${name}.md` } },
    defaultOptions: defaults,
    create: (context) => create(context, optionsFor(context.options)),
  };
}
