import fc from 'fast-check';
import { join } from 'node:path';
import type { EndpointItem, FieldItem } from '../../src/register/types.js';
import type { SdkHook, SdkOperation, SdkVersionTables } from '../../src/sdk/types.js';
import { Builder, Fn, Rand, buildPayload, buildReads, expectedUses, readStatements, renderObject, type GeneratedProgram, type GeneratorOptions } from './generators.js';
import { endpointItems, fieldHostsOn, fuzzedSdk, ruleFor, type FieldHost, type GleanOp } from './model.js';
import { judgePayload, judgeRead, type PNode, type RStep } from './oracle.js';

/**
 * fast-check generators of programs written against the official SDK's own types (JavaScript and
 * TypeScript): `new Glean({ apiToken, instance })` held in a module constant, a typed parameter, a
 * class field, a same-file factory or an alias of a sub-client, whose methods (from the SDK tables)
 * are called with request objects walked on the SDK schema (inline, in a constant, sometimes
 * annotated with the SDK's model type, or built by a helper), and whose awaited or `.then` results
 * are read down to deprecated response fields; and React Query hooks: a mutation's `mutate(variables)`
 * sends the request, its `.data` and `onSuccess(data)` are the response, a query hook's `.data` too.
 * Look-alikes: the same method chains on an object that is not the SDK, and look-alike keys.
 *
 * The oracle is the same as for the HTTP programs (`oracle.ts`): a call of a method or hook whose
 * operation is a register endpoint is a use at its callee, and the request and reads are judged
 * from the operation's body and response types.
 */

export interface SdkOp {
  sdk: SdkOperation;
  /** The operation as the oracle sees it: its own body and response types only. */
  op: GleanOp;
  /** Index of the body parameter, if the method takes one. */
  bodyAt: number;
  mutation?: SdkHook;
  query?: SdkHook;
}

export const COMPONENTS = '@gleanwork/api-client/models/components';
const REACT_QUERY = '@gleanwork/api-client/react-query';

/** What SDK programs of one version can call and use. */
export interface SdkModel {
  /**
   * Operations a program can call: their body is a named model type, and every required parameter is
   * the body or a path parameter (a required query parameter would need a real value).
   */
  ops: readonly SdkOp[];
  /** Register endpoints the SDK exposes, with the operations that reach them. */
  endpoints: { item: EndpointItem; ops: SdkOp[] }[];
  hosts: readonly FieldHost[];
  fieldItems: FieldItem[];
  opOf: Map<GleanOp, SdkOp>;
  /** Register items an SDK program can use (for the coverage check). */
  items: readonly string[];
}

const models = new Map<SdkVersionTables, SdkModel>();

/** The model of the SDK version the fuzz model reads (`useSdkVersion`), built once per version. */
export function sdkModel(): SdkModel {
  const tables = fuzzedSdk();
  let model = models.get(tables);
  if (model) return model;
  const ops: SdkOp[] = tables.operations.flatMap((sdk) => {
    const bodyAt = sdk.params.findIndex((param) => param.role === 'body');
    if (bodyAt >= 0 && !sdk.params[bodyAt]!.type) return [];
    if (sdk.params.some((param) => !param.optional && param.role !== 'body' && param.role !== 'path')) return [];
    const op: GleanOp = {
      method: sdk.method,
      path: sdk.path,
      key: `${sdk.method} ${sdk.path}`,
      segments: [],
      paramCount: 0,
      bodyTypes: bodyAt >= 0 ? [sdk.params[bodyAt]!.type!] : [],
      responseTypes: sdk.responseTypes,
    };
    const mutation = sdk.hooks.find((hook) => hook.kind === 'mutation');
    const query = sdk.hooks.find((hook) => hook.kind === 'query');
    return [{ sdk, op, bodyAt, ...(mutation ? { mutation } : {}), ...(query ? { query } : {}) }];
  });
  const endpoints = endpointItems.flatMap((item) => {
    const reaching = ops.filter((candidate) => candidate.op.key === `${item.operation.method} ${item.operation.path}`);
    return reaching.length > 0 ? [{ item, ops: reaching }] : [];
  });
  const hosts = fieldHostsOn(ops.map((candidate) => candidate.op));
  const items = [...new Set([...endpoints.map(({ item }) => item.id), ...hosts.map((host) => host.item.id)])].filter((id) =>
    ruleFor(endpointItems.find((item) => item.id === id) ?? hosts.find((host) => host.item.id === id)!.item),
  );
  model = { ops, endpoints, hosts, fieldItems: [...new Set(hosts.map((host) => host.item))], opOf: new Map(ops.map((candidate) => [candidate.op, candidate])), items };
  models.set(tables, model);
  return model;
}

/** Register items an SDK program of the version the fuzz model reads can use (for the coverage check). */
export function sdkItems(): readonly string[] {
  return sdkModel().items;
}

/** Shapes every default run must generate. */
export const SDK_FEATURES = [
  'client:const',
  'ts:client-param',
  'client:class-field',
  'client:constructor',
  'client:factory',
  'client:alias',
  'request:inline',
  'request:const',
  'ts:request-annotated',
  'request:helper',
  'response:await',
  'response:then',
  'hook:mutation-data',
  'hook:mutation-onSuccess',
  'hook:mutate-onSuccess',
  'hook:query-data',
  'lookalike:other-client',
];

/** The endpoint items a call of `target` is a use of. */
export function endpointUses(target: SdkOp): Set<string> {
  return new Set(endpointItems.filter((item) => `${item.operation.method} ${item.operation.path}` === target.op.key).map((item) => item.id));
}

export class SdkProgram {
  readonly typeImports = new Set<string>();
  readonly hookImports = new Set<string>();
  usesGlean = false;
  usesOther = false;
  readonly classes: string[] = [];
  constructor(readonly b: Builder) {}

  /** The module's `Glean` instance, declared once. */
  moduleClient(): string {
    this.usesGlean = true;
    return this.b.moduleConst('glean', "new Glean({ apiToken: 'token', instance: 'acme' })");
  }
}

/** The request object's expression: inline, a constant (annotated in TS, sometimes), or a helper's return. */
export function requestExpression(p: SdkProgram, fn: Fn, target: SdkOp, body: PNode): string {
  const b = p.b;
  const type = target.op.bodyTypes[0]!;
  const form = b.r.pick(['inline', 'inline', 'const', 'helper'] as const);
  const annotate = b.ts && b.r.chance(50);
  if (annotate) {
    b.feature('ts:request-annotated');
    p.typeImports.add(type);
  }
  b.feature(`request:${form}`);
  const object = renderObject(fn, body, '  ');
  if (form === 'inline') return object;
  if (form === 'const') {
    const name = fn.scope.fresh('request');
    fn.pre.push(`const ${name}${annotate ? `: ${type}` : ''} = ${object};`);
    return name;
  }
  const helper = fn.scope.fresh(`build${type}`);
  fn.pre.push(`function ${helper}()${annotate ? `: ${type}` : ''} {\n  return ${object};\n}`);
  return `${helper}()`;
}

/** The call's arguments: the request, path parameters, `undefined` for optional ones before the last needed. */
export function callArguments(target: SdkOp, request: string | undefined): string {
  const needed = Math.max(
    target.sdk.params.findLastIndex((param) => !param.optional),
    request === undefined ? -1 : target.bodyAt,
  );
  return target.sdk.params
    .slice(0, needed + 1)
    .map((param) => (param.role === 'body' ? (request ?? '{}') : param.role === 'path' ? 'agentId' : 'undefined'))
    .join(', ');
}

/** Reads of the response `base` (a model value) as statements. */
export function readAll(fn: Fn, base: string, reads: readonly RStep[][], indent: string): string[] {
  return reads.flatMap((steps) => readStatements(fn, base, steps, 0, indent));
}

type Holder = 'const' | 'param' | 'class-field' | 'constructor' | 'factory' | 'alias';

/** A call of an SDK method through a `Glean` instance (or, for a look-alike, another object). */
function methodSnippet(p: SdkProgram, target: SdkOp, lookalike: boolean, host?: FieldHost): void {
  const b = p.b;
  const r = b.r;
  const chain = r.pick([target.sdk.chain, ...(target.sdk.chains ?? [])]);
  const holder: Holder = lookalike ? 'const' : r.pick(['const', 'const', ...(b.ts ? (['param'] as const) : []), 'class-field', 'constructor', 'factory', 'alias']);
  if (lookalike) b.feature('lookalike:other-client');
  else b.feature(holder === 'param' ? 'ts:client-param' : `client:${holder}`);
  const fn = new Fn(b, true);
  const params: string[] = [];
  let root: string;
  if (lookalike) {
    p.usesOther = true;
    root = 'otherSdk';
  } else if (holder === 'const' || holder === 'alias') root = p.moduleClient();
  else if (holder === 'param') {
    p.usesGlean = true;
    root = fn.scope.fresh('client');
    params.push(`${root}: Glean`);
  } else if (holder === 'factory') {
    p.usesGlean = true;
    const factory = b.moduleConst('createGlean', "() => new Glean({ apiToken: 'token', instance: 'acme' })");
    root = fn.scope.fresh('sdk');
    fn.pre.push(`const ${root} = ${factory}();`);
  } else {
    p.usesGlean = true;
    root = 'this.glean';
  }
  let callee: string;
  if (holder === 'alias') {
    const sub = fn.scope.fresh(chain.at(-2) ?? 'sub');
    fn.pre.push(`const ${sub} = ${[root, ...chain.slice(0, -1)].join('.')};`);
    callee = `${sub}.${chain.at(-1)!}`;
  } else callee = [root, ...chain].join('.');

  const { body, reads } = plan(b, target, lookalike, host);
  const request = body ? requestExpression(p, fn, target, body) : undefined;
  const call = `${b.key(lookalike ? new Set() : endpointUses(target), callee)}(${callArguments(target, request)})`;
  if (reads.length === 0) fn.body.push(`await ${call};`);
  else if (r.chance(30)) {
    b.feature('response:then');
    const data = fn.scope.fresh('data');
    fn.body.push(`await ${call}.then((${data}) => {`, ...readAll(fn, data, reads, '  '), '});');
  } else {
    b.feature('response:await');
    const result = fn.scope.fresh('result');
    fn.body.push(`const ${result} = await ${call};`, ...readAll(fn, result, reads, ''));
  }
  finish(p, fn, target, holder, params);
}

/** A React Query hook: a mutation (`mutate(variables)`) or a query, and reads of its data. */
function hookSnippet(p: SdkProgram, target: SdkOp, hook: SdkHook, host?: FieldHost): void {
  const b = p.b;
  const r = b.r;
  const fn = new Fn(b, false);
  p.hookImports.add(hook.name);
  const { body, reads } = plan(b, target, false, host);
  const callee = b.key(endpointUses(target), hook.name);
  const result = fn.scope.fresh(hook.kind === 'mutation' ? 'mutation' : 'query');
  const data = (base: string) => `${base}.data${b.ts ? '!' : ''}`;
  if (hook.kind === 'query') {
    b.feature('hook:query-data');
    fn.body.push(`const ${result} = ${callee}(${callArguments(target, undefined)});`, ...readAll(fn, data(result), reads, ''));
  } else {
    const where = reads.length === 0 ? 'data' : r.pick(['data', 'onSuccess', 'mutate-onSuccess'] as const);
    const onSuccess = (indent: string) => {
      const param = fn.scope.fresh('data');
      return `{ onSuccess: (${param}) => {\n${readAll(fn, param, reads, `${indent}  `).join('\n')}\n${indent}} }`;
    };
    fn.body.push(`const ${result} = ${callee}(${where === 'onSuccess' ? onSuccess('') : ''});`);
    const variables: string[] = [];
    for (const param of target.sdk.params) {
      if (param.role === 'body') variables.push(`${param.name}: ${body ? requestExpression(p, fn, target, body) : '{}'}`);
      else if (param.role === 'path') variables.push(`${param.name}: agentId`);
    }
    fn.body.push(`${result}.${r.pick(['mutate', 'mutate', 'mutateAsync'])}({ ${variables.join(', ')} }${where === 'mutate-onSuccess' ? `, ${onSuccess('')}` : ''});`);
    if (where === 'data') fn.body.push(...readAll(fn, data(result), reads, ''));
    b.feature(where === 'data' ? 'hook:mutation-data' : where === 'onSuccess' ? 'hook:mutation-onSuccess' : 'hook:mutate-onSuccess');
  }
  // A component-like wrapper; no SDK hook name ends with `Panel`.
  const name = b.moduleScope.fresh(`use${target.sdk.func.charAt(0).toUpperCase()}${target.sdk.func.slice(1)}Panel`);
  const params = b.ts ? 'host: string, agentId: string, verb: string' : 'host, agentId, verb';
  b.functions.push(`export function ${name}(${params}) {\n${[...fn.pre, ...fn.body].map((line) => `  ${line}`).join('\n')}\n}`);
}

/** What a call sends and reads: the target field, more fields of the same operation, look-alikes; judged unless it is a look-alike. */
export function plan(b: Builder, target: SdkOp, lookalike: boolean, host?: FieldHost): { body: PNode | undefined; reads: RStep[][] } {
  const r = b.r;
  const requestTargets: FieldHost[] = [];
  const responseTargets: FieldHost[] = [];
  const chosen = host ? [host] : [];
  const more = sdkModel().hosts.filter((candidate) => candidate.op === target.op);
  const extra = r.int(0, 2);
  for (let i = 0; i < extra && more.length > 0; i++) chosen.push(r.pick(more));
  for (const each of chosen) (each.side === 'request' ? requestTargets : responseTargets).push(each);
  const body = target.bodyAt >= 0 ? buildPayload(b, target.op, requestTargets) : undefined;
  const reads = target.op.responseTypes.length > 0 && (responseTargets.length > 0 || r.chance(50)) ? buildReads(r, target.op, responseTargets) : [];
  if (!lookalike) {
    if (body) judgePayload(body, target.op.bodyTypes, target.op.key);
    for (const steps of reads) judgeRead(steps, target.op.responseTypes, target.op.key);
  }
  return { body, reads };
}

/** Adds the snippet's function to the module: a plain function, or a method of a class holding the client. */
function finish(p: SdkProgram, fn: Fn, target: SdkOp, holder: Holder, extra: readonly string[]): void {
  const b = p.b;
  const name = b.moduleScope.fresh(`call_${target.sdk.func}`);
  const params = [...extra, ...(b.ts ? ['host: string', 'agentId: string', 'verb: string'] : ['host', 'agentId', 'verb'])].join(', ');
  const indent = holder === 'class-field' || holder === 'constructor' ? '    ' : '  ';
  const lines = [...fn.pre, ...fn.body].flatMap((line) => line.split('\n')).map((line) => `${indent}${line}`);
  if (holder !== 'class-field' && holder !== 'constructor') {
    b.functions.push(`export async function ${name}(${params}) {\n${lines.join('\n')}\n}`);
    return;
  }
  const service = b.moduleScope.fresh('Service');
  const modifier = b.ts ? b.r.pick(['private ', 'private readonly ', '']) : '';
  const field =
    holder === 'class-field'
      ? [`  ${modifier}glean = new Glean({ apiToken: 'token', instance: 'acme' });`]
      : [
          ...(b.ts ? ['  private glean: Glean;'] : []),
          `  constructor(${b.ts ? 'apiToken: string' : 'apiToken'}) {`,
          "    this.glean = new Glean({ apiToken, instance: 'acme' });",
          '  }',
        ];
  b.functions.push(`export class ${service} {\n${field.join('\n')}\n\n  async ${name}(${params}) {\n${lines.join('\n')}\n  }\n}`);
}

function sdkSnippet(p: SdkProgram): void {
  const b = p.b;
  const r = b.r;
  const kind = r.pick(['endpoint', 'field', 'field', 'any', 'lookalike'] as const);
  let target: SdkOp;
  let host: FieldHost | undefined;
  const model = sdkModel();
  if (kind === 'endpoint') target = r.pick(r.pick(model.endpoints).ops);
  else if (kind === 'field') {
    // An item first, then one of its hosts: items with few hosts come up as often as the others.
    const item = r.pick(model.fieldItems);
    host = r.pick(model.hosts.filter((candidate) => candidate.item === item));
    target = model.opOf.get(host.op)!;
  } else target = r.pick(model.ops);
  if (kind === 'lookalike') return methodSnippet(p, target, true);
  const hook = target.bodyAt >= 0 ? target.mutation : target.query;
  if (hook && r.chance(30)) return hookSnippet(p, target, hook, host);
  methodSnippet(p, target, false, host);
}

function buildSdkProgram(g: fc.GeneratorValue, options: GeneratorOptions & { dir?: string }): GeneratedProgram {
  const r = new Rand(g);
  const lang = options.lang ?? r.pick(['js', 'ts'] as const);
  const b = new Builder(r, lang, options);
  for (const name of ['glean', 'Glean', 'otherSdk', 'createGlean']) b.moduleScope.claim(name);
  const p = new SdkProgram(b);
  const snippets = r.int(1, 4);
  for (let i = 0; i < snippets; i++) sdkSnippet(p);

  const header: string[] = [];
  if (p.usesGlean) header.push("import { Glean } from '@gleanwork/api-client';");
  if (p.typeImports.size > 0) header.push(`import type { ${[...p.typeImports].sort().join(', ')} } from '${COMPONENTS}';`);
  if (p.hookImports.size > 0) header.push(`import { ${[...p.hookImports].sort().join(', ')} } from '${REACT_QUERY}';`);
  if (lang === 'ts') {
    header.push('declare function use(value: unknown): void;');
    if (p.usesOther) header.push('declare const otherSdk: any;');
  } else {
    header.push('const use = (value) => console.log(value);');
    if (p.usesOther) header.push('const otherSdk = globalThis.otherSdk;');
  }
  const marked = [...header, ...b.moduleDecls, '', ...b.functions, ''].join('\n');
  const { code, expected } = expectedUses(b, marked);
  const name = lang === 'ts' ? 'program.ts' : 'program.js';
  return { lang, filename: options.dir === undefined ? name : join(options.dir, name), code, expected, features: [...b.features].sort() };
}

/**
 * Programs written against the types of the SDK version the fuzz model reads, with the uses they
 * hold; `dir`: where they are linted (a project whose SDK is that version), by default the working directory.
 */
export function sdkProgramArbitrary(options: GeneratorOptions & { dir?: string } = {}): fc.Arbitrary<GeneratedProgram> {
  return fc.gen().map((g) => buildSdkProgram(g, options));
}
