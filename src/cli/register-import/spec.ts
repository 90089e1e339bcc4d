import type { Operation } from '../../register/types.js';
import { isIsoDate } from '../../register/validate.js';
import { describe, httpMethod, isRecord, readNoticeBase, type Notice, type NoticeSource, type SkippedNotice } from './notice.js';
import { keyText, type KeyPath, type SourceDocument } from './source-document.js';

/**
 * Notices of an OpenAPI source spec (`gleanwork/open-api`, `source_specs/*.yaml`). Glean marks
 * operations and schema properties with `x-glean-deprecated: { id, introduced, removal, message }`, and
 * enum-typed properties with an array of such notices whose entries have `kind: property` (the
 * property itself) or `kind: enum-value` and `enum-value: VALUE` (one of its values). `deprecated: true`
 * alone is not a notice.
 *
 * A property belongs to the schema that declares it (also in an inline `allOf` member) and to every
 * schema that includes that one through `allOf`: those are its owner types. Its host operation is the
 * first operation of the spec, in document order, whose request or response reaches the schema (the
 * developer site's feed names the same one). A schema marked as a whole is a notice for each property
 * that holds it, unless the property carries its own.
 */

const NOTICE_KEY = 'x-glean-deprecated';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];
const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/;
const COMPONENT_REF = /^#\/components\/(requestBodies|responses|parameters)\/(.+)$/;

interface SpecOperation {
  operation: Operation;
  node: Record<string, unknown>;
  at: KeyPath;
}

export function readSpec(document: SourceDocument): NoticeSource {
  return new SpecReader(document).read();
}

class SpecReader {
  private readonly spec: Record<string, unknown>;
  private readonly schemas: Record<string, unknown>;
  private readonly notices: Notice[] = [];
  private readonly skipped: SkippedNotice[] = [];
  /** Key paths of the notices read, so that any other notice in the file is reported as skipped. */
  private readonly read_ = new Set<string>();
  /** Schemas each operation reaches, and the schemas each schema refers to: computed once. */
  private readonly reachable = new Map<Record<string, unknown>, ReadonlySet<string>>();
  private readonly edges = new Map<string, readonly string[]>();

  constructor(private readonly document: SourceDocument) {
    this.spec = document.data as Record<string, unknown>;
    const components = this.spec.components;
    const schemas = isRecord(components) ? components.schemas : undefined;
    if (schemas !== undefined && !isRecord(schemas)) throw document.error(['components', 'schemas'], `expected an object of schemas, got ${describe(schemas)}`);
    this.schemas = schemas ?? {};
  }

  read(): NoticeSource {
    const operations = this.operations();
    for (const { operation, node, at } of operations) {
      if (node[NOTICE_KEY] !== undefined) {
        const noticeAt = [...at, NOTICE_KEY];
        if (Array.isArray(node[NOTICE_KEY])) throw this.document.error(noticeAt, 'an operation takes one notice object, not an array');
        this.notices.push({ ...readNoticeBase(this.document, node[NOTICE_KEY], noticeAt), kind: 'endpoint', operation });
        this.read_.add(keyText(noticeAt));
      }
    }
    this.schemaNotices(operations);
    this.skipOthers(this.spec, []);
    const date = this.ownDate();
    return { format: 'spec', ...(date ? { ownDate: date } : {}), notices: this.notices, skipped: this.skipped };
  }

  /** `info.version` when it is a date (`2026-04-01`); Glean's source specs mostly carry `0.9.0`, which is none. */
  private ownDate(): NoticeSource['ownDate'] {
    const version = isRecord(this.spec.info) ? this.spec.info.version : undefined;
    return isIsoDate(version) ? { date: version, key: 'info.version' } : undefined;
  }

  /** Every operation in document order, with its full path (the server URL's path + the path key). */
  private operations(): SpecOperation[] {
    const paths = this.spec.paths;
    if (!isRecord(paths)) throw this.document.error(['paths'], `expected an object of paths, got ${describe(paths)}`);
    const prefix = this.serverPath();
    const operations: SpecOperation[] = [];
    for (const [path, item] of Object.entries(paths)) {
      if (!isRecord(item)) throw this.document.error(['paths', path], `expected a path item object, got ${describe(item)}`);
      for (const [key, node] of Object.entries(item)) {
        if (!METHODS.includes(key) || !isRecord(node)) continue;
        const method = httpMethod(this.document, key, ['paths', path, key]);
        operations.push({ operation: { method, path: `${prefix}${path}` }, node, at: ['paths', path, key] });
      }
    }
    return operations;
  }

  /** `https://{domain}-be.glean.com/rest/api/v1` → `/rest/api/v1`. */
  private serverPath(): string {
    const servers = this.spec.servers;
    const url = Array.isArray(servers) && isRecord(servers[0]) ? servers[0].url : undefined;
    if (typeof url !== 'string') {
      throw this.document.error(['servers', 0, 'url'], `expected the API's base URL (its path prefixes every operation), got ${describe(url)}`);
    }
    try {
      return new URL(url.replace(/\{[^}]*\}/g, 'x')).pathname.replace(/\/$/, '');
    } catch {
      throw this.document.error(['servers', 0, 'url'], `expected an absolute URL, got ${describe(url)}`);
    }
  }

  private schemaNotices(operations: SpecOperation[]): void {
    const wholeSchemas: { name: string; at: KeyPath }[] = [];
    for (const [name, schema] of Object.entries(this.schemas)) {
      if (!isRecord(schema)) continue;
      if (schema[NOTICE_KEY] !== undefined) wholeSchemas.push({ name, at: ['components', 'schemas', name, NOTICE_KEY] });
      for (const { property, node, at } of this.declaredProperties(name)) {
        if (node[NOTICE_KEY] !== undefined) this.propertyNotices(name, property, node, [...at, NOTICE_KEY], operations);
      }
    }
    for (const { name, at } of wholeSchemas) {
      const base = readNoticeBase(this.document, this.schemas[name] && (this.schemas[name] as Record<string, unknown>)[NOTICE_KEY], at);
      this.read_.add(keyText(at));
      const holders = Object.keys(this.schemas).flatMap((holder) =>
        this.declaredProperties(holder)
          .filter(({ node }) => refersTo(node, name))
          .map(({ property }) => ({ holder, property })),
      );
      if (holders.length === 0) this.skipped.push({ id: base.id, where: keyText(at), reason: `no property holds the schema ${name}` });
      const alreadyMarked: string[] = [];
      for (const { holder, property } of holders) {
        // The property's own notice says the same for it: its item carries both ids.
        const owners = this.owners(holder).join();
        const own = this.notices.find((notice) => notice.kind === 'field' && notice.field === property && notice.owners?.join() === owners);
        if (own) {
          own.sameAs = [...(own.sameAs ?? []), base.id];
          alreadyMarked.push(`${holder}.${property} (${own.id})`);
          continue;
        }
        const host = this.host(holder, operations);
        if (!host) this.skipped.push({ id: base.id, where: keyText(at), reason: `no operation uses the schema ${holder}` });
        else this.notices.push({ ...base, kind: 'field', operation: host, field: property, owners: this.owners(holder) });
      }
      if (holders.length > 0 && alreadyMarked.length === holders.length) {
        this.skipped.push({
          id: base.id,
          where: keyText(at),
          reason:
            alreadyMarked.length === 1
              ? `no item of its own: the property that holds the schema, ${alreadyMarked[0]!}, has its own notice, and its item carries this id too`
              : `no item of its own: every property that holds the schema (${alreadyMarked.join(', ')}) has its own notice, and their items carry this id too`,
        });
      }
    }
  }

  /** `x-glean-deprecated` on a property: one notice, or an array of `kind: property | enum-value` notices. */
  private propertyNotices(schema: string, property: string, node: Record<string, unknown>, at: KeyPath, operations: SpecOperation[]): void {
    this.read_.add(keyText(at));
    const value = node[NOTICE_KEY];
    const entries = Array.isArray(value) ? value.map((entry, index) => ({ entry, at: [...at, index] })) : [{ entry: value, at }];
    const host = this.host(schema, operations);
    for (const { entry, at: entryAt } of entries) {
      const base = readNoticeBase(this.document, entry, entryAt);
      if (!host) {
        this.skipped.push({ id: base.id, where: keyText(entryAt), reason: `no operation uses the schema ${schema}` });
        continue;
      }
      const located = { ...base, operation: host, field: property, owners: this.owners(schema) };
      if (!Array.isArray(value)) {
        this.notices.push({ ...located, kind: 'field' });
        continue;
      }
      const kind = (entry as Record<string, unknown>).kind;
      if (kind === 'property') {
        this.notices.push({ ...located, kind: 'field' });
      } else if (kind === 'enum-value') {
        const enumValue = (entry as Record<string, unknown>)['enum-value'];
        if (typeof enumValue !== 'string' || enumValue === '') {
          throw this.document.error([...entryAt, 'enum-value'], `expected the deprecated value, got ${describe(enumValue)}`);
        }
        const allowed = enumValues(node);
        if (allowed && !allowed.includes(enumValue)) {
          throw this.document.error([...entryAt, 'enum-value'], `${JSON.stringify(enumValue)} is not one of the property's values (${allowed.join(', ')})`);
        }
        this.notices.push({ ...located, kind: 'enum-value', value: enumValue });
      } else {
        throw this.document.error([...entryAt, 'kind'], `expected "property" or "enum-value", got ${describe(kind)}`);
      }
    }
  }

  /** The properties a named schema declares itself or in an inline `allOf`/`oneOf`/`anyOf` member. */
  private declaredProperties(name: string): { property: string; node: Record<string, unknown>; at: KeyPath }[] {
    const schema = this.schemas[name];
    if (!isRecord(schema)) return [];
    const at: KeyPath = ['components', 'schemas', name];
    const parts: { node: Record<string, unknown>; at: KeyPath }[] = [{ node: schema, at }];
    for (const combinator of ['allOf', 'oneOf', 'anyOf']) {
      const members = schema[combinator];
      if (Array.isArray(members)) members.forEach((member, index) => isRecord(member) && parts.push({ node: member, at: [...at, combinator, index] }));
    }
    return parts.flatMap(({ node, at: partAt }) =>
      isRecord(node.properties)
        ? Object.entries(node.properties).flatMap(([property, value]) =>
            isRecord(value) ? [{ property, node: value, at: [...partAt, 'properties', property] }] : [],
          )
        : [],
    );
  }

  /** The declaring schema and every schema that includes it through `allOf`, sorted. */
  private owners(name: string): string[] {
    const owners = new Set([name]);
    for (let grown = true; grown; ) {
      grown = false;
      for (const [candidate, schema] of Object.entries(this.schemas)) {
        if (owners.has(candidate) || !isRecord(schema) || !Array.isArray(schema.allOf)) continue;
        if (schema.allOf.some((member) => isRecord(member) && [...owners].some((owner) => member.$ref === `#/components/schemas/${owner}`))) {
          owners.add(candidate);
          grown = true;
        }
      }
    }
    return [...owners].sort();
  }

  /** The first operation whose request or response reaches a schema. */
  private host(schema: string, operations: SpecOperation[]): Operation | undefined {
    return operations.find(({ node }) => this.reachableFrom(node).has(schema))?.operation;
  }

  private reachableFrom(node: Record<string, unknown>): ReadonlySet<string> {
    const known = this.reachable.get(node);
    if (known) return known;
    const found = new Set<string>();
    const stack = this.refs(node);
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (found.has(name)) continue;
      found.add(name);
      let edges = this.edges.get(name);
      if (!edges) {
        edges = this.refs(this.schemas[name]);
        this.edges.set(name, edges);
      }
      stack.push(...edges);
    }
    this.reachable.set(node, found);
    return found;
  }

  /** Schema names a node refers to, also through shared request bodies, responses and parameters. */
  private refs(node: unknown, seen = new Set<unknown>()): string[] {
    if (typeof node !== 'object' || node === null || seen.has(node)) return [];
    seen.add(node);
    if (Array.isArray(node)) return node.flatMap((child) => this.refs(child, seen));
    const record = node as Record<string, unknown>;
    const names: string[] = [];
    if (typeof record.$ref === 'string') {
      const schema = SCHEMA_REF.exec(record.$ref);
      if (schema) names.push(schema[1]!);
      const component = COMPONENT_REF.exec(record.$ref);
      const components = this.spec.components;
      if (component && isRecord(components) && isRecord(components[component[1]!])) {
        names.push(...this.refs((components[component[1]!] as Record<string, unknown>)[component[2]!], seen));
      }
    }
    for (const [key, child] of Object.entries(record)) if (key !== NOTICE_KEY) names.push(...this.refs(child, seen));
    return names;
  }

  /** Notices anywhere else (inline schemas without a name, parameters): listed as skipped. */
  private skipOthers(node: unknown, at: KeyPath): void {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      node.forEach((child, index) => this.skipOthers(child, [...at, index]));
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      const childAt = [...at, key];
      if (key !== NOTICE_KEY) {
        this.skipOthers(child, childAt);
        continue;
      }
      if (this.read_.has(keyText(childAt))) continue;
      const entries = Array.isArray(child) ? child : [child];
      for (const entry of entries) {
        const id = isRecord(entry) && typeof entry.id === 'string' ? entry.id : '(no id)';
        this.skipped.push({ id, where: keyText(childAt), reason: skipReason(at) });
      }
    }
  }
}

function skipReason(at: KeyPath): string {
  if (at.includes('parameters')) return 'a parameter notice: the register has no parameter items';
  return 'not on an operation or on a property of a named schema (its owner type is unknown)';
}

/** True when a property holds a schema: `$ref`, array `items.$ref`, or an `allOf` of it. */
function refersTo(node: Record<string, unknown>, schema: string): boolean {
  const ref = `#/components/schemas/${schema}`;
  if (node.$ref === ref) return true;
  if (isRecord(node.items) && refersTo(node.items, schema)) return true;
  return Array.isArray(node.allOf) && node.allOf.some((member) => isRecord(member) && member.$ref === ref);
}

function enumValues(node: Record<string, unknown>): string[] | undefined {
  const values = Array.isArray(node.enum) ? node.enum : isRecord(node.items) && Array.isArray(node.items.enum) ? node.items.enum : undefined;
  return values?.map(String);
}
