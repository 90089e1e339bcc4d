import { AST_NODE_TYPES, astUtils } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { followImports, unwrap } from '../util/resolve.js';
import { programOf } from '../util/linking.js';
import { walk } from '../util/walk.js';
import { analysisSources, recordOfProgram } from '../modules/index.js';
import { isFunction, readsEverywhere, type FunctionNode } from './functions.js';
import { importOf } from './module-names.js';

/**
 * React's props: `<ResultList results={response.results} />` hands the component of that name, written
 * in the module or imported, its props object, which holds each attribute's value under the attribute's
 * name (`{...data}` hands it the object's own keys). A component rendered elsewhere too, with other
 * props, may be handed other values.
 */

/** What a JSX attribute (or spread) hands a component: its props parameter, and under which key. */
export interface PropsHandOff {
  props: TSESTree.Parameter;
  /** The attribute's name; undefined for a spread, whose keys are the props' keys. */
  key?: string;
  /** Whether the component is rendered elsewhere too (other values may reach its props). */
  shared: boolean;
}

/** `memo(Component)`, `forwardRef(render)` of React's: the function they wrap is the component. */
const WRAPPERS = new Set(['memo', 'forwardRef']);

/** The props a value handed to a JSX element as an attribute's value or a spread reaches, when the element is a function component. */
export function propsHandOff(value: TSESTree.Node, sourceCode: TSESLint.SourceCode): PropsHandOff | undefined {
  const holder = value.parent;
  let key: string | undefined;
  let attribute: TSESTree.Node | undefined;
  if (holder?.type === AST_NODE_TYPES.JSXExpressionContainer && holder.parent?.type === AST_NODE_TYPES.JSXAttribute && holder.parent.value === holder) {
    attribute = holder.parent;
    if (holder.parent.name.type !== AST_NODE_TYPES.JSXIdentifier) return undefined;
    key = holder.parent.name.name;
    // React keeps `key` and `ref` for itself: the component's props never hold them.
    if (key === 'key' || key === 'ref') return undefined;
  } else if (holder?.type === AST_NODE_TYPES.JSXSpreadAttribute && holder.argument === value) {
    attribute = holder;
  } else {
    return undefined;
  }
  const element = attribute.parent;
  if (element?.type !== AST_NODE_TYPES.JSXOpeningElement) return undefined;
  const component = componentOf(element, sourceCode);
  const props = component?.fn.params[0];
  if (!component || !props) return undefined;
  const shared = overridden(element, attribute, key) || renderCount(component.variable, sourceCode) !== 1 || usedAsValue(component.variable);
  return { props, ...(key !== undefined ? { key } : {}), shared };
}

/**
 * Whether what an attribute hands may be replaced by a later one: a spread after it, or, for a named
 * attribute, a later one of the same name; for a spread, any later attribute (`<List {...res} results={other} />`).
 */
function overridden(element: TSESTree.JSXOpeningElement, attribute: TSESTree.Node, key: string | undefined): boolean {
  const later = element.attributes.slice(element.attributes.indexOf(attribute as TSESTree.JSXAttribute) + 1);
  return later.some((other) => other.type === AST_NODE_TYPES.JSXSpreadAttribute || key === undefined || (other.name.type === AST_NODE_TYPES.JSXIdentifier && other.name.name === key));
}

/** Whether a component is read other than as a JSX element's name or an export (`element={ResultList}`, `withAuth(ResultList)`): it may be rendered with props this analysis does not see. */
function usedAsValue(component: TSESLint.Scope.Variable): boolean {
  const reads = readsEverywhere(component);
  return reads.some((node) => {
    const parent = node.parent;
    if (parent?.type === AST_NODE_TYPES.ExportSpecifier || parent?.type === AST_NODE_TYPES.ExportDefaultDeclaration) return false;
    return (node.type as string) !== AST_NODE_TYPES.JSXIdentifier && parent?.type !== AST_NODE_TYPES.JSXOpeningElement && parent?.type !== AST_NODE_TYPES.JSXClosingElement;
  });
}

/** The function component a JSX element renders (`<ResultList …>`: a capitalised name, here or imported), and the variable that holds it. */
function componentOf(element: TSESTree.JSXOpeningElement, sourceCode: TSESLint.SourceCode): { fn: FunctionNode; variable: TSESLint.Scope.Variable } | undefined {
  const variable = elementVariable(element, sourceCode);
  const linked = variable ? followImports(variable) : undefined;
  if (linked?.kind !== 'variable') return undefined;
  const definition = linked.variable.defs.length === 1 ? linked.variable.defs[0] : undefined;
  let value: TSESTree.Node | undefined;
  if (definition?.type === 'FunctionName') value = definition.node;
  else if (definition?.type === 'Variable' && definition.node.init) value = unwrap(definition.node.init);
  // `memo(function ResultList(…) { … })`, `forwardRef((props, ref) => …)`.
  if (value?.type === AST_NODE_TYPES.CallExpression && value.callee.type === AST_NODE_TYPES.Identifier && value.arguments[0]) {
    const wrapper = importOf(value.callee, sourceCode);
    const name = wrapper?.from === 'react' ? wrapper.name : undefined;
    value = name !== undefined && WRAPPERS.has(name) ? unwrap(value.arguments[0]) : undefined;
  }
  return value && isFunction(value) ? { fn: value, variable: linked.variable } : undefined;
}

/** The variable a JSX element's capitalised name refers to, looked up by name (not every scope manager makes JSX names references). */
function elementVariable(element: TSESTree.JSXOpeningElement, sourceCode: TSESLint.SourceCode): TSESLint.Scope.Variable | undefined {
  const name = element.name;
  if (name.type !== AST_NODE_TYPES.JSXIdentifier || !/^[A-Z]/.test(name.name)) return undefined;
  const scope = scopeAt(element, sourceCode);
  return (scope && astUtils().findVariable(scope, name.name)) ?? undefined;
}

function scopeAt(node: TSESTree.Node, sourceCode: TSESLint.SourceCode): TSESLint.Scope.Scope | undefined {
  const program = programOf(node);
  const manager = program === sourceCode.ast ? sourceCode.scopeManager : recordOfProgram(program)?.scopeManager;
  if (!manager) return undefined;
  for (let current: TSESTree.Node | undefined = node; current; current = current.parent) {
    const scope = manager.acquire(current, true);
    if (scope) return scope.type === 'function-expression-name' ? scope.childScopes[0] : scope;
  }
  return undefined;
}

const elementsByProgram = new WeakMap<TSESTree.Program, TSESTree.JSXOpeningElement[]>();

/** A module's JSX elements named with a capital (components). */
function componentElements(module: TSESLint.SourceCode): TSESTree.JSXOpeningElement[] {
  let elements = elementsByProgram.get(module.ast);
  if (!elements) {
    const found: TSESTree.JSXOpeningElement[] = [];
    // `.ts` files hold no JSX; elsewhere a capitalised tag is looked for first.
    const path = recordOfProgram(module.ast)?.path;
    if (!(path !== undefined && /\.[cm]?ts$/.test(path)) && /<[A-Z]/.test(module.text)) {
      walk(module.ast, module.visitorKeys, (node) => {
        if (node.type === AST_NODE_TYPES.JSXOpeningElement && node.name.type === AST_NODE_TYPES.JSXIdentifier && /^[A-Z]/.test(node.name.name)) found.push(node);
      });
    }
    elementsByProgram.set(module.ast, (elements = found));
  }
  return elements;
}

/** How many elements of the linted file and the modules joined with it render the component a variable holds. */
function renderCount(component: TSESLint.Scope.Variable, sourceCode: TSESLint.SourceCode): number {
  let count = 0;
  const modules = analysisSources(sourceCode);
  for (const module of modules) {
    for (const element of componentElements(module)) {
      // Not remembered: the module that declares the component (the linted file) is parsed again for each lint.
      const variable = elementVariable(element, sourceCode);
      const linked = variable ? followImports(variable) : undefined;
      if (linked?.kind === 'variable' && linked.variable === component) count++;
    }
  }
  return count;
}
