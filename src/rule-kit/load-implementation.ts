import * as implementation from './implementation.js';

/**
 * The rules' analysis (implementation.ts), for the rules and the configs to call when they need it.
 *
 * Importing the plugin is paid by every editor start, lint run and oxlint run, and most of the
 * plugin's code is the analysis, which a file that never names Glean does not need. From the sources
 * (the tests) this module imports it like any other; the bundle step (rolldown.config.ts) replaces
 * this module with one that requires the bundled implementation synchronously the first time it is
 * asked for (Node's `require` of an ES module, 20.19 and later), so that importing the plugin compiles
 * and runs only the rules' metadata, the configs and the rules' first look at a file.
 */
export function loadImplementation(): typeof implementation {
  return implementation;
}
