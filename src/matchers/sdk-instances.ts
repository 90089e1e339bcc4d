import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { enclosingClass, memberName, thisReads } from '../flow/class-members.js';
import { findVariable } from '../util/resolve.js';
import { walk } from '../util/walk.js';

/**
 * Instances of the SDK's \`Glean\` class known by their declared type rather than by reference
 * tracking: parameters, variables, class fields and constructor parameter properties typed \`Glean\`.
 */

/** Reads of parameters, variables and class fields whose declared type is the SDK's `Glean` class. */
export function annotatedInstances(
  sourceCode: TSESLint.SourceCode,
  globalScope: TSESLint.Scope.Scope,
  packageName: string,
): TSESTree.Node[] {
  const reads: TSESTree.Node[] = [];
  // Only a file that imports the class (or the whole package as a namespace) can name it in a type.
  if (!importsGleanClass(sourceCode.ast, packageName)) return reads;
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.TSTypeReference || !namesGleanClass(node.typeName, globalScope, packageName)) return;
    let annotation: TSESTree.Node | undefined = node.parent;
    while (annotation?.type === AST_NODE_TYPES.TSUnionType) annotation = annotation.parent;
    if (annotation?.type !== AST_NODE_TYPES.TSTypeAnnotation) return;
    const owner = annotation.parent;
    if (owner?.type === AST_NODE_TYPES.PropertyDefinition) {
      const name = memberName(owner);
      if (name !== undefined) reads.push(...thisReads(owner.parent.parent, name, undefined, sourceCode));
      return;
    }
    if (owner?.type !== AST_NODE_TYPES.Identifier) return;
    const variable = findVariable(globalScope, owner);
    for (const reference of variable?.references ?? []) if (reference.isRead()) reads.push(reference.identifier);
    // `constructor(private glean: Glean)` also declares the field `this.glean`.
    if (owner.parent?.type === AST_NODE_TYPES.TSParameterProperty) {
      const classNode = enclosingClass(owner, sourceCode);
      if (classNode) reads.push(...thisReads(classNode, owner.name, undefined, sourceCode));
    }
  });
  return reads;
}

function importsGleanClass(program: TSESTree.Program, packageName: string): boolean {
  return program.body.some(
    (statement) =>
      statement.type === AST_NODE_TYPES.ImportDeclaration &&
      statement.source.value === packageName &&
      statement.specifiers.some(
        (specifier) =>
          specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier ||
          (specifier.type === AST_NODE_TYPES.ImportSpecifier &&
            (specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value) === 'Glean'),
      ),
  );
}

/** `Glean` imported from the SDK (`import { Glean }`, `import type { Glean as G }`), or `sdk.Glean`. */
function namesGleanClass(typeName: TSESTree.EntityName, globalScope: TSESLint.Scope.Scope, packageName: string): boolean {
  const local = typeName.type === AST_NODE_TYPES.TSQualifiedName ? typeName.left : typeName;
  if (local.type !== AST_NODE_TYPES.Identifier) return false;
  const definition = findVariable(globalScope, local)?.defs[0];
  if (definition?.type !== 'ImportBinding' || definition.parent.type !== AST_NODE_TYPES.ImportDeclaration) return false;
  if (definition.parent.source.value !== packageName) return false;
  const specifier = definition.node;
  if (typeName.type === AST_NODE_TYPES.TSQualifiedName) {
    return specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier && typeName.right.name === 'Glean';
  }
  return (
    specifier.type === AST_NODE_TYPES.ImportSpecifier &&
    (specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value) === 'Glean'
  );
}
