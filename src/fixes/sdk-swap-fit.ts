import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { passesValueThrough } from '../flow/values.js';
import type { SdkCall } from '../matchers/sdk-calls.js';
import type { EndpointItem } from '../register/types.js';
import type { SdkOperation, SdkProperty, SdkSchema, SdkTables } from '../sdk/types.js';
import { AST_NODE_TYPES, astUtils } from '../util/packages.js';
import { staticKeyName, unwrap } from '../util/resolve.js';
import { replacementOperation } from './policy.js';

/**
 * Whether an SDK method swap keeps a TypeScript build: the visible request literal fits the new
 * operation's request type, and every read of the result names a property the new response type has.
 * Decided from the generated schema (`keys`, `required`, edges). Returns what a person must check
 * when it does not fit, or undefined when it fits.
 */

const code = (text: string) => `\`${text}\``;
/** Marks the type of a standalone function's `Result` whose `value` is the response type that follows. */
const RESULT = 'Result:';

/** What a person must check before the swap of `sdkCall` to the item's replacement, or undefined when it fits. */
export function sdkSwapMisfit(
  sourceCode: TSESLint.SourceCode,
  sdkCall: SdkCall,
  item: EndpointItem,
  tables: SdkTables,
  schema: SdkSchema,
): string | undefined {
  const target = replacementOperation(item, tables);
  const replacement = item.replacement;
  if (!target || replacement.kind !== 'endpoint') return 'the new call fits';
  const bodyAt = sdkCall.operation.params.findIndex((param) => param.role === 'body');
  const body = bodyAt === -1 ? undefined : sdkCall.args[bodyAt];
  const moved = Object.values(replacement.pathFromBody ?? {});
  const added = Object.keys(replacement.addToBody ?? {});
  return (
    requestMisfit(body, sdkCall.operation, target, moved, added, schema) ??
    responseMisfit(sdkCall, target, sourceCode, schema)
  );
}

/**
 * The request: `body` is the old call's body argument; `moved` its keys that go elsewhere (path
 * parameters), `added` the keys the rewrite adds.
 */
function requestMisfit(
  body: TSESTree.Node | undefined,
  oldOperation: SdkOperation,
  newOperation: SdkOperation,
  moved: readonly string[],
  added: readonly string[],
  schema: SdkSchema,
): string | undefined {
  const oldType = oldOperation.params.find((param) => param.role === 'body')?.type;
  const newType = newOperation.params.find((param) => param.role === 'body')?.type;
  if (!newOperation.params.some((param) => param.role === 'body')) return undefined;
  if (oldType !== undefined && oldType === newType) return undefined;
  const fits = `the request fits ${code(newType ?? `${newOperation.chain.join('.')}()`)}`;
  const value = body && unwrap(body);
  if (newType === undefined || value?.type !== AST_NODE_TYPES.ObjectExpression) return fits;
  const problem = objectMisfit(value, newType, '', schema, moved, added);
  return problem === undefined ? undefined : `${fits} (${problem})`;
}

function objectMisfit(
  object: TSESTree.ObjectExpression,
  type: string,
  path: string,
  schema: SdkSchema,
  moved: readonly string[] = [],
  added: readonly string[] = [],
): string | undefined {
  const keys = schema.keys?.[type];
  if (!keys) return `its shape is not known here`;
  const present = new Set(added);
  for (const property of object.properties) {
    if (property.type !== AST_NODE_TYPES.Property || property.computed) return `${code(`${path}...`)} is not visible`;
    const key = staticKeyName(property);
    if (key === undefined) return `${code(`${path}...`)} is not visible`;
    if (moved.includes(key)) continue;
    const at = `${path}${key}`;
    if (!keys.includes(key)) return `it has no ${code(at)}`;
    present.add(key);
    const problem = valueMisfit(property.value, schema.types[type]?.[key], at, schema);
    if (problem) return problem;
  }
  const missing = (schema.required?.[type] ?? []).find((key) => !present.has(key));
  return missing === undefined ? undefined : `${code(`${path}${missing}`)} is required`;
}

/** A property's value against the edge the new type declares (none: a value the schema does not describe further). */
function valueMisfit(node: TSESTree.Node, edge: SdkProperty | undefined, at: string, schema: SdkSchema): string | undefined {
  if (!edge || edge.record) return undefined;
  if (edge.type === undefined) return `${code(at)} may have another shape`;
  const value = unwrap(node);
  if (edge.array) {
    if (value.type !== AST_NODE_TYPES.ArrayExpression) return `${code(at)} is not visible`;
    for (const element of value.elements) {
      const item = element && unwrap(element);
      if (item?.type !== AST_NODE_TYPES.ObjectExpression) return `${code(`${at}[]`)} is not visible`;
      const problem = objectMisfit(item, edge.type, `${at}[].`, schema);
      if (problem) return problem;
    }
    return undefined;
  }
  if (value.type !== AST_NODE_TYPES.ObjectExpression) return `${code(at)} is not visible`;
  return objectMisfit(value, edge.type, `${at}.`, schema);
}

/**
 * The response: `call` is the old call. Fits when its result is not read, or is kept in a `const`
 * (or destructured) whose every use is a read of a property path the new response type has, ending
 * in a value the schema does not describe as an object (whose type would change).
 */
function responseMisfit(sdkCall: SdkCall, newOperation: SdkOperation, sourceCode: TSESLint.SourceCode, schema: SdkSchema): string | undefined {
  const oldTypes = sdkCall.operation.responseTypes;
  const newTypes = newOperation.responseTypes;
  if (oldTypes.length > 0 && oldTypes.join() === newTypes.join()) return undefined;
  const [newType] = newTypes;
  const single = newTypes.length === 1 ? newType : undefined;
  const fits = `the code that uses the result fits ${single ? code(single) : `what ${code(`${sdkCall.kind === 'func' ? newOperation.func : newOperation.chain.join('.')}()`)} returns`}`;
  // A standalone function returns a `Result`: the response is its `value`.
  const type = sdkCall.kind === 'func' ? `${RESULT}${single ?? ''}` : single;
  const problem = resultMisfit(sdkCall.call, type, sourceCode, schema);
  return problem === undefined ? undefined : `${fits} (${problem})`;
}

function resultMisfit(call: TSESTree.CallExpression, type: string | undefined, sourceCode: TSESLint.SourceCode, schema: SdkSchema): string | undefined {
  let node: TSESTree.Node = call;
  while (node.parent && (node.parent.type === AST_NODE_TYPES.AwaitExpression || passesValueThrough(node, node.parent))) node = node.parent;
  const parent = node.parent;
  if (parent?.type === AST_NODE_TYPES.ExpressionStatement) return undefined;
  if (
    parent?.type === AST_NODE_TYPES.VariableDeclarator &&
    parent.init === node &&
    parent.parent.kind === 'const' &&
    parent.parent.parent.type !== AST_NODE_TYPES.ExportNamedDeclaration &&
    !parent.id.typeAnnotation
  ) {
    return bindingMisfit(parent.id, type, '', sourceCode, schema);
  }
  // `retrieve(id).then((agent) => show(agent.name))`: the callback's reads are what is seen of it. What
  // the callback returns goes on to the chain's result, which is not followed: it fits no better.
  const callback = thenCallback(node);
  const problem = callback && bindingMisfit(callback, type, '', sourceCode, schema);
  return problem ?? 'the result leaves what this file shows';
}

/** The parameter of a `.then(callback)` on `node`, when the callback is written there and takes one. */
function thenCallback(node: TSESTree.Node): TSESTree.Parameter | undefined {
  const member = node.parent;
  if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== node || staticKeyName(member) !== 'then') return undefined;
  const call = member.parent;
  const [callback] = call?.type === AST_NODE_TYPES.CallExpression && call.callee === member ? call.arguments : [];
  if (callback?.type !== AST_NODE_TYPES.ArrowFunctionExpression && callback?.type !== AST_NODE_TYPES.FunctionExpression) return undefined;
  return callback.params[0];
}

/** A `const` binding of a value of `type` (undefined: not known) at `path` of the result. */
function bindingMisfit(
  binding: TSESTree.Node,
  type: string | undefined,
  path: string,
  sourceCode: TSESLint.SourceCode,
  schema: SdkSchema,
): string | undefined {
  if (binding.type === AST_NODE_TYPES.Identifier) {
    const variable = astUtils().findVariable(sourceCode.getScope(binding), binding);
    if (!variable) return 'the result leaves what this file shows';
    for (const reference of variable.references) {
      if (reference.init) continue;
      const problem = readMisfit(reference.identifier, type, path, sourceCode, schema);
      if (problem) return problem;
    }
    return undefined;
  }
  if (binding.type !== AST_NODE_TYPES.ObjectPattern) return 'the result leaves what this file shows';
  for (const property of binding.properties) {
    const key = property.type === AST_NODE_TYPES.Property && !property.computed ? staticKeyName(property) : undefined;
    if (property.type !== AST_NODE_TYPES.Property || key === undefined) return 'the result leaves what this file shows';
    const next = stepInto(type, key, path, schema);
    if (typeof next === 'string') return next;
    // A value the schema does not describe as an object (`{ agent_id }`) is used as the old one was.
    if (!next.object) continue;
    const problem = next.elements !== undefined ? elementBindingMisfit(property.value, next.elements, `${path}${key}[].`, sourceCode, schema) : bindingMisfit(property.value, next.type, `${path}${key}.`, sourceCode, schema);
    if (problem) return problem;
  }
  return undefined;
}

/** An array of the schema's objects destructured (`const { agents } = res`): each use of it. */
function elementBindingMisfit(binding: TSESTree.Node, elementType: string, path: string, sourceCode: TSESLint.SourceCode, schema: SdkSchema): string | undefined {
  const variable = binding.type === AST_NODE_TYPES.Identifier ? astUtils().findVariable(sourceCode.getScope(binding), binding) : undefined;
  if (!variable) return `${code(path.slice(0, -3))} is used as a whole`;
  for (const reference of variable.references) {
    if (reference.init) continue;
    const problem = elementsMisfit(reference.identifier, elementType, path, sourceCode, schema);
    if (problem) return problem;
  }
  return undefined;
}

/** One use of the value at `path`: a chain of property reads that names properties the new type has. */
function readMisfit(node: TSESTree.Node, type: string | undefined, path: string, sourceCode: TSESLint.SourceCode, schema: SdkSchema): string | undefined {
  let current = node;
  let currentType = type;
  let currentPath = path;
  for (;;) {
    while (current.parent && passesValueThrough(current, current.parent)) current = current.parent;
    const parent = current.parent;
    if (parent?.type !== AST_NODE_TYPES.MemberExpression || parent.object !== current) break;
    const key = staticKeyName(parent, sourceCode.getScope(parent));
    if (key === undefined) return `${code(`${currentPath}...`)} is not a visible read`;
    const next = stepInto(currentType, key, currentPath, schema);
    if (typeof next === 'string') return next;
    current = parent;
    currentType = next.type;
    currentPath = `${currentPath}${key}.`;
    // An array of the schema's objects: what is done with it and with each element.
    if (next.elements !== undefined) return elementsMisfit(current, next.elements, `${currentPath.slice(0, -1)}[].`, sourceCode, schema);
    // Past a value the schema does not describe as an object, the new type is the old one's.
    if (!next.object) return undefined;
  }
  return currentPath === '' ? 'the result leaves what this file shows' : `${code(currentPath.slice(0, -1))} is used as a whole`;
}

/** Array methods whose callback is handed each element, and what their result holds. */
const ELEMENT_METHODS: ReadonlyMap<string, 'nothing' | 'element' | 'elements' | 'returned'> = new Map([
  ['forEach', 'nothing'],
  ['some', 'nothing'],
  ['every', 'nothing'],
  ['findIndex', 'nothing'],
  ['map', 'returned'],
  ['flatMap', 'returned'],
  ['find', 'element'],
  ['filter', 'elements'],
]);

/**
 * One use of an array of the schema's `elementType` objects at `path` (`agents[].`): its `length`, an
 * element (`agents[0].name`), or an array method whose callback reads each element (`agents.map((a) =>
 * a.agent_id)`); what `map` returns is what the callback returns, whose reads were checked with it.
 */
function elementsMisfit(node: TSESTree.Node, elementType: string, path: string, sourceCode: TSESLint.SourceCode, schema: SdkSchema): string | undefined {
  let current = node;
  while (current.parent && passesValueThrough(current, current.parent)) current = current.parent;
  const member = current.parent;
  const whole = `${code(path.slice(0, -3))} is used as a whole`;
  if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== current) return whole;
  if (member.computed && member.property.type === AST_NODE_TYPES.Literal && typeof member.property.value === 'number') return readMisfit(member, elementType, path, sourceCode, schema);
  const key = staticKeyName(member, sourceCode.getScope(member));
  if (key === 'length') return undefined;
  const method = key === undefined ? undefined : ELEMENT_METHODS.get(key);
  const call = member.parent;
  if (!method || call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== member) return whole;
  const callback = call.arguments[0] && unwrap(call.arguments[0]);
  if (callback?.type !== AST_NODE_TYPES.ArrowFunctionExpression && callback?.type !== AST_NODE_TYPES.FunctionExpression) return whole;
  const element = callback.params[0];
  const problem = element ? bindingMisfit(element, elementType, path, sourceCode, schema) : undefined;
  if (problem !== undefined || method === 'nothing' || method === 'returned') return problem;
  return method === 'element' ? readMisfit(call, elementType, path, sourceCode, schema) : elementsMisfit(call, elementType, path, sourceCode, schema);
}

/** The property `key` of a value of `type`: what it holds (`elements`: an array of that type's objects), or what is wrong. */
function stepInto(type: string | undefined, key: string, path: string, schema: SdkSchema): { type?: string; object: boolean; elements?: string } | string {
  if (type?.startsWith(RESULT)) {
    if (key === 'value') return type === RESULT ? { object: true } : { type: type.slice(RESULT.length), object: true };
    if (key === 'ok' || key === 'error') return { object: false };
  }
  const keys = type === undefined ? undefined : schema.keys?.[type];
  if (type === undefined || !keys) return `${code(`${path}${key}`)} is not known on the new response`;
  if (!keys.includes(key)) return `it has no ${code(`${path}${key}`)}`;
  const edge = schema.types[type]?.[key];
  if (edge?.type === undefined && edge?.union === undefined) return { object: false };
  if (edge.type !== undefined && edge.array && !edge.record) return { object: true, elements: edge.type };
  // Into a record or a union the reads are not followed: the value counts as unknown.
  return edge.type !== undefined && !edge.array && !edge.record ? { type: edge.type, object: true } : { object: true };
}
