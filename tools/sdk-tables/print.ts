// Prints JSON-like data as TypeScript source the way prettier would (single quotes, 2-space indent,
// trailing commas, width 100), so the generated tables read like the rest of the code.
const PRINT_WIDTH = 100;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function quote(s: string): string {
  const useDouble = s.includes("'") && !s.includes('"');
  const q = useDouble ? '"' : "'";
  const body = s
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(new RegExp(q, 'g'), `\\${q}`);
  return q + body + q;
}

function printKey(key: string): string {
  return IDENTIFIER.test(key) ? key : quote(key);
}

function isPlainObject(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Entries that print: `undefined` values are left out, as JSON does. */
function definedEntries(value: object): [string, unknown][] {
  return Object.entries(value).filter(([, v]) => v !== undefined);
}

function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (isPlainObject(value)) {
    const entries = definedEntries(value);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${printKey(k)}: ${inline(v)}`).join(', ')} }`;
  }
  if (typeof value === 'string') return quote(value);
  return String(value);
}

/** Prettier breaks arrays of several objects (arrays) with more than one key (element). */
function forcesBreak(list: unknown[]): boolean {
  return (
    list.length > 1 &&
    (list.every((v) => isPlainObject(v) && Object.keys(v).length > 1) ||
      list.every((v) => Array.isArray(v) && v.length > 1))
  );
}

/**
 * `value` as source text, starting `used` characters into a line on which `after` characters follow
 * it; nested lines are indented from `indent`.
 */
export function print(value: unknown, indent: string, used: number, after: number): string {
  const flat = inline(value);
  const fits = used + flat.length + after <= PRINT_WIDTH;
  const isArray = Array.isArray(value);
  if (!isArray && !isPlainObject(value)) return flat;
  if (fits && !(isArray && forcesBreak(value))) return flat;
  const inner = `${indent}  `;
  const entries = isArray
    ? value.map((v: unknown) => ({ prefix: '', v }))
    : definedEntries(value).map(([k, v]) => ({ prefix: `${printKey(k)}: `, v }));
  if (entries.length === 0) return isArray ? '[]' : '{}';
  const lines = entries.map(
    ({ prefix, v }) => `${inner}${prefix}${print(v, inner, inner.length + prefix.length, 1)},`,
  );
  return `${isArray ? '[' : '{'}\n${lines.join('\n')}\n${indent}${isArray ? ']' : '}'}`;
}
