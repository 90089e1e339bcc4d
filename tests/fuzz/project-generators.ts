import fc from 'fast-check';
import { posix } from 'node:path';
import type { HttpMethod } from '../../src/register/types.js';
import {
  Builder,
  Fn,
  HOST_TEXT,
  Marks,
  ROOTS,
  Rand,
  buildPayload,
  buildReads,
  buildUrl,
  chooseMethod,
  concreteSegments,
  expectedAt,
  markOtherValueMayReach,
  methodText,
  moduleHeader,
  payloadExpression,
  readStatements,
  renderObject,
  renderRequest,
  stripMarkers,
  wrapperFor,
  type Client,
  type ExpectedUse,
  type RequestPlan,
  type UrlPlan,
} from './generators.js';
import { endpointItems, fieldHosts, gleanOps, LOOKALIKE_KEYS, opByKey, type FieldHost, type GleanOp, type UrlSegment } from './model.js';
import { endpointUsesOf, judgeMaybeReplacedRead, judgeRequest, type PEntry, type PNode, type RStep } from './oracle.js';
import { COMPONENTS, SdkProgram, callArguments, endpointUses, plan as sdkPlan, requestExpression, sdkModel, type SdkOp } from './sdk-generators.js';

/**
 * fast-check generators of multi-module projects: the uses of the single-file generators
 * (`generators.ts`, `sdk-generators.ts`) with their parts placed in other modules of a project,
 * which `project-check.ts` writes to disk and lints module by module:
 *
 * - SDK clients made in one module and called in another: an exported `new Glean(…)`, a sub-client
 *   alias, a factory, a default export (`module.exports = new Glean(…)`), an object or a class (or an
 *   instance of it) that holds the client, a client made after `await import(…)`, through barrels;
 * - base URLs, hosts and path tables of a config module, joined in another module;
 * - HTTP instances (`axios.create`, `got.extend`, `ky.create`) made in one module with a base from a
 *   config module, wrapper functions and classes (also given their base, or the method, by the caller);
 * - functions that send a request and return its response, read in another module (also as the
 *   mutation function of a React Query hook), with the body built in either module;
 * - payload builders (mappers, templates) whose objects another module sends: their uses are in the
 *   mapper's module, never autofixed when another module also sends them to another API;
 * - look-alikes: an OpenAI-style client module called with the SDK's method chains, instances and
 *   wrappers for another API or for Glean's new `/api` platform, mappers only another API receives.
 *
 * ES modules (named, aliased, namespace and default imports; inline and listed exports; `export *`,
 * `export { … } from` and `export { x as default } from` barrels) and CommonJS (`module.exports = …`,
 * `exports.x = …`, `require` with and without destructuring, `require` barrels); relative specifiers
 * with and without extensions (`.js` for `.ts`), index folders, package.json `imports` (`#src/…`);
 * JavaScript (`.js`, `.mjs`, `.cjs`) and TypeScript projects.
 *
 * Expected uses come from the oracle (`oracle.ts`) and from where the generator wrote each key, read
 * or URL: a project's builders share one set of marks, and each module is stripped of its own.
 */

export interface GeneratedFile {
  /** Path inside the project, with `/`. */
  path: string;
  code: string;
  expected: ExpectedUse[];
}

export interface GeneratedProject {
  lang: 'js' | 'ts';
  system: 'esm' | 'cjs';
  /** The modules, each of them linted. */
  files: GeneratedFile[];
  /** The project's other files (package.json). */
  extra: { path: string; text: string }[];
  features: string[];
}

/**
 * Forms that hit a known plugin bug (KNOWN_PROJECT_BUGS in project-check.ts, each with a failing
 * regression in regressions.test.ts): the run avoids them while the bug is open.
 */
export type ProjectBug =
  | 'esm-barrel-callee'
  | 'cjs-barrel'
  | 'namespace-holder'
  | 'cjs-namespace-function'
  | 'mapper-sender-barrel'
  | 'axios-get-wrapper'
  | 'config-url-method'
  | 'exported-template'
  | 'mapper-gate'
  | 'mapper-key-text'
  | 'inline-new-base'
  | 'holder-instance-const'
  | 'imported-mutation-fn'
  | 'namespace-template'
  | 'template-other-api'
  | 'namespace-mutation-fn'
  | 'layered-body';

/**
 * What an import names: a value read in place (a base URL, a table, a client), a function the importer
 * calls, or an object or class whose members the importer uses (an instance, a class with static
 * methods, a class it makes instances of).
 */
export type ImportKind = 'value' | 'function' | 'holder';

export interface ProjectOptions {
  avoid?: ReadonlySet<ProjectBug>;
  lang?: 'js' | 'ts';
}

type System = 'esm' | 'cjs';

/** What one module imports from another. */
interface ImportFrom {
  specifier: string;
  /** Names are read through a namespace import (`import * as m`, `const m = require(…)`) unless the form is avoided. */
  namespaced: boolean;
  /** Exported name → local name. */
  named: Map<string, string>;
  namespace?: string;
  default?: string;
}

export class Module {
  readonly b: Builder;
  readonly sdk: SdkProgram;
  readonly imports = new Map<Module, ImportFrom>();
  /** Exported name → local name. */
  readonly exported = new Map<string, string>();
  defaultExport?: string;
  /** A barrel's re-exports: the modules it passes on, and how. */
  readonly reexports: { from: Module; form: 'star' | 'list' | 'default' }[] = [];
  usesOpenAi = false;
  /** Declarations whose text is completed later (tables that later snippets add entries to). */
  readonly lazies: (() => string)[] = [];
  /** Base URLs this (config) module exports, by root. */
  readonly bases = new Map<string, (consumer: Module) => string>();
  settings?: { name: string; entries: string[] };
  table?: { name: string; entries: string[] };
  fullTable?: { name: string; entries: string[] };
  /** It sends a mapper's object (while mapper-sender-barrel is open, it imports only mappers through barrels). */
  sendsMapper = false;

  constructor(
    readonly project: Project,
    readonly path: string,
    readonly role: string,
  ) {
    this.b = new Builder(project.r, project.lang, { lang: project.lang }, project.marks, project.features);
    for (const name of ['Glean', 'OpenAI', 'require', 'module', 'exports', 'other', 'row', 'rows', 'elastic', 'useMutation']) this.b.moduleScope.claim(name);
    this.sdk = new SdkProgram(this.b);
  }

  get system(): System {
    return this.project.system;
  }

  /** Exports a module-level name under `name` (its own by default). */
  export(local: string, name = local): string {
    if (this.system === 'cjs' && this.defaultExport !== undefined) throw new Error(`CommonJS module ${this.path} exports a value as a whole`);
    this.exported.set(name, local);
    return name;
  }

  exportDefault(local: string): void {
    if (this.system === 'cjs' && this.exported.size > 0) throw new Error(`CommonJS module ${this.path} has named exports`);
    this.defaultExport = local;
  }

  /** A placeholder for text known once every snippet is placed. */
  lazy(text: () => string): string {
    this.lazies.push(text);
    return `\uE010${this.lazies.length - 1}\uE011`;
  }

  isEmpty(): boolean {
    return this.b.moduleDecls.length === 0 && this.b.functions.length === 0 && this.reexports.length === 0;
  }
}

const PATHS = {
  client: ['src/lib/glean', 'src/glean/client', 'src/glean/index', 'lib/glean-client', 'src/services/glean'],
  config: ['src/config', 'src/lib/config', 'config/glean', 'src/settings/index'],
  http: ['src/lib/http', 'src/http/glean-http', 'src/api/client', 'src/lib/fetcher'],
  api: ['src/lib/glean-api', 'src/services/search', 'src/api/glean', 'src/queries/index'],
  mappers: ['src/mappers', 'src/lib/to-glean', 'src/sync/mappers', 'src/transform/index'],
  openai: ['src/lib/openai', 'src/ai/client'],
  other: ['src/lib/payroll', 'src/vendors/hr-api'],
} as const;
type Role = keyof typeof PATHS;
const CONSUMER_DIRS = ['src/features', 'src/routes', 'src/jobs', 'src', 'app/components'];
const CONSUMER_NAMES = ['agents', 'search', 'sync', 'answers', 'admin', 'report', 'chat', 'page', 'handler', 'worker'];

export class Project {
  readonly marks = new Marks();
  readonly features = new Set<string>();
  /** Clients handed to a function so far: every other one goes through a factory's object instead (drawn without the random stream, which the other forms' coverage rests on). */
  handedSends = 0;
  readonly modules: Module[] = [];
  private readonly roles = new Map<Role, Module>();
  readonly system: System;
  /** The source extension: `.ts`, `.js`, `.mjs` or `.cjs`. */
  readonly ext: string;
  /** package.json `imports` maps `#src/*` to the sources. */
  readonly hashImports: boolean;
  private readonly specifiers = new Map<string, string>();

  constructor(
    readonly r: Rand,
    readonly lang: 'js' | 'ts',
    readonly options: ProjectOptions,
  ) {
    this.system = lang === 'ts' ? 'esm' : r.pick(['esm', 'cjs'] as const);
    this.ext = lang === 'ts' ? '.ts' : this.system === 'esm' ? r.pick(['.js', '.js', '.mjs']) : r.pick(['.js', '.cjs']);
    this.hashImports = r.chance(15);
    this.feature(`project:${lang}-${this.system}${this.ext === '.mjs' || this.ext === '.cjs' ? `-${this.ext.slice(1)}` : ''}`);
  }

  feature(name: string): void {
    this.features.add(name);
  }

  allows(bug: ProjectBug): boolean {
    return !(this.options.avoid?.has(bug) ?? false);
  }

  private free(path: string): boolean {
    const conflicts = (a: string, b: string) =>
      a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`) || (posix.basename(a) === 'index' && posix.dirname(a) === b) || (posix.basename(b) === 'index' && posix.dirname(b) === a);
    return !this.modules.some((module) => conflicts(module.path.slice(0, -this.ext.length), path));
  }

  private newModule(base: string, role: string): Module {
    let path = base;
    // `src/sync/mappers` next to a consumer `src/sync.js`: another name, else another folder.
    for (let i = 1; !this.free(path); i++) path = i < 3 ? `${base}${i}` : `${posix.dirname(base)}${i}/${posix.basename(base)}`;
    const module = new Module(this, `${path}${this.ext}`, role);
    this.modules.push(module);
    return module;
  }

  /** The module of a role (made on first use, at one of the role's usual paths). */
  module(role: Role): Module {
    let module = this.roles.get(role);
    if (!module) {
      module = this.newModule(this.r.pick(PATHS[role]), role);
      this.roles.set(role, module);
      if (role === 'http' && !this.allows('axios-get-wrapper')) module.b.shun.axiosGetWrapper = true;
      if (role === 'mappers') {
        if (!this.allows('mapper-gate')) {
          module.b.shun.arrayCallbacks = true;
          module.b.shun.indirection = true;
        }
        if (!this.allows('mapper-key-text')) {
          module.b.shun.computedKeys = true;
          module.b.shun.comments = true;
        }
      }
    }
    return module;
  }

  /** Another module of a role (a CommonJS module that exports one value as a whole). */
  another(role: Role): Module {
    return this.newModule(this.r.pick(PATHS[role]), role);
  }

  /** A module that uses what the others provide: an earlier one, or a new one. */
  consumer(not?: Module): Module {
    const existing = this.modules.filter((module) => module.role === 'consumer' && module !== not);
    if (existing.length > 0 && this.r.chance(40)) return this.r.pick(existing);
    return this.newModule(`${this.r.pick(CONSUMER_DIRS)}/${this.r.pick(CONSUMER_NAMES)}`, 'consumer');
  }

  /** A consumer that sends a mapper's object (see Module.sendsMapper). */
  mapperSender(): Module {
    let consumer = this.consumer();
    if (!this.allows('mapper-sender-barrel') && [...consumer.imports.keys()].some((module) => module.role === 'barrel' && module.reexports.some((entry) => entry.from.role !== 'mappers'))) {
      consumer = this.newModule(`${this.r.pick(CONSUMER_DIRS)}/${this.r.pick(CONSUMER_NAMES)}`, 'consumer');
    }
    consumer.sendsMapper = true;
    return consumer;
  }

  /** The barrel (`index`) of a module's folder. */
  private barrelOf(module: Module): Module | undefined {
    if (posix.basename(module.path, this.ext) === 'index') return undefined;
    const dir = posix.dirname(module.path);
    if (dir === 'src' || dir === '.') return undefined;
    const path = `${dir}/index${this.ext}`;
    const existing = this.modules.find((candidate) => candidate.path === path);
    if (existing) return existing.role === 'barrel' ? existing : undefined;
    if (!this.free(`${dir}/index`)) return undefined;
    const barrel = new Module(this, path, 'barrel');
    this.modules.push(barrel);
    return barrel;
  }

  /** How `from` names `to`: relative (with or without extension, a folder for an index), or `#src/…`. */
  specifier(from: Module, to: Module): string {
    const key = `${from.path}\0${to.path}`;
    let found = this.specifiers.get(key);
    if (found) return found;
    const r = this.r;
    const stem = to.path.slice(0, -this.ext.length);
    if (this.hashImports && stem.startsWith('src/') && r.chance(60)) {
      this.feature('specifier:package-imports');
      found = `#${stem}`;
    } else {
      let target = stem;
      if (posix.basename(stem) === 'index' && r.chance(60)) {
        this.feature('specifier:index-folder');
        target = posix.dirname(stem);
      } else {
        const ext =
          this.ext === '.mjs' || this.ext === '.cjs'
            ? r.chance(80)
              ? this.ext
              : ''
            : this.ext === '.ts'
              ? r.pick(['', '', '.js'])
              : this.system === 'esm'
                ? r.pick(['.js', '.js', ''])
                : r.pick(['', '', '.js']);
        if (ext === '') this.feature('specifier:no-extension');
        else if (this.ext === '.ts') this.feature('specifier:js-for-ts');
        target += ext;
      }
      let relative = posix.relative(posix.dirname(from.path), target);
      if (!relative.startsWith('.')) relative = `./${relative}`;
      found = relative;
    }
    this.specifiers.set(key, found);
    return found;
  }

  private importFrom(consumer: Module, source: Module): ImportFrom {
    let imported = consumer.imports.get(source);
    if (!imported) {
      imported = { specifier: this.specifier(consumer, source), namespaced: this.r.chance(25), named: new Map() };
      consumer.imports.set(source, imported);
    }
    return imported;
  }

  /**
   * An expression of `consumer` that reads `provider`'s export `name` (imported directly or through a
   * barrel). `template`: the value is a payload template the consumer sends.
   */
  ref(consumer: Module, provider: Module, name: string, kind: ImportKind = 'value', template = false): string {
    if (consumer === provider) return provider.exported.get(name) ?? name;
    const source = this.sourceFor(consumer, provider, false, kind, template);
    const imported = this.importFrom(consumer, source);
    const namespaced =
      imported.namespaced &&
      (kind !== 'holder' || this.allows('namespace-holder')) &&
      (kind !== 'function' || this.system === 'esm' || this.allows('cjs-namespace-function')) &&
      (!template || this.allows('namespace-template'));
    if (namespaced) {
      this.feature(`import:${this.system}-namespace`);
      if (!imported.namespace) {
        const stem = source.path.slice(0, -this.ext.length);
        const base = posix.basename(stem) === 'index' ? posix.basename(posix.dirname(stem)) : posix.basename(stem);
        imported.namespace = consumer.b.moduleScope.fresh(`${base.replace(/\W/g, '_')}Module`);
      }
      return `${imported.namespace}.${name}`;
    }
    this.feature(`import:${this.system}-named`);
    let local = imported.named.get(name);
    if (!local) {
      local = this.r.chance(15) ? consumer.b.moduleScope.fresh(`${name}Ref`) : consumer.b.moduleScope.fresh(name);
      if (local !== name) this.feature('import:alias');
      imported.named.set(name, local);
    }
    return local;
  }

  /** An expression of `consumer` that reads `provider`'s default export (`module.exports = …` in CommonJS). */
  refDefault(consumer: Module, provider: Module, base: string, kind: ImportKind = 'value'): string {
    const source = this.sourceFor(consumer, provider, true, kind);
    const imported = this.importFrom(consumer, source);
    imported.default ??= consumer.b.moduleScope.fresh(base);
    this.feature(`import:${this.system}-default`);
    return imported.default;
  }

  /** The module to import `provider`'s exports from: itself, or sometimes the barrel of its folder. */
  private sourceFor(consumer: Module, provider: Module, asDefault: boolean, kind: ImportKind, template = false): Module {
    const barrels =
      // A payload template, like a mapper function, is looked up from its module's side through the barrel (esm-barrel-callee).
      (this.system === 'cjs' ? this.allows('cjs-barrel') : (kind === 'value' && !template) || this.allows('esm-barrel-callee')) &&
      // While mapper-sender-barrel is open, only the consumers import through barrels, and a consumer that
      // sends a mapper's object only its mappers (a barrel on the way to its client is one more module
      // for the senders' gate: agents → lib/index → lib/http → config).
      ((consumer.role === 'consumer' && (!consumer.sendsMapper || provider.role === 'mappers')) || this.allows('mapper-sender-barrel'));
    const usable = (barrel: Module) => {
      if (!barrels && barrel !== provider) return false;
      const entry = barrel.reexports.find((candidate) => candidate.from === provider);
      return entry !== undefined && (asDefault ? entry.form === 'default' || (this.system === 'cjs' && entry.form === 'star') : entry.form !== 'default');
    };
    for (const known of consumer.imports.keys()) if (known === provider || usable(known)) return known;
    if (!barrels || !this.r.chance(30)) return provider;
    const barrel = this.barrelOf(provider);
    if (!barrel || barrel === consumer) return provider;
    if (usable(barrel)) return barrel;
    if (barrel.reexports.some((entry) => entry.from === provider)) return provider;
    if (this.system === 'cjs') {
      // A CommonJS barrel passes on one module: `module.exports = require('./glean')` or a copy of its exports.
      if (barrel.reexports.length > 0) return provider;
      if (asDefault !== (provider.defaultExport !== undefined)) return provider;
      const form = asDefault ? 'star' : this.r.pick(['star', 'list'] as const);
      barrel.reexports.push({ from: provider, form });
      this.feature(`barrel:cjs-${form === 'star' ? 'require' : 'spread'}`);
      return barrel;
    }
    if (asDefault && provider.defaultExport === undefined) return provider;
    const form = asDefault ? 'default' : this.r.pick(['star', 'star', 'list'] as const);
    barrel.reexports.push({ from: provider, form });
    this.feature(`barrel:esm-${form}`);
    return barrel;
  }
}

// ---------------------------------------------------------------------------------------------------
// Rendering a module.

function renderImports(module: Module): string[] {
  const lines: string[] = [];
  for (const imported of module.imports.values()) {
    const spec = `'${imported.specifier}'`;
    const named = [...imported.named].map(([name, local]) => (name === local ? name : module.system === 'esm' ? `${name} as ${local}` : `${name}: ${local}`));
    if (module.system === 'esm') {
      if (imported.default && named.length > 0 && module.b.r.chance(50)) lines.push(`import ${imported.default}, { ${named.join(', ')} } from ${spec};`);
      else {
        if (imported.default) lines.push(`import ${imported.default} from ${spec};`);
        if (named.length > 0) lines.push(`import { ${named.join(', ')} } from ${spec};`);
      }
      if (imported.namespace) lines.push(`import * as ${imported.namespace} from ${spec};`);
    } else {
      if (imported.default) lines.push(`const ${imported.default} = require(${spec});`);
      if (named.length > 0) lines.push(`const { ${named.join(', ')} } = require(${spec});`);
      if (imported.namespace) lines.push(`const ${imported.namespace} = require(${spec});`);
    }
  }
  return lines;
}

/** Whether a declaration declares `local` (`const local =`, `function local(`, `class local `). */
function declares(text: string, local: string): boolean {
  return new RegExp(`^(?:async )?(?:const|let|function|class) ${local.replace(/\$/g, '\\$')}\\b`).test(text);
}

function renderModule(module: Module): string {
  const b = module.b;
  const r = b.r;
  const project = module.project;
  const fill = (text: string) => text.replace(/\uE010(\d+)\uE011/g, (_, index: string) => module.lazies[Number(index)]!());
  const decls = b.moduleDecls.map(fill);
  const functions = b.functions.map(fill);
  const footer: string[] = [];
  if (module.system === 'esm') {
    const listed: string[] = [];
    for (const [name, local] of module.exported) {
      const at = name === local ? decls.findIndex((decl) => declares(decl, local)) : -1;
      const fnAt = name === local && at < 0 ? functions.findIndex((decl) => declares(decl, local)) : -1;
      if (fnAt >= 0 && r.chance(80)) functions[fnAt] = `export ${functions[fnAt]}`;
      else if (at >= 0 && r.chance(60)) {
        decls[at] = `export ${decls[at]}`;
        project.feature('export:esm-inline');
      } else {
        listed.push(name === local ? name : `${local} as ${name}`);
        project.feature('export:esm-list');
      }
    }
    if (module.defaultExport) {
      if (r.chance(50)) listed.push(`${module.defaultExport} as default`);
      else footer.push(`export default ${module.defaultExport};`);
      project.feature('export:esm-default');
    }
    if (listed.length > 0) footer.push(`export { ${listed.join(', ')} };`);
    for (const entry of module.reexports) {
      const spec = `'${project.specifier(module, entry.from)}'`;
      if (entry.form === 'star') footer.push(`export * from ${spec};`);
      else if (entry.form === 'default') footer.push(`export { default } from ${spec};`);
      else footer.push(`export { ${[...entry.from.exported.keys()].join(', ')} } from ${spec};`);
    }
  } else {
    if (module.defaultExport) {
      footer.push(`module.exports = ${module.defaultExport};`);
      project.feature('export:cjs-value');
    } else if (module.exported.size > 0) {
      const form = r.pick(['object', 'object', 'exports-dot', 'module-exports-dot'] as const);
      project.feature(`export:cjs-${form}`);
      const entries = [...module.exported].map(([name, local]) => (name === local ? name : `${name}: ${local}`));
      if (form === 'object') footer.push(`module.exports = { ${entries.join(', ')} };`);
      else for (const [name, local] of module.exported) footer.push(`${form === 'exports-dot' ? 'exports' : 'module.exports'}.${name} = ${local};`);
    }
    for (const entry of module.reexports) {
      const spec = `'${project.specifier(module, entry.from)}'`;
      footer.push(entry.form === 'list' ? `module.exports = { ...require(${spec}) };` : `module.exports = require(${spec});`);
    }
  }
  const body = [...decls, ...functions].join('\n');
  const header = moduleHeader(b, body, { system: module.system });
  if (module.sdk.usesGlean) header.unshift(module.system === 'esm' ? "import { Glean } from '@gleanwork/api-client';" : "const { Glean } = require('@gleanwork/api-client');");
  if (module.usesOpenAi) header.unshift(module.system === 'esm' ? "import OpenAI from 'openai';" : "const OpenAI = require('openai');");
  if (module.sdk.typeImports.size > 0) header.push(`import type { ${[...module.sdk.typeImports].sort().join(', ')} } from '${COMPONENTS}';`);
  if (module.sdk.usesOther) header.push(b.ts ? 'declare const otherSdk: any;' : 'const otherSdk = globalThis.otherSdk;');
  const parts = [...renderImports(module), ...header, ...decls, ...(functions.length > 0 ? ['', ...functions] : []), ...footer];
  return `${parts.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------
// Helpers.

/** Adds an exported function made of `fn`'s statements to `module`; returns its name. */
function finishFunction(module: Module, fn: Fn, base: string, params?: string): string {
  const b = module.b;
  const name = b.moduleScope.fresh(base.replace(/\W/g, '_'));
  const lines = [...fn.pre, ...fn.body, ...fn.post].flatMap((line) => line.split('\n')).map((line) => `  ${line}`);
  const list = params ?? (b.ts ? 'host: string, agentId: string, verb: string' : 'host, agentId, verb');
  b.functions.push(`${fn.async ? 'async ' : ''}function ${name}(${list}) {\n${lines.join('\n')}\n}`);
  module.export(name);
  return name;
}

const rootOf = (path: string) => ROOTS.find((candidate) => path.startsWith(`${candidate}/`));
const lastSegment = (op: GleanOp | SdkOp) => ('sdk' in op ? op.sdk.func : op.path.split('/').filter((s) => s && !s.startsWith('{')).at(-1)!);

interface Target {
  op: GleanOp;
  /** A field the request writes or reads. */
  host?: FieldHost;
}

/** An operation with an API root: a deprecated endpoint, one with a deprecated field (on `side`, if given), or any. */
function pickOp(r: Rand, side?: 'request' | 'response'): Target {
  const rooted = (op: GleanOp) => rootOf(op.path) !== undefined;
  const kind = side ? 'field' : r.pick(['endpoint', 'field', 'field', 'any'] as const);
  if (kind === 'endpoint') return { op: r.pick(endpointItems.map((item) => opByKey(`${item.operation.method} ${item.operation.path}`)).filter(rooted)) };
  if (kind === 'field') {
    const hosts = fieldHosts.filter((host) => rooted(host.op) && (side === undefined || host.side === side));
    const item = r.pick([...new Set(hosts.map((host) => host.item))]);
    const host = r.pick(hosts.filter((candidate) => candidate.item === item));
    return { op: host.op, host };
  }
  return { op: r.pick(gleanOps.filter(rooted)) };
}

/** An SDK method to call: one of a deprecated endpoint, one with a deprecated field (on `side`), or any. */
function pickSdkOp(r: Rand, side?: 'request' | 'response'): { target: SdkOp; host?: FieldHost } {
  const kind = side ? 'field' : r.pick(['endpoint', 'field', 'field', 'any'] as const);
  if (kind === 'endpoint') return { target: r.pick(r.pick(sdkModel().endpoints).ops) };
  if (kind === 'field') {
    const hosts = sdkModel().hosts.filter((host) => side === undefined || host.side === side);
    const items = sdkModel().fieldItems.filter((item) => hosts.some((host) => host.item === item));
    const item = r.pick(items);
    const host = r.pick(hosts.filter((candidate) => candidate.item === item));
    return { target: sdkModel().opOf.get(host.op)!, host };
  }
  return { target: r.pick(sdkModel().ops) };
}

/** What a request to `op` sends and reads: the target field, more of the operation's, look-alikes (judged later). */
function requestParts(b: Builder, op: GleanOp, method: HttpMethod | undefined, host: FieldHost | undefined, canRead: boolean): { body?: PNode; reads: RStep[][] } {
  const r = b.r;
  const requestTargets: FieldHost[] = [];
  const responseTargets: FieldHost[] = [];
  if (host) (host.side === 'request' ? requestTargets : responseTargets).push(host);
  const more = fieldHosts.filter((candidate) => candidate.op === op);
  const extra = r.int(0, 2);
  for (let i = 0; i < extra && more.length > 0; i++) {
    const next = r.pick(more);
    (next.side === 'request' ? requestTargets : responseTargets).push(next);
  }
  const sendsBody = method !== 'GET' && (op.bodyTypes.length > 0 || r.chance(30));
  const body = sendsBody ? buildPayload(b, op, requestTargets) : undefined;
  const reads = canRead && (responseTargets.length > 0 || r.chance(50)) ? buildReads(r, op, responseTargets) : [];
  return { ...(body ? { body } : {}), reads };
}

/** The text of path segments, `${agentId}` for holes. */
const segmentsText = (segments: readonly UrlSegment[]) => segments.map((segment) => ('text' in segment ? segment.text : '${agentId}')).join('/');

/** A relative path literal (a template when it has a hole): the report is at it. */
function relativeUrl(b: Builder, relative: readonly UrlSegment[], leadingSlash: boolean): { id: number; text: string } {
  const text = `${leadingSlash ? '/' : ''}${segmentsText(relative)}`;
  return b.anchor(relative.some((segment) => 'hole' in segment) || b.r.chance(20) ? `\`${text}\`` : b.quote(text));
}

/**
 * A body the request sends, as the generator renders it: the judged tree itself, or (`Shape`) a copy in
 * which a mapper's call stands for the part another module builds.
 */
type Shape = (body: PNode, where: Module, fn: Fn) => PNode;

interface Job {
  consumer: Module;
  fn: Fn;
  /** Set by the mapper snippet: the request writes its body (or a part of it) through a mapper. */
  shape?: Shape;
  /** The request must write a request-side field (the mapper snippet's requests). */
  side?: 'request';
}

/** Reads of `data` (a model value) in `fn`. */
const readAll = (fn: Fn, data: string, reads: readonly RStep[][], indent = '') => reads.flatMap((steps) => readStatements(fn, data, steps, 0, indent));

// ---------------------------------------------------------------------------------------------------
// Config modules: base URLs, hosts and path tables.

/**
 * A base URL (`root`: an API root, `/api`, or another API's URL) that the config module exports, read
 * in `consumer`: a literal, a template over the config's host, an environment default, or a member of a
 * settings object.
 */
function configBase(p: Project, consumer: Module, root: string): string {
  const config = p.module('config');
  const known = config.bases.get(root);
  if (known) return known(consumer);
  const cb = config.b;
  const r = p.r;
  const form = r.pick(['literal', 'template', 'env-default', 'nested'] as const);
  p.feature(`config:${form}`);
  const base = root === '/rest/api/v1' ? r.pick(['GLEAN_BASE_URL', 'BASE', 'API_BASE']) : root === '/api/index/v1' ? 'INDEXING_BASE' : root === '/api' ? 'PLATFORM_BASE' : 'PAYROLL_BASE';
  const name = cb.moduleScope.fresh(base);
  const full = root.startsWith('http') ? root : `${HOST_TEXT}${root}`;
  let read: (m: Module) => string;
  if (form === 'nested') {
    const settings = configSettings(config);
    const key = name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()).toLowerCase();
    settings.entries.push(`${key}: ${cb.quote(full)}`);
    read = (m) => `${p.ref(m, config, settings.name)}.glean.${key}`;
  } else {
    if (form === 'literal' || full.startsWith('https://payroll')) cb.moduleDecls.push(`const ${name} = ${cb.quote(full)};`);
    else if (form === 'template') cb.moduleDecls.push(`const ${name} = \`\${${configHost(p, config)}}${full.slice(HOST_TEXT.length)}\`;`);
    else cb.moduleDecls.push(`const ${name} = process.env.${name} ${r.pick(['??', '||'])} ${cb.quote(full)};`);
    config.export(name);
    read = (m) => p.ref(m, config, name);
  }
  config.bases.set(root, read);
  return read(consumer);
}

/** The config's settings object (`{ glean: { … } }`), completed when the module is rendered. */
function configSettings(config: Module): { name: string; entries: string[] } {
  if (!config.settings) {
    const name = config.b.moduleScope.fresh('settings');
    const entries: string[] = [];
    config.settings = { name, entries };
    config.b.moduleDecls.push(`const ${name} = { glean: { ${config.lazy(() => entries.join(', '))} } };`);
    config.export(name);
  }
  return config.settings;
}

/** The config's host constant: a literal, or an environment default. */
function configHost(p: Project, config: Module): string {
  const cb = config.b;
  if (cb.declared.has('GLEAN_HOST')) return 'GLEAN_HOST';
  const init = p.r.chance(50) ? cb.quote(HOST_TEXT) : `process.env.GLEAN_HOST ${p.r.pick(['??', '||'])} ${cb.quote(HOST_TEXT)}`;
  return cb.moduleConst('GLEAN_HOST', init);
}

/** The config's host, exported and read in `consumer`. */
function exportedHost(p: Project, consumer: Module): string {
  const config = p.module('config');
  const host = configHost(p, config);
  if (!config.exported.has(host)) config.export(host);
  return p.ref(consumer, config, host);
}

/** The config's table of relative paths (`ENDPOINTS = { answers: '/listanswers' }`), maybe frozen. */
function configTable(p: Project, config: Module, full: boolean): { name: string; entries: string[] } {
  let table = full ? config.fullTable : config.table;
  if (!table) {
    const name = config.b.moduleScope.fresh(full ? p.r.pick(['URLS', 'API']) : p.r.pick(['ENDPOINTS', 'ROUTES', 'paths']));
    const entries: string[] = [full ? `search: '${HOST_TEXT}/rest/api/v1/search'` : `search: '/search'`];
    table = { name, entries };
    if (full) config.fullTable = table;
    else config.table = table;
    const frozen = p.r.chance(25);
    if (frozen) p.feature('config:frozen-table');
    const list = config.lazy(() => entries.join(', '));
    config.b.moduleDecls.push(`const ${name} = ${frozen ? `Object.freeze({ ${list} })` : `{ ${list} }`};`);
    config.export(name);
  }
  return table;
}

// ---------------------------------------------------------------------------------------------------
// Senders: a request of the consumer, with its parts in other modules.

/** The HTTP clients that `renderRequest` writes, for a request whose URL is an expression of the consumer. */
const URL_CLIENTS: readonly Client[] = ['fetch', 'fetch', 'axios', 'axios', 'got', 'ky', 'urlfetch', 'https', 'mutation'];

/** Judges a request, then renders its body through the job's shape. */
function judged(job: Job, where: Module, fn: Fn, segments: readonly UrlSegment[], method: HttpMethod | undefined, body: PNode | undefined, reads: RStep[][]): PNode | undefined {
  judgeRequest(segments, method, body, reads);
  return body && job.shape ? job.shape(body, where, fn) : body;
}

/** A URL joined in the consumer from the config's base, host or path table; sent with any client. */
function sendWithRemoteBase(p: Project, job: Job): void {
  const r = p.r;
  const { consumer, fn } = job;
  const b = consumer.b;
  const { op, host } = pickOp(r, job.side);
  const root = rootOf(op.path)!;
  let client = r.pick(URL_CLIENTS);
  if (host?.side === 'response' && client === 'https') client = 'fetch';
  if (!fn.async && client !== 'urlfetch') client = 'urlfetch';
  const method = chooseMethod(b, op, true);
  const { segments, holeAt } = concreteSegments(b, op, true);
  const relative = segments.slice(root.split('/').length - 1);
  const form = r.pick(['template', 'concat', 'table', 'host'] as const);
  let anchor: { id: number; text: string };
  if (form === 'host') {
    // The consumer writes the API root after the config's host.
    const hostRef = exportedHost(p, consumer);
    const path = `/${segmentsText(segments)}`;
    if (holeAt.size === 0 && r.chance(50)) {
      p.feature('base:host-concat');
      anchor = b.anchor(b.quote(path));
      anchor = { id: anchor.id, text: `${hostRef} + ${anchor.text}` };
    } else {
      p.feature('base:host-template');
      anchor = b.anchor(`\`\${${hostRef}}${path}\``);
    }
  } else if (form === 'table' && holeAt.size === 0 && op.paramCount === 0) {
    // `${BASE}${ENDPOINTS.answers}`: a relative path of the config's table joined to its base.
    p.feature('base:table');
    const config = p.module('config');
    const base = configBase(p, consumer, root);
    const table = configTable(p, config, false);
    const entry = `route${table.entries.length}`;
    table.entries.push(`${entry}: ${config.b.quote(`/${segmentsText(relative)}`)}`);
    const read = `${p.ref(consumer, config, table.name)}.${entry}`;
    anchor = b.anchor(r.chance(50) ? `\`\${${base}}\${${read}}\`` : `${base} + ${read}`);
  } else {
    const base = configBase(p, consumer, root);
    const text = `/${segmentsText(relative)}`;
    if (form === 'concat') {
      p.feature('base:concat');
      const operands: string[] = [base];
      let chunk = '';
      for (const segment of relative) {
        if ('hole' in segment) {
          operands.push(b.quote(`${chunk}/`), 'agentId');
          chunk = '';
        } else chunk += `/${segment.text}`;
      }
      if (chunk) operands.push(b.quote(chunk));
      if (operands.length === 2) {
        // The base joined to the rest of the path in one literal: reported at that literal.
        anchor = b.anchor(operands[1]!);
        anchor = { id: anchor.id, text: `${base} + ${anchor.text}` };
      } else anchor = b.anchor(operands.join(' + '));
    } else {
      p.feature('base:template');
      anchor = b.anchor(`\`\${${base}}${text}\``);
    }
  }
  let expr = anchor.text;
  if (r.chance(20)) {
    p.feature('base:url-variable');
    const name = fn.scope.fresh('url');
    fn.pre.push(`const ${name} = ${expr};`);
    expr = name;
  }
  b.reach(anchor.id, { site: true, method, segments });
  p.feature(`base:client-${client}`);
  const parts = requestParts(b, op, method, host, client !== 'https');
  const body = judged(job, consumer, fn, segments, method, parts.body, parts.reads);
  const plan: RequestPlan = { op, method, client, reads: parts.reads, ...(body ? { body } : {}) };
  const url: UrlPlan = { expr, anchor: anchor.id, segments, absolute: true };
  renderRequest(fn, plan, url);
}

/** A full URL (or path) in the config's table or a constant of it; the consumer sends it with a method of its own. */
function sendWithConfigUrl(p: Project, job: Job): void {
  const r = p.r;
  const { consumer, fn } = job;
  const b = consumer.b;
  const config = p.module('config');
  const { op, host } = pickOp(r, job.side);
  let client = r.pick(URL_CLIENTS.filter((candidate) => candidate !== 'https'));
  if (!fn.async) client = 'urlfetch';
  let method = chooseMethod(b, op, true);
  const { segments } = concreteSegments(b, op, false);
  // While config-url-method is open: only a method that makes the URL the use it is without one
  // (else the method is left unknown, `method: verb`).
  const asUnknown = (known: HttpMethod | undefined) => endpointUsesOf([{ site: true, method: known, segments }]).join() === endpointUsesOf([{ site: false, method: undefined, segments }]).join();
  if (method !== undefined && !p.allows('config-url-method') && !asUnknown(method)) method = undefined;
  const text = `${r.chance(50) ? HOST_TEXT : ''}/${segmentsText(segments)}`;
  const anchor = config.b.anchor(config.b.quote(text));
  let expr: string;
  if (r.chance(50)) {
    p.feature('config-url:table');
    const table = configTable(p, config, true);
    const entry = `url${table.entries.length}`;
    table.entries.push(`${entry}: ${anchor.text}`);
    expr = `${p.ref(consumer, config, table.name)}.${entry}`;
  } else {
    p.feature('config-url:const');
    const name = config.b.moduleScope.fresh(`${lastSegment(op).toUpperCase()}_URL`);
    config.b.moduleDecls.push(`const ${name} = ${anchor.text};`);
    config.export(name);
    expr = p.ref(consumer, config, name);
  }
  config.b.reach(anchor.id, { site: true, method, segments });
  const parts = requestParts(b, op, method, host, true);
  const body = judged(job, consumer, fn, segments, method, parts.body, parts.reads);
  renderRequest(fn, { op, method, client, reads: parts.reads, ...(body ? { body } : {}) }, { expr, anchor: anchor.id, segments, absolute: text.startsWith('http') });
}

/** Where an instance or a wrapper points: a Glean API root, the new platform API (`/api`), or another API. */
type BaseKind = { kind: 'glean'; root: string } | { kind: 'platform' } | { kind: 'other' };

function baseUrlOf(kind: BaseKind): string {
  return kind.kind === 'glean' ? `${HOST_TEXT}${kind.root}` : kind.kind === 'platform' ? `${HOST_TEXT}/api` : 'https://payroll.example.com/v1';
}

/** The path segments of a base URL (the host dropped). */
const baseSegments = (kind: BaseKind): UrlSegment[] => textSegments(baseUrlOf(kind).replace(/^https:\/\/[^/]+/, ''));
const textSegments = (path: string): UrlSegment[] =>
  path
    .split('/')
    .filter((segment) => segment !== '')
    .map((text) => ({ text }));

/**
 * An operation for a request through an instance or wrapper with that base, and the relative path's
 * segments: a Glean root's own operations; for `/api` the platform's, or a deprecated path's tail; for
 * another API, any Glean path's tail.
 */
function relativeFor(b: Builder, kind: BaseKind, side?: 'request'): { op: GleanOp; host?: FieldHost; relative: UrlSegment[]; segments: UrlSegment[] } {
  const r = b.r;
  if (kind.kind === 'glean') {
    let pick = pickOp(r, side);
    for (let i = 0; i < 20 && !pick.op.path.startsWith(`${kind.root}/`); i++) pick = pickOp(r, side);
    if (!pick.op.path.startsWith(`${kind.root}/`)) pick = { op: r.pick(gleanOps.filter((op) => op.path.startsWith(`${kind.root}/`))) };
    const { segments } = concreteSegments(b, pick.op, true);
    return { ...pick, relative: segments.slice(kind.root.split('/').length - 1), segments };
  }
  const platform = gleanOps.filter((op) => op.path.startsWith('/api/') && !op.path.startsWith('/api/index/'));
  const op = kind.kind === 'platform' && r.chance(60) ? r.pick(platform) : r.pick(gleanOps.filter((candidate) => rootOf(candidate.path) !== undefined));
  const { segments: full } = concreteSegments(b, op, true);
  const root = op.path.startsWith('/api/') && kind.kind === 'platform' && !op.path.startsWith('/api/index/') ? '/api' : rootOf(op.path)!;
  const relative = full.slice(root.split('/').length - 1);
  return { op, relative, segments: [...baseSegments(kind), ...relative] };
}

function pickBaseKind(r: Rand, lookalike: boolean, root?: string): BaseKind {
  if (lookalike) return r.pick([{ kind: 'platform' }, { kind: 'other' }] as const);
  return { kind: 'glean', root: root ?? r.pick(ROOTS) };
}

/** The base of an instance or wrapper, in `module`: the config's (imported), a constant of its own, or (`inline`) a literal. */
function baseIn(p: Project, module: Module, kind: BaseKind, inline = false): string {
  const rootKey = kind.kind === 'glean' ? kind.root : kind.kind === 'platform' ? '/api' : baseUrlOf(kind);
  if (p.r.chance(55)) {
    p.feature('instance:config-base');
    return configBase(p, module, rootKey);
  }
  const literal = module.b.quote(baseUrlOf(kind));
  if (inline && p.r.chance(50)) return literal;
  const name = kind.kind === 'other' ? 'PAYROLL_API' : kind.kind === 'platform' ? 'PLATFORM_API' : kind.root === '/rest/api/v1' ? 'GLEAN_API' : 'GLEAN_INDEXING_API';
  return localConst(module.b, name, literal);
}

/**
 * A request through an HTTP instance another module makes and exports (`axios.create({ baseURL })`,
 * `got.extend({ prefixUrl })`, `ky.create({ prefixUrl })`): the relative path is the use, at the call.
 */
function sendWithInstance(p: Project, job: Job, lookalike = false): void {
  const r = p.r;
  const { consumer, fn } = job;
  const b = consumer.b;
  const kind = pickBaseKind(r, lookalike);
  const library = r.pick(['axios', 'axios', 'got', 'ky'] as const);
  const asValue = p.system === 'cjs' && r.chance(40);
  const http = asValue ? p.another('http') : p.module('http');
  const factory = library === 'axios' ? 'create' : library === 'got' ? 'extend' : r.pick(['create', 'extend']);
  const option = library === 'axios' ? 'baseURL' : 'prefixUrl';
  const base = baseIn(p, http, kind, true);
  const name = http.b.moduleScope.fresh(kind.kind === 'other' ? 'payrollHttp' : `${library}Glean`);
  http.b.moduleDecls.push(`const ${name} = ${library}.${factory}({ ${option}: ${base}${r.chance(30) ? `, headers: { Authorization: \`Bearer \${process.env.TOKEN}\` }` : ''} });`);
  p.feature(`instance:${library}${lookalike ? `-${kind.kind}` : ''}`);
  let ref: string;
  if (asValue) {
    http.exportDefault(name);
    ref = p.refDefault(consumer, http, 'http', 'holder');
  } else if (p.system === 'esm' && r.chance(20) && http.defaultExport === undefined) {
    http.exportDefault(name);
    ref = p.refDefault(consumer, http, 'http', 'holder');
  } else ref = p.ref(consumer, http, http.export(name), 'holder');
  const { op, host, relative, segments } = relativeFor(b, kind, job.side);
  const method = op.method;
  // ky and got take a path without the leading slash under a prefix URL; axios takes both.
  const anchor = relativeUrl(b, relative, library === 'axios' ? r.chance(60) : false);
  b.reach(anchor.id, { site: true, method, segments });
  const parts = requestParts(b, op, method, host, true);
  const body = judged(job, consumer, fn, segments, method, parts.body, parts.reads);
  const verb = method.toLowerCase();
  const call =
    library === 'axios'
      ? `${ref}.${verb}(${anchor.text}${body ? `, ${payloadExpression(fn, body, false, true)}` : ''})`
      : `${ref}.${verb}(${anchor.text}${body ? `, { json: ${payloadExpression(fn, body, false)} }` : ''})`;
  if (parts.reads.length === 0) {
    fn.body.push(`await ${call};`);
    return;
  }
  const data = fn.scope.fresh('data');
  fn.body.push(library === 'axios' ? `const { data: ${data} } = await ${call};` : `const ${data} = await ${call}.json();`, ...readAll(fn, data, parts.reads));
}

/**
 * A request through a wrapper another module exports (`gleanApi.post(path, body)`, a class with static
 * methods, a function, or a class the consumer makes an instance of); its base is the config's or its
 * own. The relative path is the use, at the call; the body is the caller's.
 */
function sendWithWrapper(p: Project, job: Job, lookalike = false): void {
  const r = p.r;
  const { consumer, fn } = job;
  const b = consumer.b;
  const kind = pickBaseKind(r, lookalike);
  const http = p.module('http');
  const { op, host, relative, segments } = relativeFor(b, kind, job.side);
  const method = op.method;
  const root = kind.kind === 'glean' ? kind.root : kind.kind === 'platform' ? '/api' : '/v1';
  const wrapper = wrapperFor(http.b, `${root}${kind.kind === 'other' ? '#other' : ''}`, method, baseIn(p, http, kind));
  p.feature(`wrapper:remote${lookalike ? `-${kind.kind}` : ''}`);
  let callee: string;
  if (wrapper.className && r.chance(40)) {
    // The consumer makes its own instance of the exported class.
    p.feature('wrapper:remote-new');
    const cls = p.ref(consumer, http, http.export(wrapper.className), 'holder');
    const instance = fn.scope.fresh('api');
    fn.pre.push(`const ${instance} = new ${cls}();`);
    callee = `${instance}${wrapper.callee.slice(wrapper.name.length)}`;
  } else callee = `${p.ref(consumer, http, http.export(wrapper.name), wrapper.callee === wrapper.name ? 'function' : 'holder')}${wrapper.callee.slice(wrapper.name.length)}`;
  const anchor = relativeUrl(b, relative, true);
  b.reach(anchor.id, { site: true, method, segments });
  const parts = requestParts(b, op, method, host, true);
  const body = judged(job, consumer, fn, segments, method, parts.body, parts.reads);
  const payload = body ? `, ${payloadExpression(fn, body, false, wrapper.library === 'axios', true)}` : '';
  const call = `${callee}(${anchor.text}${payload})`;
  if (parts.reads.length === 0) {
    fn.body.push(`await ${call};`);
    return;
  }
  const data = fn.scope.fresh('data');
  if (wrapper.library === 'axios') fn.body.push(`const { data: ${data} } = await ${call};`);
  else fn.body.push(`const ${data} = await (await ${call}).json();`);
  fn.body.push(...readAll(fn, data, parts.reads));
}

/**
 * A class of another module given its base by the consumer: `new GleanHttp(`${host}/rest/api/v1`)`, or
 * `new GleanHttp(BASE)` with the config's base.
 */
function sendWithBaseParameter(p: Project, job: Job, lookalike = false): void {
  const r = p.r;
  const { consumer, fn } = job;
  const b = consumer.b;
  const http = p.module('http');
  const hb = http.b;
  const kind = pickBaseKind(r, lookalike);
  const { op, host, relative, segments } = relativeFor(b, kind, job.side);
  const method = op.method;
  const verb = method.toLowerCase();
  const className = hb.moduleScope.fresh('GleanHttp');
  const hasBody = method !== 'GET';
  const param = hb.ts ? r.pick(['private readonly base: string', 'readonly base: string']) : undefined;
  const ctor = param ? `constructor(${param}) {}` : `constructor(base) {\n    this.base = base;\n  }`;
  const join = r.chance(50) ? '`${this.base}${path}`' : 'this.base + path';
  const params = `path${hb.ts ? ': string' : ''}${hasBody ? `, body${hb.ts ? '?: unknown' : ''}` : ''}`;
  const send = `return fetch(${join}, { method: ${methodText(hb, method)}${hasBody ? ', body: JSON.stringify(body)' : ''} });`;
  hb.moduleDecls.push(`class ${className} {\n  ${ctor}\n  ${verb}(${params}) {\n    ${send}\n  }\n}`);
  const cls = p.ref(consumer, http, http.export(className), 'holder');
  p.feature(`wrapper:base-parameter${lookalike ? `-${kind.kind}` : ''}`);
  let baseExpr: string;
  if (kind.kind === 'glean' && r.chance(50)) baseExpr = `\`\${${exportedHost(p, consumer)}}${kind.root}\``;
  else baseExpr = configBase(p, consumer, kind.kind === 'glean' ? kind.root : kind.kind === 'platform' ? '/api' : baseUrlOf(kind));
  const instance = r.chance(50) || !p.allows('inline-new-base') ? fn.scope.fresh('client') : undefined;
  if (!instance) p.feature('wrapper:base-parameter-inline');
  if (instance) fn.pre.push(`const ${instance} = new ${cls}(${baseExpr});`);
  const anchor = relativeUrl(b, relative, true);
  b.reach(anchor.id, { site: true, method, segments });
  const parts = requestParts(b, op, method, host, true);
  const body = judged(job, consumer, fn, segments, method, parts.body, parts.reads);
  const call = `${instance ?? `new ${cls}(${baseExpr})`}.${verb}(${anchor.text}${body ? `, ${payloadExpression(fn, body, false, false, true)}` : ''})`;
  if (parts.reads.length === 0) fn.body.push(`await ${call};`);
  else {
    const data = fn.scope.fresh('data');
    fn.body.push(`const ${data} = await (await ${call}).json();`, ...readAll(fn, data, parts.reads));
  }
}

/**
 * A wrapper that takes the method too (`request(method, path, body)`): the caller's full path is the
 * use, with the caller's method (`call('POST', '/rest/api/v1/agents/…')` edits an agent).
 */
function sendWithMethodArgument(p: Project, job: Job): void {
  const r = p.r;
  const { consumer, fn } = job;
  const b = consumer.b;
  const http = p.module('http');
  const hb = http.b;
  const { op, host } = pickOp(r, job.side);
  const method = chooseMethod(b, op, true);
  let name = [...http.exported.keys()].find((candidate) => candidate.startsWith('gleanRequest'));
  if (!name) {
    name = hb.moduleScope.fresh('gleanRequest');
    const hostExpr = r.chance(50) ? localConst(hb, 'GLEAN_ORIGIN', hb.quote(HOST_TEXT)) : exportedHost(p, http);
    const t = hb.ts;
    hb.moduleDecls.push(
      `function ${name}(method${t ? ': string' : ''}, path${t ? ': string' : ''}, body${t ? '?: unknown' : ''}) {\n  return fetch(\`\${${hostExpr}}\${path}\`, { method, ${r.chance(50) ? "headers: { 'Content-Type': 'application/json' }, " : ''}body: body === undefined ? undefined : JSON.stringify(body) });\n}`,
    );
    http.export(name);
  }
  // A wrapper over it in a third module (`gleanPostVia = (path, body) => gleanRequest('POST', path, body)`): the method given there.
  const layered = method !== undefined && r.chance(40) ? layeredVerb(p, http, name, method) : undefined;
  p.feature(layered ? 'wrapper:layered-module' : 'wrapper:method-argument');
  const ref = layered ? p.ref(consumer, layered.module, layered.name, 'function') : p.ref(consumer, http, name, 'function');
  const { segments } = concreteSegments(b, op, true);
  const anchor = relativeUrl(b, segments, true);
  b.reach(anchor.id, { site: true, method, segments });
  const parts = requestParts(b, op, method, host, true);
  const body = judged(job, consumer, fn, segments, method, parts.body, parts.reads);
  const methodArgument = layered ? '' : `${method === undefined ? 'verb' : methodText(b, method)}, `;
  const call = `${ref}(${methodArgument}${anchor.text}${body ? `, ${payloadExpression(fn, body, false, false, true)}` : ''})`;
  if (parts.reads.length === 0) fn.body.push(`await ${call};`);
  else {
    const data = fn.scope.fresh('data');
    fn.body.push(`const ${data} = await (await ${call}).json();`, ...readAll(fn, data, parts.reads));
  }
}

/** The api module's wrapper that sends `method` through the http module's `request(method, path, body)`, made once per method. */
function layeredVerb(p: Project, http: Module, request: string, method: HttpMethod): { module: Module; name: string } {
  const api = p.module('api');
  const ab = api.b;
  const prefix = `glean${method.charAt(0)}${method.slice(1).toLowerCase()}Via`;
  let name = [...api.exported.keys()].find((candidate) => candidate.startsWith(prefix));
  if (!name) {
    name = ab.moduleScope.fresh(prefix);
    const t = ab.ts;
    const ref = p.ref(api, http, request, 'function');
    ab.moduleDecls.push(`const ${name} = (path${t ? ': string' : ''}, body${t ? '?: unknown' : ''}) => ${ref}(${methodText(ab, method)}, path, body);`);
    api.export(name);
  }
  return { module: api, name };
}

/** A module constant of its own (a fresh name, declared once per base name). */
function localConst(b: Builder, base: string, init: string): string {
  let names = localNames.get(b);
  if (!names) localNames.set(b, (names = new Map()));
  let name = names.get(base);
  if (!name) {
    name = b.moduleScope.fresh(base);
    b.moduleDecls.push(`const ${name} = ${init};`);
    names.set(base, name);
  }
  return name;
}
const localNames = new WeakMap<Builder, Map<string, string>>();

/**
 * A function of another module (the api module) that sends a request and returns its response:
 * `searchGlean(body)`; the consumer reads the result (awaited, or a React Query mutation's data). The
 * URL is written in the api module (its literal, or the config's base joined there); the body in the
 * api module, or passed by the consumer.
 */
function sendWithResponseHelper(p: Project, job: Job): void {
  const r = p.r;
  const { consumer, fn } = job;
  const b = consumer.b;
  const api = p.module('api');
  const ab = api.b;
  const { op, host } = pickOp(r, job.side);
  const root = rootOf(op.path)!;
  const method = chooseMethod(ab, op, false);
  const helperFn = new Fn(ab, true);
  const bodyFromCaller = r.chance(50);
  // The URL, in the api module: a literal or template of its own, or the config's base joined there.
  let url: UrlPlan;
  if (r.chance(50)) {
    url = buildUrl(helperFn, op, method, {});
    if (/\bhost\b/.test(url.expr) || url.expr.includes('${host}')) url = { ...url };
  } else {
    const base = configBase(p, api, root);
    const { segments } = concreteSegments(ab, op, true);
    const anchor = ab.anchor(`\`\${${base}}/${segmentsText(segments.slice(root.split('/').length - 1))}\``);
    url = { expr: anchor.text, anchor: anchor.id, segments, absolute: true };
  }
  ab.reach(url.anchor, { site: true, method, segments: url.segments });
  const parts = requestParts(b, op, method, host, true);
  if (parts.reads.length === 0 && r.chance(70)) parts.reads.push(...buildReads(r, op, []));
  const where = bodyFromCaller ? consumer : api;
  const whereFn = bodyFromCaller ? fn : helperFn;
  const body = judged(job, where, whereFn, url.segments, method, parts.body, parts.reads);
  const library = r.pick(['fetch', 'fetch', 'axios'] as const);
  const t = ab.ts;
  const bodyText = body ? (bodyFromCaller ? 'body' : payloadExpression(helperFn, body, library === 'fetch', library === 'axios', true)) : undefined;
  const fetchBody = bodyText && bodyFromCaller && library === 'fetch' ? 'JSON.stringify(body)' : bodyText;
  let request: string;
  if (library === 'fetch') {
    const init = [...(method !== 'GET' ? [`method: ${methodText(ab, method!)}`] : []), ...(fetchBody ? [`body: ${fetchBody}`] : [])];
    request = `fetch(${url.expr}${init.length > 0 ? `, { ${init.join(', ')} }` : ''})`;
  } else {
    const verb = method!.toLowerCase();
    request = ['get', 'delete'].includes(verb) && bodyText ? `axios.request({ method: ${methodText(ab, method!)}, url: ${url.expr}, data: ${bodyText} })` : `axios.${verb}(${url.expr}${bodyText ? `, ${bodyText}` : ''})`;
  }
  const style = r.pick(['await', 'then', 'inline'] as const);
  p.feature(`response-helper:${library}-${style}`);
  if (library === 'fetch') {
    if (style === 'await') helperFn.body.push(`const res = await ${request};`, `return res.json();`);
    else if (style === 'then') helperFn.body.push(`return ${request}.then((res) => res.json());`);
    else helperFn.body.push(`return (await ${request}).json();`);
  } else if (style === 'then') helperFn.body.push(`return ${request}.then((res) => res.data);`);
  else helperFn.body.push(`const { data } = await ${request};`, 'return data;');
  const params = `${bodyFromCaller ? `body${t ? ': unknown' : ''}, ` : ''}${t ? 'host: string, agentId: string, verb: string' : 'host, agentId, verb'}`;
  const helper = finishFunction(api, helperFn, `${r.pick(['load', 'fetch', 'get'])}_${lastSegment(op)}`, params);
  const ref = p.ref(consumer, api, helper, 'function');
  const bodyArg = bodyFromCaller ? (body ? payloadExpression(fn, body, false, false, true) : '{}') : undefined;
  const args = `${bodyArg !== undefined ? `${bodyArg}, ` : ''}host, agentId, verb`;
  // A namespace import's function (`mutationFn: searchModule.fetch_chat`) only once namespace-mutation-fn is fixed.
  if (bodyFromCaller && p.allows('imported-mutation-fn') && (!ref.includes('.') || p.allows('namespace-mutation-fn')) && r.chance(25)) {
    // The helper as a React Query mutation function: `mutate(body)` sends, `.data` is the response.
    p.feature('response-helper:mutation');
    const mutation = fn.scope.fresh('mutation');
    if (r.chance(50)) {
      const data = fn.scope.fresh('data');
      fn.body.push(`const ${mutation} = useMutation({ mutationFn: ${ref}, onSuccess: (${data}${t ? ': any' : ''}) => {`, ...readAll(fn, data, parts.reads, '  '), '} });', `${mutation}.mutate(${bodyArg});`);
    } else {
      fn.body.push(`const ${mutation} = useMutation({ mutationFn: ${ref} });`, `${mutation}.mutate(${bodyArg});`);
      const data = fn.scope.fresh('data');
      fn.body.push(`const ${data} = ${mutation}.data${t ? '!' : ''};`, ...readAll(fn, data, parts.reads));
    }
    return;
  }
  const data = fn.scope.fresh('result');
  if (r.chance(30)) fn.body.push(`await ${ref}(${args}).then((${data}${t ? ': any' : ''}) => {`, ...readAll(fn, data, parts.reads, '  '), '});');
  else fn.body.push(`const ${data}${t ? ': any' : ''} = await ${ref}(${args});`, ...readAll(fn, data, parts.reads));
}

// ---------------------------------------------------------------------------------------------------
// SDK clients made in another module.

/** The expression of `consumer` that holds a `Glean` client (or, for an alias, the sub-client `chain[0]`). */
function sdkClient(p: Project, consumer: Module, fn: Fn, chain: readonly string[]): { expr: string; alias: boolean } {
  const r = p.r;
  const form = r.pick(['const', 'const', 'alias', 'factory', 'default', 'object', 'class-instance', 'class', 'dynamic'] as const);
  p.feature(`sdk:${form}`);
  const make = (token = "'token'") => `new Glean({ apiToken: ${token}, instance: 'acme' })`;
  if (form === 'default') {
    const client = p.system === 'cjs' ? p.another('client') : p.module('client');
    if (p.system === 'esm' && client.defaultExport !== undefined) return { expr: p.refDefault(consumer, client, 'glean'), alias: false };
    client.sdk.usesGlean = true;
    const name = client.b.moduleConst('glean', make());
    client.exportDefault(name);
    return { expr: p.refDefault(consumer, client, 'glean'), alias: false };
  }
  const client = p.module('client');
  const cb = client.b;
  const t = cb.ts;
  switch (form) {
    case 'const':
      client.sdk.usesGlean = true;
      return { expr: p.ref(consumer, client, client.export(cb.moduleConst('glean', make()))), alias: false };
    case 'alias': {
      client.sdk.usesGlean = true;
      const glean = cb.moduleConst('glean', make());
      const sub = cb.moduleConst(`${chain[0]!}Client`, `${glean}.${chain[0]!}`);
      return { expr: p.ref(consumer, client, client.export(sub)), alias: true };
    }
    case 'factory': {
      client.sdk.usesGlean = true;
      if (!cb.declared.has('createGlean')) {
        cb.declared.add('createGlean');
        cb.moduleScope.claim('createGlean');
        cb.moduleDecls.push(r.chance(50) ? `function createGlean(token${t ? ': string' : ''}) {\n  return ${make('token')};\n}` : `const createGlean = (token${t ? ': string' : ''}) => ${make('token')};`);
      }
      const ref = p.ref(consumer, client, client.export('createGlean'), 'function');
      if (r.chance(50)) return { expr: `${ref}('token')`, alias: false };
      const local = fn.scope.fresh('sdk');
      fn.pre.push(`const ${local} = ${ref}('token');`);
      return { expr: local, alias: false };
    }
    case 'object': {
      client.sdk.usesGlean = true;
      if (!cb.declared.has('services')) {
        cb.declared.add('services');
        cb.moduleScope.claim('services');
        cb.moduleDecls.push(`const services = { glean: ${make()}, region: 'us' };`);
      }
      return { expr: `${p.ref(consumer, client, client.export('services'), 'holder')}.glean`, alias: false };
    }
    case 'class-instance':
    case 'class': {
      client.sdk.usesGlean = true;
      if (!cb.declared.has('GleanService')) {
        cb.declared.add('GleanService');
        cb.moduleScope.claim('GleanService');
        cb.moduleDecls.push(
          r.chance(50)
            ? `class GleanService {\n  ${t ? 'readonly ' : ''}glean = ${make()};\n}`
            : `class GleanService {\n${t ? '  glean: Glean;\n' : ''}  constructor() {\n    this.glean = ${make()};\n  }\n}`,
        );
      }
      if (form === 'class') {
        const cls = p.ref(consumer, client, client.export('GleanService'), 'holder');
        if (r.chance(50) || !p.allows('holder-instance-const')) return { expr: `new ${cls}().glean`, alias: false };
        const local = fn.scope.fresh('service');
        fn.pre.push(`const ${local} = new ${cls}();`);
        return { expr: `${local}.glean`, alias: false };
      }
      if (!cb.declared.has('gleanService')) {
        cb.declared.add('gleanService');
        cb.moduleScope.claim('gleanService');
        cb.moduleDecls.push('const gleanService = new GleanService();');
      }
      return { expr: `${p.ref(consumer, client, client.export('gleanService'), 'holder')}.glean`, alias: false };
    }
    case 'dynamic': {
      if (!cb.declared.has('loadGlean')) {
        cb.declared.add('loadGlean');
        cb.moduleScope.claim('loadGlean');
        cb.moduleDecls.push(`async function loadGlean() {\n  const { Glean: Client } = await import('@gleanwork/api-client');\n  return new Client({ apiToken: 'token', instance: 'acme' });\n}`);
      }
      const ref = p.ref(consumer, client, client.export('loadGlean'), 'function');
      const local = fn.scope.fresh('sdk');
      fn.pre.push(`const ${local} = await ${ref}();`);
      return { expr: local, alias: false };
    }
  }
}

/** An OpenAI-style client made in another module, called with the SDK's method chains: no use. */
function lookalikeClient(p: Project, consumer: Module): string {
  const module = p.module('openai');
  module.usesOpenAi = true;
  const name = module.b.moduleConst('openai', "new OpenAI({ apiKey: 'key' })");
  p.feature('lookalike:openai-module');
  return p.ref(consumer, module, module.export(name));
}

/** A call of an SDK method on a client from another module; the body may be a mapper's. */
function sendWithSdk(p: Project, job: Job, lookalike = false): void {
  const r = p.r;
  const { consumer, fn } = job;
  const b = consumer.b;
  const { target, host } = pickSdkOp(r, job.side);
  const chain = r.pick([target.sdk.chain, ...(target.sdk.chains ?? [])]);
  const client = lookalike ? { expr: lookalikeClient(p, consumer), alias: false } : sdkClient(p, consumer, fn, chain);
  // The client handed to a function that calls the SDK on its parameter (`const send = (sdk) => sdk.client…`):
  // other callers could hand it another client, so what the request sends and returns is never autofixed.
  const handed = r.chance(20);
  const holder = handed ? fn.scope.fresh('sdk') : client.expr;
  if (handed) p.feature(lookalike ? 'sdk:handed-lookalike' : 'sdk:handed');
  // Or to a parameter that destructures the sub-client it calls (`({ client: c }) => c.search.query(…)`).
  const destructured = handed && !client.alias && chain.length > 2 && r.chance(40);
  if (destructured) p.feature(lookalike ? 'sdk:handed-destructured-lookalike' : 'sdk:handed-destructured');
  const callee = destructured ? `${holder}.${chain.slice(1).join('.')}` : `${holder}.${(client.alias ? chain.slice(1) : chain).join('.')}`;
  const { body, reads } = sdkPlan(b, target, lookalike, host);
  if (handed) {
    if (body) markOtherValueMayReach([body]);
    for (const steps of reads) judgeMaybeReplacedRead(steps);
  }
  const shaped = body && job.shape ? job.shape(body, consumer, fn) : body;
  const request = shaped ? requestExpression(consumer.sdk, fn, target, shaped) : undefined;
  let call = `${b.key(lookalike ? new Set<string>() : endpointUses(target), callee)}(${callArguments(target, request)})`;
  if (handed) {
    const send = fn.scope.fresh('send');
    const parameter = destructured ? `{ ${chain[0]}: ${holder} }` : holder;
    // Or held by the object a factory over the client returns (`makeWorkers(glean).send()`).
    if (!destructured && p.handedSends++ % 2 === 0) {
      p.feature(lookalike ? 'sdk:handed-factory-object-lookalike' : 'sdk:handed-factory-object');
      const make = fn.scope.fresh('makeWorkers');
      fn.body.push(`const ${make} = (${parameter}${b.ts ? ': any' : ''}) => ({ ${send}: () => ${call} });`);
      call = `${make}(${client.expr}).${send}()`;
    } else {
      fn.body.push(`const ${send} = (${parameter}${b.ts ? ': any' : ''}) => ${call};`);
      call = `${send}(${client.expr})`;
    }
  }
  if (reads.length === 0) fn.body.push(`await ${call};`);
  else if (r.chance(30)) {
    const data = fn.scope.fresh('data');
    fn.body.push(`await ${call}.then((${data}) => {`, ...readAll(fn, data, reads, '  '), '});');
  } else {
    const result = fn.scope.fresh('result');
    fn.body.push(`const ${result} = await ${call};`, ...readAll(fn, result, reads));
  }
}

// ---------------------------------------------------------------------------------------------------
// Mappers: payload parts built in another module.

/** Copies `node` with `target` (an entry, at any depth) replaced by `replacement`. */
function substitute(node: PNode, target: PEntry, replacement: PEntry): PNode {
  return {
    entries: node.entries.map((entry) => {
      if (entry === target) return replacement;
      if (entry.value.kind === 'object' && contains(entry.value.node, target)) return { ...entry, value: { kind: 'object', node: substitute(entry.value.node, target, replacement) } };
      if (entry.value.kind === 'array' && entry.value.elements.some((element) => contains(element, target)))
        return { ...entry, value: { kind: 'array', elements: entry.value.elements.map((element) => (contains(element, target) ? substitute(element, target, replacement) : element)) } };
      return entry;
    }),
  };
}

function contains(node: PNode, target: PEntry): boolean {
  return node.entries.some((entry) => entry === target || (entry.value.kind === 'object' && contains(entry.value.node, target)) || (entry.value.kind === 'array' && entry.value.elements.some((element) => contains(element, target))));
}

function hasUses(node: PNode): boolean {
  return node.entries.some((entry) => entry.uses.size > 0 || (entry.value.kind === 'object' && hasUses(entry.value.node)) || (entry.value.kind === 'array' && entry.value.elements.some(hasUses)));
}

/** Entries whose value is an object or an array of objects (the parts a mapper can build). */
function partsOf(node: PNode): PEntry[] {
  return node.entries.flatMap((entry) => {
    if (entry.value.kind === 'object') return [entry, ...partsOf(entry.value.node)];
    if (entry.value.kind === 'array') return [...(entry.value.elements.length > 0 ? [entry] : []), ...entry.value.elements.flatMap(partsOf)];
    return [];
  });
}

/** How deep a walk from an object goes to reach its deepest object (1 for the object itself; an array's elements are two levels down). */
function gateDepth(node: PNode): number {
  return 1 + Math.max(0, ...node.entries.map((entry) => (entry.value.kind === 'object' ? gateDepth(entry.value.node) : entry.value.kind === 'array' ? 1 + Math.max(0, ...entry.value.elements.map(gateDepth)) : 0)));
}

const spreadOf = (text: string): PEntry => ({ key: '', value: { kind: 'leaf', text, spread: true }, uses: new Set<string>() });

/**
 * A shape that has a mapper module build part of the body: a function (declared, arrow or an object's
 * method) that returns an object, or a template constant the consumer uses or spreads. Whatever the
 * mapper writes is judged with the request; `alsoOther` sends the mapper's object to another API too
 * (from another module): its uses are then never autofixed.
 */
function mapperShape(p: Project, alsoOther: boolean): Shape {
  return (body, where, fn) => {
    const r = p.r;
    const mappers = p.module('mappers');
    const mb = mappers.b;
    // While mapper-gate is open: only parts whose objects are few levels deep (the gate's walk stops at depth 8).
    const shallow = (node: PNode) => p.allows('mapper-gate') || gateDepth(node) <= 4;
    const parts = partsOf(body).filter((entry) => shallow(entry.value.kind === 'object' ? entry.value.node : (entry.value as { elements: PNode[] }).elements[0]!));
    const withUses = parts.filter((entry) => (entry.value.kind === 'object' ? hasUses(entry.value.node) : entry.value.kind === 'array' && entry.value.elements.some(hasUses)));
    const entry = (r.chance(25) && shallow(body)) || parts.length === 0 ? undefined : r.pick(withUses.length > 0 && r.chance(70) ? withUses : parts);
    // What the mapper builds: one object (the entry's, an array's first element, or the body's top level).
    const built: PNode = entry ? (entry.value.kind === 'object' ? entry.value.node : (entry.value as { elements: PNode[] }).elements[0]!) : body;
    if (alsoOther) markOtherValueMayReach([built]);
    const templates = p.allows('exported-template') && (!alsoOther || p.allows('template-other-api'));
    const form = r.pick(['function', 'arrow', 'method', ...(templates ? (['template'] as const) : [])] as const);
    p.feature(`mapper:${form}${entry ? (entry.value.kind === 'array' ? '-element' : '-object') : '-body'}`);
    const mfn = new Fn(mb, false, false, form === 'template');
    const t = mb.ts;
    const params = t ? 'agentId?: string, verb?: string' : 'agentId, verb';
    let call: (m: Module) => string;
    const base = `to${entry ? entry.key.charAt(0).toUpperCase() + entry.key.slice(1) : 'Glean'}${r.pick(['', 'Payload', 'Body'])}`;
    if (form === 'template') {
      // Module level: the values it names are the module's own.
      if (!mb.declared.has('agentId')) {
        mb.declared.add('agentId');
        mb.moduleDecls.push(`const agentId = 'agt_1';`, `const verb = 'POST';`);
      }
      const object = renderObject(mfn, built, '');
      const name = mb.moduleScope.fresh(`${base.slice(2, 3).toLowerCase()}${base.slice(3)}Template`);
      mb.moduleDecls.push(...mfn.pre, `const ${name} = ${object};`);
      mappers.export(name);
      call = (m) => p.ref(m, mappers, name, 'value', true);
    } else {
      const object = renderObject(mfn, built, '  ');
      const name = mb.moduleScope.fresh(base);
      const lines = [...mfn.pre, `return ${object};`].flatMap((line) => line.split('\n')).map((line) => `  ${line}`);
      if (form === 'function') mb.moduleDecls.push(`function ${name}(${params}) {\n${lines.join('\n')}\n}`);
      else if (form === 'arrow') mb.moduleDecls.push(mfn.pre.length === 0 && r.chance(50) ? `const ${name} = (${params}) => (${object});` : `const ${name} = (${params}) => {\n${lines.join('\n')}\n};`);
      else {
        const holder = mb.moduleScope.fresh('mappers');
        mb.moduleDecls.push(`const ${holder} = {\n  ${name}(${params}) {\n${lines.map((line) => `  ${line}`).join('\n')}\n  },\n};`);
        mappers.export(holder);
        call = (m) => `${p.ref(m, mappers, holder, 'holder')}.${name}(agentId, verb)`;
      }
      if (form !== 'method') {
        mappers.export(name);
        call = (m) => `${p.ref(m, mappers, name, 'function')}(agentId, verb)`;
      }
    }
    if (alsoOther) {
      // Another module sends the same object to another API.
      const other = p.consumer(where);
      const ofn = new Fn(other.b, true);
      const target = r.pick(['https://payroll.example.com/v1/employees', 'https://api.example.com/v2/records']);
      ofn.body.push(r.chance(50) ? `await fetch('${target}', { method: 'POST', body: JSON.stringify(${call!(other)}) });` : `await axios.post('${target}', { record: ${call!(other)} });`);
      finishFunction(other, ofn, 'sendElsewhere');
      p.feature('mapper:also-other-api');
    }
    const text = call!(where);
    if (!entry) {
      // The whole top level: spread into the body (`{ ...toGlean(agentId, verb) }`).
      return { entries: [spreadOf(text)] };
    }
    if (entry.value.kind === 'array') {
      const rest = entry.value.elements.slice(1).map((element) => renderObject(fn, element, '  '));
      return substitute(body, entry, { ...entry, value: { kind: 'leaf', text: `[${[text, ...rest].join(', ')}]` } });
    }
    if (form === 'template' && r.chance(50)) {
      p.feature('mapper:template-spread');
      return substitute(body, entry, { ...entry, value: { kind: 'object', node: { entries: [spreadOf(text)] } } });
    }
    return substitute(body, entry, { ...entry, value: { kind: 'leaf', text } });
  };
}

/** A mapper only another API receives: its deprecated-looking keys are nobody's fields. */
function lookalikeMapper(p: Project): void {
  const r = p.r;
  const mappers = p.module('mappers');
  const mb = mappers.b;
  const keys = [...new Set([r.pick(LOOKALIKE_KEYS), r.pick(LOOKALIKE_KEYS), r.pick(['location', 'snippet', 'role', 'isNegated', 'citations', 'trackingToken'])])];
  const name = mb.moduleScope.fresh('toPayrollRecord');
  mb.moduleDecls.push(`function ${name}(row${mb.ts ? ': any' : ''}) {\n  return { ${keys.map((key) => `${key}: row.${key}`).join(', ')} };\n}`);
  mappers.export(name);
  const consumer = p.consumer();
  const fn = new Fn(consumer.b, true);
  const ref = p.ref(consumer, mappers, name, 'function');
  fn.body.push(r.chance(50) ? `await fetch('https://payroll.example.com/v1/records', { method: 'POST', body: JSON.stringify(${ref}({})) });` : `await axios.post('https://payroll.example.com/v1/records', ${ref}({}));`);
  finishFunction(consumer, fn, 'syncPayroll');
  p.feature('lookalike:other-api-mapper');
}

// ---------------------------------------------------------------------------------------------------
// Projects.

type Sender = (p: Project, job: Job) => void;

const SENDERS: readonly [string, Sender][] = [
  ['sdk', (p, job) => sendWithSdk(p, job)],
  ['base', sendWithRemoteBase],
  ['config-url', sendWithConfigUrl],
  ['instance', (p, job) => sendWithInstance(p, job)],
  ['wrapper', (p, job) => sendWithWrapper(p, job)],
  ['base-parameter', (p, job) => sendWithBaseParameter(p, job)],
  ['method-argument', sendWithMethodArgument],
  ['response-helper', sendWithResponseHelper],
];

const LOOKALIKES: readonly [string, (p: Project, job: Job) => void][] = [
  ['openai', (p, job) => sendWithSdk(p, job, true)],
  ['instance', (p, job) => sendWithInstance(p, job, true)],
  ['wrapper', (p, job) => sendWithWrapper(p, job, true)],
  ['base-parameter', (p, job) => sendWithBaseParameter(p, job, true)],
];

function snippet(p: Project): void {
  const r = p.r;
  const kind = r.pick(['send', 'send', 'send', 'mapper', 'mapper', 'lookalike', 'lookalike-mapper'] as const);
  if (kind === 'lookalike-mapper') return lookalikeMapper(p);
  const consumer = kind === 'mapper' ? p.mapperSender() : p.consumer();
  const fn = new Fn(consumer.b, true, false);
  if (kind === 'lookalike') {
    const [name, send] = r.pick(LOOKALIKES);
    p.feature(`send:lookalike-${name}`);
    send(p, { consumer, fn });
  } else {
    const [name, send] = r.pick(SENDERS);
    p.feature(`send:${name}${kind === 'mapper' ? '+mapper' : ''}`);
    send(p, kind === 'mapper' ? { consumer, fn, shape: mapperShape(p, r.chance(25)), side: 'request' } : { consumer, fn });
  }
  finishFunction(consumer, fn, `call_${r.pick(['glean', 'run', 'sync', 'load'])}`);
}

function buildProject(g: fc.GeneratorValue, options: ProjectOptions): GeneratedProject {
  const r = new Rand(g);
  const lang = options.lang ?? r.pick(['js', 'ts'] as const);
  const p = new Project(r, lang, options);
  const snippets = r.int(1, 4);
  for (let i = 0; i < snippets; i++) snippet(p);
  return renderProject(p);
}

/** Every module's code, and the uses written in it. */
export function renderProject(p: Project): GeneratedProject {
  const files: GeneratedFile[] = [];
  const seen = new Map<number, string>();
  // Barrels last: what they re-export is known once the others are rendered.
  const modules = p.modules.filter((module) => !module.isEmpty());
  const marked = new Map(modules.filter((module) => module.role !== 'barrel').map((module) => [module, renderModule(module)]));
  for (const module of modules) if (module.role === 'barrel') marked.set(module, renderModule(module));
  for (const module of modules) {
    const { code, spans } = stripMarkers(marked.get(module)!);
    for (const id of spans.keys()) {
      if (seen.has(id)) throw new Error(`generator bug: mark ${id} written in ${seen.get(id)} and ${module.path}`);
      seen.set(id, module.path);
    }
    files.push({ path: module.path, code, expected: expectedAt(p.marks, code, spans, spans.keys()) });
  }
  // Every mark that is a use was written in some module.
  for (const [id, judged] of p.marks.keyUses) if (judged.uses.size > 0 && !seen.has(id)) throw new Error(`generator bug: key mark ${id} was never written`);
  for (const [id, reaches] of p.marks.anchors) if (endpointUsesOf(reaches).length > 0 && !seen.has(id)) throw new Error(`generator bug: URL mark ${id} was never written`);
  const pkg: Record<string, unknown> = { name: 'fuzz-project', private: true, type: p.system === 'esm' ? 'module' : 'commonjs' };
  if (p.hashImports) pkg.imports = { '#src/*': `./src/*${p.ext}` };
  return { lang: p.lang, system: p.system, files, extra: [{ path: 'package.json', text: `${JSON.stringify(pkg, null, 2)}\n` }], features: [...p.features].sort() };
}

/** Multi-module projects with the uses each module holds. */
export function projectArbitrary(options: ProjectOptions = {}): fc.Arbitrary<GeneratedProject> {
  return fc.gen().map((g) => buildProject(g, options));
}
