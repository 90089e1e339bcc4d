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
    files: ['scripts/**/*.js', 'tools/**/*.js', 'eslint.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
