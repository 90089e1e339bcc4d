import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { constantInitializer, findProperty, findVariable, memberValue, moduleLoadOf, resolveObject, staticKeyName, staticValue, unwrap } from '../util/resolve.js';
import { dominates, instanceMemberValue, overridingMemberValues, thisMemberValues } from '../flow/values.js';
import type { ClassNode } from '../flow/class-members.js';
import { argumentsOf, bindArguments, forEachReturned, isFunction, resolveCallee, resolveClass, type FunctionNode } from '../flow/functions.js';
import { declaredVariables } from '../util/linking.js';
import { moduleSpecifierOf } from '../modules/index.js';

/**
 * A string expression evaluated as far as the file allows: known text with its source position,
 * and holes for what cannot be known (`${id}`, parameters, calls). URLs are matched on patterns, so
 * `/rest/api/v1/agents/${id}/schemas` is still recognised, and a report or fix can point at the
 * literal that holds the deprecated text.
 */

export interface TextPart {
  kind: 'text';
  value: string;
  /** The string literal or template literal the text is written in. */
  node: TSESTree.Literal | TSESTree.TemplateLiteral | TSESTree.Node;
  /** Source offset of `value[0]`, or null when the text is not written verbatim (escapes, numbers). */
  start: number | null;
  /** Composite expressions (`+`, templates, resolved names) the text travelled through, outermost first. */
  via: readonly TSESTree.Node[];
  /** The call argument a parameter was bound to, when the text came in through it (see EvaluationContext.bindings). */
  argument?: TSESTree.Node;
  /** A parameter's default: what the text is when a call gives no argument (a call may give another). */
  fromDefault?: boolean;
}

export interface HolePart {
  kind: 'hole';
  node: TSESTree.Node;
  via: readonly TSESTree.Node[];
  argument?: TSESTree.Node;
}

export type PatternPart = TextPart | HolePart;
export type StringPattern = PatternPart[];

const MAX_DEPTH = 12;

export function isStringLiteral(node: TSESTree.Node): node is TSESTree.StringLiteral {
  return node.type === AST_NODE_TYPES.Literal && typeof node.value === 'string';
}

/** True when a literal's source text equals its value, so offsets inside it map 1:1 to the source. */
function isVerbatim(raw: string, value: string): boolean {
  return raw.length === value.length + 2 && raw.slice(1, -1) === value;
}

/** What evaluation may look at beyond constants: class members, and the arguments parameters are bound to. */
export interface EvaluationContext {
  visitorKeys?: TSESLint.SourceCode.VisitorKeys;
  /** A parameter's value at one call of its function (`this.post('/listanswers', body)`). */
  bindings?: ReadonlyMap<TSESLint.Scope.Variable, TSESTree.Node>;
  /** The file's SourceCode: given, helpers a string is made by (`url('/search')`) are evaluated with their arguments. */
  sourceCode?: TSESLint.SourceCode;
  /**
   * Whether a call at the top may be such a helper: a known HTTP client's URL (`fetch(url('/x'))`); a
   * call inside a template or `+` always may. Any other call's first argument is evaluated too (every
   * call may be a request), and looking into each function called there would cost more than it finds.
   */
  helpers?: boolean;
  /** Filled with the helper calls evaluated (a request's URL helper is not a request of its own). */
  inlined?: Set<TSESTree.Node>;
  /** Names that stand for text already evaluated: a `map` callback's parameter, for one item. */
  patterns?: ReadonlyMap<TSESLint.Scope.Variable, StringPattern>;
  /**
   * The branch each conditional gives, for one alternative of a URL (`kind === 'answers' ?
   * '/listanswers' : '/search'`): the branch is reported where it is written, like an argument.
   */
  choices?: ReadonlyMap<TSESTree.Node, TSESTree.Node>;
  /** A rest parameter's items (`(...parts) => parts.join('/')`), each evaluated at the call. */
  items?: ReadonlyMap<TSESLint.Scope.Variable, readonly StringPattern[]>;
  /**
   * The class of the instance a method runs on, where a call tells it (`this.post(…)` in a subclass,
   * `new GleanApi().post(…)`): a member that class overrides is read there (`override baseURL = '…'`).
   */
  receiverClass?: ClassNode;
}

export function evaluatePattern(node: TSESTree.Node, globalScope: TSESLint.Scope.Scope, context: EvaluationContext = {}): StringPattern {
  return evaluate(node, globalScope, [], new Set(), 0, context);
}

function evaluate(
  input: TSESTree.Node,
  scope: TSESLint.Scope.Scope,
  via: readonly TSESTree.Node[],
  seen: Set<TSESTree.Node>,
  depth: number,
  context: EvaluationContext,
): StringPattern {
  const node = unwrap(input);
  const hole: StringPattern = [{ kind: 'hole', node, via }];
  if (depth > MAX_DEPTH) return hole;

  switch (node.type) {
    case AST_NODE_TYPES.Literal: {
      if (typeof node.value === 'string') {
        const start = isVerbatim(node.raw, node.value) ? node.range[0] + 1 : null;
        return [{ kind: 'text', value: node.value, node, start, via: [...via, node] }];
      }
      break;
    }
    case AST_NODE_TYPES.TemplateLiteral: {
      const inner = [...via, node];
      const parts: StringPattern = [];
      node.quasis.forEach((quasi, index) => {
        const cooked = quasi.value.cooked;
        if (cooked === null) {
          parts.push({ kind: 'hole', node: quasi, via: inner });
        } else if (cooked.length > 0) {
          const start = quasi.value.raw === cooked ? quasi.range[0] + 1 : null;
          parts.push({ kind: 'text', value: cooked, node, start, via: inner });
        }
        const expression = node.expressions[index];
        if (expression) parts.push(...evaluate(expression, scope, inner, seen, depth + 1, withHelpers(context)));
      });
      return parts;
    }
    case AST_NODE_TYPES.BinaryExpression: {
      if (node.operator !== '+') break;
      const inner = [...via, node];
      // A long `a + b + c + …` chain nests to the left; walk it as a list so its length costs no depth.
      const operands: TSESTree.Node[] = [];
      let left: TSESTree.Node = node;
      while (left.type === AST_NODE_TYPES.BinaryExpression && left.operator === '+') {
        operands.push(left.right);
        left = left.left;
      }
      operands.push(left);
      operands.reverse();
      const operandContext = withHelpers(context);
      const parts = operands.map((operand) => evaluate(operand, scope, inner, seen, depth + 1, operandContext));
      // `a + b` is string concatenation only when some operand is known text.
      if (parts.some((part) => part.some(isText))) return parts.flat();
      return [{ kind: 'hole', node, via }];
    }
    case AST_NODE_TYPES.Identifier: {
      const named = context.patterns?.size ? findVariable(scope, node) : undefined;
      const evaluated = named ? context.patterns!.get(named) : undefined;
      if (evaluated) return evaluated;
      const bound = context.bindings?.size ? findVariable(scope, node) : undefined;
      const argument = bound ? context.bindings!.get(bound) : undefined;
      // An argument is reported where it is written, at the call: it starts its own `via`. Its parts
      // remember the argument, where a path it brings from elsewhere (another module's table) is reported.
      // A helper's parameter passed on to another helper (`gleanUrl(path) { return joinBase(GLEAN_REST, path) }`): the text's own caller's argument, where it is written, stays.
      if (argument) return evaluateResolved(argument, node, scope, [], seen, depth, context).map((part) => (part.argument ? part : { ...part, argument }));
      // `const url = new URL(BASE); url.pathname = join(url.pathname, op); fetch(url)`: the path written into it
      // (a constant whose members are written is no constant to constantInitializer).
      const made = urlConstantMade(node, scope);
      const written = made && pathnameWritten(node, scope);
      if (written === null) return hole;
      if (written) return evaluateWrittenUrl(made!, written, node, scope, via, seen, depth, context);
      const init = made ?? constantInitializer(node, scope);
      if (init) return evaluateResolved(init, node, scope, via, seen, depth, context);
      // `(base = GLEAN_REST) => fetch(`${base}/…`)`: the default, unless a call gives another value.
      const fallback = parameterDefault(node, scope);
      if (fallback) return evaluateResolved(fallback, node, scope, via, seen, depth, context).map((part) => (part.kind === 'text' ? { ...part, fromDefault: true } : part));
      break;
    }
    case AST_NODE_TYPES.MemberExpression: {
      // `opts.path` of an options parameter bound to the call's `{ path: '/listanswers' }`: reported at the call, like an argument.
      const handed = boundMember(node, scope, context);
      if (handed) return evaluateResolved(handed, node, scope, [], seen, depth, context).map((part) => ({ ...part, argument: handed }));
      // `PATHS[name]` where the call gave `name` ('answers'): the table's entry, brought by that argument (the caller chose it).
      const entry = boundKeyEntry(node, scope, seen, depth, context);
      if (entry) return evaluateResolved(entry.value, node, scope, [], seen, depth, context).map((part) => ({ ...part, argument: entry.argument }));
      const value =
        memberValue(node, scope) ??
        onlyMemberValue(node, scope, context) ??
        thisTableValue(node, scope, context) ??
        staticMemberValue(node, scope, context) ??
        // `config.base` of `const config = new Config()`: its field, or its getter's one return.
        (context.visitorKeys && node.object.type !== AST_NODE_TYPES.ThisExpression ? instanceMemberValue(node, scope, context.visitorKeys) : undefined);
      if (value) return evaluateResolved(value, node, scope, via, seen, depth, context);
      // `new URL(path, base).href`: the URL's text; its `origin` and `pathname` (`${u.origin}${join(u.pathname, op)}`), the text's two sides.
      const component = !node.computed && node.property.type === AST_NODE_TYPES.Identifier ? node.property.name : undefined;
      if ((component === 'href' || component === 'origin' || component === 'pathname') && isUrlObject(node.object, scope)) {
        const url = evaluate(node.object, scope, via, seen, depth + 1, context);
        if (component === 'href') return url;
        const sides = urlSides(url, node, [...via, node]);
        if (sides) return component === 'origin' ? sides.origin : sides.pathname;
      }
      break;
    }
    case AST_NODE_TYPES.LogicalExpression: {
      // `process.env.GLEAN_URL ?? 'https://…/rest/api/v1'`: the known side (the default when the other is unknown).
      if (node.operator === '&&') break;
      const left = evaluate(node.left, scope, via, seen, depth + 1, context);
      if (left.some(isText)) return left;
      const right = evaluate(node.right, scope, via, seen, depth + 1, context);
      // `id ?? ''`, `id || ''`: an empty fallback stands for a missing value, not for the text a path holds (`/agents/${id ?? ''}` is still an agent's path).
      if (right.some(isText) && !right.every((part) => part.kind === 'text' && part.value === '')) return right;
      break;
    }
    case AST_NODE_TYPES.ConditionalExpression: {
      const picked = context.choices?.get(node);
      if (picked) return evaluateResolved(picked, node, scope, [], seen, depth, context).map((part) => (part.argument ? part : { ...part, argument: picked }));
      // `base.endsWith('/') ? base.slice(0, -1) : base`, `path.startsWith('/') ? path : `/${path}``: the same
      // text either way, but for a slash at one edge.
      const normalised = slashNormalisation(node);
      if (!normalised) break;
      const text = evaluate(normalised.value, scope, [...via, node], seen, depth + 1, context);
      if (!text.some(isText)) return text;
      if (normalised.ensure) return withSlash(text, normalised.edge, node, [...via, node]);
      return trimEdges(text, normalised.edge, normalised.edge === 'start' ? /^\// : /\/$/, false);
    }
    case AST_NODE_TYPES.CallExpression: {
      const made = evaluateCall(node, scope, via, seen, depth, context);
      if (made) return made;
      break;
    }
    case AST_NODE_TYPES.NewExpression: {
      // `new URL(path, base)`.
      const [path, base] = node.arguments;
      if (!isUrlConstructor(node) || !path || path.type === AST_NODE_TYPES.SpreadElement) break;
      // The URL a request is made with is not a request of its own.
      context.inlined?.add(node);
      return resolvedUrl(path, base, node, scope, via, seen, depth, context);
    }
    default:
      break;
  }
  // Leave anything else to eslint-utils' evaluator (numbers, `String(1)`, `'a'.concat('b')`, …) — but not
  // names and members this evaluator gave up on: their text would be found again far from its literal.
  if (!worthStaticEvaluation(node)) return hole;
  const known = staticValue(node, scope);
  if (known && (typeof known.value === 'string' || typeof known.value === 'number')) {
    return [{ kind: 'text', value: String(known.value), node, start: null, via: [...via, node] }];
  }
  return hole;
}

/** `new URL(path, base)`, `url.resolve(base, path)`: a path with a leading slash (or a whole URL) replaces the base's path. */
function resolvedUrl(
  path: TSESTree.Node,
  base: TSESTree.CallExpressionArgument | undefined,
  node: TSESTree.Node,
  scope: TSESLint.Scope.Scope,
  via: readonly TSESTree.Node[],
  seen: Set<TSESTree.Node>,
  depth: number,
  context: EvaluationContext,
): StringPattern {
  const inner = [...via, node];
  const relative = evaluate(path, scope, inner, seen, depth + 1, context);
  if (!base || base.type === AST_NODE_TYPES.SpreadElement || isRooted(relative)) return relative;
  return resolveAgainst(evaluate(base, scope, inner, seen, depth + 1, context), relative, node, via);
}

function isRooted(pattern: StringPattern): boolean {
  const first = pattern[0];
  return first?.kind === 'text' && (first.value.startsWith('/') || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(first.value));
}

/**
 * A path resolved against a base as `new URL(path, base)` does (also ky 2's `baseUrl`): a path with a
 * leading slash, or a whole URL, stands alone; a relative one replaces the base's last segment (none
 * when the base ends with `/`); against a base whose text is not known, nothing is known (`node`).
 */
export function resolveAgainst(base: StringPattern, relative: StringPattern, node: TSESTree.Node, via: readonly TSESTree.Node[]): StringPattern {
  if (isRooted(relative)) return relative;
  const last = base.at(-1);
  if (last?.kind !== 'text' || !last.value.includes('/')) return [{ kind: 'hole', node, via }];
  const kept = last.value.slice(0, last.value.lastIndexOf('/') + 1);
  return [...base.slice(0, -1), { ...last, value: kept }, ...relative];
}

/**
 * Node's own URL and path helpers: `url.resolve(base, path)`, `path.posix.join(…)` (or `path.join`,
 * `join` imported from `node:path`), whose parts meet at one slash, and `util.format(…)`. Undefined
 * for any other call.
 */
function builtinUrlCall(
  call: TSESTree.CallExpression,
  scope: TSESLint.Scope.Scope,
  via: readonly TSESTree.Node[],
  seen: Set<TSESTree.Node>,
  depth: number,
  context: EvaluationContext,
): StringPattern | undefined {
  const helper = builtinHelper(unwrap(call.callee), scope);
  const args = call.arguments;
  if (!helper || args.length === 0 || args.some((argument) => argument.type === AST_NODE_TYPES.SpreadElement)) return undefined;
  if (helper === 'resolve') return args.length === 2 ? resolvedUrl(args[1]!, args[0], call, scope, via, seen, depth, context) : undefined;
  const inner = [...via, call];
  if (helper === 'format') return formatted(args as TSESTree.Expression[], scope, inner, seen, depth, context);
  const joined: PatternPart[] = [];
  for (const argument of args) {
    let part = evaluate(argument, scope, inner, seen, depth + 1, context);
    const previous = joined.at(-1);
    if (previous) {
      if (previous.kind === 'text' && previous.value.endsWith('/')) part = trimEdges(part, 'start', /^\/+/, true);
      else if (part[0]?.kind !== 'text' || !part[0].value.startsWith('/')) joined.push({ kind: 'text', value: '/', node: call, start: null, via: inner });
    }
    joined.push(...part);
  }
  return joined.some(isText) ? joined : undefined;
}

/**
 * `util.format('%s/api/index/v1/%s', base, op)`: each `%s` gives the next argument's text, any other
 * placeholder takes an argument whose text it changes (`%d` of a path is `NaN`, `%j` quotes it), `%%`
 * is a `%`, and arguments left over are appended after a space. Only a format whose text is known.
 */
function formatted(
  args: readonly TSESTree.Expression[],
  scope: TSESLint.Scope.Scope,
  via: readonly TSESTree.Node[],
  seen: Set<TSESTree.Node>,
  depth: number,
  context: EvaluationContext,
): StringPattern | undefined {
  const format = evaluate(args[0]!, scope, via, seen, depth + 1, context);
  if (!format.every(isText)) return undefined;
  const parts: PatternPart[] = [];
  let next = 1;
  for (const part of format) {
    let from = 0;
    for (const placeholder of part.value.matchAll(/%[sdifjoOc%]/g)) {
      const at = placeholder.index;
      if (at > from) parts.push({ ...part, value: part.value.slice(from, at), start: part.start === null ? null : part.start + from });
      from = at + 2;
      if (placeholder[0] === '%%') parts.push({ ...part, value: '%', start: null });
      else if (placeholder[0] === '%c') next += 1;
      else if (next >= args.length) parts.push({ ...part, value: placeholder[0], start: part.start === null ? null : part.start + at });
      // Only `%s` gives the argument's text as it is: `%d` gives a number (`NaN` of a path), `%j` quotes it.
      else if (placeholder[0] === '%s') parts.push(...evaluate(args[next++]!, scope, via, seen, depth + 1, context));
      else parts.push({ kind: 'hole', node: args[next++]!, via });
    }
    if (from < part.value.length) parts.push({ ...part, value: part.value.slice(from), start: part.start === null ? null : part.start + from });
  }
  for (; next < args.length; next++) {
    parts.push({ kind: 'text', value: ' ', node: args[next]!, start: null, via }, ...evaluate(args[next]!, scope, via, seen, depth + 1, context));
  }
  return parts;
}

const PATH_MODULES = new Set(['path', 'node:path', 'path/posix', 'node:path/posix']);
const URL_MODULES = new Set(['url', 'node:url']);
const UTIL_MODULES = new Set(['util', 'node:util']);

/** Which of Node's helpers a callee is: `join` of the path module (or its `posix`), `resolve` of the url module. */
function builtinHelper(callee: TSESTree.Node, scope: TSESLint.Scope.Scope): 'join' | 'resolve' | 'format' | undefined {
  if (callee.type === AST_NODE_TYPES.Identifier) return helperOf(nodeModuleBinding(callee, scope), undefined);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed) return undefined;
  let object = unwrap(callee.object);
  // `path.posix.join`: the path module's own posix flavour.
  const posix = object.type === AST_NODE_TYPES.MemberExpression && !object.computed && staticKeyName(object) === 'posix';
  if (posix) object = unwrap((object as TSESTree.MemberExpression).object);
  // `require('node:path').posix.join(…)`: the module required in place.
  const required = moduleLoadOf(object);
  const source = required?.type === AST_NODE_TYPES.CallExpression ? required.arguments[0] : undefined;
  const binding: { source: string; name?: string } | undefined =
    object.type === AST_NODE_TYPES.Identifier ? nodeModuleBinding(object, scope) : source?.type === AST_NODE_TYPES.Literal && typeof source.value === 'string' ? { source: source.value } : undefined;
  if (!binding || (posix && (binding.name !== undefined || !PATH_MODULES.has(binding.source)))) return undefined;
  return helperOf(binding, staticKeyName(callee));
}

/** The helper a binding names, or its member `member` names (`posix.join` of `import { posix } from 'node:path'`). */
function helperOf(binding: { source: string; name?: string } | undefined, member: string | undefined): 'join' | 'resolve' | 'format' | undefined {
  if (!binding) return undefined;
  const whole = binding.name === undefined || (binding.name === 'posix' && PATH_MODULES.has(binding.source));
  const name = member === undefined ? binding.name : whole ? member : undefined;
  if (name === 'join' && PATH_MODULES.has(binding.source)) return 'join';
  if (name === 'format' && UTIL_MODULES.has(binding.source)) return 'format';
  return name === 'resolve' && URL_MODULES.has(binding.source) ? 'resolve' : undefined;
}

/**
 * A name bound to a module (moduleSpecifierOf): its specifier, and the name it takes from it (a named
 * import, a destructured `require`); no name for the whole module (`import path from 'node:path'`).
 */
function nodeModuleBinding(identifier: TSESTree.Identifier, scope: TSESLint.Scope.Scope): { source: string; name?: string } | undefined {
  const variable = findVariable(scope, identifier);
  const source = variable ? (moduleSpecifierOf(variable) ?? posixOfRequiredPath(variable)) : undefined;
  if (source === undefined) return undefined;
  const definition = variable!.defs[0]!;
  if (definition.type === 'ImportBinding') {
    const specifier = definition.node;
    if (specifier.type !== AST_NODE_TYPES.ImportSpecifier) return { source };
    return { source, name: specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : String(specifier.imported.value) };
  }
  if (definition.type !== 'Variable') return undefined;
  if (definition.node.id === definition.name) return { source };
  // `const { resolve } = require('url')`.
  const property = definition.name.parent;
  const name = property?.type === AST_NODE_TYPES.Property && property.value === definition.name ? staticKeyName(property) : undefined;
  return name === undefined ? undefined : { source, name };
}

/** The path module of `const { join } = require('path').posix` or `const posix = require('node:path').posix`: its posix flavour has the same helpers. */
function posixOfRequiredPath(variable: TSESLint.Scope.Variable): string | undefined {
  const definition = variable.defs.length === 1 ? variable.defs[0] : undefined;
  const init = definition?.type === 'Variable' && definition.node.init ? unwrap(definition.node.init) : undefined;
  if (init?.type !== AST_NODE_TYPES.MemberExpression || init.computed || staticKeyName(init) !== 'posix') return undefined;
  const load = moduleLoadOf(init.object);
  const source = load?.type === AST_NODE_TYPES.CallExpression ? load.arguments[0] : undefined;
  return source?.type === AST_NODE_TYPES.Literal && typeof source.value === 'string' && PATH_MODULES.has(source.value) ? source.value : undefined;
}

/**
 * Strings made by a call: a path template's placeholders filled in (`template.replace(/\{(\w+)\}/g, …)`
 * or `template.replace('{agent_id}', id)` keeps `{agent_id}`, which matches a path parameter), and a
 * helper with one return, of this module or an imported one (`url('/search')` returning
 * `` `${base}${path}` ``), evaluated with its parameters bound to the call's arguments and their defaults.
 */
function evaluateCall(
  call: TSESTree.CallExpression,
  scope: TSESLint.Scope.Scope,
  via: readonly TSESTree.Node[],
  seen: Set<TSESTree.Node>,
  depth: number,
  context: EvaluationContext,
): StringPattern | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === AST_NODE_TYPES.MemberExpression && !callee.computed && callee.property.type === AST_NODE_TYPES.Identifier) {
    const name = callee.property.name;
    const [search] = call.arguments;
    if ((name === 'replace' || name === 'replaceAll') && search && isPlaceholderSearch(search, scope)) {
      const template = evaluate(callee.object, scope, via, seen, depth + 1, context);
      if (!template.some(isText)) return undefined;
      context.inlined?.add(call);
      return template;
    }
    const made = evaluateStringMethod(call, callee, name, scope, via, seen, depth, context);
    if (made) {
      context.inlined?.add(call);
      return made;
    }
  }
  const builtin = builtinUrlCall(call, scope, via, seen, depth, context);
  if (builtin) {
    context.inlined?.add(call);
    return builtin;
  }
  if (!context.sourceCode || !context.helpers) return undefined;
  const fn = resolveCallee(call, scope);
  if (!fn) return curriedHelperCall(call, scope, via, seen, depth, context) ?? filledTemplate(call, scope, via, seen, depth, context);
  if (seen.has(fn)) return undefined;
  const only = onlyReturned(fn, context.sourceCode);
  if (!only) return undefined;
  const bindings = new Map(context.bindings);
  const items = new Map(context.items);
  const args = argumentsOf(call);
  bindArguments(fn, args, bindings, context.sourceCode, scope, true);
  // `(...parts: string[]) => parts.join('/')`: the items are the call's arguments from the rest parameter on.
  const restAt = fn.params.findIndex((param) => param.type === AST_NODE_TYPES.RestElement);
  const rest = fn.params[restAt];
  const restVariable = rest?.type === AST_NODE_TYPES.RestElement && rest.argument.type === AST_NODE_TYPES.Identifier ? declaredVariables(fn, context.sourceCode).find((candidate) => candidate.name === (rest.argument as TSESTree.Identifier).name) : undefined;
  if (restVariable && !args.slice(restAt).some((argument) => argument.type === AST_NODE_TYPES.SpreadElement)) {
    items.set(restVariable, args.slice(restAt).map((argument) => evaluateResolved(argument, argument, scope, [], seen, depth, context).map((part) => ({ ...part, argument }))));
  }
  seen.add(fn);
  try {
    const made = evaluate(only, scope, via, seen, depth + 1, { ...context, bindings, items });
    if (!made.some(isText)) return undefined;
    context.inlined?.add(call);
    return made;
  } finally {
    seen.delete(fn);
  }
}

/** A function's one returned value, unless it has several, none, or is async or a generator. */
function onlyReturned(fn: FunctionNode, sourceCode: TSESLint.SourceCode): TSESTree.Node | undefined {
  if (fn.async || fn.generator) return undefined;
  const returned: TSESTree.Node[] = [];
  forEachReturned(fn, sourceCode, (value) => returned.push(value));
  return returned.length === 1 ? returned[0] : undefined;
}

/**
 * `pathToFunc('/rest/api/v1/agents/{agent_id}')(params)`: a helper of this module or an imported one
 * that returns a function, whose one return is evaluated with the parameters of both bound to their
 * calls' arguments. Neither call is a request of its own.
 */
function curriedHelperCall(
  call: TSESTree.CallExpression,
  scope: TSESLint.Scope.Scope,
  via: readonly TSESTree.Node[],
  seen: Set<TSESTree.Node>,
  depth: number,
  context: EvaluationContext,
): StringPattern | undefined {
  const maker = unwrap(call.callee);
  if (maker.type !== AST_NODE_TYPES.CallExpression || !context.sourceCode) return undefined;
  const outer = resolveCallee(maker, scope);
  if (!outer || seen.has(outer)) return undefined;
  const made = onlyReturned(outer, context.sourceCode);
  const inner = made && unwrap(made);
  if (!inner || !isFunction(inner)) return undefined;
  const only = onlyReturned(inner, context.sourceCode);
  if (!only) return undefined;
  const bindings = new Map(context.bindings);
  bindArguments(outer, argumentsOf(maker), bindings, context.sourceCode, scope, true);
  bindArguments(inner, argumentsOf(call), bindings, context.sourceCode, scope, true);
  seen.add(outer);
  try {
    const text = evaluate(only, scope, via, seen, depth + 1, { ...context, bindings });
    if (!text.some(isText)) return undefined;
    context.inlined?.add(call).add(maker);
    return text;
  } finally {
    seen.delete(outer);
  }
}

/**
 * A path template filled by a function whose code is not in the project (`compile(template)(params)` of
 * path-to-regexp, `fill(template, params)` of a package): the template, when it holds a placeholder
 * (`{agent_id}`, `:id`), which matches a path parameter. Without one, what an unknown function makes of
 * a path is not assumed.
 */
function filledTemplate(
  call: TSESTree.CallExpression,
  scope: TSESLint.Scope.Scope,
  via: readonly TSESTree.Node[],
  seen: Set<TSESTree.Node>,
  depth: number,
  context: EvaluationContext,
): StringPattern | undefined {
  const maker = unwrap(call.callee);
  const filler = maker.type === AST_NODE_TYPES.CallExpression && !resolveCallee(maker, scope) ? maker : call;
  const [template] = filler.arguments;
  if (!template || template.type === AST_NODE_TYPES.SpreadElement) return undefined;
  const text = evaluate(template, scope, [...via, call], seen, depth + 1, context);
  if (!text.some((part) => part.kind === 'text' && PLACEHOLDER_SEGMENT.test(part.value))) return undefined;
  context.inlined?.add(call).add(filler);
  return text;
}

/**
 * The string methods URL helpers normalise with, on text the evaluator knows: slashes trimmed at an
 * edge (`base.replace(/\/+$/, '')`), whitespace trimmed, `concat`, and the `join` of a list of parts
 * (written out, a rest parameter's items, through `map` and `filter(Boolean)`).
 */
function evaluateStringMethod(
  call: TSESTree.CallExpression,
  callee: TSESTree.MemberExpression,
  name: string,
  scope: TSESLint.Scope.Scope,
  via: readonly TSESTree.Node[],
  seen: Set<TSESTree.Node>,
  depth: number,
  context: EvaluationContext,
): StringPattern | undefined {
  const args = call.arguments;
  if (args.some((argument) => argument.type === AST_NODE_TYPES.SpreadElement)) return undefined;
  const inner = [...via, call];
  const object = (): StringPattern => evaluate(callee.object, scope, inner, seen, depth + 1, context);
  switch (name) {
    case 'replace':
    case 'replaceAll': {
      const [search, replacement] = args;
      const removes = replacement !== undefined && isStringLiteral(replacement) && replacement.value === '';
      const trim = removes && search?.type === AST_NODE_TYPES.Literal ? edgeSlashes(search) : undefined;
      if (!trim) return undefined;
      // Unknown text trimmed is the same unknown: its holes stay the names a caller may fill (`this.base`, `path`).
      const text = object();
      return text.some(isText) ? trimSlashes(text, trim) : text;
    }
    case 'trim':
    case 'trimStart':
    case 'trimEnd':
    case 'toString':
    case 'valueOf': {
      if (args.length > 0) return undefined;
      const text = object();
      if (name === 'toString' || name === 'valueOf' || !text.some(isText)) return text;
      return trimEdges(trimEdges(text, name !== 'trimEnd' ? 'start' : undefined, /^\s+/, true), name !== 'trimStart' ? 'end' : undefined, /\s+$/, true);
    }
    case 'concat': {
      const text = object();
      const added = args.flatMap((argument) => evaluate(argument, scope, inner, seen, depth + 1, withHelpers(context)));
      // `base.concat(path)` of two parameters: each stays a hole its own caller may fill (an array's concat has no text to match).
      if (!text.some(isText) && !added.some(isText) && !text.every((part) => part.node.type === AST_NODE_TYPES.Identifier)) return undefined;
      return [...text, ...added];
    }
    case 'join': {
      const [separator] = args;
      const items = itemsOf(callee.object, scope, inner, seen, depth + 1, context);
      if (!items || items.length === 0) return undefined;
      const glue: StringPattern = separator ? evaluate(separator, scope, inner, seen, depth + 1, context) : [{ kind: 'text', value: ',', node: call, start: null, via: inner }];
      if (glue.some((part) => part.kind === 'hole')) return undefined;
      const joined = items.flatMap((item, index) => (index === 0 ? item : [...glue, ...item]));
      return joined.some(isText) ? joined : undefined;
    }
    default:
      return undefined;
  }
}

/** The parts of a list a URL is joined from, each evaluated: `[base, path]`, a rest parameter, `parts.map((p) => …)`. */
function itemsOf(
  input: TSESTree.Node,
  scope: TSESLint.Scope.Scope,
  via: readonly TSESTree.Node[],
  seen: Set<TSESTree.Node>,
  depth: number,
  context: EvaluationContext,
): StringPattern[] | undefined {
  const node = unwrap(input);
  if (depth > MAX_DEPTH) return undefined;
  if (node.type === AST_NODE_TYPES.ArrayExpression) {
    if (node.elements.some((element) => element === null)) return undefined;
    // `[base, ...parts.map(trim)]`: a spread list's own items, in place.
    const items: StringPattern[] = [];
    for (const element of node.elements as (TSESTree.Expression | TSESTree.SpreadElement)[]) {
      if (element.type !== AST_NODE_TYPES.SpreadElement) {
        items.push(evaluate(element, scope, via, seen, depth + 1, withHelpers(context)));
        continue;
      }
      const spread = itemsOf(element.argument, scope, via, seen, depth + 1, context);
      if (!spread) return undefined;
      items.push(...spread);
    }
    return items;
  }
  if (node.type === AST_NODE_TYPES.Identifier) {
    const named = context.items?.size ? findVariable(scope, node) : undefined;
    const listed = named ? context.items!.get(named) : undefined;
    if (listed) return [...listed];
    const init = constantInitializer(node, scope);
    if (!init || seen.has(init)) return undefined;
    seen.add(init);
    try {
      return itemsOf(init, scope, via, seen, depth + 1, context);
    } finally {
      seen.delete(init);
    }
  }
  if (node.type !== AST_NODE_TYPES.CallExpression || node.callee.type !== AST_NODE_TYPES.MemberExpression || node.callee.computed || node.callee.property.type !== AST_NODE_TYPES.Identifier) return undefined;
  const method = node.callee.property.name;
  const [callback] = node.arguments;
  // `filter(Boolean)` drops empty parts; the parts a URL is joined from are not empty.
  if (method === 'filter' && callback?.type === AST_NODE_TYPES.Identifier && callback.name === 'Boolean') return itemsOf(node.callee.object, scope, via, seen, depth + 1, context);
  if (method !== 'map' || !context.sourceCode || (callback?.type !== AST_NODE_TYPES.ArrowFunctionExpression && callback?.type !== AST_NODE_TYPES.FunctionExpression)) return undefined;
  // `parts.map((part) => part.replace(/^\/+|\/+$/g, ''))`: the callback's one result, for each part.
  const [param] = callback.params;
  const returned: TSESTree.Node[] = [];
  forEachReturned(callback, context.sourceCode, (value) => returned.push(value));
  const variable = param?.type === AST_NODE_TYPES.Identifier ? declaredVariables(callback, context.sourceCode).find((candidate) => candidate.name === param.name) : undefined;
  if (!variable || returned.length !== 1 || callback.async || callback.generator) return undefined;
  const items = itemsOf(node.callee.object, scope, via, seen, depth + 1, context);
  return items?.map((item) => evaluate(returned[0]!, scope, via, seen, depth + 1, { ...context, patterns: new Map(context.patterns).set(variable, item) }));
}

/** Which edges a `replace` search removes slashes from, and whether one slash or all: `/\/+$/`, `/^\/|\/$/g`. */
interface SlashTrim {
  start: boolean;
  end: boolean;
  all: boolean;
  /** Without the `g` flag, a search of both edges replaces its first match only. */
  firstOnly: boolean;
}

/** One alternative of such a search, as its source reads: `^\/`, `^\/+`, `\/*$`… */
const EDGE_SLASH = /^(\^)?\\\/([+*]?)(\$)?$/;

function edgeSlashes(search: TSESTree.Literal): SlashTrim | undefined {
  if (!('regex' in search) || !search.regex || /[^gimsu]/.test(search.regex.flags)) return undefined;
  const alternatives = search.regex.pattern.split('|').map((alternative) => EDGE_SLASH.exec(alternative));
  const edges = alternatives.map((match) => (match && (match[1] === undefined) !== (match[3] === undefined) ? (match[1] ? 'start' : 'end') : undefined));
  // A search of one edge, or of both in either order (`^\/+|\/+$`), with one quantifier for both.
  if (alternatives.length > 2 || edges.includes(undefined) || new Set(edges).size !== edges.length) return undefined;
  const quantifiers = new Set(alternatives.map((match) => match![2] !== ''));
  if (quantifiers.size !== 1) return undefined;
  return { start: edges.includes('start'), end: edges.includes('end'), all: quantifiers.has(true), firstOnly: !search.regex.flags.includes('g') };
}

function trimSlashes(pattern: StringPattern, trim: SlashTrim): StringPattern | undefined {
  const slashes = trim.all ? /^\/+/ : /^\//;
  const trailing = trim.all ? /\/+$/ : /\/$/;
  if (trim.start && trim.end && trim.firstOnly) {
    // Only the first match: the leading slashes if there are any, else the trailing ones.
    const first = pattern[0];
    if (first?.kind !== 'text') return undefined;
    return first.value.startsWith('/') ? trimEdges(pattern, 'start', slashes, trim.all) : trimEdges(pattern, 'end', trailing, trim.all);
  }
  return trimEdges(trimEdges(pattern, trim.start ? 'start' : undefined, slashes, trim.all), trim.end ? 'end' : undefined, trailing, trim.all);
}

/**
 * The pattern with what `edge` matches removed at one edge; with `across`, on into the next text part
 * when a part is emptied (`^\/+` removes every slash, `^\/` one). A hole at that edge stays (what it
 * holds is unknown). A part trimmed at its start keeps its source offset.
 */
function trimEdges(pattern: StringPattern, side: 'start' | 'end' | undefined, edge: RegExp, across: boolean): StringPattern {
  if (!side) return pattern;
  const parts = [...pattern];
  while (parts.length > 0) {
    const index = side === 'start' ? 0 : parts.length - 1;
    const part = parts[index]!;
    if (part.kind !== 'text') break;
    const removed = edge.exec(part.value)?.[0].length ?? 0;
    if (removed === 0) break;
    if (removed === part.value.length) {
      parts.splice(index, 1);
      if (!across) break;
      continue;
    }
    parts[index] =
      side === 'start'
        ? { ...part, value: part.value.slice(removed), start: part.start === null ? null : part.start + removed }
        : { ...part, value: part.value.slice(0, part.value.length - removed) };
    break;
  }
  return parts;
}

/**
 * The branches a conditional may give, nested conditionals opened (`a ? x : b ? y : z` gives x, y, z),
 * each with the branch every conditional on its way takes; undefined for one that only makes sure of a
 * trailing slash (evaluated as one text), or with more than `max` branches.
 */
export function conditionalBranches(input: TSESTree.Node, max: number): { leaf: TSESTree.Node; choices: Map<TSESTree.Node, TSESTree.Node> }[] | undefined {
  const found: { leaf: TSESTree.Node; choices: Map<TSESTree.Node, TSESTree.Node> }[] = [];
  const open = (node: TSESTree.Node, taken: Map<TSESTree.Node, TSESTree.Node>): boolean => {
    if (node.type !== AST_NODE_TYPES.ConditionalExpression || slashNormalisation(node)) {
      found.push({ leaf: node, choices: taken });
      return found.length <= max;
    }
    return [node.consequent, node.alternate].every((branch) => open(unwrap(branch), new Map(taken).set(node, branch)));
  };
  const root = unwrap(input);
  if (root.type !== AST_NODE_TYPES.ConditionalExpression || slashNormalisation(root)) return undefined;
  return open(root, new Map()) ? found : undefined;
}

/**
 * A conditional that makes sure of one slash at an edge, or of none: `x.endsWith('/') ? x.slice(0, -1) : x`
 * (also `x.substring(0, x.length - 1)`, a negated test with the branches swapped),
 * `x.endsWith('/') ? x : x + '/'` (or `` `${x}/` ``), and at the start `x.startsWith('/') ? x : '/' + x`,
 * `x.startsWith('/') ? x.slice(1) : x`. `x` is a name or a member chain, the same in every place.
 */
function slashNormalisation(node: TSESTree.ConditionalExpression): { value: TSESTree.Node; ensure: boolean; edge: 'start' | 'end' } | undefined {
  let test = unwrap(node.test);
  let [whenSlash, otherwise] = [unwrap(node.consequent), unwrap(node.alternate)];
  if (test.type === AST_NODE_TYPES.UnaryExpression && test.operator === '!') {
    test = unwrap(test.argument);
    [whenSlash, otherwise] = [otherwise, whenSlash];
  }
  if (test.type !== AST_NODE_TYPES.CallExpression || test.arguments.length !== 1 || !isStringLiteral(test.arguments[0]!) || test.arguments[0].value !== '/') return undefined;
  const callee = unwrap(test.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed || callee.property.type !== AST_NODE_TYPES.Identifier) return undefined;
  const edge = callee.property.name === 'endsWith' ? 'end' : callee.property.name === 'startsWith' ? 'start' : undefined;
  if (!edge) return undefined;
  const value = unwrap(callee.object);
  const drops = edge === 'end' ? dropsLastCharacter(whenSlash, value) : dropsFirstCharacter(whenSlash, value);
  if (sameReference(otherwise, value) && drops) return { value, ensure: false, edge };
  if (sameReference(whenSlash, value) && addsSlash(otherwise, value, edge)) return { value, ensure: true, edge };
  return undefined;
}

/** `x.slice(1)`, `x.substring(1)`. */
function dropsFirstCharacter(node: TSESTree.Node, value: TSESTree.Node): boolean {
  if (node.type !== AST_NODE_TYPES.CallExpression || node.arguments.length !== 1) return false;
  const callee = unwrap(node.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed || callee.property.type !== AST_NODE_TYPES.Identifier || !sameReference(unwrap(callee.object), value)) return false;
  const start = unwrap(node.arguments[0]!);
  return (callee.property.name === 'slice' || callee.property.name === 'substring') && start.type === AST_NODE_TYPES.Literal && start.value === 1;
}

/** `x.slice(0, -1)`, `x.slice(0, x.length - 1)`, `x.substring(0, x.length - 1)`. */
function dropsLastCharacter(node: TSESTree.Node, value: TSESTree.Node): boolean {
  if (node.type !== AST_NODE_TYPES.CallExpression || node.arguments.length !== 2) return false;
  const callee = unwrap(node.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed || callee.property.type !== AST_NODE_TYPES.Identifier || !sameReference(unwrap(callee.object), value)) return false;
  const [start, end] = node.arguments.map(unwrap) as [TSESTree.Node, TSESTree.Node];
  if (start.type !== AST_NODE_TYPES.Literal || start.value !== 0) return false;
  const lengthLessOne =
    end.type === AST_NODE_TYPES.BinaryExpression &&
    end.operator === '-' &&
    end.right.type === AST_NODE_TYPES.Literal &&
    end.right.value === 1 &&
    unwrap(end.left).type === AST_NODE_TYPES.MemberExpression &&
    isLengthOf(unwrap(end.left) as TSESTree.MemberExpression, value);
  const minusOne = end.type === AST_NODE_TYPES.UnaryExpression && end.operator === '-' && end.argument.type === AST_NODE_TYPES.Literal && end.argument.value === 1;
  return (callee.property.name === 'slice' && (minusOne || lengthLessOne)) || (callee.property.name === 'substring' && lengthLessOne);
}

function isLengthOf(member: TSESTree.MemberExpression, value: TSESTree.Node): boolean {
  return !member.computed && member.property.type === AST_NODE_TYPES.Identifier && member.property.name === 'length' && sameReference(unwrap(member.object), value);
}

/** `x + '/'`, `` `${x}/` `` at the end; `'/' + x`, `` `/${x}` `` at the start. */
function addsSlash(node: TSESTree.Node, value: TSESTree.Node, edge: 'start' | 'end'): boolean {
  if (node.type === AST_NODE_TYPES.BinaryExpression) {
    if (node.operator !== '+') return false;
    const [kept, slash] = edge === 'end' ? [node.left, node.right] : [node.right, node.left];
    return sameReference(unwrap(kept), value) && isStringLiteral(slash) && slash.value === '/';
  }
  const [before, after] = edge === 'end' ? ['', '/'] : ['/', ''];
  return (
    node.type === AST_NODE_TYPES.TemplateLiteral &&
    node.expressions.length === 1 &&
    sameReference(unwrap(node.expressions[0]!), value) &&
    node.quasis[0]!.value.cooked === before &&
    node.quasis[1]!.value.cooked === after
  );
}

/** The same name, or the same chain of static members from the same name or `this`. */
function sameReference(a: TSESTree.Node, b: TSESTree.Node): boolean {
  if (a.type === AST_NODE_TYPES.Identifier) return b.type === AST_NODE_TYPES.Identifier && a.name === b.name;
  if (a.type === AST_NODE_TYPES.ThisExpression) return b.type === AST_NODE_TYPES.ThisExpression;
  if (a.type !== AST_NODE_TYPES.MemberExpression || b.type !== AST_NODE_TYPES.MemberExpression || a.computed || b.computed) return false;
  if (a.property.type !== b.property.type || !('name' in a.property) || !('name' in b.property) || a.property.name !== b.property.name) return false;
  return sameReference(unwrap(a.object), unwrap(b.object));
}

/** The pattern with a slash at an edge, unless its known text already has one there. */
function withSlash(pattern: StringPattern, edge: 'start' | 'end', node: TSESTree.Node, via: readonly TSESTree.Node[]): StringPattern {
  const slash: PatternPart = { kind: 'text', value: '/', node, start: null, via };
  if (edge === 'start') {
    const first = pattern[0];
    return first?.kind === 'text' && first.value.startsWith('/') ? pattern : [slash, ...pattern];
  }
  const last = pattern.at(-1);
  return last?.kind === 'text' && last.value.endsWith('/') ? pattern : [...pattern, slash];
}

/** `new URL(…)`, of the global `URL`. */
function isUrlConstructor(node: TSESTree.NewExpression): boolean {
  return node.callee.type === AST_NODE_TYPES.Identifier && node.callee.name === 'URL';
}

/** A `new URL(…)`, written there or held in a constant. */
function isUrlObject(node: TSESTree.Node, scope: TSESLint.Scope.Scope): boolean {
  let value = unwrap(node);
  if (value.type === AST_NODE_TYPES.Identifier) value = unwrap(urlConstantMade(value, scope) ?? constantInitializer(value, scope) ?? value);
  return isUrlNew(value);
}

function isUrlNew(node: TSESTree.Node): node is TSESTree.NewExpression {
  const value = unwrap(node);
  return value.type === AST_NODE_TYPES.NewExpression && isUrlConstructor(value);
}

/**
 * A URL's origin (`https://host`) and its pathname (from the first slash after the host, up to a query
 * or fragment), split where that slash is written. Undefined when the scheme or that slash is not known text.
 */
function urlSides(url: StringPattern, node: TSESTree.Node, via: readonly TSESTree.Node[]): { origin: StringPattern; pathname: StringPattern } | undefined {
  const first = url[0];
  if (first?.kind !== 'text') return undefined;
  const scheme = first.value.indexOf('://');
  if (scheme < 0) return undefined;
  for (let index = 0; index < url.length; index++) {
    const part = url[index]!;
    if (part.kind !== 'text') continue;
    const slash = part.value.indexOf('/', index === 0 ? scheme + 3 : 0);
    if (slash < 0) continue;
    const shifted = (at: number): number | null => (part.start === null ? null : part.start + at);
    const origin: StringPattern = [...url.slice(0, index), ...(slash > 0 ? [{ ...part, value: part.value.slice(0, slash) }] : [])];
    const rest: StringPattern = [{ ...part, value: part.value.slice(slash), start: shifted(slash) }, ...url.slice(index + 1)];
    // The query and fragment are not the pathname.
    const end = rest.findIndex((piece) => piece.kind === 'text' && /[?#]/.test(piece.value));
    const pathname = end < 0 ? rest : [...rest.slice(0, end), ...cutAtQuery(rest[end] as TextPart)];
    return { origin, pathname };
  }
  // `new URL('https://host')`: no path written, the pathname is `/`.
  const last = url.at(-1);
  return last?.kind === 'text' ? { origin: url, pathname: [{ kind: 'text', value: '/', node, start: null, via }] } : undefined;
}

function cutAtQuery(part: TextPart): StringPattern {
  const value = part.value.slice(0, part.value.search(/[?#]/));
  return value.length > 0 ? [{ ...part, value }] : [];
}

/** The `new URL(…)` a `const` of this module is declared with. */
function urlConstantMade(read: TSESTree.Identifier, scope: TSESLint.Scope.Scope): TSESTree.NewExpression | undefined {
  const def = findVariable(scope, read)?.defs;
  const declaration = def?.length === 1 && def[0]!.type === 'Variable' ? def[0]! : undefined;
  if (declaration?.type !== 'Variable' || declaration.parent.kind !== 'const' || declaration.node.id !== declaration.name) return undefined;
  const init = declaration.node.init;
  return init && isUrlNew(init) ? (unwrap(init) as TSESTree.NewExpression) : undefined;
}

/**
 * The one write of a URL constant's `pathname` that runs before `read` whenever it runs (`url.pathname =
 * …`, `url.pathname += …`); undefined when nothing writes it, null when it is written otherwise (another
 * member that changes the path, several writes, one in a branch or another function): the URL is not known.
 */
function pathnameWritten(read: TSESTree.Identifier, scope: TSESLint.Scope.Scope): TSESTree.AssignmentExpression | null | undefined {
  const variable = findVariable(scope, read);
  if (!variable) return undefined;
  let written: TSESTree.AssignmentExpression | null | undefined;
  for (const reference of variable.references) {
    const member = reference.identifier.parent;
    if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== reference.identifier) continue;
    const assignment = member.parent;
    if (assignment?.type !== AST_NODE_TYPES.AssignmentExpression || assignment.left !== member) continue;
    // `url.pathname = join(url.pathname, op)`: its own right side reads the URL before the write.
    if (assignment.range[0] <= read.range[0] && read.range[1] <= assignment.range[1]) continue;
    const key = staticKeyName(member);
    if (key === 'search' || key === 'hash' || key === 'username' || key === 'password') continue;
    if (written !== undefined || key !== 'pathname' || (assignment.operator !== '=' && assignment.operator !== '+=') || assignment.range[1] > read.range[0] || !dominates(assignment, read)) return null;
    written = assignment;
  }
  return written;
}

/** A URL constant read after its pathname was written: the origin its `new URL` gives, then the path written (`+=`: added to its own). */
function evaluateWrittenUrl(
  made: TSESTree.Node,
  write: TSESTree.AssignmentExpression,
  read: TSESTree.Node,
  scope: TSESLint.Scope.Scope,
  via: readonly TSESTree.Node[],
  seen: Set<TSESTree.Node>,
  depth: number,
  context: EvaluationContext,
): StringPattern {
  const hole: StringPattern = [{ kind: 'hole', node: read, via }];
  // The write is where the URL's path is chosen: a path that spans it and the base is reported there.
  const inner = [...via, write];
  const url = evaluateResolved(made, read, scope, inner, seen, depth, context);
  const sides = urlSides(url, read, inner);
  if (!sides) return hole;
  const value = evaluate(write.right, scope, inner, seen, depth + 1, context);
  if (write.operator === '+=') return [...sides.origin, ...sides.pathname, ...value];
  // A pathname given without its leading slash gets one.
  return [...sides.origin, ...withSlash(value, 'start', write, inner)];
}

/** The default value of the parameter a name refers to, if it is one with a default. */
function parameterDefault(identifier: TSESTree.Identifier, scope: TSESLint.Scope.Scope): TSESTree.Node | undefined {
  const definition = findVariable(scope, identifier)?.defs[0];
  if (definition?.type !== 'Parameter' || definition.name.type !== AST_NODE_TYPES.Identifier) return undefined;
  const holder = definition.name.parent;
  return holder?.type === AST_NODE_TYPES.AssignmentPattern && holder.left === definition.name ? holder.right : undefined;
}

function withHelpers(context: EvaluationContext): EvaluationContext {
  return context.helpers || !context.sourceCode ? context : { ...context, helpers: true };
}

/** A regular expression that matches path placeholders: `\{(\w+)\}`, `{id}`, `:id`. */
const PLACEHOLDER_PATTERN = /\\\{|\{\\w|:\\w|:\(/;
/** A string that is one path placeholder: `'{agent_id}'`, `':id'`. */
const PLACEHOLDER_STRING = /^(?:\{\w+\}|:\w+)$/;

/** A path segment that is a placeholder: `/{agent_id}`, `/:id`. */
const PLACEHOLDER_SEGMENT = /\/(?:\{\w+\}|:\w+)(?:\/|$)/;

/**
 * The search of a `replace()` that fills path placeholders: a regular expression of them, or one
 * placeholder written out, there or in a constant (`const paramRE = /\{(\w+)\}/g`).
 */
function isPlaceholderSearch(input: TSESTree.Node, scope: TSESLint.Scope.Scope): boolean {
  const search = input.type === AST_NODE_TYPES.Identifier ? constantInitializer(input, scope) : input;
  if (search?.type !== AST_NODE_TYPES.Literal) return false;
  if ('regex' in search && search.regex) return PLACEHOLDER_PATTERN.test(search.regex.pattern);
  return typeof search.value === 'string' && PLACEHOLDER_STRING.test(search.value);
}

/** `Endpoints.answers` of a class's static field or static getter with one return. */
function staticMemberValue(member: TSESTree.MemberExpression, scope: TSESLint.Scope.Scope, context: EvaluationContext): TSESTree.Node | undefined {
  const classNode = member.object.type === AST_NODE_TYPES.Identifier ? resolveClass(member.object, scope) : undefined;
  const name = classNode && staticKeyName(member, scope);
  if (!classNode || name === undefined) return undefined;
  for (const element of classNode.body.body) {
    if ((element.type !== AST_NODE_TYPES.PropertyDefinition && element.type !== AST_NODE_TYPES.MethodDefinition) || !element.static || element.computed) continue;
    if (element.type === AST_NODE_TYPES.PropertyDefinition && staticKeyName(element) === name && element.value) return element.value;
    if (element.type === AST_NODE_TYPES.MethodDefinition && element.kind === 'get' && staticKeyName(element) === name && context.sourceCode) {
      const returned: TSESTree.Node[] = [];
      forEachReturned(element.value as FunctionNode, context.sourceCode, (value) => returned.push(value));
      return returned.length === 1 ? returned[0] : undefined;
    }
  }
  return undefined;
}

/** The property a member read takes of an object a parameter is bound to (`opts.path`, the call gave `{ path: … }`). */
function boundMember(member: TSESTree.MemberExpression, scope: TSESLint.Scope.Scope, context: EvaluationContext): TSESTree.Node | undefined {
  if (!context.bindings?.size || member.object.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = findVariable(scope, member.object);
  const argument = variable ? context.bindings.get(variable) : undefined;
  const object = argument && resolveObject(argument, scope);
  const key = object && staticKeyName(member, scope);
  const found = key === undefined ? undefined : findProperty(object!, key, scope);
  return found && found !== 'unknown' ? found.value : undefined;
}

/** The entry of a table a computed member reads by a key the call's arguments give (`PATHS[name]`, called with 'answers'). */
function boundKeyEntry(
  member: TSESTree.MemberExpression,
  scope: TSESLint.Scope.Scope,
  seen: Set<TSESTree.Node>,
  depth: number,
  context: EvaluationContext,
): { value: TSESTree.Node; argument: TSESTree.Node } | undefined {
  if (!member.computed || !context.bindings?.size) return undefined;
  const [key, ...more] = evaluate(member.property, scope, [], seen, depth + 1, context);
  if (!key || more.length > 0 || key.kind !== 'text' || !key.argument) return undefined;
  const object = resolveObject(member.object, scope);
  const found = object && findProperty(object, key.value, scope);
  return found && found !== 'unknown' ? { value: found.value, argument: key.argument } : undefined;
}

/** `this.base` when the class gives the member exactly one value (a field initialiser or one assignment). */
/** `this.endpoints.answers` of a class member given one object table (`endpoints = { answers: '/listanswers' } as const`). */
function thisTableValue(member: TSESTree.MemberExpression, scope: TSESLint.Scope.Scope, context: EvaluationContext): TSESTree.Node | undefined {
  const holder = unwrap(member.object);
  if (!context.visitorKeys || holder.type !== AST_NODE_TYPES.MemberExpression || holder.object.type !== AST_NODE_TYPES.ThisExpression) return undefined;
  const key = staticKeyName(member, scope);
  const values = key === undefined ? undefined : thisMemberValues(holder, context.visitorKeys);
  const table = values?.length === 1 ? resolveObject(unwrap(values[0]!), scope) : undefined;
  const found = table && findProperty(table, key!, scope);
  return found && found !== 'unknown' ? found.value : undefined;
}

function onlyMemberValue(member: TSESTree.MemberExpression, scope: TSESLint.Scope.Scope, context: EvaluationContext): TSESTree.Node | undefined {
  if (!context.visitorKeys) return undefined;
  const values = (context.receiverClass && overridingMemberValues(member, context.receiverClass, scope, context.visitorKeys)) ?? thisMemberValues(member, context.visitorKeys);
  return values?.length === 1 ? values[0] : undefined;
}

function evaluateResolved(
  value: TSESTree.Node,
  reference: TSESTree.Node,
  scope: TSESLint.Scope.Scope,
  via: readonly TSESTree.Node[],
  seen: Set<TSESTree.Node>,
  depth: number,
  context: EvaluationContext,
): StringPattern {
  // A name that (indirectly) refers to itself stays unknown.
  if (seen.has(value)) return [{ kind: 'hole', node: reference, via }];
  seen.add(value);
  try {
    // `via` records composites only, so a resolved value is reported where it is written.
    return evaluate(value, scope, via, seen, depth + 1, context);
  } finally {
    seen.delete(value);
  }
}

/**
 * Only literals and calls that can turn into text (`String(1)`, `'a'.concat('b')`) go to eslint-utils:
 * its evaluator follows every name it meets, which costs a scope search each, and on large files that
 * adds up for values that cannot be text anyway.
 */
function worthStaticEvaluation(node: TSESTree.Node): boolean {
  if (node.type === AST_NODE_TYPES.Literal) return true;
  if (node.type !== AST_NODE_TYPES.CallExpression) return false;
  const callee = node.callee;
  if (callee.type === AST_NODE_TYPES.Identifier) return callee.name === 'String';
  return (
    callee.type === AST_NODE_TYPES.MemberExpression &&
    (callee.object.type === AST_NODE_TYPES.Literal || callee.object.type === AST_NODE_TYPES.TemplateLiteral)
  );
}

function isText(part: PatternPart): part is TextPart {
  return part.kind === 'text';
}

export const HOLE = '\u0000';

/**
 * The pattern as a plain string with one NUL character per hole, and a map back to the parts. The map
 * (two arrays as long as the text) is built on first use: most strings of a file never match a URL.
 */
export class FlatPattern {
  readonly text: string;
  readonly parts: StringPattern;
  #partIndex: Int32Array | undefined;
  #offset: Int32Array | undefined;

  constructor(parts: StringPattern) {
    let text = '';
    for (const part of parts) text += part.kind === 'text' ? part.value : HOLE;
    this.text = text;
    this.parts = parts;
  }

  /** For each character of `text`: the index of its part. */
  get partIndex(): Int32Array {
    if (!this.#partIndex) this.#index();
    return this.#partIndex!;
  }

  /** For each character of `text`: its offset within its part's value. */
  get offset(): Int32Array {
    if (!this.#offset) this.#index();
    return this.#offset!;
  }

  #index(): void {
    const partIndex = new Int32Array(this.text.length);
    const offset = new Int32Array(this.text.length);
    let position = 0;
    this.parts.forEach((part, index) => {
      const length = part.kind === 'text' ? part.value.length : 1;
      for (let i = 0; i < length; i++) {
        partIndex[position] = index;
        offset[position] = i;
        position++;
      }
    });
    this.#partIndex = partIndex;
    this.#offset = offset;
  }
}

export function flatten(parts: StringPattern): FlatPattern {
  return new FlatPattern(parts);
}

/** True when a pattern holds any known text at all: the cheapest filter before URL matching. */
export function hasText(parts: StringPattern): boolean {
  return parts.some(isText);
}
