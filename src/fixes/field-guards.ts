import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { FieldHit } from '../matchers/field-hit.js';
import type { SdkSchema } from '../sdk/types.js';
import { findVariable, staticKeyName, unwrap } from '../util/resolve.js';
import { declaredTypeOf, sharedInferredVariable } from './declared-types.js';
import { keyText, renamedKey } from './object-edits.js';
import { walk } from '../util/walk.js';

/**
 * The guards that keep a field autofix type-safe and meaning-preserving on one use. A rename or a
 * moved read stays an autofix only when
 * - no value other than Glean's may reach the site;
 * - the value fits its new owner type: an object literal whose keys all exist on the target schema
 *   type (`externalSharingOptions` → `broadSharingOptions` must not carry `domainAccessEnabled`);
 * - no type the user declared elsewhere names the field; a type declared in the same file is renamed
 *   in the same fix, and its property is reported as a use;
 * - in TypeScript, no other write shares the type TypeScript infers for the value (sharedInferredVariable).
 * Otherwise `check` says, in a few words, what a person must check before applying the suggestion.
 */
export interface GuardResult {
  check?: string;
  /** Same-file type properties named like the field: renamed with it and reported as uses. */
  declarations?: TSESTree.TSPropertySignature[];
}

export function guardFieldFix(
  hit: FieldHit,
  change: { to: string; kind: 'rename' | 'renameValues' | 'move' },
  schema: SdkSchema,
  sourceCode: TSESLint.SourceCode,
  typescript: boolean,
): GuardResult {
  if (hit.mayHoldOtherValues) {
    // Once a person has checked that, the file's own type that names the field is renamed with it.
    const declared = change.kind === 'rename' ? declaredTypeOf(hit, sourceCode) : undefined;
    return { check: 'only Glean’s value reaches this code', ...(declared?.kind === 'sameFile' && !namesTarget(declared.properties, change.to) ? { declarations: declared.properties } : {}) };
  }
  const shared = typescript ? sharedInferredVariable(hit, sourceCode) : undefined;
  if (shared !== undefined) return { check: `\`${shared}\` and what is written into it are renamed together (TypeScript infers its type from its initializer)` };
  if (change.kind === 'rename') {
    const misfit = valueMisfit(hit, change.to, schema, sourceCode);
    if (misfit) return { check: misfit };
  }
  const declared = declaredTypeOf(hit, sourceCode);
  if (declared.kind === 'elsewhere') {
    const where = declared.inferredHere ? 'inferred in this file' : 'declared in another file';
    return { check: `your type \`${declared.name}\` (${where}) names \`${change.to}\`` };
  }
  if (declared.kind === 'sameFile') {
    if (change.kind !== 'rename' || namesTarget(declared.properties, change.to)) return { check: `your types in this file name \`${change.to}\`` };
    return { declarations: declared.properties };
  }
  return {};
}

/** The edits that rename the same-file type properties along with the use. */
export function declarationEdits(
  declarations: readonly TSESTree.TSPropertySignature[],
  to: string,
  sourceCode: TSESLint.SourceCode,
): ((fixer: TSESLint.RuleFixer) => TSESLint.RuleFix)[] | undefined {
  const edits: ((fixer: TSESLint.RuleFixer) => TSESLint.RuleFix)[] = [];
  for (const property of declarations) {
    const key = property.computed ? renamedKey(property.key, to, sourceCode, true) : property.key.type === AST_NODE_TYPES.Identifier ? keyText(to) : renamedKey(property.key, to, sourceCode, false);
    if (key === undefined) return undefined;
    edits.push((fixer) => fixer.replaceText(property.key, key));
  }
  return edits;
}

/** Whether a type that declares the field also declares its new name (renaming would clash). */
function namesTarget(properties: readonly TSESTree.TSPropertySignature[], to: string): boolean {
  return properties.some((property) => membersOf(property.parent).some((member) => memberName(member) === to));
}

function membersOf(holder: TSESTree.Node | undefined): TSESTree.TypeElement[] {
  if (holder?.type === AST_NODE_TYPES.TSInterfaceBody) return holder.body;
  if (holder?.type === AST_NODE_TYPES.TSTypeLiteral) return holder.members;
  return [];
}

function memberName(member: TSESTree.TypeElement): string | undefined {
  if (member.type !== AST_NODE_TYPES.TSPropertySignature || member.computed) return undefined;
  if (member.key.type === AST_NODE_TYPES.Identifier) return member.key.name;
  return member.key.type === AST_NODE_TYPES.Literal ? String(member.key.value) : undefined;
}

/**
 * Why the value under the renamed key may not fit the new owner type, or undefined when it fits (or
 * the new property holds no object type of the SDK's, where the register's rename keeps the value).
 */
function valueMisfit(hit: FieldHit, to: string, schema: SdkSchema, sourceCode: TSESLint.SourceCode): string | undefined {
  const target = hit.owner.types.map((owner) => schema.types[owner]?.[to]?.type).find((type) => type !== undefined);
  if (target === undefined) return undefined;
  const keys = new Set(schema.keys?.[target] ?? []);
  const unseen = `the value fits \`${target}\``;
  const lacks = (key: string) => `the value needs no \`${key}\` (\`${target}\` has none)`;
  const holder = hit.holder;
  if (holder.kind === 'property' || holder.kind === 'assignment') {
    const value = holder.kind === 'property' ? holder.property.value : (holder.member.parent as TSESTree.AssignmentExpression).right;
    const object = unwrap(value);
    if (object.type !== AST_NODE_TYPES.ObjectExpression) return unseen;
    const scope = sourceCode.getScope(object);
    for (const property of object.properties) {
      if (property.type === AST_NODE_TYPES.SpreadElement) return unseen;
      const key = staticKeyName(property, scope);
      if (key === undefined) return unseen;
      if (!keys.has(key)) return lacks(key);
    }
    return undefined;
  }
  if (holder.kind === 'member') return readsMisfit(holder.member, keys, sourceCode);
  if (holder.kind === 'value') return unseen;
  const value = holder.property.value;
  if (value.type === AST_NODE_TYPES.Identifier) return variableReadsMisfit(value, keys, sourceCode);
  return unseen;

  /** Why the reads of a renamed value may not fit the new owner type. */
  function readsMisfit(read: TSESTree.Node, fields: ReadonlySet<string>, code: TSESLint.SourceCode): string | undefined {
    // `if (cfg.externalSharingOptions && cfg.externalSharingOptions.enabled)`: a guard's truth does not
    // depend on the value's shape; it is renamed as the reads it guards are (the same member in the same
    // statement), so that it never guards another field than they read.
    if (isTruthTest(read)) return read.type === AST_NODE_TYPES.MemberExpression ? guardedMisfit(read, fields, code) : undefined;
    const parent = read.parent;
    if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === read) {
      const key = staticKeyName(parent);
      if (key === undefined) return unseen;
      return fields.has(key) ? undefined : lacks(key);
    }
    if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === read && parent.id.type === AST_NODE_TYPES.Identifier) {
      return variableReadsMisfit(parent.id, fields, code);
    }
    return unseen;
  }

  /** Why the other reads of a guard's member in its statement may not fit (the guard follows them). */
  function guardedMisfit(guard: TSESTree.MemberExpression, fields: ReadonlySet<string>, code: TSESLint.SourceCode): string | undefined {
    let statement: TSESTree.Node = guard;
    while (statement.parent && !/(?:Statement|Declaration)$/.test(statement.type)) statement = statement.parent;
    const text = code.getText(guard);
    let misfit: string | undefined;
    walk(statement, code.visitorKeys, (node) => {
      if (misfit !== undefined || node === guard || node.type !== AST_NODE_TYPES.MemberExpression || code.getText(node) !== text || isTruthTest(node)) return;
      const parent = node.parent;
      // A write of the member: what it holds afterwards is not the response's.
      if (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.left === node) misfit = unseen;
      else misfit = readsMisfit(node, fields, code);
    });
    return misfit;
  }

  /** The reads of a variable that holds the renamed value (`const { externalSharingOptions: external } = …`). */
  function variableReadsMisfit(id: TSESTree.Identifier, fields: ReadonlySet<string>, code: TSESLint.SourceCode): string | undefined {
    const variable = findVariable(code.getScope(id), id);
    if (!variable) return unseen;
    for (const reference of variable.references) {
      if (reference.init) continue;
      if (!reference.isReadOnly()) return unseen;
      const misfit = readsMisfit(reference.identifier, fields, code);
      if (misfit !== undefined) return misfit;
    }
    return undefined;
  }
}

/**
 * Whether only a value's truth is read: the test of an `if`, a loop or `?:`, `!value`, the left side of
 * `&&` (which gives on only a falsy value), a comparison with `null` or `undefined`.
 */
function isTruthTest(read: TSESTree.Node): boolean {
  let node = read;
  while (node.parent?.type === AST_NODE_TYPES.ChainExpression || node.parent?.type === AST_NODE_TYPES.TSNonNullExpression) node = node.parent;
  const parent = node.parent;
  switch (parent?.type) {
    case AST_NODE_TYPES.IfStatement:
    case AST_NODE_TYPES.ConditionalExpression:
    case AST_NODE_TYPES.WhileStatement:
    case AST_NODE_TYPES.DoWhileStatement:
    case AST_NODE_TYPES.ForStatement:
      return parent.test === node;
    case AST_NODE_TYPES.UnaryExpression:
      return parent.operator === '!';
    case AST_NODE_TYPES.LogicalExpression:
      return parent.operator === '&&' && parent.left === node;
    case AST_NODE_TYPES.BinaryExpression: {
      const other = parent.left === node ? parent.right : parent.left;
      const nullish = (other.type === AST_NODE_TYPES.Literal && other.value === null) || (other.type === AST_NODE_TYPES.Identifier && other.name === 'undefined');
      return ['==', '!=', '===', '!=='].includes(parent.operator) && nullish;
    }
    default:
      return false;
  }
}
