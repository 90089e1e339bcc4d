/**
 * Floating dependency specs in a package-lock.json.
 *
 * `npm ci` installs exactly what the lockfile holds, but first checks that the lockfile still
 * satisfies every dependency spec in the tree. A spec that is a dist-tag (`"jschardet": "latest"`)
 * is resolved again against the registry for that check, so the day the tag moves, `npm ci` fails on
 * every fresh clone although nothing in this repository changed. The same holds for any spec that is
 * not a semver range (a git URL, a tarball URL). An `overrides` entry that pins the package to an
 * exact version takes the spec out of npm's hands, so a pinned spec is fine.
 */
import semver from 'semver';

export interface LockfileShape {
  packages: Record<string, LockedPackage>;
}

interface LockedPackage {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** package.json `overrides`: a name maps to a spec, or to an object of nested overrides ("." is its own spec). */
export type Overrides = { [name: string]: string | Overrides };

export interface FloatingSpec {
  /** The package whose manifest holds the spec (`(root)` for the project itself). */
  dependent: string;
  dependency: string;
  spec: string;
  /** Why it is a problem, in words a person can act on. */
  problem: string;
}

const DEPENDENCY_FIELDS = ['dependencies', 'optionalDependencies', 'peerDependencies', 'devDependencies'] as const;
const ROOT_NAME = '(root)';

/** `npm:name@range` aliases name a range too; anything else must be a semver range itself. */
function isSemverRange(spec: string): boolean {
  const alias = /^npm:((?:@[^/@]+\/)?[^@]+)(?:@(.*))?$/.exec(spec);
  const range = alias ? (alias[2] ?? '*') : spec;
  return semver.validRange(range) !== null;
}

/** The package name a lockfile key installs: the part after its last `node_modules/`. */
function nameAtPath(path: string, locked: LockedPackage): string {
  if (path === '') return ROOT_NAME;
  return locked.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** Node's lookup: the dependent's own node_modules first, then each enclosing one. */
function installedAt(lock: LockfileShape, dependentPath: string, dependency: string): LockedPackage | undefined {
  let base = dependentPath;
  for (;;) {
    const found = lock.packages[base === '' ? `node_modules/${dependency}` : `${base}/node_modules/${dependency}`];
    if (found) return found;
    if (base === '') return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/**
 * The override that applies to `dependency` when `dependent` asks for it: one at the top level of
 * `overrides`, or one nested under the dependent's name (at any depth). npm takes the most specific.
 */
function overrideFor(overrides: Overrides, dependent: string, dependency: string): string | undefined {
  let found: string | undefined;
  const visit = (level: Overrides, underDependent: boolean, topLevel: boolean) => {
    for (const [name, value] of Object.entries(level)) {
      if (name === dependency && (topLevel || underDependent)) {
        const spec = typeof value === 'string' ? value : typeof value['.'] === 'string' ? value['.'] : undefined;
        if (spec !== undefined && (found === undefined || underDependent)) found = spec;
      }
      if (typeof value === 'object') visit(value, underDependent || name === dependent || name.startsWith(`${dependent}@`), false);
    }
  };
  visit(overrides, false, true);
  return found;
}

/** Every spec in the locked tree that `npm ci` would resolve against the registry, unless pinned. */
export function floatingSpecs(lock: LockfileShape, overrides: Overrides = {}): FloatingSpec[] {
  const problems: FloatingSpec[] = [];
  for (const [path, locked] of Object.entries(lock.packages)) {
    const dependent = nameAtPath(path, locked);
    for (const field of DEPENDENCY_FIELDS) {
      // A dependency's devDependencies are never installed; only the project's own are.
      if (field === 'devDependencies' && path !== '') continue;
      for (const [dependency, spec] of Object.entries(locked[field] ?? {})) {
        if (isSemverRange(spec)) continue;
        const pin = overrideFor(overrides, dependent, dependency);
        const installed = installedAt(lock, path, dependency)?.version;
        if (pin === undefined) {
          problems.push({
            dependent,
            dependency,
            spec,
            problem: `${dependent} depends on ${dependency}@"${spec}", which is not a semver range; npm ci resolves it against the registry again. Pin it in package.json "overrides" (for example "${dependent}": { "${dependency}": "${installed ?? '<version>'}" }).`,
          });
        } else if (semver.valid(pin) === null) {
          problems.push({
            dependent,
            dependency,
            spec,
            problem: `${dependent} depends on ${dependency}@"${spec}"; its override "${pin}" is not an exact version, so it still floats.`,
          });
        } else if (installed !== undefined && installed !== pin) {
          problems.push({
            dependent,
            dependency,
            spec,
            problem: `${dependent} depends on ${dependency}@"${spec}", pinned to ${pin} by "overrides", but the lockfile installs ${installed}; run npm install to update the lockfile.`,
          });
        }
      }
    }
  }
  return problems;
}
