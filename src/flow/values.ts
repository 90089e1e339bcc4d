import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { findProperty, findVariable, isTypeWrapper, memberValue, resolveExpression, resolveObject, staticKeyName, unwrap } from '../util/resolve.js';
import { walk } from '../util/walk.js';
import { declaredVariables } from '../util/linking.js';
import { memberName, parameterProperties, type ClassNode } from './class-members.js';
import { annotatedClass, enclosingFunction, forEachReturned, isFunction, isWrittenMember, MAX_CHAIN, methodCallsOf, parameterValues, resolveCallee, resolveClass, resolveFunction, returnsThis, type FunctionNode } from './functions.js';

/**
 * Where values go and come from that is not a function call: array callbacks, class members, and which
 * writes of a variable can reach a read.
 */

/** Array methods whose callback receives each element, with the index of that parameter. */
export const ELEMENT_CALLBACKS: Readonly<Record<string, number>> = {
  map: 0,
  flatMap: 0,
  forEach: 0,
  filter: 0,
  find: 0,
  findLast: 0,
  findIndex: 0,
  findLastIndex: 0,
  some: 0,
  every: 0,
  reduce: 1,
  reduceRight: 1,
};

/**
 * How an array method's result is built from its callback: `map`'s elements are what the callback
 * returns, `flatMap`'s are those or their elements, `reduce`'s result is the accumulator the callback
 * returns (and the initial value).
 */
export const CALLBACK_RESULTS: Readonly<Record<string, 'element' | 'elements' | 'accumulator'>> = {
  map: 'element',
  flatMap: 'elements',
  reduce: 'accumulator',
  reduceRight: 'accumulator',
};

/**
 * How a value a `reduce` callback adds to its accumulator becomes part of the result: as one element
 * (`acc.push(x)`, `[...acc, x]`), as its elements (`acc.push(...x)`, `[...acc, ...x]`), or as
 * `concat` adds it (an array's elements, any other value itself).
 */
export type Addition = 'element' | 'elements' | 'concat';

/**
 * What `list.reduce(callback, [])` (or `reduceRight`) adds to its result, when the accumulator starts
 * as an empty array and the callback only ever adds to it: every `return` is the accumulator, its
 * `concat(…)`, or `[...acc, …]`, and the accumulator is otherwise only `push`ed to. Undefined for any
 * other shape (another initial value, an accumulator used in other ways), whose result is not followed.
 */
export function reduceAdditions(call: TSESTree.CallExpression, scope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode): Map<TSESTree.Node, Addition> | undefined {
  const [callback, initial] = call.arguments;
  const fn = callback && resolveFunction(callback, scope);
  const accumulator = fn?.params[0];
  if (!fn || !initial || accumulator?.type !== AST_NODE_TYPES.Identifier) return undefined;
  const start = unwrap(initial);
  if (start.type !== AST_NODE_TYPES.ArrayExpression || start.elements.length > 0) return undefined;
  const variable = declaredVariables(fn, sourceCode).find((candidate) => candidate.name === accumulator.name);
  if (!variable) return undefined;
  const isAccumulator = (node: TSESTree.Node | null | undefined): node is TSESTree.Identifier =>
    node?.type === AST_NODE_TYPES.Identifier && variable.references.some((reference) => reference.identifier === node);
  const additions = new Map<TSESTree.Node, Addition>();
  /** The references of the accumulator that the shapes above account for. */
  const accounted = new Set<TSESTree.Node>();
  let shaped = true;
  let returns = 0;
  forEachReturned(fn, sourceCode, (returned) => {
    returns += 1;
    const value = unwrap(returned);
    if (isAccumulator(value)) {
      accounted.add(value);
    } else if (value.type === AST_NODE_TYPES.CallExpression && value.callee.type === AST_NODE_TYPES.MemberExpression && isAccumulator(value.callee.object) && staticKeyName(value.callee) === 'concat') {
      accounted.add(value.callee.object);
      for (const argument of value.arguments) {
        if (argument.type === AST_NODE_TYPES.SpreadElement) shaped = false;
        else additions.set(argument, 'concat');
      }
    } else if (value.type === AST_NODE_TYPES.ArrayExpression && value.elements[0]?.type === AST_NODE_TYPES.SpreadElement && isAccumulator(value.elements[0].argument)) {
      accounted.add(value.elements[0].argument);
      for (const element of value.elements.slice(1)) {
        if (!element) shaped = false;
        else if (element.type === AST_NODE_TYPES.SpreadElement) additions.set(element.argument, 'elements');
        else additions.set(element, 'element');
      }
    } else {
      shaped = false;
    }
  });
  for (const reference of variable.references) {
    const read = reference.identifier;
    if (accounted.has(read)) continue;
    // `acc.push(…);` as a statement of its own.
    const member = read.parent;
    const push = member?.parent;
    if (
      member?.type !== AST_NODE_TYPES.MemberExpression ||
      member.object !== read ||
      staticKeyName(member) !== 'push' ||
      push?.type !== AST_NODE_TYPES.CallExpression ||
      push.callee !== member ||
      push.parent?.type !== AST_NODE_TYPES.ExpressionStatement
    ) {
      return undefined;
    }
    for (const argument of push.arguments) {
      if (argument.type === AST_NODE_TYPES.SpreadElement) additions.set(argument.argument, 'elements');
      else additions.set(argument, 'element');
    }
  }
  return shaped && returns > 0 && additions.size > 0 ? additions : undefined;
}

/** Array methods whose result holds the receiver's own elements (`filter`, `slice`, …). */
export const SAME_ARRAY_RESULTS: ReadonlySet<string> = new Set(['filter', 'slice', 'concat', 'reverse', 'toReversed', 'sort', 'toSorted', 'toSpliced', 'flat']);

/** Array methods whose result is one of the receiver's elements (`find`, `at`, `pop`, …). */
export const ELEMENT_RESULTS: ReadonlySet<string> = new Set(['find', 'findLast', 'at', 'pop', 'shift']);

/** Array methods that add their arguments as elements of the receiver. */
export const ELEMENT_WRITERS: ReadonlySet<string> = new Set(['push', 'unshift']);

/** Promise combinators whose result holds each argument's settled value in order. */
export const PROMISE_COMBINATORS: Readonly<Record<string, 'each' | 'one' | 'settled'>> = {
  all: 'each',
  allSettled: 'settled',
  race: 'one',
  any: 'one',
};

function enclosingClassOf(node: TSESTree.Node): ClassNode | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === AST_NODE_TYPES.ClassDeclaration || current.type === AST_NODE_TYPES.ClassExpression) return current;
  }
  return undefined;
}

/** Whether a `this` inside `node` is the instance of the class around it (not a nested `function`'s). */
function seesClassThis(node: TSESTree.Node): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === AST_NODE_TYPES.ClassBody) return true;
    if (
      (current.type === AST_NODE_TYPES.FunctionExpression || current.type === AST_NODE_TYPES.FunctionDeclaration) &&
      current.parent?.type !== AST_NODE_TYPES.MethodDefinition &&
      current.parent?.type !== AST_NODE_TYPES.PropertyDefinition
    ) {
      return false;
    }
  }
  return false;
}

/**
 * The values a class member `this.name` (or `this.#name`) is given in its class: the field's
 * initialiser and every `this.name = value` in the class's own methods. Undefined when the read is not
 * a `this` member of a class in this file.
 */
export function thisMemberValues(read: TSESTree.MemberExpression, visitorKeys: TSESLint.SourceCode.VisitorKeys): TSESTree.Node[] | undefined {
  if (read.object.type !== AST_NODE_TYPES.ThisExpression || !seesClassThis(read)) return undefined;
  const name = memberName(read);
  const classNode = enclosingClassOf(read);
  if (name === undefined || !classNode) return undefined;
  return classMemberValues(classNode, name, visitorKeys);
}

/**
 * `this.name` read in a method of a base class, where the instance is of `receiver`, a class that
 * extends it: the values the nearest class on the way gives the member (a field a subclass overrides:
 * `override baseURL = '…'`, also where the base class only declares it, `abstract`). Undefined when
 * none overrides it, or when `receiver` does not extend the method's class (up to a few steps).
 */
export function overridingMemberValues(read: TSESTree.MemberExpression, receiver: ClassNode, scope: TSESLint.Scope.Scope, visitorKeys: TSESLint.SourceCode.VisitorKeys): TSESTree.Node[] | undefined {
  if (read.object.type !== AST_NODE_TYPES.ThisExpression || !seesClassThis(read)) return undefined;
  const name = memberName(read);
  const declaring = enclosingClassOf(read);
  if (name === undefined || !declaring || declaring === receiver) return undefined;
  let overriding: TSESTree.Node[] | undefined;
  let current: ClassNode | undefined = receiver;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current === declaring) return overriding;
    if (!overriding) {
      const values = classMemberValues(current, name, visitorKeys);
      if (values.length > 0) overriding = values;
    }
    current = current.superClass ? resolveClass(current.superClass, scope) : undefined;
  }
  return undefined;
}

/**
 * The values an instance member of a class is given: its field initialiser, its `this.name = value`
 * writes, and what its getter returns (`get base() { return GLEAN_REST; }`, one `return`).
 */
export function classMemberValues(classNode: ClassNode, name: string, visitorKeys: TSESLint.SourceCode.VisitorKeys): TSESTree.Node[] {
  const values: TSESTree.Node[] = [];
  for (const member of classNode.body.body) {
    if (member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && memberName(member) === name && member.value) values.push(member.value);
    if (member.type === AST_NODE_TYPES.MethodDefinition && member.kind === 'get' && !member.static && memberName(member) === name) {
      const statements = member.value.body?.body ?? [];
      const only = statements.length === 1 ? statements[0] : undefined;
      // A getter that computes more than one value (or runs code first) is not one value.
      values.push(only?.type === AST_NODE_TYPES.ReturnStatement && only.argument ? only.argument : member);
    }
  }
  // `constructor(private readonly base: string)`: the parameter is the member's value.
  for (const declared of parameterProperties(classNode)) if (declared.name === name) values.push(declared);
  walk(classNode.body, visitorKeys, (node) => {
    if (
      node.type === AST_NODE_TYPES.AssignmentExpression &&
      node.operator === '=' &&
      node.left.type === AST_NODE_TYPES.MemberExpression &&
      node.left.object.type === AST_NODE_TYPES.ThisExpression &&
      memberName(node.left) === name &&
      seesClassThis(node.left) &&
      enclosingClassOf(node.left) === classNode
    ) {
      values.push(node.right);
    }
  });
  return values;
}

/**
 * `config.base` where `config` is an instance made here (`new Config()`, also held in a constant, or a
 * module's export: `ns.config`): the one value its class gives the member (classMemberValues).
 */
export function instanceMemberValue(
  member: TSESTree.MemberExpression,
  scope: TSESLint.Scope.Scope,
  visitorKeys: TSESLint.SourceCode.VisitorKeys,
  key = memberName(member),
): TSESTree.Node | undefined {
  if (key === undefined) return undefined;
  // `config.base = other` somewhere: the member may hold that instead.
  const holder = unwrap(member.object);
  const variable = holder.type === AST_NODE_TYPES.Identifier ? findVariable(scope, holder) : undefined;
  if (variable?.references.some((reference) => reference.isRead() && isWrittenMember(reference.identifier, key))) return undefined;
  const made = instanceMade(member.object, scope);
  // An instance only declared by its class (an injected config): read from the class only where every instance has the same value.
  const classNode = made ? resolveClass(made.callee, scope) : sameForEveryInstance(annotatedClass(member.object, scope), key);
  const values = classNode ? classMemberValues(classNode, key, visitorKeys) : [];
  return values.length === 1 ? values[0] : undefined;
}

/**
 * A class whose member `key` has one value in every instance: no constructor takes anything (its own,
 * overloads included; no base class, whose constructor might), and the member cannot be set from
 * outside (a getter without a setter, or a `readonly` field).
 */
function sameForEveryInstance(classNode: ClassNode | undefined, key: string): ClassNode | undefined {
  if (!classNode || classNode.superClass) return undefined;
  let fixed = false;
  for (const member of classNode.body.body) {
    if (member.type === AST_NODE_TYPES.MethodDefinition && member.kind === 'constructor' && member.value.params.length > 0) return undefined;
    if (member.type === AST_NODE_TYPES.MethodDefinition && !member.static && memberName(member) === key) {
      if (member.kind === 'set') return undefined;
      if (member.kind === 'get') fixed = true;
    }
    if (member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && memberName(member) === key && member.readonly) fixed = true;
  }
  return fixed ? classNode : undefined;
}

/**
 * The `new` an instance was made by: written there, held in a constant, or a module's export or an
 * object's member (`ns.http`, `lib.gleanHttp` of `module.exports = { gleanHttp: new GleanHttp(base) }`).
 */
export function instanceMade(object: TSESTree.Node, scope: TSESLint.Scope.Scope, depth = 0): TSESTree.NewExpression | undefined {
  let made = resolveExpression(object, scope);
  // `new Client(base).withAuth(token)`: a step that returns `this` is the instance it was called on.
  if (made.type === AST_NODE_TYPES.CallExpression && made.callee.type === AST_NODE_TYPES.MemberExpression && depth < MAX_CHAIN && returnsThis(made, scope)) {
    return instanceMade(made.callee.object, scope, depth + 1);
  }
  if (made.type === AST_NODE_TYPES.MemberExpression) {
    const held = memberValue(made, scope);
    if (held) made = resolveExpression(held, scope);
  }
  return made.type === AST_NODE_TYPES.NewExpression ? made : undefined;
}

/**
 * Which of a variable's writes reach a read: `only` when the given write is the only one that can
 * (it is the last write before the read on every path that this straight-line check can see),
 * `none` when a later unconditional write replaces it first, `mixed` when another write may reach.
 */
export function reachOfWrite(variable: TSESLint.Scope.Variable, write: TSESTree.Node, read: TSESTree.Node): 'only' | 'none' | 'mixed' {
  const writes = variable.references.filter((reference) => reference.isWrite()).map((reference) => reference.identifier as TSESTree.Node);
  if (writes.length <= 1) return 'only';
  const readFunction = enclosingFunction(read);
  let dominating: TSESTree.Node | undefined;
  const others: TSESTree.Node[] = [];
  for (const other of writes) {
    const sameFunction = enclosingFunction(other) === readFunction;
    if (!sameFunction || other.range[0] >= read.range[0]) {
      // A write in another function, or later in the text (a loop may bring it round), may reach.
      if (other !== write && (!sameFunction || inLoopWith(other, read))) others.push(other);
      continue;
    }
    if (dominates(other, read) && (!dominating || other.range[0] > dominating.range[0])) dominating = other;
  }
  const candidates = variable.references
    .filter((reference) => reference.isWrite())
    .map((reference) => reference.identifier as TSESTree.Node)
    .filter((other) => enclosingFunction(other) === readFunction && other.range[0] < read.range[0] && (!dominating || other.range[0] >= dominating.range[0]));
  const reaching = [...candidates, ...others];
  if (!reaching.includes(write)) return 'none';
  return reaching.length === 1 ? 'only' : 'mixed';
}

/** A write that runs, unconditionally, before the read whenever the read runs (same block or an outer one). */
export function dominates(write: TSESTree.Node, read: TSESTree.Node): boolean {
  let statement: TSESTree.Node = write;
  while (statement.parent && !isStatementList(statement.parent)) {
    const parent = statement.parent;
    if (
      parent.type === AST_NODE_TYPES.ConditionalExpression ||
      parent.type === AST_NODE_TYPES.LogicalExpression ||
      parent.type === AST_NODE_TYPES.IfStatement ||
      parent.type === AST_NODE_TYPES.ChainExpression ||
      isFunction(parent) ||
      (parent.type === AST_NODE_TYPES.AssignmentExpression && parent.operator !== '=')
    ) {
      return false;
    }
    statement = parent;
  }
  const list = statement.parent;
  if (!list) return false;
  for (let current: TSESTree.Node | undefined = read; current; current = current.parent) if (current.parent === list) return current !== statement;
  return false;
}

function isStatementList(node: TSESTree.Node): boolean {
  return node.type === AST_NODE_TYPES.BlockStatement || node.type === AST_NODE_TYPES.Program || node.type === AST_NODE_TYPES.SwitchCase || node.type === AST_NODE_TYPES.StaticBlock;
}

function inLoopWith(write: TSESTree.Node, read: TSESTree.Node): boolean {
  for (let current = read.parent; current; current = current.parent) {
    if (isFunction(current)) return false;
    if (
      (current.type === AST_NODE_TYPES.ForStatement ||
        current.type === AST_NODE_TYPES.ForOfStatement ||
        current.type === AST_NODE_TYPES.ForInStatement ||
        current.type === AST_NODE_TYPES.WhileStatement ||
        current.type === AST_NODE_TYPES.DoWhileStatement) &&
      write.range[0] >= current.range[0] &&
      write.range[1] <= current.range[1]
    ) {
      return true;
    }
  }
  return false;
}

/**
 * The object literals an expression may evaluate to within the file: through constants, `await`,
 * conditional and logical branches, the returns of same-file helpers and methods, and the arguments a
 * parameter receives. Anything else (an unknown call, an import) adds nothing.
 */
export function objectValues(node: TSESTree.Node, scope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode): TSESTree.ObjectExpression[] {
  const objects: TSESTree.ObjectExpression[] = [];
  const seen = new Set<TSESTree.Node>();
  const visit = (input: TSESTree.Node, depth: number): void => {
    if (depth > 12 || seen.has(input)) return;
    seen.add(input);
    const value = unwrap(input);
    const object = resolveObject(value, scope);
    if (object) {
      objects.push(object);
      return;
    }
    const branches = valueBranches(value);
    if (branches) {
      for (const branch of branches) visit(branch, depth + 1);
      return;
    }
    switch (value.type) {
      case AST_NODE_TYPES.CallExpression: {
        const fn = resolveCallee(value, scope);
        if (fn) forEachReturned(fn, sourceCode, (returned) => visit(returned, depth + 1));
        return;
      }
      case AST_NODE_TYPES.Identifier: {
        const variable = findVariable(scope, value);
        const definition = variable?.defs[0];
        if (definition?.type === 'Parameter' && definition.name.type === AST_NODE_TYPES.Identifier) {
          for (const argument of parameterValues(definition.name, sourceCode)?.values ?? []) visit(argument, depth + 1);
        } else if (definition?.type === 'Variable' && variable!.defs.length === 1 && definition.node.init) {
          // A variable changed through its members (`body.input = …`) is still this object.
          visit(definition.node.init, depth + 1);
        }
        return;
      }
      default:
        return;
    }
  };
  visit(node, 0);
  return objects;
}

/**
 * The expressions whose value an expression may have, when it is only a choice between them: `await
 * x` (x), a conditional's branches, a logical expression's operands. Undefined for anything else.
 */
export function valueBranches(node: TSESTree.Node): TSESTree.Node[] | undefined {
  switch (node.type) {
    case AST_NODE_TYPES.AwaitExpression:
      return [node.argument];
    case AST_NODE_TYPES.ConditionalExpression:
      return [node.consequent, node.alternate];
    case AST_NODE_TYPES.LogicalExpression:
      return [node.left, node.right];
    default:
      return undefined;
  }
}

/** `holder.key = value` writes through a variable that holds an object (`body.input = JSON.stringify(form)`). */
export function memberWrites(object: TSESTree.ObjectExpression, key: string, scope: TSESLint.Scope.Scope): TSESTree.Node[] {
  const declarator = object.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== object || declarator.id.type !== AST_NODE_TYPES.Identifier) return [];
  const variable = findVariable(scope, declarator.id);
  return (variable?.references ?? []).flatMap((reference) => {
    const member = reference.identifier.parent;
    const assignment = member?.parent;
    return member?.type === AST_NODE_TYPES.MemberExpression &&
      member.object === reference.identifier &&
      assignment?.type === AST_NODE_TYPES.AssignmentExpression &&
      assignment.left === member &&
      assignment.operator === '=' &&
      staticKeyName(member, scope) === key
      ? [assignment.right]
      : [];
  });
}

/** Whether `parent` has the value of its child `node`: casts, `?.` chains, `??`/`||` and the right of `&&`, a conditional's branches. */
export function passesValueThrough(node: TSESTree.Node, parent: TSESTree.Node): boolean {
  if (isTypeWrapper(parent)) return true;
  switch (parent.type) {
    case AST_NODE_TYPES.ChainExpression:
      return true;
    case AST_NODE_TYPES.LogicalExpression:
      return parent.operator !== '&&' || parent.right === node;
    case AST_NODE_TYPES.ConditionalExpression:
      return parent.test !== node;
    default:
      return false;
  }
}

/** React Query's mutation callbacks whose first argument is the mutation's result. */
const RESULT_CALLBACKS = ['onSuccess', 'onSettled'];
/** The methods of a mutation's result that run it. */
export const MUTATE_METHODS: ReadonlySet<string> = new Set(['mutate', 'mutateAsync']);

/**
 * The functions React Query calls with a mutation's result: `onSuccess(data)` and `onSettled(data)` in
 * the options of the hook call (`useXMutation({ onSuccess })`, `useMutation({ mutationFn, onSuccess })`)
 * and of each `mutate(vars, { onSuccess })` / `mutateAsync(vars, { onSuccess })` on its result.
 */
export function mutationResultCallbacks(hook: TSESTree.CallExpression, scope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode): FunctionNode[] {
  const options = [hook.arguments[0], ...methodCallsOf(hook, MUTATE_METHODS, scope).map(({ call }) => call.arguments[1])];
  const callbacks: FunctionNode[] = [];
  for (const option of options) {
    if (!option || option.type === AST_NODE_TYPES.SpreadElement) continue;
    for (const object of objectValues(option, scope, sourceCode)) {
      for (const key of RESULT_CALLBACKS) {
        const found = findProperty(object, key, scope);
        const fn = found && found !== 'unknown' ? resolveFunction(found.value, scope) : undefined;
        if (fn && !callbacks.includes(fn)) callbacks.push(fn);
      }
    }
  }
  return callbacks;
}
