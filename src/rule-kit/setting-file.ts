import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A setting given as the path of a JSON file: relative to ESLint's working directory, absolute, or a
 * `file:` URL (what `import.meta.resolve` and `new URL(…, import.meta.url)` give a config). Problems
 * come back as messages that name the setting and the path, never as exceptions.
 */
export function readJsonSettingFile(setting: string, path: string, cwd: string): { data: unknown } | { problem: string } {
  const at = `${setting}: ${JSON.stringify(path)}`;
  let text: string;
  try {
    text = readFileSync(settingPath(path, cwd), 'utf8');
  } catch (error) {
    return { problem: `${at} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
  try {
    return { data: JSON.parse(text) as unknown };
  } catch (error) {
    return { problem: `${at} is not valid JSON (${(error as Error).message})` };
  }
}

function settingPath(path: string, cwd: string): string {
  if (path.startsWith('file:')) return fileURLToPath(path);
  return isAbsolute(path) ? path : resolve(cwd, path);
}
