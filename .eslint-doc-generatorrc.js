// eslint-doc-generator: the rule doc headers (title, notices) and the README's rules and configs lists.
//
//   npx eslint-doc-generator tools/doc-plugin           regenerate
//   npx eslint-doc-generator tools/doc-plugin --check   fail on a stale doc (the path goes first:
//                                                       `--check <path>` reads the path as its value)
//
// The plugin is loaded from `tools/doc-plugin/` (see there why), so doc paths are relative to it.

/** @type {import('eslint-doc-generator').GenerateOptions} */
export default {
  pathRuleDoc: '../../docs/rules/{name}.md',
  pathRuleList: '../../README.md',
  configEmoji: [['migrate', '🚚']],
  ruleDocSectionOptions: true,
};
