// The migration report for `eslint -f ./node_modules/eslint-plugin-glean/formatter.js`: ESLint's `-f`
// takes a file path, and this one stays put whatever the build layout.
export { default } from './dist/bundle/formatter.js';
