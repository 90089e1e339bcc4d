import { ESLintUtils } from '@typescript-eslint/utils';

/** Where rule docs live; each rule's `meta.docs.url` is derived from its name. */
export const DOCS_BASE_URL = 'https://github.com/eslint-plugin-glean/eslint-plugin-glean/blob/main/docs/rules';

export interface GleanRuleDocs {
  /** The severity the rule has in `glean.configs.recommended`. */
  recommended: 'error' | 'warn';
}

export const createRule = ESLintUtils.RuleCreator<GleanRuleDocs>((name) => `${DOCS_BASE_URL}/${name}.md`);
