/**
 * Cuts a small slice out of one of Glean's OpenAPI source specs for the test fixtures in
 * `fixtures/register-sources/`: the operations that carry or host a deprecation notice (with their
 * request body and success response only), and of the schemas only what lies on the way from those
 * operations to the notices — every kept node verbatim, so importing the slice gives what importing
 * the whole spec gives.
 *
 *   node --import jiti/register tools/slice-register-source.ts <spec.yaml> <slice.yaml>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { readSpec } from '../src/cli/register-import/spec.js';
import { SourceDocument } from '../src/cli/register-import/source-document.js';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/;

function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (!isNode(node)) return [];
  const own = typeof node.$ref === 'string' ? [SCHEMA_REF.exec(node.$ref)?.[1]].filter((name): name is string => !!name) : [];
  return [...own, ...Object.entries(node).flatMap(([key, child]) => (key === 'x-glean-deprecated' ? [] : refsIn(child)))];
}

/** The parts of a schema that lead elsewhere: its properties (also in inline allOf members) and allOf refs. */
function parts(schema: Node): { keep: (slice: Node) => void; to: string[] }[] {
  const found: { keep: (slice: Node) => void; to: string[] }[] = [];
  const members = Array.isArray(schema.allOf) ? schema.allOf : [];
  const holders: { node: Node; put: (slice: Node) => Node }[] = [{ node: schema, put: (slice) => slice }];
  members.forEach((member, index) => {
    if (!isNode(member)) return;
    if (typeof member.$ref === 'string') {
      found.push({ keep: (slice) => ((slice.allOf as unknown[])[index] = member), to: refsIn(member) });
      return;
    }
    holders.push({ node: member, put: (slice) => ((slice.allOf as Node[])[index] ??= { type: 'object' }) });
  });
  for (const { node, put } of holders) {
    for (const [name, property] of Object.entries(isNode(node.properties) ? node.properties : {})) {
      const keep = (slice: Node) => {
        const holder = put(slice);
        holder.properties = { ...(isNode(holder.properties) ? holder.properties : {}), [name]: property };
      };
      found.push({ keep, to: refsIn(property) });
      if (isNode(property) && property['x-glean-deprecated'] !== undefined) found.push({ keep, to: ['#notice'] });
    }
  }
  return found;
}

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: slice-register-source.ts <spec.yaml> <slice.yaml>');
const spec = parse(readFileSync(input, 'utf8')) as Node;
const schemas = ((spec.components as Node | undefined)?.schemas ?? {}) as Record<string, Node>;
const { notices } = readSpec(SourceDocument.read(input));
const prefix = new URL(String((spec.servers as Node[])[0]!.url).replace(/\{[^}]*\}/g, 'x')).pathname.replace(/\/$/, '');

// A schema is wanted when it holds a notice (on a property, or on itself) or leads to one that does.
const wanted = new Set(Object.keys(schemas).filter((name) => schemas[name]!['x-glean-deprecated'] !== undefined || parts(schemas[name]!).some((part) => part.to.includes('#notice'))));
for (let grown = true; grown; ) {
  grown = false;
  for (const name of Object.keys(schemas)) {
    if (!wanted.has(name) && parts(schemas[name]!).some((part) => part.to.some((to) => wanted.has(to)))) {
      wanted.add(name);
      grown = true;
    }
  }
}

const slicedSchemas: Record<string, Node> = {};
for (const name of wanted) {
  const schema = schemas[name]!;
  const slice: Node = Object.fromEntries(Object.entries(schema).filter(([key]) => !['properties', 'allOf', 'example', 'required'].includes(key)));
  if (Array.isArray(schema.allOf)) slice.allOf = [];
  for (const part of parts(schema)) if (part.to.some((to) => to === '#notice' || wanted.has(to))) part.keep(slice);
  if (Array.isArray(slice.allOf)) slice.allOf = (slice.allOf as unknown[]).filter((member) => member !== undefined);
  slicedSchemas[name] = slice;
}

const hosts = new Set(notices.map((notice) => `${notice.operation.method} ${notice.operation.path}`));
const paths: Record<string, Node> = {};
for (const [path, item] of Object.entries(spec.paths as Record<string, Node>)) {
  for (const [method, operation] of Object.entries(item)) {
    if (!hosts.has(`${method.toUpperCase()} ${prefix}${path}`) || !isNode(operation)) continue;
    const responses = isNode(operation.responses) ? operation.responses : {};
    const kept: Node = {
      operationId: operation.operationId,
      ...(operation.requestBody && refsIn(operation.requestBody).some((name) => wanted.has(name)) ? { requestBody: operation.requestBody } : {}),
      responses: Object.fromEntries(Object.entries(responses).filter(([status]) => status.startsWith('2'))),
      ...(operation['x-glean-deprecated'] ? { 'x-glean-deprecated': operation['x-glean-deprecated'] } : {}),
    };
    (paths[path] ??= {})[method] = kept;
  }
}

/** Prose and examples say nothing the importer reads: left out to keep the slice small. */
function withoutProse(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutProse);
  if (!isNode(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !['description', 'example', 'examples', 'summary', 'x-codeSamples'].includes(key))
      .map(([key, child]) => [key, key === 'x-glean-deprecated' ? child : withoutProse(child)]),
  );
}

const slice = { openapi: spec.openapi, info: { title: (spec.info as Node).title, version: (spec.info as Node).version }, servers: [{ url: (spec.servers as Node[])[0]!.url }], paths, components: { schemas: slicedSchemas } };
writeFileSync(output, stringify(withoutProse(slice), { lineWidth: 0 }));
