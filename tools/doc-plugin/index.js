// The plugin as eslint-doc-generator sees it: read from the TypeScript source (through jiti), so the
// docs check needs no build, and with only a default export.
//
// eslint-doc-generator loads a plugin with `require()` first and unwraps `default` only when it is the
// module's sole export; on Node 20.19+ `require()` of our ESM entry succeeds and also returns the
// named `register` export, so the generator would see no `rules`. The top-level `await` below makes
// `require()` fail, and the generator falls back to `import()` of this package's `exports`.
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const { default: plugin } = await jiti.import('../../src/index.ts');

export default plugin;
