import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

/**
 * How the same-file helpers reach into other modules, without this layer knowing how modules are found
 * or parsed: the modules layer (src/modules/) installs a linker when it is loaded. Without one (or for a
 * name it cannot link), everything stays within the file, as before.
 */

/** What an imported name stands for in the module that defines it. */
export type Linked =
  /** A declaration of that module (`export const glean = …`, `export function post`). */
  | { kind: 'variable'; variable: TSESLint.Scope.Variable }
  /** An expression with no name of its own there (`export default {…}`, `module.exports = …`, `exports.x = …`). */
  | { kind: 'value'; node: TSESTree.Node }
  /** A whole module (`import * as config`, `require('./config')` of an ES module). */
  | { kind: 'module'; module: LinkedModule };

export interface LinkedModule {
  readonly path: string;
  /** One export by name (`default` included), or undefined when the module does not export it. */
  exported(name: string): Linked | undefined;
}

/** The scopes of a module other than the linted file, for lookups that start at one of its nodes. */
export interface ForeignScopes {
  globalScope: TSESLint.Scope.Scope;
  scopeManager: TSESLint.Scope.ScopeManager;
  /** The innermost scope of each scope-creating node, built on first use. */
  blocks(): Map<TSESTree.Node, TSESLint.Scope.Scope>;
  /** The visitor keys of the parser that made the module's tree. */
  visitorKeys: TSESLint.SourceCode.VisitorKeys;
}

export interface Linker {
  /**
   * An import binding, or a name bound to `require('./x')` / `await import('./x')`, as the module it
   * comes from defines it. Undefined when the module is not one of the project's own (a package in
   * node_modules, a Node built-in) or cannot be found or read.
   */
  linkVariable(variable: TSESLint.Scope.Variable): Linked | undefined;
  /** `require('./x')` or `import('./x')` used as a value. */
  linkModuleCall(node: TSESTree.CallExpression | TSESTree.ImportExpression): Linked | undefined;
  /** The scopes of a module the linker parsed, by its tree. */
  scopesOf(program: TSESTree.Program): ForeignScopes | undefined;
}

let installed: Linker | undefined;
let following = true;

/**
 * Runs `fn` with names kept within their own module (imports not followed): for what is only worth a
 * look within a file, such as the options of every call of a file, most of which are not requests.
 */
export function withinModules<T>(fn: () => T): T {
  const saved = following;
  following = false;
  try {
    return fn();
  } finally {
    following = saved;
  }
}

/** The linker, when names are followed into other modules now. */
export function followingLinker(): Linker | undefined {
  return following ? installed : undefined;
}

export function installLinker(linker: Linker | undefined): void {
  installed = linker;
}

export function linker(): Linker | undefined {
  return installed;
}

/** The tree a node belongs to. */
export function programOf(node: TSESTree.Node): TSESTree.Program {
  let current = node;
  while (current.parent) current = current.parent;
  return current as TSESTree.Program;
}

/**
 * The visitor keys to walk a node's tree with: the linted file's (`own`), or, for a node of another
 * module, the keys of the parser that read that module (a JavaScript file's keys know no TypeScript node).
 */
export function visitorKeysFor(node: TSESTree.Node, own: TSESLint.SourceCode.VisitorKeys): TSESLint.SourceCode.VisitorKeys {
  if (!installed) return own;
  return installed.scopesOf(programOf(node))?.visitorKeys ?? own;
}

/** The variables a declaration declares, asked of the scope manager of the module the node is in. */
export function declaredVariables(node: TSESTree.Node, sourceCode: TSESLint.SourceCode): readonly TSESLint.Scope.Variable[] {
  const program = programOf(node);
  const manager = program === sourceCode.ast ? sourceCode.scopeManager : (installed?.scopesOf(program)?.scopeManager ?? sourceCode.scopeManager);
  return manager?.getDeclaredVariables(node) ?? [];
}

const ids = new WeakMap<object, number>();
let nextId = 0;

/** A number that names one node (or tree) for as long as it lives: ranges repeat across modules. */
export function identityOf(node: object): number {
  let id = ids.get(node);
  if (id === undefined) ids.set(node, (id = nextId++));
  return id;
}

/** A key for the source text a node covers, in its own module: `{ snippet }`'s key and value share one. */
export function placeKey(node: TSESTree.Node): string {
  return `${identityOf(programOf(node))}:${node.range[0]}:${node.range[1]}`;
}
