import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { FieldHit } from '../matchers/field-hit.js';
import { step } from '../matchers/schema.js';
import { decide, type SiteKind } from './policy.js';
import { declarationEdits, guardFieldFix } from './field-guards.js';
import { needsLiteralType } from './declared-types.js';
import type { SdkSchema, SdkVersionTables } from '../sdk/types.js';
import type { FieldEdit, FixPlan } from './plan.js';
import { staticKeyName, withTypeWrappers } from '../util/resolve.js';
import { toSource } from './body-move.js';
import { elementTypeOf } from './type-query.js';
import { removePropertyEdit, renamedKey, renamePropertyEdit, toFix, type TextEdit } from './object-edits.js';

/**
 * Fixes for deprecated fields: carries out the fix policy's decision (`policy.ts`) on one use, and
 * offers nothing when a guard fails (the new key exists, a computed key, a write that would change
 * meaning).
 */

type Fix = TSESLint.ReportFixFunction;
type Plan = FixPlan;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** How the code meets the field: written (a payload key, an assignment) or read (a member, a destructured key). */
export function siteOf(hit: FieldHit): SiteKind {
  return hit.holder.kind === 'property' || hit.holder.kind === 'assignment' ? 'write' : 'read';
}

/**
 * `tables`: the SDK version whose types the field's owner has; `annotateTypes`: the file is
 * TypeScript, where the code a fix writes must type-check.
 */
export function planFieldFix(hit: FieldHit, sourceCode: TSESLint.SourceCode, tables: SdkVersionTables, annotateTypes: boolean): Plan {
  // A deprecated enum value is reported only: which value replaces it is the person's to decide.
  if (hit.item.kind === 'enum-value') return {};
  const schema = tables.schema;
  const decision = decide(hit.item, siteOf(hit), hit.owner.types, tables);
  const action = decision.action;
  if (decision.offer === 'none' || !action) return {};
  switch (action.kind) {
    case 'rename': {
      const renamed = renameFix(hit, action.to, action.values, sourceCode, annotateTypes);
      if (renamed) return guarded(hit, renamed.fix, { to: action.to, kind: action.values ? 'renameValues' : 'rename' }, schema, sourceCode, annotateTypes);
      // `isNegated: excluded` → `relationType: excluded ? 'NOT_EQUALS' : 'EQUALS'`: right only when the value is a boolean.
      const chosen = action.values ? renameFix(hit, action.to, action.values, sourceCode, annotateTypes, true) : undefined;
      return chosen?.check !== undefined ? { edits: [{ kind: 'renameChecked', name: action.to, check: chosen.check, fix: chosen.fix }] } : {};
    }
    case 'move': {
      const fix = moveFix(hit, action.to, schema);
      return fix ? guarded(hit, fix, { to: action.to, kind: 'move' }, schema, sourceCode, annotateTypes) : {};
    }
    case 'renameThenReshape': {
      const renamed = renameFix(hit, action.to, undefined, sourceCode, annotateTypes);
      return renamed ? { edits: [{ kind: 'rename', name: action.to, fix: renamed.fix } satisfies FieldEdit] } : {};
    }
    case 'collect': {
      const read = collectFromSiblings(hit, action.array, action.field, schema, annotateTypes);
      return read ? { rewrite: { ...read, mechanical: false } } : {};
    }
    case 'readFromParent': {
      const read = readFromParent(hit, action.to, action.edges);
      return read ? { rewrite: { ...read, mechanical: false } } : {};
    }
    case 'remove': {
      if (hit.holder.kind !== 'property') return {};
      const { property } = hit.holder;
      if (sourceCode.getCommentsInside(property).length > 0) return {};
      const edit = removePropertyEdit(sourceCode, property);
      return { edits: [{ kind: 'remove', name: hit.item.field, fix: (fixer) => fixer.replaceTextRange(edit.range, edit.text) }] };
    }
    default:
      return {};
  }
}

/** An autofix by policy, as the guards allow it on this use: autofix, with declarations, or a suggestion. */
function guarded(
  hit: FieldHit,
  fix: Fix,
  change: Parameters<typeof guardFieldFix>[1],
  schema: SdkSchema,
  sourceCode: TSESLint.SourceCode,
  typescript: boolean,
): Plan {
  const { check, declarations } = guardFieldFix(hit, change, schema, sourceCode, typescript);
  const more = declarations && declarationEdits(declarations, change.to, sourceCode);
  const withDeclarations: Fix | undefined = more && ((fixer) => [fix(fixer), ...more.map((edit) => edit(fixer))].flat() as TSESLint.RuleFix[]);
  // A suggestion renames the file's own type's member with the use, where the guard names one.
  if (check !== undefined) return { edits: [{ kind: 'renameChecked', name: change.to, check, fix: withDeclarations ?? fix }] };
  if (!declarations) return { fix };
  if (!withDeclarations) return {};
  return { fix: withDeclarations, alsoAt: declarations.map((property) => property.key) };
}

/**
 * `snippet` → `text` wherever the name is written; `isNegated: true` → `relationType: 'NOT_EQUALS'`.
 * `choose`: a value the rename maps that is not a literal is written as a choice between the mapped
 * values (`excluded ? 'NOT_EQUALS' : 'EQUALS'`), with what to check (see choiceMapping); only such
 * renames carry a `check`.
 */
function renameFix(
  hit: FieldHit,
  to: string,
  values: Record<string, unknown> | undefined,
  sourceCode: TSESLint.SourceCode,
  annotateTypes: boolean,
  choose = false,
): { fix: Fix; check?: string } | undefined {
  const fixOf = (fix: Fix | undefined) => (fix ? { fix } : undefined);
  const holder = hit.holder;
  if (holder.kind === 'value') return undefined;
  if (holder.kind === 'property') {
    const { property, object } = holder;
    if (property.kind !== 'init' || property.method) return undefined;
    // The new key must not exist already, here or in an object this one is spread into (the renamed
    // key would overwrite it there); a spread, or a computed key that cannot be known, could hold it.
    // Nor the old key in an object this one is spread into: renamed here, it would no longer override that one.
    const scope = sourceCode.getScope(object);
    const mayHoldKey = (holder: TSESTree.ObjectExpression, except: TSESTree.Node, key: string) =>
      holder.properties.some((p) => p !== except && (p.type === AST_NODE_TYPES.SpreadElement || mayBeKey(p, key, scope)));
    const from = hit.item.field;
    const spreadInto = spreadsOf(object, sourceCode).map((spread) => [spread.parent as TSESTree.ObjectExpression, spread] as const);
    if (mayHoldKey(object, property, to) || spreadInto.some(([holder, spread]) => mayHoldKey(holder, spread, to) || mayHoldKey(holder, spread, from))) {
      return undefined;
    }
    if (values) {
      // In TypeScript, a string a type may ask for as a literal keeps its literal type (`'NOT_EQUALS' as const`).
      const asConst = annotateTypes && needsLiteralType(object, hit.jsonPayload, sourceCode);
      const chosen = choose ? choiceMapping(property.value, values, asConst, sourceCode) : undefined;
      const mapped = choose ? chosen?.source : literalMapping(property.value, values, asConst, sourceCode);
      if (mapped === undefined) return undefined;
      const key = renamedKey(property.key, to, sourceCode, property.computed);
      if (key === undefined) return undefined;
      // `{ isNegated }`: key and value are one name.
      if (property.shorthand) return { fix: (fixer) => fixer.replaceText(property, `${key}: ${mapped}`), ...(chosen ? { check: chosen.check } : {}) };
      // Key and value are replaced apart, so `[…]` around a computed key and comments between them stay.
      return { fix: (fixer) => [fixer.replaceText(property.key, key), fixer.replaceText(property.value, mapped)], ...(chosen ? { check: chosen.check } : {}) };
    }
    return fixOf(editFix(renamePropertyEdit(property, to, sourceCode)));
  }
  if (holder.kind === 'pattern') {
    const { property, pattern } = holder;
    if (values) return undefined;
    if (pattern.properties.some((p) => p !== property && p.type === AST_NODE_TYPES.Property && staticKeyName(p) === to)) {
      return undefined;
    }
    return fixOf(editFix(renamePropertyEdit(property, to, sourceCode)));
  }
  const member = holder.member;
  if (holder.kind === 'assignment' && values) {
    const assignment = member.parent as TSESTree.AssignmentExpression;
    const chosen = choose ? choiceMapping(assignment.right, values, false, sourceCode) : undefined;
    const mapped = choose ? chosen?.source : literalMapping(assignment.right, values, false, sourceCode);
    const key = renamedMember(member, to, sourceCode);
    if (mapped === undefined || key === undefined) return undefined;
    return { fix: (fixer) => [fixer.replaceText(member.property, key), fixer.replaceText(assignment.right, mapped)], ...(chosen ? { check: chosen.check } : {}) };
  }
  // Reads of a renamed value keep their meaning; reads of a value that changes type do not.
  if (values) return undefined;
  const key = renamedMember(member, to, sourceCode);
  return key === undefined ? undefined : { fix: (fixer) => fixer.replaceText(member.property, key) };
}

/** `result.trackingToken` → `result.answer.trackingToken` (reads only). */
function moveFix(hit: FieldHit, to: string, schema: SdkSchema): Fix | undefined {
  if (hit.holder.kind !== 'member' || hit.holder.member.computed || isWritten(hit.holder.member)) return undefined;
  const path = to.split('.');
  if (!path.every((segment) => IDENTIFIER.test(segment))) return undefined;
  let position = hit.owner;
  let text = '';
  for (const [index, segment] of path.entries()) {
    if (index === path.length - 1) {
      text += segment;
      break;
    }
    const next = step(schema, position, segment);
    if (!next || next.array || next.record) return undefined;
    text += `${segment}${next.required ? '.' : '?.'}`;
    position = next.position;
  }
  const property = hit.holder.member.property;
  return (fixer) => fixer.replaceText(property, text);
}

/**
 * A read of a field replaced by a field of the elements of a sibling array (chat `citations` →
 * `fragments[].citation`): suggest collecting them. In TypeScript the callback's parameter is
 * annotated with the array's element type, named from the receiver (`elementTypeOf`): on a response
 * the file leaves untyped it would otherwise be an implicit `any` that strict `tsc` rejects. Where
 * the receiver cannot be named in a type (a call's result, `await …`), nothing is offered in
 * TypeScript rather than code that may not compile.
 */
function collectFromSiblings(hit: FieldHit, array: string, field: string, schema: SdkSchema, annotateTypes: boolean) {
  if (hit.holder.kind !== 'member' || hit.holder.member.computed || isWritten(hit.holder.member)) return undefined;
  const step = hit.owner.types.map((owner) => schema.types[owner]?.[array]).find((property) => property?.array);
  if (!step) return undefined;
  const elementType = annotateTypes ? elementTypeOf(hit.holder.member, array) : undefined;
  if (annotateTypes && elementType === undefined) return undefined;
  const parameter = elementType === undefined ? '(item)' : `(item: ${elementType})`;
  const access = step.required ? '.' : '?.';
  const text = `${array}${access}flatMap(${parameter} => (item.${field} ? [item.${field}] : []))`;
  const node = hit.holder.member.property;
  return { fix: ((fixer) => fixer.replaceText(node, text)) as Fix, description: `\`${array}[].${field}\`` };
}

/**
 * A read of a field replaced by a property of the object that holds the owner (`viewerInfo.role` →
 * the document metadata's `permissions`): suggest reading that instead.
 */
function readFromParent(hit: FieldHit, target: string, edges: readonly string[]) {
  if (hit.holder.kind !== 'member' || hit.holder.member.computed || isWritten(hit.holder.member)) return undefined;
  const holder = hit.holder.member.object;
  if (holder.type !== AST_NODE_TYPES.MemberExpression || holder.computed) return undefined;
  const edge = staticKeyName(holder);
  if (edge === undefined || !edges.includes(edge)) return undefined;
  const member = hit.holder.member;
  const range: [number, number] = [holder.property.range[0], member.range[1]];
  return { fix: ((fixer) => fixer.replaceTextRange(range, target)) as Fix, description: `\`${target}\` on the object that holds \`${edge}\`` };
}

function isWritten(member: TSESTree.MemberExpression): boolean {
  const parent = member.parent;
  return (
    (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.left === member) ||
    (parent?.type === AST_NODE_TYPES.UpdateExpression && parent.argument === member) ||
    (parent?.type === AST_NODE_TYPES.UnaryExpression && parent.operator === 'delete')
  );
}

/**
 * The new value's source for a literal the rename maps (`true` → `'NOT_EQUALS'`); undefined otherwise.
 * `asConst`: a string is written `'NOT_EQUALS' as const`.
 */
function literalMapping(node: TSESTree.Node, values: Record<string, unknown>, asConst = false, sourceCode?: TSESLint.SourceCode): string | undefined {
  // `negate ? true : false`: each branch mapped, the condition kept.
  if (node.type === AST_NODE_TYPES.ConditionalExpression && sourceCode) {
    const consequent = literalMapping(node.consequent, values, asConst);
    const alternate = literalMapping(node.alternate, values, asConst);
    return consequent === undefined || alternate === undefined ? undefined : `${sourceCode.getText(node.test)} ? ${consequent} : ${alternate}`;
  }
  if (node.type !== AST_NODE_TYPES.Literal) return undefined;
  const mapped = values[JSON.stringify(node.value)];
  if (mapped === undefined) return undefined;
  const source = toSource(mapped as never);
  return asConst && typeof mapped === 'string' ? `${source} as const` : source;
}

/** Expressions that can stand before `?` of a conditional without parentheses. */
const CONDITION_SAFE = new Set<string>([
  AST_NODE_TYPES.Identifier,
  AST_NODE_TYPES.MemberExpression,
  AST_NODE_TYPES.CallExpression,
  AST_NODE_TYPES.BinaryExpression,
  AST_NODE_TYPES.LogicalExpression,
  AST_NODE_TYPES.UnaryExpression,
  AST_NODE_TYPES.ChainExpression,
  AST_NODE_TYPES.ThisExpression,
]);

/**
 * A value the rename maps by `true` and `false` that is not a literal (`isNegated: excluded`): the
 * choice between the mapped values (`excluded ? 'NOT_EQUALS' : 'EQUALS'`), right when the value is a
 * boolean, which is what `check` says. Undefined for a literal (mapped or refused by literalMapping).
 */
function choiceMapping(node: TSESTree.Node, values: Record<string, unknown>, asConst: boolean, sourceCode: TSESLint.SourceCode): { source: string; check: string } | undefined {
  const whenTrue = values['true'];
  const whenFalse = values['false'];
  if (node.type === AST_NODE_TYPES.Literal || node.type === AST_NODE_TYPES.ConditionalExpression || typeof whenTrue !== 'string' || typeof whenFalse !== 'string' || Object.keys(values).length !== 2) return undefined;
  const text = sourceCode.getText(node);
  const condition = CONDITION_SAFE.has(node.type) ? text : `(${text})`;
  const written = (value: string) => (asConst ? `${toSource(value as never)} as const` : toSource(value as never));
  const named = text.length <= 40 && !text.includes('\n') ? `\`${text}\`` : 'the value';
  return { source: `${condition} ? ${written(whenTrue)} : ${written(whenFalse)}`, check: `${named} is \`true\` or \`false\`` };
}

/**
 * The spreads that copy an object literal's properties into another object literal: `{ ...{ … } }`,
 * and `{ ...name }` of a same-file variable it initialises; then, in turn, the spreads of those objects.
 */
function spreadsOf(object: TSESTree.ObjectExpression, sourceCode: TSESLint.SourceCode, seen = new Set<TSESTree.Node>()): TSESTree.SpreadElement[] {
  if (seen.has(object)) return [];
  seen.add(object);
  const node = withTypeWrappers(object);
  const parent = node.parent;
  let spreads: TSESTree.SpreadElement[] = [];
  if (parent?.type === AST_NODE_TYPES.SpreadElement) spreads = [parent];
  else if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === node && parent.id.type === AST_NODE_TYPES.Identifier) {
    const [variable] = sourceCode.scopeManager?.getDeclaredVariables(parent) ?? [];
    spreads = (variable?.references ?? []).flatMap((reference) => {
      const read = withTypeWrappers(reference.identifier);
      return reference.isRead() && read.parent?.type === AST_NODE_TYPES.SpreadElement ? [read.parent] : [];
    });
  }
  return spreads
    .filter((spread) => spread.parent.type === AST_NODE_TYPES.ObjectExpression)
    .flatMap((spread) => [spread, ...spreadsOf(spread.parent as TSESTree.ObjectExpression, sourceCode, seen)]);
}

/** True when a property's key is `name`, or is computed and cannot be known statically. */
function mayBeKey(property: TSESTree.Property, name: string, scope: TSESLint.Scope.Scope): boolean {
  const key = staticKeyName(property, scope);
  return key === undefined ? property.computed : key === name;
}

function renamedMember(member: TSESTree.MemberExpression, to: string, sourceCode: TSESLint.SourceCode): string | undefined {
  if (!member.computed) return IDENTIFIER.test(to) ? to : undefined;
  return renamedKey(member.property, to, sourceCode, true);
}

function editFix(edit: TextEdit | undefined): Fix | undefined {
  return edit && ((fixer) => toFix(fixer, edit));
}
