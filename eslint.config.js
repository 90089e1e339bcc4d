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
    // entry of @typescript-eslint/utils loads ESLint's whole API, and typescript is the compiler.
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
                'Import values from @typescript-eslint/types (AST_NODE_TYPES), @typescript-eslint/utils/ast-utils or /eslint-utils: the main entry loads ESLint at import.',
            },
            { name: 'typescript', allowTypeImports: true, message: 'Type information comes from the parser services; import only types.' },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.js', 'tools/**/*.js', 'eslint.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
