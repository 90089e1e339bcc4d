import { operationKey, type RegisterItem, type Replacement } from '../register/types.js';

/** The words of every report: what the item is, when it goes, and what replaces it. */

export function subjectOf(item: RegisterItem, via?: string): string {
  const operation = operationKey(item.operation);
  if (item.kind === 'endpoint') return via ? `${operation} (called by \`${via}\`)` : operation;
  const owner = via ? ` on \`${via}\`` : '';
  const value = item.kind === 'enum-value' ? `Value ${JSON.stringify(item.value)} of field` : 'Field';
  return `${value} \`${item.field}\`${owner} (deprecated for ${operation})`;
}

export function describeDays(days: number): string {
  if (days === 0) return 'today';
  const count = Math.abs(days);
  const unit = count === 1 ? 'day' : 'days';
  return days > 0 ? `in ${count} ${unit}` : `${count} ${unit} ago`;
}

function withNote(text: string, note: string | undefined): string {
  return note ? `${text}; ${note}` : text;
}

export function describeReplacement(replacement: Replacement): string {
  switch (replacement.kind) {
    case 'endpoint':
      return withNote(`use ${operationKey(replacement.operation)} instead`, replacement.note);
    case 'rename': {
      const values = Object.entries(replacement.values ?? {})
        .map(([from, to]) => `${from} → ${JSON.stringify(to)}`)
        .join(', ');
      return `use \`${replacement.to}\` instead${values ? ` (${values})` : ''}`;
    }
    case 'move':
      return `read \`${replacement.to}\` instead`;
    case 'restructure':
      return withNote(`use ${replacement.to.map((name) => `\`${name}\``).join(' and ')} instead`, replacement.note);
    case 'none':
      return withNote('no replacement', replacement.note);
  }
}
