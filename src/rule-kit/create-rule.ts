import type * as ESLintUtils from '@typescript-eslint/utils/eslint-utils';
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
 * typescript-eslint's `RuleCreator` without its options merge: ESLint (9.15 and later, all this
 * plugin supports) and oxlint merge `meta.defaultOptions` into the configured options themselves, once
 * per config. A context without options (a runtime that does not) gets the defaults.
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>({
  name,
  meta,
  defaultOptions,
  create,
}: Readonly<ESLintUtils.RuleWithMetaAndName<Options, MessageIds, GleanRuleDocs>>): GleanRule<Options, MessageIds> {
  const defaults = (defaultOptions ?? []) as unknown as Options;
  const optionsFor = (given: Options): Options => (given.length === 0 ? defaults : given);

  return {
    name,
    meta: { ...meta, docs: { ...meta.docs, url: `${DOCS_BASE_URL}/${name}.md` } },
    defaultOptions: defaults,
    create: (context) => create(context, optionsFor(context.options)),
  };
}
