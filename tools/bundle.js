// `npm run build`'s second step: bundles the compiler's output as rolldown.config.ts says, through
// rolldown's API, which prints nothing. Its command line prints a table of chunks on stdout, and npm
// runs `prepare` (which builds) inside `npm pack`, whose `--json` output that table would corrupt.
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { loadConfig } from 'rolldown/config';

const config = await loadConfig(fileURLToPath(new URL('../rolldown.config.ts', import.meta.url)));
await build(config);
