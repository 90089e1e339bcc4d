import fc from 'fast-check';
import type { HttpMethod } from '../../src/register/types.js';
import {
  distanceTo,
  edgesOf,
  endpointItems,
  fieldHosts,
  fieldItems,
  gleanOps,
  itemById,
  LOOKALIKE_KEYS,
  opByKey,
  ruleFor,
  type Edge,
  type FieldHost,
  type GleanOp,
  type RuleId,
  type UrlSegment,
} from './model.js';
import { endpointUsesOf, judgeMaybeReplacedRead, judgeReplacedRead, judgeRequest, type Judged, type PEntry, type PNode, type Reach, type RStep } from './oracle.js';

/**
 * fast-check generators of Glean-calling programs (JavaScript and TypeScript) and of the uses they
 * hold. A program is a module of request functions: each sends one request to a Glean operation with
 * fetch, axios, got, ky, Apps Script's UrlFetchApp, `https.request` or a hand-written React Query
 * mutation, its URL built as a literal, a template, a `+` concatenation, a same-file constant or an
 * object table (or through a client made with a base URL, or a wrapper class or function given a
 * relative path), with a payload of nested, spread, shorthand, quoted, computed and commented keys,
 * and reads of the response. Paths to deprecated fields are walked on the SDK schema from the
 * operation's body or response type to the field's owner; look-alike keys are scattered everywhere.
 *
 * Values take the routes real code gives them: payload parts returned by helpers (declared before or
 * after their use, arrows, object methods) and built in array callbacks; requests sent by helpers
 * that return their promise; responses read through `.then`, `Promise.all`, array callbacks (nested,
 * expression and block bodies), mutation callbacks, and variables written again with Glean's value
 * only (still uses), with another API's value before every read (no use) or on one path (a use, never
 * autofixed).
 *
 * The expected uses come from the oracle in `oracle.ts` (the register and SDK tables of `model.ts`,
 * applied as the README's "What counts as a use" describes one), at the exact source range the report must cover: the URL literal or
 * the expression that assembles it, the property key, the member's property or the pattern key.
 */

export interface ExpectedUse {
  item: string;
  rule: RuleId;
  /** 1-based, as ESLint reports them. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** The source text the report covers. */
  text: string;
  /** Another value than Glean's may reach the use: it is reported, never autofixed. */
  unfixable?: true;
}

export interface GeneratedProgram {
  lang: 'js' | 'ts';
  filename: string;
  code: string;
  expected: ExpectedUse[];
  /** Generator choices, for coverage statistics. */
  features: string[];
}

/**
 * Forms that hit a known plugin bug (see KNOWN_BUGS in check.ts, each with a minimal failing
 * reproduction). The fuzz run avoids them while the bug is open, so it keeps finding new ones; the
 * reproduction test fails once the bug is fixed, and the form comes back by removing it from the list.
 */
export type KnownBug =
  | 'prefilter-split-root'
  | 'stream-swap-overlap'
  | 'axios-data-spread-body';

export interface GeneratorOptions {
  avoid?: ReadonlySet<KnownBug>;
  /** Only JavaScript or only TypeScript programs (both by default). */
  lang?: 'js' | 'ts';
}

// ---------------------------------------------------------------------------------------------------
// Random choices through fast-check's `gen`, so every choice shrinks towards the first option.

export class Rand {
  constructor(private readonly g: fc.GeneratorValue) {}

  pick<T>(options: readonly T[]): T {
    if (options.length === 0) throw new Error('pick from nothing');
    if (options.length === 1) return options[0]!;
    return options[this.g(fc.integer, { min: 0, max: options.length - 1 })]!;
  }

  /** True with the given probability (in percent); shrinks to false. */
  chance(percent: number): boolean {
    return this.g(fc.integer, { min: 0, max: 99 }) >= 100 - percent;
  }

  int(min: number, max: number): number {
    return this.g(fc.integer, { min, max });
  }
}

// ---------------------------------------------------------------------------------------------------
// Markers: private-use characters around the text a report must cover, stripped before linting.

const OPEN = '\uE000';
const MID = '\uE001';
const CLOSE = '\uE002';
const END = '\uE003';

const wrap = (id: number, text: string) => `${OPEN}${id}${MID}${text}${CLOSE}${id}${END}`;

export interface Located {
  start: number;
  end: number;
}

export function stripMarkers(marked: string): { code: string; spans: Map<number, Located> } {
  let code = '';
  const spans = new Map<number, Located>();
  let i = 0;
  while (i < marked.length) {
    const char = marked[i]!;
    if (char === OPEN || char === CLOSE) {
      const stop = marked.indexOf(char === OPEN ? MID : END, i);
      const id = Number(marked.slice(i + 1, stop));
      if (char === OPEN) spans.set(id, { start: code.length, end: -1 });
      else spans.get(id)!.end = code.length;
      i = stop + 1;
      continue;
    }
    code += char;
    i++;
  }
  return { code, spans };
}

export function position(code: string, offset: number): { line: number; column: number } {
  const before = code.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

// ---------------------------------------------------------------------------------------------------
// Names.

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface ' +
    'package private protected public await async of undefined NaN Infinity arguments eval fetch axios got ky https UrlFetchApp JSON ' +
    'console use host agentId verb Promise Object Array String Number Boolean Error Map Set process'
  ).split(' '),
);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export class Scope {
  private readonly names = new Set<string>();
  constructor(private readonly parent?: Scope) {}

  has(name: string): boolean {
    return this.names.has(name) || (this.parent?.has(name) ?? false);
  }

  /** Claims `name` itself when it is free (for shorthand), else returns undefined. */
  claim(name: string): string | undefined {
    if (!IDENTIFIER.test(name) || RESERVED.has(name) || this.has(name)) return undefined;
    this.names.add(name);
    return name;
  }

  fresh(base: string): string {
    const clean = base.replace(/[^\w$]/g, '_');
    for (let i = 0; ; i++) {
      const name = i === 0 && !RESERVED.has(clean) ? clean : `${clean}${i}`;
      if (this.claim(name)) return name;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Payloads and reads as trees, judged by the oracle before they are rendered.

function insertAt<T>(r: Rand, list: T[], value: T): void {
  list.splice(r.int(0, list.length), 0, value);
}

/** Adds a chain of edges ending at `last` to a payload tree, sharing existing branches. */
function addPath(r: Rand, root: PNode, edges: readonly Edge[], last: string): void {
  let node = root;
  for (const edge of edges) {
    let entry = node.entries.find((candidate) => candidate.key === edge.key);
    if (!entry) {
      entry = { key: edge.key, value: { kind: 'leaf' }, uses: new Set<string>() };
      insertAt(r, node.entries, entry);
    }
    if (edge.array && entry.value.kind !== 'array') entry.value = { kind: 'array', elements: [{ entries: [] }] };
    if (!edge.array && entry.value.kind !== 'object') entry.value = { kind: 'object', node: { entries: [] } };
    node = entry.value.kind === 'array' ? entry.value.elements[0]! : (entry.value as { node: PNode }).node;
  }
  if (!node.entries.some((entry) => entry.key === last)) insertAt(r, node.entries, { key: last, value: { kind: 'leaf' }, uses: new Set<string>() });
}

/** A random real path from `start` to the owner type, a little longer than the shortest sometimes. */
function pathToOwner(r: Rand, start: string, owner: string): Edge[] {
  const distance = distanceTo(owner);
  let remaining = distance.get(start)! + (r.chance(30) ? r.int(1, 3) : 0);
  const edges: Edge[] = [];
  let type = start;
  for (;;) {
    const onward = edgesOf(type)
      .filter((edge) => {
        const d = distance.get(edge.type);
        return d !== undefined && d <= remaining - 1;
      })
      .sort((a, b) => distance.get(a.type)! - distance.get(b.type)! || a.key.localeCompare(b.key));
    const options: (Edge | 'stop')[] = [...(type === owner ? ['stop' as const] : []), ...onward];
    const choice = r.pick(options);
    if (choice === 'stop') return edges;
    edges.push(choice);
    type = choice.type;
    remaining--;
  }
}

/** A random walk of a few edges from `start`, for look-alike keys in real places. */
function randomWalk(r: Rand, start: string | undefined, maxEdges: number): Edge[] {
  const edges: Edge[] = [];
  let type = start;
  const length = r.int(0, maxEdges);
  for (let i = 0; i < length && type; i++) {
    const options = edgesOf(type);
    if (options.length === 0) break;
    const edge = r.pick(options);
    edges.push(edge);
    type = edge.type;
  }
  return edges;
}

// ---------------------------------------------------------------------------------------------------
// The program being built.

interface UrlBinding {
  /** Expression that reads the bound URL: `LIST_URL`, `PATHS.list`, `API['agents'].get`. */
  ref: string;
  op: GleanOp;
  method: HttpMethod;
  anchor: number;
  segments: UrlSegment[];
  /** Full URL (with host) or a bare path. */
  absolute: boolean;
}

export const HOST_TEXT = 'https://acme-be.glean.com';
export const ROOTS = ['/rest/api/v1', '/api/index/v1'];

/**
 * The marked places of a program: the keys and reads the oracle judged, and the URL anchors with the
 * requests that reach them. A multi-module project shares one among the builders of its modules, so
 * every mark has one id, whichever module it is written in.
 */
export class Marks {
  nextId = 0;
  readonly keyUses = new Map<number, Judged>();
  readonly anchors = new Map<number, Reach[]>();
}

export class Builder {
  get keyUses(): Map<number, Judged> {
    return this.marks.keyUses;
  }
  get anchors(): Map<number, Reach[]> {
    return this.marks.anchors;
  }
  readonly imports = new Set<string>();
  readonly moduleScope = new Scope();
  readonly moduleDecls: string[] = [];
  readonly declared = new Set<string>();
  readonly functions: string[] = [];
  readonly bindings: UrlBinding[] = [];
  readonly wrappers: Wrapper[] = [];
  /** Forms this builder leaves out (a multi-module project's modules, while a plugin bug is open for them there). */
  readonly shun: { arrayCallbacks?: boolean; computedKeys?: boolean; comments?: boolean; axiosGetWrapper?: boolean; /** Variables, helpers, conditionals and spreads. */ indirection?: boolean } = {};
  /** Table constants made so far, to add entries to. */
  readonly tables: { name: string; entries: string[] }[] = [];

  constructor(
    readonly r: Rand,
    readonly lang: 'js' | 'ts',
    readonly options: GeneratorOptions,
    readonly marks: Marks = new Marks(),
    /** Generator choices, shared by the builders of a project's modules. */
    readonly features: Set<string> = new Set<string>(),
  ) {}

  allows(bug: KnownBug): boolean {
    return !(this.options.avoid?.has(bug) ?? false);
  }

  get ts(): boolean {
    return this.lang === 'ts';
  }

  feature(name: string): void {
    this.features.add(name);
  }

  /** Marks a key (or member property) with the uses the oracle found (a judged key, or just its uses), if any. */
  key(judged: Judged | Set<string>, text: string): string {
    const found = judged instanceof Set ? { uses: judged } : judged;
    if (found.uses.size === 0) return text;
    const id = this.marks.nextId++;
    this.keyUses.set(id, found);
    return wrap(id, text);
  }

  anchor(text: string): { id: number; text: string } {
    const id = this.marks.nextId++;
    this.anchors.set(id, []);
    return { id, text: wrap(id, text) };
  }

  reach(anchor: number, reach: Reach): void {
    this.anchors.get(anchor)!.push(reach);
  }

  /** A module-level constant, declared once. */
  moduleConst(name: string, init: string): string {
    if (!this.declared.has(name)) {
      this.declared.add(name);
      this.moduleScope.claim(name);
      this.moduleDecls.push(`const ${name} = ${init};`);
    }
    return name;
  }

  comment(): string {
    if (this.shun.comments || !this.r.chance(12)) return '';
    return this.r.pick([' /* note */ ', '/* c */', ' /** doc */ ', ' /* snippet: role */ ']);
  }

  quote(text: string): string {
    const q = this.r.pick(["'", '"']);
    return `${q}${text}${q}`;
  }
}

export class Fn {
  readonly scope: Scope;
  /** Statements before the request (hoisted values), then the request and the reads. */
  readonly pre: string[] = [];
  readonly body: string[] = [];
  /** Function declarations after the request (hoisted: used before they are declared), when the function renders them. */
  readonly post: string[] = [];
  constructor(
    readonly b: Builder,
    readonly async: boolean,
    /** Whoever renders this function writes `post` after its body. */
    readonly rendersPost = false,
    /** Its statements go to the module's top level (a template's helpers): its names are the module's. */
    moduleLevel = false,
  ) {
    this.scope = moduleLevel ? b.moduleScope : new Scope(b.moduleScope);
  }
}

// ---------------------------------------------------------------------------------------------------
// Rendering payloads.

const BOOLEAN_KEYS = new Set(['isNegated', 'enabled', 'anyoneWithLinkEnabled', 'isAutoInvite']);

function leafValue(b: Builder, entry: PEntry): string {
  if (entry.value.kind === 'leaf' && entry.value.text) return entry.value.text;
  if (BOOLEAN_KEYS.has(entry.key)) return b.r.pick(['true', 'false', '!0']);
  return b.r.pick(["'value'", '42', '[]', 'true', '"x"', 'null', 'agentId', '`t`', "['a', 'b']"]);
}

function keyText(b: Builder, entry: PEntry): string {
  const style = b.shun.computedKeys ? b.r.pick(['ident', 'ident', 'single', 'double'] as const) : b.r.pick(['ident', 'ident', 'single', 'double', 'computed', 'template'] as const);
  const name = entry.key;
  switch (style) {
    case 'ident':
      return b.key(entry, name);
    case 'single':
      b.feature('key:quoted');
      return b.key(entry, `'${name}'`);
    case 'double':
      b.feature('key:quoted');
      return b.key(entry, `"${name}"`);
    case 'computed':
      b.feature('key:computed');
      return `[${b.comment()}${b.key(entry, b.quote(name))}${b.comment()}]`;
    case 'template':
      b.feature('key:computed-template');
      return `[${b.key(entry, `\`${name}\``)}]`;
  }
}

/** A value expression; may hoist a declaration into the function. */
function renderValue(fn: Fn, entry: PEntry, indent: string): { text: string; shorthand?: string } {
  const b = fn.b;
  let text: string;
  if (entry.value.kind === 'object') text = renderObject(fn, entry.value.node, indent);
  else if (entry.value.kind === 'array') {
    const elements = entry.value.elements.map((element) => renderObject(fn, element, `${indent}  `));
    text = `[${elements.join(', ')}]`;
    const callback = !b.shun.arrayCallbacks && b.r.chance(12) ? b.r.pick(['map', 'flatMap', 'from', 'reduce'] as const) : undefined;
    if (callback) {
      // Elements built in an array callback (expression or block body).
      b.feature(`array:callback-${callback}`);
      const row = fn.scope.fresh('row');
      const param = b.ts ? `(${row}: unknown)` : `(${row})`;
      // Over a literal array, or over the program's own rows (whose look-alike keys are not sent).
      let rows = '[0]';
      if (b.r.chance(50)) {
        b.feature('array:callback-rows');
        rows = fn.scope.fresh('rows');
        fn.pre.push(`const ${rows} = [{ email: 'a@acme.com', ${b.r.pick(LOOKALIKE_KEYS)}: 'x' }];`);
      }
      if (callback === 'map' && elements.length === 1) text = b.r.chance(50) ? `${rows}.map(${param} => (${elements[0]}))` : `${rows}.map(${param} => {\n${indent}  return ${elements[0]};\n${indent}})`;
      else if (callback === 'from' && elements.length === 1) text = `Array.from(${rows}, ${param} => (${elements[0]}))`;
      else if (callback === 'reduce') text = `${rows}.reduce((list${b.ts ? ': unknown[]' : ''}, ${row}) => list.concat(${row} ? [] : []), ${text})`;
      else text = `${rows}.flatMap(${param} => ${text})`;
    } else if (!b.shun.indirection && b.r.chance(10)) {
      // `[...items]` over a same-file array.
      b.feature('array:spread');
      const name = fn.scope.fresh(`${entry.key}List`);
      fn.pre.push(`const ${name} = ${text};`);
      text = `[...${name}]`;
    }
  } else if (entry.value.kind === 'leaf' && !entry.value.text && b.r.chance(8)) {
    // A look-alike key holding an object: not a schema edge here, so its keys are nobody's fields.
    b.feature('value:opaque-object');
    text = `{ ${b.r.pick(['snippet', 'role', 'location', 'documents', 'trackingToken', 'isNegated'])}: 'x' }`;
  } else text = leafValue(b, entry);

  if (entry.value.kind !== 'leaf' && !b.shun.indirection && b.r.chance(entry.value.kind === 'object' ? 8 : 5)) {
    text = helperCall(fn, text, entry.key);
    if (b.r.chance(15)) {
      // The helper also builds another API's request: its keys are reported, never autofixed.
      b.feature('value:helper-shared');
      fn.pre.push(`void elastic.search({ filter: ${text} });`);
      markOtherValueMayReach(entry.value.kind === 'object' ? [entry.value.node] : entry.value.elements);
    }
  }

  if (entry.value.kind !== 'leaf' && !b.shun.indirection && b.r.chance(6)) {
    // Both branches of a conditional, both sides of `||` / `??` are payload.
    b.feature('value:conditional');
    const other = entry.value.kind === 'array' ? '[]' : '{}';
    text = b.r.pick([`agentId ? ${text} : ${other}`, `agentId ? ${other} : ${text}`, `verb || ${text}`, `${text} ?? ${other}`]);
  }

  // Through a same-file variable: shorthand when the name is free.
  if (!b.shun.indirection && b.r.chance(entry.value.kind === 'leaf' ? 15 : 20)) {
    const shorthand = b.r.chance(60) ? fn.scope.claim(entry.key) : undefined;
    const name = shorthand ?? fn.scope.fresh(`${entry.key}Value`);
    fn.pre.push(`const ${name} = ${text};`);
    b.feature(shorthand ? 'value:shorthand' : 'value:variable');
    return shorthand ? { text: name, shorthand } : { text: name };
  }
  return { text };
}

export function markOtherValueMayReach(nodes: readonly PNode[]): void {
  for (const node of nodes) {
    for (const entry of node.entries) {
      entry.otherValueMayReach = true;
      if (entry.value.kind === 'object') markOtherValueMayReach([entry.value.node]);
      if (entry.value.kind === 'array') markOtherValueMayReach(entry.value.elements);
    }
  }
}

/**
 * Returns `text` from a same-file helper and gives the call: a function declared before or after its
 * use, an arrow in a const, or an object's method.
 */
export function helperCall(fn: Fn, text: string, what: string): string {
  const b = fn.b;
  const helper = fn.scope.fresh(`build${what.charAt(0).toUpperCase()}${what.slice(1)}`);
  const style = b.r.pick(['function', 'arrow', ...(fn.rendersPost ? (['after'] as const) : []), 'method'] as const);
  b.feature(`value:helper-${style}`);
  switch (style) {
    case 'function':
      fn.pre.push(`function ${helper}() {\n  return ${text};\n}`);
      return `${helper}()`;
    case 'arrow':
      fn.pre.push(`const ${helper} = () => (${text});`);
      return `${helper}()`;
    case 'after':
      fn.post.push(`function ${helper}() {\n  return ${text};\n}`);
      return `${helper}()`;
    case 'method': {
      const builders = fn.scope.fresh('builders');
      fn.pre.push(`const ${builders} = {\n  ${helper}() {\n    return ${text};\n  },\n};`);
      return `${builders}.${helper}()`;
    }
  }
}

export function renderProperty(fn: Fn, entry: PEntry, indent: string): string {
  const b = fn.b;
  if (isSpread(entry)) return `...${entry.value.kind === 'leaf' ? entry.value.text : ''}`;
  const value = renderValue(fn, entry, indent);
  if (value.shorthand && b.r.chance(70)) return `${b.comment()}${b.key(entry, value.shorthand)}${b.comment()}`;
  return `${b.comment()}${keyText(b, entry)}${b.comment()}:${b.comment() || ' '}${value.text}${b.comment()}`;
}

/** An entry written as a spread (`...template`): it stays where it is written. */
export const isSpread = (entry: PEntry): boolean => entry.value.kind === 'leaf' && entry.value.spread === true;

export function renderObject(fn: Fn, node: PNode, indent: string, spreads = true): string {
  const b = fn.b;
  const inner = `${indent}  `;
  let parts = node.entries.map((entry) => renderProperty(fn, entry, inner));
  // Some properties come from a spread of a same-file constant.
  if (!spreads || b.shun.indirection) {
    // No spread here (see axios-data-spread-body).
  } else if (parts.length > 0 && b.r.chance(15)) {
    b.feature('payload:spread');
    const count = b.r.int(1, parts.length);
    const from = b.r.int(0, parts.length - count);
    const name = fn.scope.fresh('common');
    fn.pre.push(`const ${name} = { ${parts.slice(from, from + count).join(', ')} };`);
    parts = [...parts.slice(0, from), `...${name}`, ...parts.slice(from + count)];
  } else if (parts.length > 0 && b.r.chance(5)) {
    b.feature('payload:inline-spread');
    const count = b.r.int(1, parts.length);
    parts = [`...{ ${parts.slice(0, count).join(', ')} }`, ...parts.slice(count)];
  }
  if (parts.length === 0) return '{}';
  if (b.r.chance(50)) return `{ ${parts.join(', ')} }`;
  const lines = parts.map((part) => (b.r.chance(8) ? `${inner}${part}, // why: ${part.length}\n` : `${inner}${part},\n`));
  return `{\n${lines.join('')}${indent}}`;
}

// ---------------------------------------------------------------------------------------------------
// Rendering reads.

function memberAccess(b: Builder, step: RStep): string {
  const style = b.r.pick(['dot', 'dot', 'dot', 'optional', 'bracket', 'optional-bracket'] as const);
  const bang = b.ts && b.r.chance(8) ? '!' : '';
  switch (style) {
    case 'dot':
      return `${bang}${b.comment()}.${b.comment()}${b.key(step, step.key)}`;
    case 'optional':
      b.feature('read:optional');
      return `${bang}?.${b.key(step, step.key)}`;
    case 'bracket':
      b.feature('read:bracket');
      return `${bang}[${b.key(step, b.quote(step.key))}]`;
    case 'optional-bracket':
      b.feature('read:optional');
      return `${bang}?.[${b.key(step, b.quote(step.key))}]`;
  }
}

/** Statements that read `steps[index…]` from `base` (a model value). */
export function readStatements(fn: Fn, base: string, steps: readonly RStep[], index: number, indent: string): string[] {
  const b = fn.b;
  const step = steps[index]!;
  const last = index === steps.length - 1;
  const statements: string[] = [];
  let value: string;

  if (b.r.chance(20)) {
    // Destructuring: `const { key } = base`, `const { 'key': local = null } = base`.
    b.feature('read:destructure');
    const shorthand = b.r.chance(50) ? fn.scope.claim(step.key) : undefined;
    const local = shorthand ?? fn.scope.fresh(`${step.key}Read`);
    const fallback = b.r.chance(20) ? ' = undefined' : '';
    let pattern: string;
    if (shorthand) pattern = `${b.key(step, step.key)}${fallback}`;
    else {
      const style = b.r.pick(['ident', 'quoted', 'computed'] as const);
      const key =
        style === 'ident'
          ? b.key(step, step.key)
          : style === 'quoted'
            ? b.key(step, b.quote(step.key))
            : `[${b.key(step, b.quote(step.key))}]`;
      pattern = `${key}: ${local}${fallback}`;
    }
    statements.push(`${indent}const { ${b.comment()}${pattern} } = ${base};`);
    value = local;
  } else {
    value = `${base}${memberAccess(b, step)}`;
  }

  if (last) {
    statements.push(`${indent}use(${value});`);
    return statements;
  }
  if (!step.array) {
    if (b.r.chance(15)) {
      b.feature('read:bind');
      const local = fn.scope.fresh(`${step.key}Part`);
      statements.push(`${indent}const ${local} = ${value};`);
      value = local;
    }
    return [...statements, ...readStatements(fn, value, steps, index + 1, indent)];
  }

  // An array: read an element.
  const next = steps[index + 1]!;
  const canDestructure = index + 1 === steps.length - 1 || !next.array;
  const forms = ['index', 'index', 'optional-index', 'at', 'map', 'forEach', 'flatMap', 'for-of', 'array-pattern', 'find', 'callback-expression', ...(canDestructure ? (['param-pattern'] as const) : [])] as const;
  const form = b.r.pick(forms);
  b.feature(`read:array-${form}`);
  const element = fn.scope.fresh(`${step.key}Item`);
  const inner = `${indent}  `;
  switch (form) {
    case 'param-pattern': {
      // `.forEach(({ key }) => …)`: the element's key destructured in the callback's parameter.
      const shorthand = b.r.chance(50) ? fn.scope.claim(next.key) : undefined;
      const local = shorthand ?? fn.scope.fresh(`${next.key}Read`);
      const pattern = shorthand ? b.key(next, next.key) : `${b.key(next, next.key)}: ${local}`;
      const body = index + 1 === steps.length - 1 ? [`${inner}use(${local});`] : readStatements(fn, local, steps, index + 2, inner);
      return [...statements, `${indent}${value}.${b.r.pick(['forEach', 'map'])}(({ ${pattern} }) => {`, ...body, `${indent}});`];
    }
    case 'index':
      return [...statements, ...readStatements(fn, `${value}[0]`, steps, index + 1, indent)];
    case 'optional-index':
      return [...statements, ...readStatements(fn, `${value}?.[0]`, steps, index + 1, indent)];
    case 'at':
      return [...statements, ...readStatements(fn, `${value}.at(0)`, steps, index + 1, indent)];
    case 'find':
      return [...statements, ...readStatements(fn, `${value}.find(Boolean)`, steps, index + 1, indent)];
    case 'array-pattern':
      return [...statements, `${indent}const [${element}] = ${value};`, ...readStatements(fn, element, steps, index + 1, indent)];
    case 'callback-expression':
      // `use(results.map((result) => result.snippets.map((snippet) => snippet.snippet)))`.
      return [...statements, `${indent}use(${readExpression(fn, value, steps, index + 1, true)});`];
    case 'map':
    case 'flatMap':
    case 'forEach': {
      const param = fn.b.ts && b.r.chance(30) ? `(${element}: any)` : b.r.chance(50) ? `(${element})` : element;
      const body = readStatements(fn, element, steps, index + 1, inner);
      return [...statements, `${indent}${value}.${form}(${param} => {`, ...body, `${indent}});`];
    }
    case 'for-of': {
      const body = readStatements(fn, element, steps, index + 1, inner);
      return [...statements, `${indent}for (const ${element} of ${value}) {`, ...body, `${indent}}`];
    }
  }
}

/**
 * One expression that reads `steps[index…]` from `base`; `base` holds an array when `elements` is
 * set, and its elements are read in an array callback's expression body (nested for nested arrays)
 * or taken by index.
 */
function readExpression(fn: Fn, base: string, steps: readonly RStep[], index: number, elements = false): string {
  const b = fn.b;
  if (elements) {
    const form = b.r.pick(['index', 'at', 'map', 'map', 'flatMap', 'find', 'some'] as const);
    b.feature(`read:array-callback-${form}`);
    if (form === 'index') return readExpression(fn, `${base}[0]`, steps, index);
    if (form === 'at') return readExpression(fn, `${base}.at(-1)`, steps, index);
    const element = fn.scope.fresh(`${steps[index - 1]!.key}Item`);
    return `${base}.${form}((${element}) => ${readExpression(fn, element, steps, index)})`;
  }
  const step = steps[index]!;
  const value = `${base}${memberAccess(b, step)}`;
  if (index === steps.length - 1) return value;
  return readExpression(fn, value, steps, index + 1, step.array);
}

// ---------------------------------------------------------------------------------------------------
// URLs.

export interface UrlPlan {
  /** The expression passed to the client (an inline URL, a constant's name, a table read). */
  expr: string;
  /** A URL with a host (else a bare path). */
  absolute?: boolean;
  anchor: number;
  segments: UrlSegment[];
}

/** Concrete segments of an operation's path; a parameter is a sample id or (when allowed) a hole. */
export function concreteSegments(b: Builder, op: GleanOp, holes: boolean): { segments: UrlSegment[]; holeAt: Set<number> } {
  const holeAt = new Set<number>();
  const segments = op.segments.map((segment, index): UrlSegment => {
    if (segment !== null) return { text: segment };
    if (holes && b.r.chance(60)) {
      holeAt.add(index);
      return { hole: true };
    }
    return { text: b.r.pick(['agt_1', 'a1b2c3', 'pol_7', '42', 'Agent-9']) };
  });
  return { segments, holeAt };
}

type HostKind = 'none' | 'literal' | 'const' | 'param' | 'root';

/** Builds a URL for `op` in one of the README's forms; the anchor is where the report must be. */
export function buildUrl(
  fn: Fn,
  op: GleanOp,
  method: HttpMethod | undefined,
  options: { pathOnly?: boolean; moduleLevel?: boolean },
): UrlPlan {
  const b = fn.b;
  const moduleLevel = options.moduleLevel ?? false;
  const placement = moduleLevel ? b.r.pick(['const', 'table'] as const) : b.r.pick(['inline', 'inline', 'inline', 'const', 'table'] as const);
  const local = placement !== 'inline' && !moduleLevel && b.r.chance(40);
  const module = placement !== 'inline' && !local;
  const form = b.r.pick(['literal', 'template', 'concat'] as const);
  const { segments, holeAt } = concreteSegments(b, op, form !== 'literal' && !module);
  const root = ROOTS.find((candidate) => op.path.startsWith(`${candidate}/`));
  const hostKinds: HostKind[] = options.pathOnly
    ? ['none']
    : form === 'literal'
      ? ['none', 'literal']
      : ['none', 'literal', 'const', ...(module ? [] : (['param'] as const)), ...(root ? (['root'] as const) : [])];
  const host = b.r.pick(hostKinds);
  b.feature(`url:${form}`);
  b.feature(`url:${placement}`);
  b.feature(`host:${host}`);

  // The path text pieces after the host: '/rest', '/api', …, with holes.
  const rootSegments = root ? root.split('/').length - 1 : 0;
  const pathSegments = host === 'root' ? segments.slice(rootSegments) : segments;
  const hostConst = () => b.moduleConst('HOST', `'${HOST_TEXT}'`);
  const rootConst = () => b.moduleConst(root === '/rest/api/v1' ? 'API_ROOT' : 'INDEX_ROOT', `'${HOST_TEXT}${root}'`);
  const holeName = (index: number) => (holeAt.has(index) ? 'agentId' : '');

  let expression: string;
  let anchor: { id: number; text: string };
  const suffix = b.r.chance(10) ? b.r.pick(['?limit=10', '/', '#top', '?q=a&b=2']) : '';
  if (suffix) b.feature('url:suffix');
  if (form === 'literal') {
    const text = `${host === 'literal' ? HOST_TEXT : ''}/${segments.map((s) => ('text' in s ? s.text : '')).join('/')}${suffix}`;
    anchor = b.anchor(b.quote(text));
    expression = anchor.text;
  } else if (form === 'template') {
    const hostText =
      host === 'none' ? '' : host === 'literal' ? HOST_TEXT : host === 'const' ? `\${${hostConst()}}` : host === 'param' ? '${host}' : `\${${rootConst()}}`;
    const offset = host === 'root' ? rootSegments : 0;
    // `/rest/api/${API_VERSION}/…`: the API root's version from a same-file constant.
    const versionAt = root && host !== 'root' && b.allows('prefilter-split-root') && b.r.chance(10) ? rootSegments - 1 : -1;
    if (versionAt >= 0) b.feature('url:version-constant');
    const path = pathSegments
      .map((s, i) =>
        i === versionAt && 'text' in s
          ? `\${${b.moduleConst(root === '/rest/api/v1' ? 'API_VERSION' : 'INDEX_VERSION', `'${s.text}'`)}}`
          : 'text' in s
            ? s.text
            : `\${${holeName(i + offset)}}`,
      )
      .join('/');
    anchor = b.anchor(`\`${hostText}/${path}${suffix}\``);
    expression = anchor.text;
  } else {
    // `+` chains: the host, then the path cut at some slashes, holes as their own operands.
    const offset = host === 'root' ? rootSegments : 0;
    const operands: { text: string; literal: boolean; path: boolean }[] = [];
    const trailingSlashHost = host === 'literal' && b.r.chance(30);
    if (host === 'literal') operands.push({ text: b.quote(trailingSlashHost ? `${HOST_TEXT}/` : HOST_TEXT), literal: true, path: trailingSlashHost });
    if (host === 'const') operands.push({ text: hostConst(), literal: false, path: false });
    if (host === 'param') operands.push({ text: 'host', literal: false, path: false });
    if (host === 'root') operands.push({ text: rootConst(), literal: false, path: true });
    let chunk = '';
    pathSegments.forEach((segment, i) => {
      const slash = i === 0 && trailingSlashHost ? '' : '/';
      if ('hole' in segment) {
        chunk += slash;
        operands.push({ text: b.quote(chunk), literal: true, path: true });
        operands.push({ text: holeName(i + offset), literal: false, path: true });
        chunk = '';
        return;
      }
      // Cutting inside the API root (`'/rest' + '/api/v1/…'`) hides the path from the prefilter.
      const insideRoot = root !== undefined && i + offset < rootSegments;
      if (chunk !== '' && b.r.chance(35) && (!insideRoot || b.allows('prefilter-split-root'))) {
        operands.push({ text: b.quote(chunk), literal: true, path: true });
        chunk = '';
      }
      chunk += `${slash}${segment.text}`;
    });
    if (chunk !== '') operands.push({ text: b.quote(chunk), literal: true, path: true });
    const pathOperands = operands.filter((operand) => operand.path);
    // A first operand that ends with the API's root (`API_ROOT`, `'/rest/api/v1'`) is a base joined to the rest.
    const first = pathOperands[0];
    const baseOperand = root !== undefined && first !== undefined && (host === 'root' ? first.text === rootConst() : first.literal && first.text.slice(1, -1) === root);
    const reported = pathOperands.length === 1 ? pathOperands[0] : baseOperand && pathOperands.length === 2 ? pathOperands[1] : undefined;
    if (reported?.literal) {
      // The whole path in one literal, or all of it after the base: the report is at that literal.
      anchor = b.anchor(reported.text);
      expression = operands.map((operand) => (operand === reported ? anchor.text : operand.text)).join(` ${b.comment()}+ `);
    } else {
      // The expression that assembles the path (the `+` chains are left-associative, the path ends the URL).
      anchor = b.anchor(operands.map((operand) => operand.text).join(` ${b.comment()}+${b.comment() || ' '}`));
      expression = anchor.text;
    }
  }

  const result = (expr: string): UrlPlan => ({ expr, anchor: anchor.id, segments, absolute: host !== 'none' });
  if (placement === 'inline') return result(expression);

  const scope = local ? fn.scope : b.moduleScope;
  const declare = (statement: string) => (local ? fn.pre.push(statement) : b.moduleDecls.push(statement));
  let ref: string;
  if (placement === 'const') {
    const name = scope.fresh(`${op.path.split('/').filter((s) => s && !s.startsWith('{')).at(-1)!.toUpperCase()}_URL`);
    declare(`const ${name} = ${expression};`);
    ref = name;
  } else {
    const entry = scope.fresh(`route_${op.path.split('/').at(-1)!.replace(/\W/g, '')}`);
    const nested = b.r.chance(30);
    const table = scope.fresh(nested ? 'API' : 'PATHS');
    // Table neighbours that name only non-deprecated operations, or nothing Glean.
    const neighbour = b.r.pick(["'/rest/api/v1/search'", "'/api/agents/search'", "'/rest/api/v1/chat'", "'https://example.com/v1/agents/search'"]);
    const keyStyle = b.r.pick(['ident', 'quoted'] as const);
    const key = keyStyle === 'ident' ? entry : b.quote(entry);
    if (nested) {
      b.feature('url:nested-table');
      declare(`const ${table} = { other: ${neighbour}, group: { ${key}: ${expression} } };`);
      ref = b.r.chance(50) ? `${table}.group.${entry}` : `${table}['group'].${entry}`;
    } else {
      declare(`const ${table} = { ${b.r.chance(50) ? `other: ${neighbour}, ` : ''}${key}: ${expression} };`);
      ref = b.r.chance(50) ? `${table}.${entry}` : `${table}[${b.quote(entry)}]`;
    }
  }
  if (module && method) {
    b.bindings.push({ ref, op, method, anchor: anchor.id, segments, absolute: host !== 'none' });
  }
  return result(ref);
}

// ---------------------------------------------------------------------------------------------------
// Methods.

export function methodText(b: Builder, method: HttpMethod): string {
  const casing = b.r.pick(['upper', 'lower', 'capital', 'mixed'] as const);
  const text =
    casing === 'upper'
      ? method
      : casing === 'lower'
        ? method.toLowerCase()
        : casing === 'capital'
          ? method[0] + method.slice(1).toLowerCase()
          : [...method].map((char, i) => (i % 2 ? char.toLowerCase() : char)).join('');
  b.feature(`method:${casing}`);
  const form = b.r.pick(['quote', 'quote', 'quote', 'template', 'const'] as const);
  if (form === 'template') return `\`${text}\``;
  if (form === 'const') return b.moduleConst(`METHOD_${text}`, `'${text}'`);
  return b.quote(text);
}

// ---------------------------------------------------------------------------------------------------
// Requests.

export type Client = 'fetch' | 'axios' | 'got' | 'ky' | 'urlfetch' | 'https' | 'described' | 'base-client' | 'wrapper' | 'mutation';

export interface RequestPlan {
  op: GleanOp;
  /** The method the request is sent with; undefined when the code leaves it unknown. */
  method: HttpMethod | undefined;
  client: Client;
  body?: PNode;
  reads: RStep[][];
}

export const OTHER_METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Payload paths and reads for one request: targets from `hosts`, plus look-alike keys in real places. */
export function buildPayload(b: Builder, op: GleanOp, targets: readonly FieldHost[]): PNode {
  const r = b.r;
  const root: PNode = { entries: [] };
  for (const target of targets) addPath(r, root, pathToOwner(r, target.start, target.owner), target.item.field);
  const decoys = r.int(0, 3);
  for (let i = 0; i < decoys; i++) {
    const start = op.bodyTypes.length > 0 ? r.pick(op.bodyTypes) : undefined;
    addPath(r, root, randomWalk(r, start, 3), r.pick(LOOKALIKE_KEYS));
  }
  // A second array element with look-alikes only.
  const arrays = collectArrays(root);
  if (arrays.length > 0 && r.chance(15)) {
    const array = r.pick(arrays);
    array.push({ entries: [{ key: r.pick(LOOKALIKE_KEYS), value: { kind: 'leaf' }, uses: new Set<string>() }] });
  }
  if (op.path.includes('/runs')) {
    // Agent runs: the body names the agent and carries an input object (register §4.1).
    if (!root.entries.some((entry) => entry.key === 'input')) {
      insertAt(r, root.entries, {
        key: 'input',
        value: { kind: 'object', node: { entries: [{ key: 'question', value: { kind: 'leaf', text: "'hi'" }, uses: new Set<string>() }] } },
        uses: new Set<string>(),
      });
    }
    if (op.path.startsWith('/rest/') && !root.entries.some((entry) => entry.key === 'agent_id')) {
      const agent: PEntry = { key: 'agent_id', value: { kind: 'leaf', text: r.pick(["'agt_42'", '"agt_7"']) }, uses: new Set<string>() };
      // While stream-swap-overlap is open, `agent_id` is never the last property of a stream body.
      if (op.path.endsWith('/stream') && !b.allows('stream-swap-overlap')) root.entries.unshift(agent);
      else insertAt(r, root.entries, agent);
    }
  }
  return root;
}

function collectArrays(node: PNode): PNode[][] {
  return node.entries.flatMap((entry) => {
    if (entry.value.kind === 'object') return collectArrays(entry.value.node);
    if (entry.value.kind === 'array') return [entry.value.elements, ...entry.value.elements.flatMap(collectArrays)];
    return [];
  });
}

export function buildReads(r: Rand, op: GleanOp, targets: readonly FieldHost[]): RStep[][] {
  const reads: RStep[][] = [];
  for (const target of targets) {
    const edges = pathToOwner(r, target.start, target.owner);
    reads.push([...edges.map((edge) => ({ key: edge.key, array: edge.array, uses: new Set<string>() })), { key: target.item.field, array: false, uses: new Set<string>() }]);
  }
  const decoys = r.int(0, 2);
  for (let i = 0; i < decoys; i++) {
    const start = op.responseTypes.length > 0 ? r.pick(op.responseTypes) : undefined;
    const edges = randomWalk(r, start, 3);
    reads.push([...edges.map((edge) => ({ key: edge.key, array: edge.array, uses: new Set<string>() })), { key: r.pick(LOOKALIKE_KEYS), array: false, uses: new Set<string>() }]);
  }
  return reads;
}

export function chooseMethod(b: Builder, op: GleanOp, allowUnknown: boolean): HttpMethod | undefined {
  const roll = b.r.int(0, 99);
  if (roll < 85) return op.method;
  if (roll < 93 || !allowUnknown) {
    b.feature('method:other');
    return b.r.pick(OTHER_METHODS.filter((method) => method !== op.method));
  }
  b.feature('method:unknown');
  return undefined;
}

/** The payload as an expression: inline, through a variable (with later assignments), serialised first, or cast. */
export function payloadExpression(fn: Fn, body: PNode, serialise: boolean, axiosData = false, objectOnly = false): string {
  const b = fn.b;
  // While axios-data-spread-body is open: no top-level spread in an axios payload that has a `body` key.
  const spreads = !axiosData || b.allows('axios-data-spread-body') || !body.entries.some((entry) => entry.key === 'body');
  const form = b.r.pick(['inline', 'inline', 'variable', 'assign', ...(objectOnly ? [] : (['stringified'] as const)), 'push', 'object-assign', 'helper'] as const);
  b.feature(`payload:${form}`);
  const cast = (text: string) => {
    if (!b.ts || !b.r.chance(25)) return text;
    b.feature('ts:cast');
    return b.r.pick([`${text} as const`, `${text} satisfies Payload`, `(${text} as Payload)`, `<Payload>${text}`]);
  };
  const wrapJson = (text: string) => (serialise ? (b.r.chance(15) ? `JSON.stringify(${text}, null, 2)` : `JSON.stringify(${text})`) : text);
  if (form === 'inline') return wrapJson(cast(renderObject(fn, body, '  ', spreads)));
  // The whole payload returned by a same-file helper.
  if (form === 'helper') return wrapJson(helperCall(fn, renderObject(fn, body, '  ', spreads), 'payload'));
  const name = fn.scope.fresh(b.r.pick(['payload', 'requestBody', 'params']));
  const annotation = b.ts && b.r.chance(40) ? ': Payload' : '';
  if (form === 'variable' || form === 'stringified') {
    fn.pre.push(`const ${name}${annotation} = ${cast(renderObject(fn, body, '  ', spreads))};`);
    if (form === 'variable') return wrapJson(name);
    const text = fn.scope.fresh('text');
    fn.pre.push(`const ${text} = JSON.stringify(${name});`);
    return text;
  }
  if (form === 'push' || form === 'object-assign') {
    // `payload.list.push(…)` for a top-level array's elements; `Object.assign(payload, { key: … })` for other keys.
    const moved = body.entries.filter((entry) => (form === 'push' ? entry.value.kind === 'array' && entry.value.elements.length > 0 : !isSpread(entry) && b.r.chance(40)));
    const kept: PNode = {
      entries: body.entries.flatMap((entry) => {
        if (!moved.includes(entry)) return [entry];
        return form === 'push' ? [{ ...entry, value: { kind: 'array' as const, elements: [] } }] : [];
      }),
    };
    fn.pre.push(`const ${name}${b.ts ? ': Payload' : ''} = ${renderObject(fn, kept, '  ', spreads)};`);
    for (const entry of moved) {
      if (form === 'push' && entry.value.kind === 'array') {
        const elements = entry.value.elements.map((element) => renderObject(fn, element, '  '));
        fn.pre.push(`${name}${b.r.chance(70) ? `.${entry.key}` : `[${b.quote(entry.key)}]`}.push(${elements.join(', ')});`);
      } else fn.pre.push(`Object.assign(${name}, { ${renderProperty(fn, entry, '  ')} });`);
    }
    return wrapJson(name);
  }
  // `const payload = { … }; payload.key = …;` for some top-level keys, `payload.a[0].b = …;` deeper.
  const assignments: { path: string; entry: PEntry }[] = [];
  const detach = (node: PNode, path: string, depth: number): PNode => {
    const entries: PEntry[] = [];
    for (const entry of node.entries) {
      if (!isSpread(entry) && b.r.chance(depth === 0 ? 35 : 20)) {
        assignments.push({ path, entry });
        continue;
      }
      if (depth < 2 && entry.value.kind === 'object' && b.r.chance(40)) {
        const member = `${path}.${entry.key}`;
        entries.push({ ...entry, value: { kind: 'object', node: detach(entry.value.node, member, depth + 1) } });
      } else if (depth < 2 && entry.value.kind === 'array' && b.r.chance(30)) {
        const member = `${path}.${entry.key}[0]`;
        const [first, ...rest] = entry.value.elements;
        entries.push({ ...entry, value: { kind: 'array', elements: [detach(first!, member, depth + 1), ...rest] } });
      } else entries.push(entry);
    }
    return { entries };
  };
  const kept = detach(body, name, 0);
  if (assignments.some(({ path }) => path !== name)) b.feature('payload:deep-assign');
  fn.pre.push(`const ${name}${b.ts ? ': Payload' : ''} = ${renderObject(fn, kept, '  ', spreads)};`);
  for (const { path, entry } of assignments) {
    const value = renderValue(fn, entry, '  ');
    const member = b.r.chance(70) ? `.${b.key(entry, entry.key)}` : `[${b.key(entry, b.quote(entry.key))}]`;
    fn.pre.push(`${path}${member} = ${value.text};`);
  }
  return wrapJson(name);
}

export const NO_RESPONSE: readonly Client[] = ['https', 'described'];

/**
 * Moves a request into a same-file helper that returns its promise (with the statements it needs) and
 * returns a call of that helper: `function send(host, agentId, verb) { return fetch(…); }`.
 */
function sendHelper(fn: Fn, call: string): string {
  const b = fn.b;
  const helper = b.moduleScope.fresh('send');
  const typed = (name: string) => `${name}${b.ts ? ': string' : ''}`;
  const lines = [...fn.pre.splice(0), `return ${call};`, ...fn.post.splice(0)];
  const params = `${typed('host')}, ${typed('agentId')}, ${typed('verb')}`;
  if (b.r.chance(50)) b.functions.push(`function ${helper}(${params}) {\n${lines.map((line) => `  ${line}`).join('\n')}\n}`);
  else {
    b.feature('response:send-arrow');
    b.functions.push(`const ${helper} = (${params}) => {\n${lines.map((line) => `  ${line}`).join('\n')}\n};`);
  }
  return `${helper}(host, agentId, verb)`;
}

/** Renders one request and its reads into `fn`. */
export function renderRequest(fn: Fn, plan: RequestPlan, url: UrlPlan): void {
  const b = fn.b;
  const { method, client } = plan;
  const awaitKw = fn.async ? 'await ' : '';
  const body = plan.body;
  const hasReads = plan.reads.length > 0;
  const dataName = () => fn.scope.fresh('data');
  const readAll = (base: string, indent: string) => plan.reads.flatMap((steps) => readStatements(fn, base, steps, 0, indent));
  const methodKey = (m: HttpMethod | undefined) => (m === undefined ? 'method: verb' : `method: ${methodText(b, m)}`);
  const asType = (text: string) => (b.ts && b.r.chance(30) ? `(${text}) as GleanResponse` : text);

  switch (client) {
    case 'fetch': {
      const init: string[] = [];
      if (method !== 'GET' || b.r.chance(30)) init.push(methodKey(method));
      if (b.r.chance(40)) init.push("headers: { 'Content-Type': 'application/json' }");
      if (body) init.push(`body: ${payloadExpression(fn, body, true)}`);
      let initText = init.length > 0 ? `{ ${init.join(', ')} }` : undefined;
      if (initText && b.r.chance(20)) {
        b.feature('fetch:init-variable');
        const name = fn.scope.fresh('init');
        fn.pre.push(`const ${name} = ${initText};`);
        initText = name;
      }
      const call = `fetch(${url.expr}${initText ? `, ${initText}` : ''})`;
      if (!hasReads) {
        fn.body.push(`${awaitKw}${call};`);
        return;
      }
      const style = b.r.pick(['await', 'inline', 'then', 'helper', 'send', 'all', 'inspect', 'replaced', 'maybe-replaced', 'reassigned-glean'] as const);
      b.feature(`response:fetch-${style}`);
      if (style === 'send') {
        // A same-file helper returns the request's promise; the caller awaits it.
        const send = sendHelper(fn, call);
        const data = dataName();
        if (b.r.chance(50)) fn.body.push(`const ${data} = await (await ${send}).json();`, ...readAll(data, ''));
        else {
          const res = fn.scope.fresh('res');
          fn.body.push(`const ${res} = await ${send};`, `const ${data} = await ${res}.json();`, ...readAll(data, ''));
        }
      } else if (style === 'reassigned-glean') {
        // Written again on some path, with Glean's value only (a retry): every read is still a use.
        const send = sendHelper(fn, call);
        const data = dataName();
        fn.body.push(`let ${data} = await (await ${send}).json();`, `if (!${data}) ${data} = await (await ${send}).json();`, ...readAll(data, ''));
      } else if (style === 'all') {
        // `const [data] = await Promise.all([…])`, `Promise.allSettled` read through `.value`.
        const data = dataName();
        const r = fn.scope.fresh('r');
        if (b.r.chance(50)) fn.body.push(`const [${data}] = await Promise.all([${call}.then((${r}) => ${r}.json()), Promise.resolve(0)]);`, ...readAll(data, ''));
        else {
          const settled = fn.scope.fresh('settled');
          fn.body.push(`const [${settled}] = await Promise.allSettled([${call}.then((${r}) => ${r}.json())]);`, `if (${settled}.status === 'fulfilled') {`, `  const ${data} = ${settled}.value;`, ...readAll(data, '  '), '}');
        }
      } else if (style === 'inspect') {
        // The parsed body passed to a same-file function that reads it.
        const inspect = b.moduleScope.fresh('inspect');
        const param = fn.scope.fresh('response');
        b.functions.push(`function ${inspect}(${param}${b.ts ? ': any' : ''}) {\n${readAll(param, '  ').join('\n')}\n}`);
        fn.body.push(`${inspect}(await (await ${call}).json());`);
      } else if (style === 'replaced' || style === 'maybe-replaced') {
        // Another API's value written to the same variable: before every read (no read is a use), or on one path (still a use, not fixed).
        const data = dataName();
        for (const steps of plan.reads) (style === 'replaced' ? judgeReplacedRead : judgeMaybeReplacedRead)(steps);
        const other = `other${b.ts ? '<any>' : ''}()`;
        fn.body.push(`let ${data} = await (await ${call}).json();`, style === 'replaced' ? `${data} = await ${other};` : `if (agentId) ${data} = await ${other};`, ...readAll(data, ''));
      } else if (style === 'await') {
        const res = fn.scope.fresh('res');
        const data = dataName();
        fn.body.push(`const ${res} = await ${call};`, `const ${data} = ${asType(`await ${res}.json()`)};`, ...readAll(data, ''));
      } else if (style === 'inline') {
        const data = dataName();
        fn.body.push(`const ${data} = await (await ${call}).json();`, ...readAll(data, ''));
      } else if (style === 'then') {
        const data = fn.scope.fresh('json');
        const r = fn.scope.fresh('r');
        if (b.r.chance(30)) {
          // A named same-file handler.
          b.feature('response:named-handler');
          const handler = b.moduleScope.fresh('handle');
          b.functions.push(`function ${handler}(${data}${b.ts ? ': any' : ''}) {\n${readAll(data, '  ').join('\n')}\n}`);
          fn.body.push(`await ${call}.then((${r}) => ${r}.json()).then(${handler});`);
        } else fn.body.push(`await ${call}.then((${r}) => ${r}.json()).then((${data}) => {`, ...readAll(data, '  '), '});');
      } else {
        // A same-file helper returns the parsed body.
        const helper = b.moduleScope.fresh('load');
        const res = fn.scope.fresh('res');
        const helperPre = fn.pre.splice(0);
        b.functions.push(
          `async function ${helper}(host${b.ts ? ': string' : ''}, agentId${b.ts ? ': string' : ''}, verb${b.ts ? ': string' : ''}) {\n${[...helperPre, `const ${res} = await ${call};`, `return ${res}.json();`, ...fn.post.splice(0)].map((line) => `  ${line}`).join('\n')}\n}`,
        );
        const data = dataName();
        fn.body.push(`const ${data} = await ${helper}(host, agentId, verb);`, ...readAll(data, ''));
      }
      return;
    }
    case 'axios': {
      const verb = method && b.r.chance(60) ? method.toLowerCase() : undefined;
      let call: string;
      if (verb) {
        b.feature('axios:verb');
        const data = body ? payloadExpression(fn, body, false, true) : undefined;
        const generic = b.ts && b.r.chance(20) ? '<GleanResponse>' : '';
        call = `axios.${verb}${generic}(${url.expr}${data ? `, ${data}` : ''})`;
      } else {
        const options = [`${methodKey(method)}`, ...(body ? [`data: ${payloadExpression(fn, body, b.r.chance(20))}`] : [])];
        if (b.r.chance(15)) {
          b.feature('axios:request');
          call = `axios.request({ ${options.join(', ')}, url: ${url.expr} })`;
        } else if (b.r.chance(50)) {
          b.feature('axios:config');
          call = `axios({ url: ${url.expr}, ${options.join(', ')} })`;
        } else {
          b.feature('axios:url-config');
          call = `axios(${url.expr}, { ${options.join(', ')} })`;
        }
      }
      if (!hasReads) {
        fn.body.push(`${awaitKw}${call};`);
        return;
      }
      const style = b.r.pick(['destructure', 'res', 'then', 'send'] as const);
      b.feature(`response:axios-${style}`);
      if (style === 'send') {
        const data = dataName();
        fn.body.push(`const { data: ${data} } = await ${sendHelper(fn, call)};`, ...readAll(data, ''));
      } else if (style === 'destructure') {
        const data = fn.scope.claim('data');
        if (data) fn.body.push(`const { data } = await ${call};`, ...readAll('data', ''));
        else {
          const local = dataName();
          fn.body.push(`const { data: ${local} } = await ${call};`, ...readAll(local, ''));
        }
      } else if (style === 'res') {
        const res = fn.scope.fresh('res');
        const data = dataName();
        fn.body.push(`const ${res} = await ${call};`, `const ${data} = ${res}.data;`, ...readAll(data, ''));
      } else {
        const data = fn.scope.fresh('payloadData');
        fn.body.push(`await ${call}.then(({ data: ${data} }) => {`, ...readAll(data, '  '), '});');
      }
      return;
    }
    case 'got':
    case 'ky': {
      const json = body ? `json: ${payloadExpression(fn, body, false)}` : undefined;
      let call: string;
      if (method && b.r.chance(60)) {
        call = `${client}.${method.toLowerCase()}(${url.expr}${json ? `, { ${json} }` : ''})`;
      } else {
        call = `${client}(${url.expr}, { ${[methodKey(method), ...(json ? [json] : [])].join(', ')} })`;
      }
      const data = dataName();
      fn.body.push(hasReads ? `const ${data} = await ${call}.json();` : `await ${call};`, ...(hasReads ? readAll(data, '') : []));
      if (hasReads) b.feature(`response:${client}`);
      return;
    }
    case 'urlfetch': {
      const options: string[] = [];
      if (method !== 'GET' || b.r.chance(30)) options.push(methodKey(method));
      if (body) options.push("contentType: 'application/json'", `payload: ${payloadExpression(fn, body, true)}`);
      const call = `UrlFetchApp.fetch(${url.expr}${options.length > 0 ? `, { ${options.join(', ')} }` : ''})`;
      if (!hasReads) {
        fn.body.push(`${call};`);
        return;
      }
      b.feature('response:urlfetch');
      const response = fn.scope.fresh('response');
      const data = dataName();
      fn.body.push(`const ${response} = ${call};`, `const ${data} = JSON.parse(${response}.getContentText());`, ...readAll(data, ''));
      return;
    }
    case 'https': {
      const req = fn.scope.fresh('req');
      const methodPart = method !== 'GET' || b.r.chance(30) ? [methodKey(method)] : [];
      if (url.absolute) {
        b.feature('https:url-options');
        fn.body.push(`const ${req} = https.request(${url.expr}${methodPart.length > 0 ? `, { ${methodPart.join(', ')} }` : ''});`);
      } else {
        const options = [`hostname: 'acme-be.glean.com'`, `path: ${url.expr}`, ...methodPart];
        fn.body.push(`const ${req} = https.request({ ${options.join(', ')} });`);
      }
      if (body) fn.body.push(`${req}.${b.r.pick(['write', 'end'])}(${payloadExpression(fn, body, true)});`);
      fn.body.push(`${req}.end();`);
      return;
    }
    case 'described': {
      // `{ method, path }`: a request described in data (its method must be stated).
      const parts = [`method: ${methodText(b, method!)}`, `path: ${url.expr}`];
      if (body) parts.push(`body: ${payloadExpression(fn, body, false)}`);
      const name = fn.scope.fresh('route');
      fn.body.push(`const ${name} = { ${parts.join(', ')} };`, `use(${name});`);
      return;
    }
    case 'base-client':
      throw new Error('rendered by renderBaseClient');
    case 'wrapper':
      throw new Error('rendered by renderWrapper');
    case 'mutation': {
      // A hand-written React Query mutation: `mutate(payload)` sends it, the response reaches onSuccess,
      // onSettled (in the hook's options or mutate's) and mutateAsync's result.
      const vars = body ? 'vars' : '';
      const init = [...(method !== 'GET' || b.r.chance(30) ? [methodKey(method)] : []), ...(body ? ['body: JSON.stringify(vars)'] : [])];
      const request = `fetch(${url.expr}${init.length > 0 ? `, { ${init.join(', ')} }` : ''})`;
      const param = body ? `(${vars}${b.ts ? ': unknown' : ''})` : '()';
      const mutationFn = !hasReads
        ? `${param} => ${request}`
        : b.r.chance(50)
          ? `${param} => ${request}.then((res) => res.json())`
          : `async ${param} => {\n    const res = await ${request};\n    return res.json();\n  }`;
      const payload = body ? payloadExpression(fn, body, false, false, true) : '';
      const style = hasReads ? b.r.pick(['on-success', 'on-settled', 'mutate-async', 'mutate-async-then'] as const) : 'send';
      b.feature(`hook:mutation-${style}`);
      const mutation = fn.scope.fresh('mutation');
      const data = fn.scope.fresh('data');
      const options = [`mutationFn: ${mutationFn}`];
      if (style === 'on-success') options.push(`onSuccess: (${data}${b.ts ? ': any' : ''}) => {\n${readAll(data, '    ').join('\n')}\n  }`);
      const hook = `useMutation({\n  ${options.join(',\n  ')},\n})`;
      if (style === 'send' || style === 'on-success') {
        if (b.r.chance(50)) {
          const mutate = fn.scope.claim('mutate') ?? fn.scope.fresh('send');
          fn.body.push(`const { ${mutate === 'mutate' ? 'mutate' : `mutate: ${mutate}`} } = ${hook};`, `${mutate}(${payload});`);
        } else fn.body.push(`const ${mutation} = ${hook};`, `${mutation}.mutate(${payload});`);
      } else if (style === 'on-settled') {
        fn.body.push(`const ${mutation} = ${hook};`, `${mutation}.mutate(${payload || 'undefined'}, { onSettled: (${data}${b.ts ? ': any' : ''}) => {`, ...readAll(data, '  '), '} });');
      } else if (style === 'mutate-async') {
        fn.body.push(`const ${mutation} = ${hook};`, `const ${data} = await ${mutation}.mutateAsync(${payload});`, ...readAll(data, ''));
      } else {
        fn.body.push(`const ${mutation} = ${hook};`, `await ${mutation}.mutateAsync(${payload}).then((${data}${b.ts ? ': any' : ''}) => {`, ...readAll(data, '  '), '});');
      }
      return;
    }
  }
}

/** A relative URL for a client made with a base URL: the report is at the relative URL itself. */
export function baseClientUrl(b: Builder, op: GleanOp, root: string, leadingSlash = b.r.chance(50)): UrlPlan {
  const { segments, holeAt } = concreteSegments(b, op, true);
  const rootCount = root.split('/').length - 1;
  const relative = segments.slice(rootCount);
  const slash = leadingSlash ? '/' : '';
  const template = holeAt.size > 0 || b.r.chance(20);
  const text = relative.map((s) => ('text' in s ? s.text : '${agentId}')).join('/');
  const anchor = b.anchor(template ? `\`${slash}${text}\`` : b.quote(`${slash}${text}`));
  return { expr: anchor.text, anchor: anchor.id, segments };
}

/** `axios.create({ baseURL })`, `got.extend({ prefixUrl })`, `ky.create({ prefixUrl })`, then a verb with a relative path. */
function renderBaseClient(fn: Fn, plan: RequestPlan, root: string, url: UrlPlan): void {
  const b = fn.b;
  const method = plan.method!;
  const library = b.r.pick(['axios', 'got', 'ky'] as const);
  const factory = library === 'axios' ? 'create' : library === 'got' ? 'extend' : b.r.pick(['create', 'extend']);
  const option = library === 'axios' ? 'baseURL' : 'prefixUrl';
  b.feature(`base-client:${library}`);
  const baseText = `${HOST_TEXT}${root}${b.r.chance(30) ? '/' : ''}`;
  const base = b.r.chance(50) ? b.moduleConst(root === '/rest/api/v1' ? 'API_ROOT' : 'INDEX_ROOT', `'${HOST_TEXT}${root}'`) : b.quote(baseText);
  const client = b.moduleScope.fresh(`${library}Glean`);
  b.moduleDecls.push(`const ${client} = ${library}.${factory}({ ${option}: ${base} });`);
  const verb = method.toLowerCase();
  const body = plan.body;
  let call: string;
  if (library === 'axios') call = `${client}.${verb}(${url.expr}${body ? `, ${payloadExpression(fn, body, false, true)}` : ''})`;
  else call = `${client}.${verb}(${url.expr}${body ? `, { json: ${payloadExpression(fn, body, false)} }` : ''})`;
  if (plan.reads.length === 0) {
    fn.body.push(`await ${call};`);
    return;
  }
  const data = fn.scope.fresh('data');
  fn.body.push(library === 'axios' ? `const { data: ${data} } = await ${call};` : `const ${data} = await ${call}.json();`);
  fn.body.push(...plan.reads.flatMap((steps) => readStatements(fn, data, steps, 0, '')));
}

/** A same-file wrapper that sends requests to the paths it is given: what its calls look like. */
export interface Wrapper {
  /** `root|method|library`: calls with the same API root and method may share a wrapper. */
  key: string;
  /** The callee at a call: `gleanApi.post`, `GleanApi.post`, `gleanPost`. */
  callee: string;
  library: 'fetch' | 'axios';
  /** The module-level name the callee starts from (an instance, a class with static methods, a function). */
  name: string;
  /** The class of an instance (whose constructor takes no argument). */
  className?: string;
}

/**
 * A wrapper class or function (README "What counts as a use": wrappers) made once per API root,
 * method and library: its base URL in a class field, a field set in the constructor, a `#private`
 * field, an axios client made with the base, or a module constant in a static method or a plain
 * function; then `api.post('/path', body)` calls it, and the response is read at the call.
 */
export function wrapperFor(b: Builder, root: string, method: HttpMethod, base?: string): Wrapper {
  const existing = b.wrappers.filter((wrapper) => wrapper.key.startsWith(`${root}|${method}|`));
  if (existing.length > 0 && b.r.chance(70)) {
    b.feature('wrapper:shared');
    return b.r.pick(existing);
  }
  const axiosMethods: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH'];
  const library = axiosMethods.includes(method) && !(method === 'GET' && b.shun.axiosGetWrapper) && b.r.chance(35) ? 'axios' : 'fetch';
  const key = `${root}|${method}|${library}`;
  const verb = method.toLowerCase();
  const hasBody = method !== 'GET';
  const params = `path${b.ts ? ': string' : ''}${hasBody ? `, body${b.ts ? '?: unknown' : ''}` : ''}`;
  const baseText = base ?? b.quote(`${HOST_TEXT}${root}`);
  const rootConst = () => base ?? b.moduleConst(root === '/rest/api/v1' ? 'API_ROOT' : 'INDEX_ROOT', `'${HOST_TEXT}${root}'`);
  const fetchInit = (text: string) => (method === 'GET' && b.r.chance(50) ? '' : `, { method: ${methodText(b, method)}${hasBody ? `, body: JSON.stringify(${text})` : ''} }`);
  const className = b.moduleScope.fresh('GleanApi');
  const instance = b.moduleScope.fresh('gleanApi');
  let members: string[];
  let callee = `${instance}.${verb}`;
  let instanceDecl = true;
  if (library === 'axios') {
    const style = b.r.pick(['client-field', 'client-constructor', 'join'] as const);
    b.feature(`wrapper:axios-${style}`);
    const send = `return ${style === 'join' ? 'axios' : 'this.http'}.${verb}(${style === 'join' ? '`${this.base}${path}`' : 'path'}${hasBody ? ', body' : ''});`;
    members =
      style === 'client-field'
        ? [`http = axios.create({ baseURL: ${baseText} });`]
        : style === 'client-constructor'
          ? [...(b.ts ? ['http;'] : []), `constructor() {\n    this.http = axios.create({ baseURL: ${baseText} });\n  }`]
          : [`base = ${baseText};`];
    members.push(`${verb}(${params}) {\n    ${send}\n  }`);
  } else {
    const style = b.r.pick(['field', 'constructor', 'private', 'private-constructor', 'static', 'function', 'layered'] as const);
    b.feature(`wrapper:${style}`);
    const base = style === 'private' || style === 'private-constructor' ? 'this.#base' : 'this.base';
    const join = style === 'static' || style === 'function' || style === 'layered' ? `\`\${${rootConst()}}\${path}\`` : b.r.chance(50) ? `\`\${${base}}\${path}\`` : `${base} + path`;
    const send = `return fetch(${join}${fetchInit('body')});`;
    if (style === 'layered') {
      // A wrapper over a wrapper: the verb's function hands its method to the one that sends.
      const core = b.moduleScope.fresh('gleanRequest');
      const name = b.moduleScope.fresh(`glean${verb.charAt(0).toUpperCase()}${verb.slice(1)}`);
      const coreParams = `method${b.ts ? ': string' : ''}, ${params}`;
      b.moduleDecls.push(`function ${core}(${coreParams}) {\n  return fetch(${join}, { method${hasBody ? ', body: JSON.stringify(body)' : ''} });\n}`);
      b.moduleDecls.push(`const ${name} = (${params}) => ${core}(${methodText(b, method)}, path${hasBody ? ', body' : ''});`);
      b.wrappers.push({ key, callee: name, library, name });
      return b.wrappers.at(-1)!;
    }
    if (style === 'function') {
      const name = b.moduleScope.fresh(`glean${verb.charAt(0).toUpperCase()}${verb.slice(1)}`);
      b.moduleDecls.push(`function ${name}(${params}) {\n  ${send}\n}`);
      b.wrappers.push({ key, callee: name, library, name });
      return b.wrappers.at(-1)!;
    }
    members = {
      field: [`base = ${baseText};`],
      constructor: [...(b.ts ? ['base: string;'] : []), `constructor() {\n    this.base = ${baseText};\n  }`],
      private: [`#base = ${baseText};`],
      'private-constructor': [`#base${b.ts ? ': string' : ''};`, `constructor() {\n    this.#base = ${baseText};\n  }`],
      static: [],
    }[style];
    members.push(`${style === 'static' ? 'static ' : ''}${verb}(${params}) {\n    ${send}\n  }`);
    if (style === 'static') {
      callee = `${className}.${verb}`;
      instanceDecl = false;
    }
  }
  b.moduleDecls.push(`class ${className} {\n${members.map((member) => `  ${member}`).join('\n')}\n}`);
  if (instanceDecl) b.moduleDecls.push(`const ${instance} = new ${className}();`);
  b.wrappers.push({ key, callee, library, name: instanceDecl ? instance : className, ...(instanceDecl ? { className } : {}) });
  return b.wrappers.at(-1)!;
}

/** A request through a wrapper: `await gleanApi.post('/path', payload)`, the response read at the call. */
function renderWrapper(fn: Fn, plan: RequestPlan, root: string, url: UrlPlan): void {
  const b = fn.b;
  const wrapper = wrapperFor(b, root, plan.method!);
  const payload = plan.body ? `, ${payloadExpression(fn, plan.body, false, wrapper.library === 'axios', true)}` : '';
  const call = `${wrapper.callee}(${url.expr}${payload})`;
  if (plan.reads.length === 0) {
    fn.body.push(`await ${call};`);
    return;
  }
  const data = fn.scope.fresh('data');
  if (wrapper.library === 'axios') fn.body.push(`const { data: ${data} } = await ${call};`);
  else if (b.r.chance(50)) fn.body.push(`const ${data} = await (await ${call}).json();`);
  else {
    const res = fn.scope.fresh('res');
    fn.body.push(`const ${res} = await ${call};`, `const ${data} = await ${res}.json();`);
  }
  fn.body.push(...plan.reads.flatMap((steps) => readStatements(fn, data, steps, 0, '')));
}

type Target = { kind: 'endpoint'; op: GleanOp } | { kind: 'field'; host: FieldHost } | { kind: 'any' };

function requestSnippet(b: Builder, target: Target): void {
  const r = b.r;
  // An unconstrained request prefers an operation whose URL constant an earlier request declared.
  const bound = b.bindings.length > 0 && r.chance(50) ? r.pick(b.bindings).op : undefined;
  const op = target.kind === 'endpoint' ? target.op : target.kind === 'field' ? target.host.op : (bound ?? r.pick(gleanOps));
  const root = ROOTS.find((candidate) => op.path.startsWith(`${candidate}/`));
  // A program that has a wrapper for this API root tends to send through it again.
  const wrapped = b.wrappers.some((wrapper) => wrapper.key.startsWith(`${root}|`));
  const clients: Client[] = [
    ...(['fetch', 'fetch', 'axios', 'axios', 'got', 'ky', 'urlfetch', 'https', 'described', 'mutation'] as const),
    ...(root ? (['base-client', 'wrapper', 'wrapper'] as const) : []),
    ...(wrapped ? (['wrapper', 'wrapper', 'wrapper'] as const) : []),
  ];
  let client = r.pick(clients);
  const mustRespond = target.kind === 'field' && target.host.side === 'response';
  if (mustRespond && NO_RESPONSE.includes(client)) client = 'fetch';
  const method = chooseMethod(b, op, client !== 'described' && client !== 'base-client' && client !== 'wrapper');
  b.feature(`client:${client}`);
  const fn = new Fn(b, client !== 'urlfetch', true);

  // Reuse a module-level URL binding for the same operation and method: one use, one report.
  // A binding may also be reused with another method (an edit through the GET's path constant): the
  // oracle then reports what the methods together name.
  const reusable = b.bindings.filter((binding) => binding.op === op && (binding.method === method || b.r.chance(30)));
  let url: UrlPlan;
  if (client === 'base-client') url = baseClientUrl(b, op, root!);
  else if (client === 'wrapper') url = baseClientUrl(b, op, root!, true);
  else if (reusable.length > 0 && r.chance(70)) {
    b.feature('url:reused');
    const binding = r.pick(reusable);
    url = { expr: binding.ref, anchor: binding.anchor, segments: binding.segments };
  } else {
    url = buildUrl(fn, op, method, { pathOnly: client === 'https', moduleLevel: false });
  }
  b.reach(url.anchor, { site: true, method, segments: url.segments });

  // What the request sends and reads: the targets, more fields of the same operation, look-alikes.
  const sendsBody = method !== 'GET' && (op.bodyTypes.length > 0 || r.chance(30));
  const requestTargets: FieldHost[] = [];
  const responseTargets: FieldHost[] = [];
  if (target.kind === 'field') (target.host.side === 'request' ? requestTargets : responseTargets).push(target.host);
  const more = fieldHosts.filter((host) => host.op === op);
  const extra = r.int(0, 2);
  for (let i = 0; i < extra && more.length > 0; i++) {
    const host = r.pick(more);
    (host.side === 'request' ? requestTargets : responseTargets).push(host);
  }
  const body = sendsBody ? buildPayload(b, op, requestTargets) : undefined;
  const wantsReads = !NO_RESPONSE.includes(client) && (responseTargets.length > 0 || r.chance(40));
  const reads = wantsReads ? buildReads(r, op, responseTargets) : [];

  // The oracle, before rendering: the operations the request reaches, and the uses among its keys and reads.
  judgeRequest(url.segments, method, body, reads);

  const plan: RequestPlan = { op, method, client, reads, ...(body ? { body } : {}) };
  if (client === 'base-client') renderBaseClient(fn, plan, root!, url);
  else if (client === 'wrapper') renderWrapper(fn, plan, root!, url);
  else renderRequest(fn, plan, url);

  const name = b.moduleScope.fresh(`call_${op.path.split('/').at(-1)!.replace(/\W/g, '')}`);
  const params = b.ts ? 'host: string, agentId: string, verb: string' : 'host, agentId, verb';
  const lines = [...fn.pre, ...fn.body, ...fn.post].map((line) => `  ${line}`);
  b.functions.push(`export ${fn.async ? 'async ' : ''}function ${name}(${params}) {\n${lines.join('\n')}\n}`);
}

/** Strings that look like Glean URLs: prose, near misses and unused paths (the method is unknown). */
function stringSnippet(b: Builder): void {
  const r = b.r;
  const op = r.pick(gleanOps);
  const { segments } = concreteSegments(b, op, false);
  const texts = segments.map((s) => ('text' in s ? s.text : 'x'));
  const mutation = r.pick(['none', 'suffix', 'case', 'drop', 'prose', 'other-host'] as const);
  b.feature(`string:${mutation}`);
  const literalIndexes = op.segments.flatMap((s, i) => (s === null ? [] : [i]));
  const at = r.pick(literalIndexes);
  if (mutation === 'suffix') texts[texts.length - 1] += r.pick(['byuser', 's', 'V2']);
  if (mutation === 'case') texts[at] = texts[at]!.toUpperCase() === texts[at] ? texts[at]!.toLowerCase() : texts[at]!.toUpperCase();
  if (mutation === 'drop') texts.splice(at, 1);
  const path = `/${texts.join('/')}`;
  const host = r.pick(['', HOST_TEXT]);
  if (mutation === 'prose') {
    b.moduleDecls.push(`const ${b.moduleScope.fresh('NOTE')} = ${b.quote(`Glean retires ${op.method} ${path} soon, see ${host || 'the docs'}`)};`);
    return;
  }
  const text = mutation === 'other-host' ? `https://api.example.com/v1${path.replace(/^\/(rest\/)?api/, '')}` : `${host}${path}`;
  const anchor = b.anchor(b.quote(text));
  const finalSegments = text
    .replace(/^https:\/\/[^/]+/, '')
    .split('/')
    .slice(1)
    .map((t) => ({ text: t }));
  b.reach(anchor.id, { site: false, method: undefined, segments: finalSegments });
  b.moduleDecls.push(`const ${b.moduleScope.fresh('DOC_URL')} = ${anchor.text};`);
}

// ---------------------------------------------------------------------------------------------------
// Programs.

function buildProgram(g: fc.GeneratorValue, options: GeneratorOptions): GeneratedProgram {
  const r = new Rand(g);
  const lang = options.lang ?? r.pick(['js', 'ts'] as const);
  const b = new Builder(r, lang, options);
  const snippets = r.int(1, 4);
  for (let i = 0; i < snippets; i++) {
    const kind = r.pick(['endpoint', 'field', 'field', 'any', 'string'] as const);
    if (kind === 'endpoint') {
      const item = r.pick(endpointItems);
      requestSnippet(b, { kind: 'endpoint', op: opByKey(`${item.operation.method} ${item.operation.path}`) });
    }
    else if (kind === 'field') {
      const item = r.pick(fieldItems);
      requestSnippet(b, { kind: 'field', host: r.pick(fieldHosts.filter((host) => host.item === item)) });
    } else if (kind === 'any') requestSnippet(b, { kind: 'any' });
    else stringSnippet(b);
  }

  const header = moduleHeader(b, [...b.moduleDecls, ...b.functions].join('\n'), { single: true });
  const marked = [...header, ...b.moduleDecls, '', ...b.functions, ''].join('\n');
  const { code, expected } = expectedUses(b, marked);
  return { lang, filename: lang === 'ts' ? 'program.ts' : 'program.js', code, expected, features: [...b.features].sort() };
}

/**
 * The imports and declarations a module's text needs: the HTTP libraries it names, React Query's
 * `useMutation`, another API's client, and `use` (and in TypeScript the payload and response types).
 * `system: 'cjs'` writes `require` calls for a CommonJS module; a single-file program (`single`)
 * declares the TypeScript helpers whether it uses them or not.
 */
export function moduleHeader(b: Builder, text: string, { system = 'esm', single = false }: { system?: 'esm' | 'cjs'; single?: boolean } = {}): string[] {
  const r = b.r;
  const header: string[] = [];
  const load = (name: string, specifier: string) => (system === 'cjs' ? `const ${name} = require('${specifier}');` : `import ${name} from '${specifier}';`);
  if (text.includes('axios')) header.push(b.ts || system === 'cjs' || r.chance(70) ? load('axios', 'axios') : "const axios = require('axios');");
  if (/\bgot[.(]/.test(text)) header.push(load('got', 'got'));
  if (/\bky[.(]/.test(text)) header.push(load('ky', 'ky'));
  if (text.includes('https.request')) header.push(load('https', 'node:https'));
  if (text.includes('useMutation(')) header.push(system === 'cjs' ? "const { useMutation } = require('@tanstack/react-query');" : "import { useMutation } from '@tanstack/react-query';");
  if (text.includes('elastic.search(')) header.push(b.ts ? 'declare const elastic: { search(query: unknown): Promise<unknown> };' : load('elastic', './elastic.js'));
  if (single) {
    if (b.ts) header.push('type Payload = Record<string, unknown>;', 'interface GleanResponse { [key: string]: any }', 'declare function use(value: unknown): void;');
    else header.push('const use = (value) => console.log(value);');
  } else if (b.ts) {
    if (/\bPayload\b/.test(text)) header.push('type Payload = Record<string, unknown>;');
    if (/\bGleanResponse\b/.test(text)) header.push('interface GleanResponse { [key: string]: any }');
    if (/\buse\(/.test(text)) header.push('declare function use(value: unknown): void;');
    if (/\bother</.test(text)) header.push('declare function other<T>(): Promise<T>;');
  } else {
    if (/\buse\(/.test(text)) header.push('const use = (value) => console.log(value);');
    if (/\bother\(/.test(text)) header.push('const other = async () => ({});');
  }
  return header;
}

/** The program's code without markers, and the uses the oracle marked in it, at their exact ranges. */
export function expectedUses(b: Builder, marked: string): { code: string; expected: ExpectedUse[] } {
  const { code, spans } = stripMarkers(marked);
  const ids = new Set([...b.keyUses.keys(), ...b.anchors.keys()]);
  return { code, expected: expectedAt(b.marks, code, spans, ids) };
}

/**
 * The uses the oracle marked among `ids` (each of which has its span in `code`), at their exact ranges.
 * A project's module passes the ids written in it.
 */
export function expectedAt(marks: Marks, code: string, spans: ReadonlyMap<number, Located>, ids: Iterable<number>): ExpectedUse[] {
  const expected: ExpectedUse[] = [];
  const add = (id: number, itemId: string, unfixable = false) => {
    const span = spans.get(id)!;
    const rule = ruleFor(itemById(itemId));
    if (!rule) return;
    const start = position(code, span.start);
    const end = position(code, span.end);
    expected.push({
      item: itemId,
      rule,
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
      text: code.slice(span.start, span.end),
      ...(unfixable ? { unfixable } : {}),
    });
  };
  for (const id of ids) {
    const judged = marks.keyUses.get(id);
    if (judged) for (const itemId of judged.uses) add(id, itemId, judged.otherValueMayReach === true);
    const reaches = marks.anchors.get(id);
    if (reaches) for (const itemId of endpointUsesOf(reaches)) add(id, itemId);
  }
  expected.sort((a, c) => a.line - c.line || a.column - c.column || a.item.localeCompare(c.item));
  return expected;
}

/** Oracle, endpoints: the deprecated endpoints a literal names, over every request that reaches it. */
/** Glean-calling programs with the uses they hold. */
export function programArbitrary(options: GeneratorOptions = {}): fc.Arbitrary<GeneratedProgram> {
  return fc.gen().map((g) => buildProgram(g, options));
}
