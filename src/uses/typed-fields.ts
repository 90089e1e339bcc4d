import { AST_NODE_TYPES } from '../util/packages.js';
import type { ParserServicesWithTypeInformation, TSESLint, TSESTree } from '@typescript-eslint/utils';
import type * as ts from 'typescript';
import type { FieldHit } from '../matchers/field-hit.js';
import { staticKeyName } from '../util/resolve.js';
import { walk } from '../util/walk.js';
import { programIncludesSdk, SDK_PATH, typeServices } from '../matchers/type-services.js';

export { programIncludesSdk, typeServices };
import type { CompiledRegister } from '../matchers/compiled-register.js';
import type { SdkContext } from '../sdk/versions.js';

/**
 * Type-aware mode, only when the user's config gives type information: a property whose owner's type
 * is one of the SDK's model types is a use wherever it is — also when the object was built in
 * another file, where same-file data flow cannot see it.
 */

/** True when a file may name a deprecated field at all. */
export function mayNameField(text: string, register: CompiledRegister): boolean {
  for (const name of register.fields.names) if (text.includes(name)) return true;
  return false;
}

/** The type information to look for SDK-typed fields with, when the file and its program can have any. */
export function typedFieldServices(sourceCode: TSESLint.SourceCode, register: CompiledRegister): ParserServicesWithTypeInformation | undefined {
  const services = typeServices(sourceCode);
  return services && mayNameField(sourceCode.text, register) && programIncludesSdk(services.program) ? services : undefined;
}

/** `sdk`: the SDK the file uses, whose model types the checker names. */
export function findTypedFieldHits(
  sourceCode: TSESLint.SourceCode,
  register: CompiledRegister,
  services: ParserServicesWithTypeInformation,
  sdk: SdkContext,
): FieldHit[] {
  const checker = services.program.getTypeChecker();
  const hits: FieldHit[] = [];
  const names = register.fields.names;
  const modelNames = new Map<ts.Type, readonly string[]>();

  const ownersOf = (node: TSESTree.Node, contextual: boolean): readonly string[] => {
    const tsNode = services.esTreeNodeToTSNodeMap.get(node as never) as ts.Expression | undefined;
    if (!tsNode) return [];
    const type = contextual ? checker.getContextualType(tsNode) : checker.getTypeAtLocation(tsNode);
    if (!type) return [];
    let found = modelNames.get(type);
    if (!found) {
      found = sdkModelNames(checker.getNonNullableType(type));
      modelNames.set(type, found);
    }
    return found;
  };

  const record = (key: string, types: readonly string[], node: TSESTree.Node, holder: FieldHit['holder'], side: FieldHit['side']) => {
    if (types.length === 0) return;
    for (const item of register.fields.at({ types }, key)) hits.push({ item, side, node, holder, owner: { types }, sdk });
  };

  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.Property) {
      const key = staticKeyName(node);
      if (key === undefined || !names.has(key)) return;
      const parent = node.parent;
      if (parent.type === AST_NODE_TYPES.ObjectExpression) {
        record(key, ownersOf(parent, true), node.key, { kind: 'property', property: node, object: parent }, 'request');
      } else if (parent.type === AST_NODE_TYPES.ObjectPattern) {
        record(key, ownersOf(parent, false), node.key, { kind: 'pattern', property: node, pattern: parent }, 'response');
      }
    } else if (node.type === AST_NODE_TYPES.MemberExpression) {
      const key = staticKeyName(node);
      if (key === undefined || !names.has(key)) return;
      const written = node.parent?.type === AST_NODE_TYPES.AssignmentExpression && node.parent.left === node;
      record(
        key,
        ownersOf(node.object, false),
        node.property,
        written ? { kind: 'assignment', member: node } : { kind: 'member', member: node },
        written ? 'request' : 'response',
      );
    }
  });
  return hits;
}

/** The SDK model type names a type is (or is a union of): type aliases declared in the SDK package. */
function sdkModelNames(type: ts.Type): readonly string[] {
  const types = type.isUnion() ? type.types : [type];
  const names: string[] = [];
  for (const member of types) {
    const symbol = member.aliasSymbol ?? member.getSymbol();
    const declaration = symbol?.declarations?.[0];
    if (symbol && declaration && SDK_PATH.test(declaration.getSourceFile().fileName)) names.push(symbol.getName());
  }
  return names;
}
