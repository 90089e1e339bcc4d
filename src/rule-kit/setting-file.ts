import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A setting given as the path of a JSON file: relative to ESLint's working directory, absolute, or a
 * `file:` URL (what `import.meta.resolve` and `new URL(…, import.meta.url)` give a config). Problems
 * come back as messages that name the setting, the resolved absolute path and, for a relative path,
 * the working directory it was resolved from; never as exceptions.
 */
export function readJsonSettingFile(setting: string, path: string, cwd: string): { data: unknown } | { problem: string } {
  const at = `${setting}: ${JSON.stringify(path)}`;
  let absolute: string;
  try {
    absolute = settingFilePath(path, cwd);
  } catch (error) {
    return { problem: `${at} is not a valid file URL (${(error as Error).message})` };
  }
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    const relative = !path.startsWith('file:') && !isAbsolute(path);
    return { problem: `${at} cannot be read (${reason}): ${absolute}${relative ? `, resolved from the working directory ${cwd}` : ''}` };
  }
  try {
    return { data: JSON.parse(text) as unknown };
  } catch (error) {
    return { problem: `${at} is not valid JSON (${(error as Error).message})` };
  }
}

/** Where a file a setting names is: a `file:` URL, or a path resolved from the working directory. */
export function settingFilePath(path: string, cwd: string): string {
  return path.startsWith('file:') ? fileURLToPath(path) : resolve(cwd, path);
}
