// src/models/components/*.ts: every `export type X = { ... }` and its properties, which become the
// schema table (edges between component object types, and deprecated properties).
import { join } from 'node:path';
import ts from 'typescript';
import type { SdkProperty, SdkSchema } from '../../src/sdk/types.js';
import { addRemaps } from './operation-models.js';
import {
  compare,
  deprecation,
  isExported,
  nameText,
  nonNullish,
  parse,
  referenceName,
  tsFiles,
  uniqueSorted,
} from './syntax.js';

export interface Components {
  /** `export type X = { ... }` */
  objects: Map<string, ts.TypeLiteralNode>;
  /** Every other `export type X = ...` (unions, enums). */
  aliases: Map<string, ts.TypeNode>;
  /** `X$outboundSchema` → property → its name on the wire, where the SDK renames it (`agentId` → `agent_id`). */
  remaps: Map<string, Map<string, string>>;
}

export function readComponents(sdkRoot: string): Components {
  const dir = join(sdkRoot, 'src', 'models', 'components');
  const objects = new Map<string, ts.TypeLiteralNode>();
  const aliases = new Map<string, ts.TypeNode>();
  const remaps = new Map<string, Map<string, string>>();
  for (const file of tsFiles(dir)) {
    const sf = parse(join(dir, file));
    for (const statement of sf.statements) {
      addRemaps(statement, remaps);
      if (!ts.isTypeAliasDeclaration(statement) || !isExported(statement)) continue;
      const name = statement.name.text;
      if (name.includes('$')) continue; // `X$Outbound`: the wire shape, internal
      if (objects.has(name) || aliases.has(name)) throw new Error(`components: duplicate type ${name}`);
      if (ts.isTypeLiteralNode(statement.type)) objects.set(name, statement.type);
      else aliases.set(name, statement.type);
    }
  }
  return { objects, aliases, remaps };
}

/** The properties each object type sends under another name (`{ AgentRunCreate: { agentId: 'agent_id' } }`), sorted. */
export function buildWireNames(components: Components): Record<string, Record<string, string>> {
  const names: Record<string, Record<string, string>> = {};
  for (const name of [...components.objects.keys()].sort(compare)) {
    const renames = [...(components.remaps.get(`${name}$outboundSchema`) ?? [])].filter(([key, wire]) => key !== wire).sort(([a], [b]) => compare(a, b));
    if (renames.length > 0) names[name] = Object.fromEntries(renames);
  }
  return names;
}

/**
 * The component object types a type stands for: itself, or the members of a union / intersection /
 * union alias. Enums (`OpenEnum<typeof X>`), primitives and inline types give nothing.
 */
export function componentObjects(
  type: ts.TypeNode,
  components: Components,
  namespace: 'components' | null,
  seen: Set<string> = new Set(),
): string[] {
  if (ts.isParenthesizedTypeNode(type)) return componentObjects(type.type, components, namespace, seen);
  if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) {
    return type.types.flatMap((t) => componentObjects(t, components, namespace, seen));
  }
  const name = referenceName(type, namespace);
  if (name === undefined || seen.has(name)) return [];
  if (components.objects.has(name)) return [name];
  const alias = components.aliases.get(name);
  if (!alias) return [];
  // Inside an alias, members are bare names of the components folder.
  return componentObjects(alias, components, null, new Set([...seen, name]));
}

export function buildSchema(components: Components): SdkSchema['types'] {
  const types: SdkSchema['types'] = {};
  for (const [name, literal] of [...components.objects].sort(([a], [b]) => compare(a, b))) {
    const properties: Record<string, SdkProperty> = {};
    const members = [...literal.members].filter(ts.isPropertySignature);
    members.sort((a, b) => compare(nameText(a.name), nameText(b.name)));
    for (const member of members) {
      const property = describeProperty(member, components);
      if (property) properties[nameText(member.name)] = property;
    }
    types[name] = properties;
  }
  return types;
}

/**
 * Every property name, and the required ones, of the types a fix must fit a value to: the types a
 * deprecated property's owner holds (the old and the new value of a rename such as
 * `externalSharingOptions` → `broadSharingOptions`), and the request and response types of every
 * operation with the types they hold (an SDK method swap keeps a request literal and the reads of its
 * response only where they fit the new operation's types).
 */
export function buildKeys(
  components: Components,
  types: SdkSchema['types'],
  operationTypes: readonly string[],
): Pick<Required<SdkSchema>, 'keys' | 'required'> {
  const held = new Set<string>();
  for (const properties of Object.values(types)) {
    if (!Object.values(properties).some((property) => property.deprecated !== undefined)) continue;
    for (const property of Object.values(properties)) for (const name of heldTypes(property)) held.add(name);
  }
  const pending = [...operationTypes];
  const reached = new Set<string>();
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const properties = types[name];
    if (reached.has(name) || !properties) continue;
    reached.add(name);
    held.add(name);
    for (const property of Object.values(properties)) pending.push(...heldTypes(property));
  }
  const keys: Record<string, string[]> = {};
  const required: Record<string, string[]> = {};
  for (const name of [...held].sort(compare)) {
    const literal = components.objects.get(name);
    if (!literal) continue;
    const members = [...literal.members].filter(ts.isPropertySignature);
    keys[name] = uniqueSorted(members.map((member) => nameText(member.name)));
    const always = uniqueSorted(members.filter((member) => !member.questionToken).map((member) => nameText(member.name)));
    if (always.length > 0) required[name] = always;
  }
  return { keys, required };
}

function heldTypes(property: SdkProperty): string[] {
  return property.type ? [property.type] : (property.union ?? []);
}

function describeProperty(member: ts.PropertySignature, components: Components): SdkProperty | undefined {
  const deprecated = deprecation(member);
  let record = false;
  let array = false;
  let types: ts.TypeNode[] = member.type ? nonNullish(member.type) : [];
  // `{ [k: string]: T }` (whose T may itself be an array)
  const only = types.length === 1 ? types[0] : undefined;
  if (only && ts.isTypeLiteralNode(only) && only.members.length === 1) {
    const index = only.members[0];
    if (index && ts.isIndexSignatureDeclaration(index) && index.type) {
      record = true;
      types = nonNullish(index.type);
    }
  }
  const element = types.length === 1 ? types[0] : undefined;
  if (element && ts.isTypeReferenceNode(element) && ts.isIdentifier(element.typeName)) {
    const [argument, ...more] = element.typeArguments ?? [];
    if (element.typeName.text === 'Array' && argument && more.length === 0) {
      array = true;
      types = nonNullish(argument);
    }
  } else if (element && ts.isArrayTypeNode(element)) {
    array = true;
    types = nonNullish(element.elementType);
  }
  const held = uniqueSorted(types.flatMap((t) => componentObjects(t, components, null)));
  if (held.length === 0 && deprecated === undefined) return undefined;
  const property: SdkProperty = {};
  if (held.length === 1) property.type = held[0];
  if (held.length > 1) property.union = held;
  if (held.length > 0 && array) property.array = true;
  if (held.length > 0 && record) property.record = true;
  // Fixes that read through an edge need to know whether it may be missing (`a.b` vs `a.b?.`).
  if (held.length > 0 && !member.questionToken) property.required = true;
  if (deprecated !== undefined) property.deprecated = deprecated;
  return property;
}
