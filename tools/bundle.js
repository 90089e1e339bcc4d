// `npm run build`'s second step: bundles the compiler's output as rolldown.config.ts says, through
// rolldown's API, which prints nothing. Its command line prints a table of chunks on stdout, and npm
// runs `prepare` (which builds) inside `npm pack`, whose `--json` output that table would corrupt.
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { loadConfig } from 'rolldown/config';

const compiled = fileURLToPath(new URL('../dist/', import.meta.url));
const config = await loadConfig(fileURLToPath(new URL('../rolldown.config.ts', import.meta.url)));
const { output } = await build(config);

// Only the compiler's output goes into the bundle. A package it imports that is not a dependency would
// be copied in silently (and, in a test, work), where users' installs should decide its version.
// (`\0` ids are rolldown's own helpers.)
const inlined = output.flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : [])).filter((id) => !id.startsWith(compiled) && !id.startsWith('\0'));
if (inlined.length > 0) {
  process.stderr.write(`The bundle would copy in modules that are not the plugin's own; make them dependencies:\n${inlined.join('\n')}\n`);
  process.exit(1);
}
