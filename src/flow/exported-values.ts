import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { AST_NODE_TYPES, astUtils } from '../util/packages.js';
import { withinModules } from '../util/linking.js';
import { asValue, constantInitializer, staticKeyName, unwrap } from '../util/resolve.js';
import { forEachReturned, isFunction, resolveCallee } from './functions.js';
import { CALLBACK_RESULTS, SAME_ARRAY_RESULTS, valueBranches } from './values.js';

/**
 * The object literals a module hands to other modules as values: what it exports, and what its
 * exported functions, classes' methods and factories return, through literals, conditionals, its own
 * constants and helpers, `Object.freeze`/`Object.assign`, and array methods (what `map`, `flatMap`,
 * `reduce` and `Array.from` callbacks return; the arrays `filter`, `concat`, … keep). Not the
 * arguments of other calls (`z.object({ … })` builds a schema, not a value that is sent). Within the
 * module only; each node is looked at once, so the walk costs at most the module's size (the depth
 * bound only keeps the recursion shallow, as deep as the payload walk goes).
 */
export function exportedObjectLiterals(sourceCode: TSESLint.SourceCode): TSESTree.ObjectExpression[] {
  return withinModules(() => {
    const scope = sourceCode.scopeManager?.globalScope;
    if (!scope) return [];
    const objects: TSESTree.ObjectExpression[] = [];
    const seen = new Set<TSESTree.Node>();
    const moduleScope = sourceCode.scopeManager!.acquire(sourceCode.ast, true) ?? scope;

    const visit = (input: TSESTree.Node | null | undefined, depth: number): void => {
      if (!input || depth > MAX_DEPTH || seen.has(input)) return;
      seen.add(input);
      const node = unwrap(input);
      switch (node.type) {
        case AST_NODE_TYPES.ObjectExpression:
          objects.push(node);
          for (const property of node.properties) visit(property.type === AST_NODE_TYPES.SpreadElement ? property.argument : property.value, depth + 1);
          return;
        case AST_NODE_TYPES.ArrayExpression:
          for (const element of node.elements) visit(element?.type === AST_NODE_TYPES.SpreadElement ? element.argument : element, depth + 1);
          return;
        case AST_NODE_TYPES.ConditionalExpression:
        case AST_NODE_TYPES.LogicalExpression:
        case AST_NODE_TYPES.AwaitExpression:
          for (const branch of valueBranches(node) ?? []) visit(branch, depth + 1);
          return;
        case AST_NODE_TYPES.Identifier: {
          const found = astUtils().findVariable(moduleScope, node);
          const variable = found && asValue(found);
          const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
          if (definition?.type === 'FunctionName' || definition?.type === 'ClassName') visit(definition.node, depth + 1);
          else visit(constantInitializer(node, scope), depth + 1);
          return;
        }
        case AST_NODE_TYPES.ClassDeclaration:
        case AST_NODE_TYPES.ClassExpression:
          for (const member of node.body.body) {
            if (member.type === AST_NODE_TYPES.MethodDefinition) visit(member.value, depth + 1);
            else if (member.type === AST_NODE_TYPES.PropertyDefinition) visit(member.value, depth + 1);
          }
          return;
        case AST_NODE_TYPES.CallExpression: {
          const callee = unwrap(node.callee);
          if (callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type === AST_NODE_TYPES.Identifier && callee.object.name === 'Object') {
            const name = staticKeyName(callee);
            if (name === 'freeze' || name === 'assign') for (const argument of node.arguments) visit(argument, depth + 1);
            return;
          }
          if (callee.type === AST_NODE_TYPES.MemberExpression) {
            const name = staticKeyName(callee);
            const [first, second] = node.arguments;
            // `Array.from(rows, (row) => ({ … }))`, `Array.of(…)`.
            if (callee.object.type === AST_NODE_TYPES.Identifier && callee.object.name === 'Array' && (name === 'from' || name === 'of')) {
              for (const argument of name === 'from' && second ? [second] : node.arguments) visit(argument, depth + 1);
              return;
            }
            // `rows.map((row) => ({ … }))`: the callback's returns; `reduce`'s initial value too.
            const results = name === undefined ? undefined : CALLBACK_RESULTS[name];
            if (results) {
              visit(first, depth + 1);
              if (results === 'accumulator') visit(second, depth + 1);
              return;
            }
            // `list.filter(…)`, `a.concat(b)`: the receiver's elements (and `concat`'s arguments).
            if (name !== undefined && SAME_ARRAY_RESULTS.has(name)) {
              visit(callee.object, depth + 1);
              if (name === 'concat') for (const argument of node.arguments) visit(argument, depth + 1);
              return;
            }
          }
          // A helper of the module that builds the value (`makeDefaults()`).
          visit(resolveCallee(node, scope), depth + 1);
          return;
        }
        default:
          if (isFunction(node)) forEachReturned(node, sourceCode, (returned) => visit(returned, depth + 1));
      }
    };

    forEachExportedValue(sourceCode, (value) => visit(value, 0));
    return objects;
  });
}

/**
 * The string expressions a module exports as values: `export const AGENT_URL = '…'`, a table of them
 * (`export const API = { count: '…' }`, nested, frozen), an export list or `module.exports` of such
 * constants. Not what functions build or return: a URL another module sends with its own method is a
 * constant it imports. Within the module only, each node once.
 */
export function exportedStrings(sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  return withinModules(() => {
    const scope = sourceCode.scopeManager?.globalScope;
    if (!scope) return [];
    const strings: TSESTree.Node[] = [];
    const seen = new Set<TSESTree.Node>();
    const visit = (input: TSESTree.Node | null | undefined, depth: number): void => {
      if (!input || depth > MAX_DEPTH || seen.has(input)) return;
      seen.add(input);
      const node = unwrap(input);
      switch (node.type) {
        case AST_NODE_TYPES.Literal:
          if (typeof node.value === 'string') strings.push(node);
          return;
        case AST_NODE_TYPES.TemplateLiteral:
        case AST_NODE_TYPES.BinaryExpression:
          strings.push(node);
          return;
        case AST_NODE_TYPES.ObjectExpression:
          for (const property of node.properties) visit(property.type === AST_NODE_TYPES.SpreadElement ? property.argument : property.value, depth + 1);
          return;
        case AST_NODE_TYPES.ArrayExpression:
          for (const element of node.elements) visit(element?.type === AST_NODE_TYPES.SpreadElement ? element.argument : element, depth + 1);
          return;
        case AST_NODE_TYPES.Identifier:
          visit(constantInitializer(node, scope), depth + 1);
          return;
        case AST_NODE_TYPES.CallExpression: {
          const callee = unwrap(node.callee);
          if (callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type === AST_NODE_TYPES.Identifier && callee.object.name === 'Object' && staticKeyName(callee) === 'freeze') visit(node.arguments[0], depth + 1);
          return;
        }
        default:
          // `export const agentUrl = (id) => \`${HOST}/rest/api/v1/agents/${id}\``: what a URL helper returns, its importers send.
          if (isFunction(node) && !node.async && !node.generator) forEachReturned(node, sourceCode, (returned) => visit(returned, depth + 1));
          return;
      }
    };
    forEachExportedValue(sourceCode, (value) => visit(value, 0));
    return strings;
  });
}

/** What a module exports: each exported declaration's initializer, function or class, each name of an export list, the value of `export default`, `module.exports`, `exports.x`. */
/**
 * The functions a module exports: declared or held by an exported constant, a member of an exported
 * object (`module.exports = { format }`), or a class's methods. Within the module only.
 */
export function exportedFunctions(sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  return withinModules(() => {
    const scope = sourceCode.scopeManager?.globalScope;
    if (!scope) return [];
    const functions: TSESTree.Node[] = [];
    const seen = new Set<TSESTree.Node>();
    const visit = (input: TSESTree.Node | null | undefined, depth: number): void => {
      if (!input || depth > 2 || seen.has(input)) return;
      seen.add(input);
      const node = unwrap(input);
      if (isFunction(node)) functions.push(node);
      else if (node.type === AST_NODE_TYPES.Identifier) {
        const definition = astUtils().findVariable(scope.childScopes[0] ?? scope, node)?.defs[0];
        if (definition?.type === 'FunctionName' || definition?.type === 'ClassName') visit(definition.node, depth + 1);
        else visit(constantInitializer(node, scope), depth + 1);
      } else if (node.type === AST_NODE_TYPES.ObjectExpression) {
        for (const property of node.properties) if (property.type === AST_NODE_TYPES.Property) visit(property.value, depth + 1);
      } else if (node.type === AST_NODE_TYPES.ClassDeclaration || node.type === AST_NODE_TYPES.ClassExpression) {
        for (const member of node.body.body) if (member.type === AST_NODE_TYPES.MethodDefinition) visit(member.value, depth + 1);
      }
    };
    forEachExportedValue(sourceCode, (value) => visit(value, 0));
    return functions;
  });
}

function forEachExportedValue(sourceCode: TSESLint.SourceCode, visit: (value: TSESTree.Node | null | undefined) => void): void {
  for (const statement of sourceCode.ast.body) {
    switch (statement.type) {
      case AST_NODE_TYPES.ExportNamedDeclaration: {
        const declaration = statement.declaration;
        if (declaration?.type === AST_NODE_TYPES.VariableDeclaration) for (const declarator of declaration.declarations) visit(declarator.init);
        else if (declaration?.type === AST_NODE_TYPES.FunctionDeclaration || declaration?.type === AST_NODE_TYPES.ClassDeclaration) visit(declaration);
        if (!statement.source) {
          for (const specifier of statement.specifiers) if (specifier.local.type === AST_NODE_TYPES.Identifier) visit(specifier.local);
        }
        break;
      }
      case AST_NODE_TYPES.ExportDefaultDeclaration:
        visit(statement.declaration);
        break;
      case AST_NODE_TYPES.ExpressionStatement: {
        // Also chained: `exports = module.exports = { … }`.
        let assignment: TSESTree.Expression = statement.expression;
        let exported = false;
        while (assignment.type === AST_NODE_TYPES.AssignmentExpression && assignment.operator === '=') {
          exported ||= isExportTarget(assignment.left);
          if (assignment.right.type !== AST_NODE_TYPES.AssignmentExpression) {
            if (exported) visit(assignment.right);
            break;
          }
          assignment = assignment.right;
        }
        break;
      }
      case AST_NODE_TYPES.TSExportAssignment:
        visit(statement.expression);
        break;
      default:
        break;
    }
  }
}

/** How deep the walk follows values (the payload walk's bound): constants, spreads and helpers each count. */
const MAX_DEPTH = 40;

/** `module.exports`, `module.exports.x`, `exports.x`. */
function isExportTarget(node: TSESTree.Node): boolean {
  if (node.type !== AST_NODE_TYPES.MemberExpression) return false;
  const object = node.object;
  if (object.type === AST_NODE_TYPES.Identifier) return (object.name === 'module' && staticKeyName(node) === 'exports') || object.name === 'exports';
  return isExportTarget(object) && object.type === AST_NODE_TYPES.MemberExpression && object.object.type === AST_NODE_TYPES.Identifier && object.object.name === 'module';
}
