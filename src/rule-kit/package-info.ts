import { readFileSync } from 'node:fs';

/**
 * The package's own package.json, read once: its name, version and repository are stated there and
 * nowhere else (the rule docs' URLs derive from the repository). It sits one folder above `src/` in a
 * checkout and two above `dist/src/` when built; this file is one folder deeper than those.
 */
interface PackageJson {
  name: string;
  version: string;
  repository: { url: string };
}

function readPackageJson(): PackageJson {
  for (const relative of ['../../package.json', '../../../package.json']) {
    try {
      const json = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as Partial<PackageJson>;
      if (json.name === 'eslint-plugin-glean' && json.version && json.repository?.url) return json as PackageJson;
    } catch {
      // Not this folder; try the next one.
    }
  }
  throw new Error('eslint-plugin-glean: cannot find its package.json');
}

const packageJson = readPackageJson();

export const PACKAGE_NAME = packageJson.name;
export const PACKAGE_VERSION = packageJson.version;

/** `git+https://github.com/owner/repo.git` → `https://github.com/owner/repo`. */
export const REPOSITORY_URL = packageJson.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

/** Where rule docs live; each rule's `meta.docs.url` is derived from its name. */
export const DOCS_BASE_URL = `${REPOSITORY_URL}/blob/main/docs/rules`;
