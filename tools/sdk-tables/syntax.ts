// Syntactic helpers over the TypeScript compiler API, shared by the SDK readers. Each source file is
// parsed on its own: every fact the tables need is syntactic, so no type checker is involved.
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';

export function parse(file: string): ts.SourceFile {
  const text = readFileSync(file, 'utf8');
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Sorted `.ts` files of a directory (not `index.ts`, not `*.core.ts`). */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== 'index.ts' && !f.endsWith('.core.ts'))
    .sort(compare);
}

/** Code-unit order, independent of the locale. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function uniqueSorted(names: string[]): string[] {
  return [...new Set(names)].sort(compare);
}

export function isExported(node: ts.Node): boolean {
  return (
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  );
}

/** The text after `@deprecated`, trimmed ('' when the tag has no text); undefined without the tag. */
export function deprecation(node: ts.Node): string | undefined {
  const tag = ts.getJSDocTags(node).find((t) => t.tagName.text === 'deprecated');
  if (!tag) return undefined;
  return (ts.getTextOfJSDocComment(tag.comment) ?? '').replace(/\s+/g, ' ').trim();
}

export function nameText(name: ts.PropertyName | ts.BindingName): string {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  throw new Error(`unsupported name ${ts.SyntaxKind[name.kind]}`);
}

export function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** Drops `undefined` / `null` union members and parentheses. */
export function nonNullish(type: ts.TypeNode): ts.TypeNode[] {
  if (ts.isParenthesizedTypeNode(type)) return nonNullish(type.type);
  if (ts.isUnionTypeNode(type)) return type.types.flatMap(nonNullish);
  if (type.kind === ts.SyntaxKind.UndefinedKeyword) return [];
  if (ts.isLiteralTypeNode(type) && type.literal.kind === ts.SyntaxKind.NullKeyword) return [];
  return [type];
}

/** `components.X` → 'X' (or `operations.X`), and with no namespace (inside the components folder) a bare `X`. */
export function referenceName(
  type: ts.TypeNode,
  namespace: 'components' | 'operations' | null,
): string | undefined {
  if (!ts.isTypeReferenceNode(type) || type.typeArguments) return undefined;
  const name = type.typeName;
  if (namespace === null) return ts.isIdentifier(name) ? name.text : undefined;
  if (ts.isQualifiedName(name) && ts.isIdentifier(name.left) && name.left.text === namespace) {
    return name.right.text;
  }
  return undefined;
}

/** A variable declaration, call or `new` whose name (identifier callee, or type reference) matches. */
export function isNamed(node: ts.Node, name: string | RegExp): boolean {
  let id: ts.Node | undefined;
  if (ts.isVariableDeclaration(node)) id = node.name;
  else if (ts.isCallExpression(node) || ts.isNewExpression(node)) id = node.expression;
  else if (ts.isTypeReferenceNode(node)) id = node.typeName;
  if (!id || !ts.isIdentifier(id)) return false;
  return typeof name === 'string' ? id.text === name : name.test(id.text);
}

export function isPrimitive(type: ts.TypeNode): boolean {
  return (
    type.kind === ts.SyntaxKind.VoidKeyword ||
    type.kind === ts.SyntaxKind.StringKeyword ||
    type.kind === ts.SyntaxKind.NumberKeyword ||
    type.kind === ts.SyntaxKind.BooleanKeyword ||
    type.kind === ts.SyntaxKind.AnyKeyword ||
    type.kind === ts.SyntaxKind.UnknownKeyword
  );
}
