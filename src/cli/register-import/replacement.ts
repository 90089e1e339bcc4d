import type { HttpMethod, Operation, Replacement } from '../../register/types.js';
import { HTTP_METHODS } from '../../register/types.js';

/**
 * What a notice's message names as the replacement: the names in its "Use … instead" clause (quoted
 * names, an operation such as `POST /api/agents/search`, code-like names such as
 * `ChatMessageFragment.citation`, or a clause of one word); none when the message names nothing.
 */
export function namedReplacements(message: string): string[] {
  const clause = /\buse\s+(.+?)\s+instead\b/i.exec(message)?.[1]?.trim();
  if (!clause) return [];
  const quoted = [...clause.matchAll(/[`'"]([^`'"\s]+)[`'"]/g)].map((match) => match[1]!);
  if (quoted.length > 0) return quoted;
  const operation = new RegExp(`\\b(${HTTP_METHODS.join('|')})\\s+(/\\S+)`).exec(clause);
  if (operation) return [`${operation[1]} ${operation[2]}`];
  const names = clause.split(/\s+/).filter((word) => /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(word));
  const codeLike = names.filter((name) => name.includes('.') || /[a-z][A-Z]/.test(name));
  if (codeLike.length > 0) return codeLike;
  return names.length === 1 && names[0] === clause ? names : [];
}

/** The names a register replacement points to, in the form `namedReplacements` gives them. */
export function replacementTargets(replacement: Replacement): string[] {
  switch (replacement.kind) {
    case 'rename':
    case 'move':
      return [replacement.to];
    case 'restructure':
      return [...replacement.to];
    case 'endpoint':
      return [`${replacement.operation.method} ${replacement.operation.path}`];
    case 'none':
      return [];
  }
}

/**
 * The replacement of an item new to the register. A named field or value becomes a `restructure`
 * (reported with the name; at most a suggestion, since only a person knows the new value's shape); a
 * named operation replaces an endpoint; a message that names nothing is kept as the note of `none`.
 */
export function replacementFromMessage(kind: 'endpoint' | 'field' | 'enum-value', message: string): Replacement {
  const targets = namedReplacements(message);
  if (kind === 'endpoint') {
    const operation = targets.length === 1 ? parseOperation(targets[0]!) : undefined;
    return operation ? { kind: 'endpoint', operation } : { kind: 'none', note: message };
  }
  const names = targets.filter((target) => !parseOperation(target));
  return names.length > 0 ? { kind: 'restructure', to: names } : { kind: 'none', note: message };
}

function parseOperation(text: string): Operation | undefined {
  const [method, path, ...rest] = text.split(' ');
  const known = HTTP_METHODS.find((candidate) => candidate === method) as HttpMethod | undefined;
  return known && path?.startsWith('/') && rest.length === 0 ? { method: known, path } : undefined;
}
