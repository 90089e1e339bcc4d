// The migration report in Markdown (for CI summaries), for
// `eslint -f ./node_modules/eslint-plugin-glean/formatter/markdown.js`.
export { default } from '../dist/bundle/formatter-markdown.js';
