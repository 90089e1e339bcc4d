import { ownerDescriptions } from '../register/owner-descriptions.js';
import { operationKey, type RegisterItem, type Replacement } from '../register/types.js';
import { SDK_PACKAGE } from '../sdk/index.js';

/**
 * The words of every report: what the item is, as the reader's code meets it (the operation it calls,
 * or the field and the object that holds it), when it goes, and what replaces it. The register's host
 * operation of a field is the docs' business, not the message's.
 */

/**
 * `POST /rest/api/v1/listanswers (called by \`client.answers.list()\`)`, or
 * `Field \`snippet\` of a search result snippet (\`SearchResultSnippet\`)`; a field of a user's item
 * without owner types is named with its operation.
 */
export function subjectOf(item: RegisterItem, via?: string, owners: readonly string[] = []): string {
  const operation = operationKey(item.operation);
  if (item.kind === 'endpoint') return via ? `${operation} (called by \`${via}\`)` : operation;
  const name =
    item.kind === 'enum-value' ? `Value ${JSON.stringify(item.value)} of field \`${item.field}\`` : `Field \`${item.field}\``;
  if (owners.length === 0) return `${name} of ${operation}`;
  // An owner the description table does not know (a user's imported item) is named by its type alone.
  const described = owners.map((owner) => (ownerDescriptions[owner] ? `${ownerDescriptions[owner]} (\`${owner}\`)` : `\`${owner}\``));
  return `${name} of ${described.join(' or ')}`;
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

/**
 * What replaces the item, and, when the SDK version the code uses cannot do the migration, the
 * version to upgrade to: `use \`text\` instead; upgrade @gleanwork/api-client to 0.20.14 or later to migrate`.
 */
export function describeReplacement(replacement: Replacement, upgrade?: string): string {
  const text = replacementText(replacement);
  return upgrade === undefined ? text : `${text}; upgrade ${SDK_PACKAGE} to ${upgrade} or later to migrate`;
}

const UPGRADE = new RegExp(`^(.*); upgrade ${SDK_PACKAGE.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} to (\\S+) or later to migrate$`, 's');

/** `describeReplacement`'s text split back into the replacement and the version to upgrade to. */
export function splitUpgrade(text: string): { replacement: string; upgrade?: string } {
  const found = UPGRADE.exec(text);
  return found ? { replacement: found[1]!, upgrade: found[2]! } : { replacement: text };
}

function replacementText(replacement: Replacement): string {
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
