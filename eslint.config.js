// The project lints itself: typescript-eslint for the code, eslint-plugin-eslint-plugin for rules
// and their tests.
import js from '@eslint/js';
import eslintPlugin from 'eslint-plugin-eslint-plugin';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'fixtures/', 'node_modules/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['rules/**/*.ts', 'src/rule-kit/lifecycle-rule.ts'],
    ...eslintPlugin.configs.recommended,
  },
  {
    files: ['tests/**/*.ts'],
    ...eslintPlugin.configs.recommended,
    rules: {
      ...eslintPlugin.configs.recommended.rules,
      // Generated cases build code and positions from the register.
      'eslint-plugin/consistent-output': 'error',
    },
  },
  {
    // What the plugin imports at load time is paid by every editor start and every lint run: the main
    // entry of @typescript-eslint/utils loads ESLint's whole API, typescript is the compiler, and
    // importing (rather than requiring) a CommonJS package makes Node lex its source again.
    files: ['src/**/*.ts', 'rules/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@typescript-eslint/utils',
              allowTypeImports: true,
              message:
                'Take values (AST_NODE_TYPES, astUtils(), communityUtils()) from src/util/packages.ts: the main entry loads ESLint at import.',
            },
            { name: 'typescript', allowTypeImports: true, message: 'Type information comes from the parser services; import only types.' },
            ...['@typescript-eslint/types', '@typescript-eslint/utils/ast-utils', '@typescript-eslint/utils/eslint-utils', '@eslint-community/eslint-utils'].map(
              (name) => ({
                name,
                allowTypeImports: true,
                message: 'Take its values from src/util/packages.ts, which requires this CommonJS package (importing it costs import time).',
              }),
            ),
          ],
        },
      ],
    },
  },
  {
    // The one place that loads the CommonJS packages above.
    files: ['src/util/packages.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['scripts/**/*.js', 'tools/**/*.js', 'eslint.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
