/**
 * The analysis behind the rules, as one module: what a rule does with a file once its first look
 * (unread-lane.ts) has not left the file unread, and the settings reader the configs' cache key uses.
 * Loaded through load-implementation.ts, never imported by the plugin's entry: the bundle ships it as
 * a module of its own, loaded on the first file that needs it.
 */
export { lifecycleListeners } from './lifecycle-listeners.js';
export { runInputListeners } from './run-input-listeners.js';
export { readSettings } from './settings.js';
