import {
  CATEGORIES,
  HTTP_METHODS,
  type Operation,
  type RegisterItem,
  type Replacement,
} from './types.js';

/**
 * Validates register items: the built-in ones in tests, users' extra items at lint time. Returns
 * human-readable problems, each naming where it is (`register[2].removal: …`); an empty list is valid.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PATH_TEMPLATE = /^(\/(?:[A-Za-z0-9._~-]+|\{[A-Za-z_][A-Za-z0-9_]*\}))+$/;

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

type Problems = string[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

function checkKeys(value: Record<string, unknown>, allowed: readonly string[], at: string, problems: Problems): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) problems.push(`${at}: unknown property "${key}" (allowed: ${allowed.join(', ')})`);
  }
}

function checkString(value: unknown, at: string, problems: Problems): value is string {
  if (typeof value === 'string' && value.length > 0) return true;
  problems.push(`${at}: expected a non-empty string, got ${describe(value)}`);
  return false;
}

function checkStringList(value: unknown, at: string, problems: Problems): void {
  if (!Array.isArray(value) || value.length === 0) {
    problems.push(`${at}: expected a non-empty array of strings, got ${describe(value)}`);
    return;
  }
  value.forEach((entry, index) => checkString(entry, `${at}[${index}]`, problems));
}

export function checkOperation(value: unknown, at: string, problems: Problems): value is Operation {
  if (!isRecord(value)) {
    problems.push(`${at}: expected { method, path }, got ${describe(value)}`);
    return false;
  }
  checkKeys(value, ['method', 'path'], at, problems);
  const before = problems.length;
  if (!HTTP_METHODS.includes(value.method as never)) {
    problems.push(`${at}.method: expected one of ${HTTP_METHODS.join(', ')}, got ${describe(value.method)}`);
  }
  if (typeof value.path !== 'string' || !PATH_TEMPLATE.test(value.path)) {
    problems.push(
      `${at}.path: expected a path such as "/rest/api/v1/agents/{agent_id}" (segments of letters, digits, ._~- or {param}), got ${describe(value.path)}`,
    );
  }
  return problems.length === before;
}

function checkReplacement(value: unknown, at: string, problems: Problems): value is Replacement {
  if (!isRecord(value)) {
    problems.push(`${at}: expected an object with a "kind", got ${describe(value)}`);
    return false;
  }
  switch (value.kind) {
    case 'rename':
      checkKeys(value, ['kind', 'to', 'values'], at, problems);
      checkString(value.to, `${at}.to`, problems);
      if (value.values !== undefined && !isRecord(value.values)) {
        problems.push(`${at}.values: expected an object mapping old literal values to new ones`);
      }
      break;
    case 'move':
      checkKeys(value, ['kind', 'to'], at, problems);
      checkString(value.to, `${at}.to`, problems);
      break;
    case 'restructure':
      checkKeys(value, ['kind', 'to', 'note'], at, problems);
      checkStringList(value.to, `${at}.to`, problems);
      if (value.note !== undefined) checkString(value.note, `${at}.note`, problems);
      break;
    case 'endpoint':
      checkKeys(value, ['kind', 'operation', 'note', 'pathFromBody', 'addToBody'], at, problems);
      checkOperation(value.operation, `${at}.operation`, problems);
      if (value.note !== undefined) checkString(value.note, `${at}.note`, problems);
      if (value.pathFromBody !== undefined) {
        if (!isRecord(value.pathFromBody)) problems.push(`${at}.pathFromBody: expected an object`);
        else {
          const operationPath = isRecord(value.operation) ? String(value.operation.path) : '';
          for (const [param, bodyKey] of Object.entries(value.pathFromBody)) {
            if (!operationPath.includes(`{${param}}`)) {
              problems.push(`${at}.pathFromBody.${param}: the replacement path has no {${param}} parameter`);
            }
            checkString(bodyKey, `${at}.pathFromBody.${param}`, problems);
          }
        }
      }
      if (value.addToBody !== undefined && !isRecord(value.addToBody)) {
        problems.push(`${at}.addToBody: expected an object`);
      }
      break;
    case 'none':
      checkKeys(value, ['kind', 'note', 'removeSuggested'], at, problems);
      if (value.note !== undefined) checkString(value.note, `${at}.note`, problems);
      if (value.removeSuggested !== undefined && typeof value.removeSuggested !== 'boolean') {
        problems.push(`${at}.removeSuggested: expected a boolean`);
      }
      break;
    default:
      problems.push(
        `${at}.kind: expected one of rename, move, restructure, endpoint, none, got ${describe(value.kind)}`,
      );
      return false;
  }
  return true;
}

const KINDS = ['endpoint', 'field', 'enum-value'] as const;
const COMMON_KEYS = ['id', 'kind', 'category', 'announced', 'removal', 'replacement', 'note', 'operation', 'noticeIds'];
const KIND_KEYS: Record<(typeof KINDS)[number], readonly string[]> = {
  endpoint: ['rules'],
  field: ['field', 'qualifier', 'owners'],
  'enum-value': ['field', 'value', 'owners'],
};
const PROPERTY_NAME = /^[A-Za-z_$][\w$]*$/;
/** An enum value is reported without a fix: its replacement can only be described. */
const ENUM_VALUE_REPLACEMENTS = ['restructure', 'none'];

/** Problems with one item; `at` names it in messages (e.g. `settings.glean.register[0]`). */
export function checkItem(value: unknown, at: string): Problems {
  const problems: Problems = [];
  if (!isRecord(value)) return [`${at}: expected a register item object, got ${describe(value)}`];
  const kind = KINDS.find((known) => known === value.kind);
  if (kind) checkKeys(value, [...COMMON_KEYS, ...KIND_KEYS[kind]], at, problems);
  else problems.push(`${at}.kind: expected one of ${KINDS.map((k) => `"${k}"`).join(', ')}, got ${describe(value.kind)}`);

  checkString(value.id, `${at}.id`, problems);
  if (!CATEGORIES.includes(value.category as never)) {
    problems.push(`${at}.category: expected one of ${CATEGORIES.map((c) => `"${c}"`).join(', ')}, got ${describe(value.category)}`);
  }
  for (const key of ['announced', 'removal'] as const) {
    if (!isIsoDate(value[key])) problems.push(`${at}.${key}: expected a date "YYYY-MM-DD", got ${describe(value[key])}`);
  }
  if (isIsoDate(value.announced) && isIsoDate(value.removal) && value.announced > value.removal) {
    problems.push(`${at}: announced (${value.announced}) is after removal (${value.removal})`);
  }
  checkOperation(value.operation, `${at}.operation`, problems);
  if (kind === 'field' || kind === 'enum-value') {
    if (checkString(value.field, `${at}.field`, problems) && !PROPERTY_NAME.test(value.field)) {
      problems.push(`${at}.field: expected a property name, got ${describe(value.field)}`);
    }
    if (value.owners !== undefined) checkNameList(value.owners, `${at}.owners`, 'schema type names such as "ViewerInfo"', problems);
  }
  if (kind === 'field' && value.qualifier !== undefined) checkString(value.qualifier, `${at}.qualifier`, problems);
  if (kind === 'enum-value') {
    checkString(value.value, `${at}.value`, problems);
    if (isRecord(value.replacement) && !ENUM_VALUE_REPLACEMENTS.includes(value.replacement.kind as string)) {
      problems.push(
        `${at}.replacement.kind: an enum value is replaced by ${ENUM_VALUE_REPLACEMENTS.join(' or ')}, got ${describe(value.replacement.kind)}`,
      );
    }
  }
  if (value.note !== undefined) checkString(value.note, `${at}.note`, problems);
  if (value.rules !== undefined) checkStringList(value.rules, `${at}.rules`, problems);
  if (value.noticeIds !== undefined) checkStringList(value.noticeIds, `${at}.noticeIds`, problems);
  checkReplacement(value.replacement, `${at}.replacement`, problems);
  return problems;
}

function checkNameList(value: unknown, at: string, what: string, problems: Problems): void {
  if (!Array.isArray(value) || value.length === 0 || value.some((name) => typeof name !== 'string' || !PROPERTY_NAME.test(name))) {
    problems.push(`${at}: expected a non-empty array of ${what}, got ${describe(value)}`);
  }
}

/** Problems with a list of items, including ids that repeat each other or `takenIds`. */
export function checkItems(values: unknown, at: string, takenIds: ReadonlySet<string> = new Set()): Problems {
  if (!Array.isArray(values)) return [`${at}: expected an array of register items, got ${describe(values)}`];
  const problems: Problems = [];
  const seen = new Set(takenIds);
  values.forEach((value, index) => {
    problems.push(...checkItem(value, `${at}[${index}]`));
    const id = isRecord(value) ? value.id : undefined;
    if (typeof id === 'string') {
      if (seen.has(id)) problems.push(`${at}[${index}].id: "${id}" is already used by another register item`);
      seen.add(id);
    }
  });
  return problems;
}

export type { RegisterItem };
