import { relative } from 'node:path';
import { readSettings, type GleanSettings } from './settings.js';

/**
 * A malformed `settings.glean` stops the run, the way ESLint stops on invalid rule options: a report
 * could be hidden by `--quiet` or bulk suppressions and leave the plugin silently off. ESLint's CLI
 * prints a fatal error's `stack`, so the stack is the message alone: one block that names every
 * problem, with no trace to read through.
 */
export class GleanSettingsError extends Error {
  override name = 'GleanSettingsError';

  constructor(
    readonly problems: readonly string[],
    /** The linted file whose configuration holds the settings, relative to the working directory. */
    readonly file: string,
  ) {
    super(
      [
        `Invalid eslint-plugin-glean settings (settings.glean in the configuration for ${file}):`,
        ...problems.map((problem) => `  - ${problem}`),
      ].join('\n'),
    );
    this.stack = this.message;
  }
}

interface SettingsContext {
  readonly settings: Readonly<Record<string, unknown>>;
  readonly cwd: string;
  readonly filename: string;
}

/** `settings.glean`, read once per settings object; throws a {@link GleanSettingsError} when malformed. */
export function settingsOf(context: SettingsContext): GleanSettings {
  const read = readSettings(context.settings, context.cwd);
  if (read.ok) return read.settings;
  throw new GleanSettingsError(read.problems, relative(context.cwd, context.filename) || context.filename);
}
