import { describe, expect, it } from 'vitest';
import { register } from '../src/index.js';
import { fieldOwners, unregisteredSdkDeprecations } from '../src/register/field-owners.js';
import type { FieldItem } from '../src/register/types.js';
import { sdkSchema } from '../src/sdk/generated/schema.js';
import { ownerDescriptions } from '../src/register/owner-descriptions.js';
import { subjectOf } from '../src/model/messages.js';

/**
 * The owner table beside the register is checked against the SDK's own models: every owner declares
 * the field and marks it deprecated with the register's removal date, and every SDK deprecation of a
 * register field name is either owned here or explained.
 */

const fields = register.items.filter((item): item is FieldItem => item.kind === 'field');

describe('field owners', () => {
  it('every register field has owner types, and no owner entry is without a register item', () => {
    expect(fields.map((item) => item.id).filter((id) => !fieldOwners[id])).toEqual([]);
    expect(Object.keys(fieldOwners).filter((id) => !fields.some((item) => item.id === id))).toEqual([]);
  });

  it.each(fields.map((item) => [item.id, item] as const))('%s: each owner declares it as deprecated in the SDK', (_, item) => {
    for (const owner of fieldOwners[item.id]!) {
      const property = sdkSchema.types[owner]?.[item.field];
      expect(property, `${owner}.${item.field}`).toBeDefined();
      expect(property!.deprecated, `${owner}.${item.field}`).toContain(`removal scheduled for ${item.removal}`);
    }
  });

  it('the two sensitiveInfoTypes notices belong to the owners whose SDK notes name their replacements', () => {
    const notices = fields.filter((item) => item.field === 'sensitiveInfoTypes');
    for (const notice of notices) {
      const replacement = notice.replacement.kind === 'restructure' ? notice.replacement.to[0] : undefined;
      const [owner] = fieldOwners[notice.id]!;
      expect(sdkSchema.types[owner!]?.sensitiveInfoTypes?.deprecated).toContain(`Use ${replacement} instead`);
    }
  });

  it('every SDK deprecation of a register field name is owned or explained', () => {
    const names = new Set(fields.map((item) => item.field));
    const owned = new Set(Object.entries(fieldOwners).flatMap(([id, owners]) => {
      const field = fields.find((item) => item.id === id)!.field;
      return owners.map((owner) => `${owner}.${field}`);
    }));
    const unexplained: string[] = [];
    for (const [type, properties] of Object.entries(sdkSchema.types)) {
      for (const [name, property] of Object.entries(properties)) {
        const key = `${type}.${name}`;
        if (property.deprecated && names.has(name) && !owned.has(key) && !unregisteredSdkDeprecations[key]) unexplained.push(key);
      }
    }
    expect(unexplained).toEqual([]);
    for (const key of Object.keys(unregisteredSdkDeprecations)) {
      const [type, name] = key.split('.');
      expect(sdkSchema.types[type!]?.[name!]?.deprecated, key).toBeDefined();
    }
  });

  it('every owner type has a description in the reader\'s words, and every description names an SDK schema type', () => {
    const owners = [...new Set(Object.values(fieldOwners).flat())].sort();
    expect(owners.filter((owner) => !ownerDescriptions[owner])).toEqual([]);
    expect(Object.keys(ownerDescriptions).filter((type) => !sdkSchema.types[type] || !owners.includes(type))).toEqual([]);
  });

  it('a field report reads in an editor hover: the subject and dates take at most 150 characters before the replacement', () => {
    // The longer of the two everyday templates (`deprecated`), as the lifecycle rule words it.
    const template = ' is deprecated and will be removed on 2026-10-15 (in 100 days); ';
    for (const item of fields) {
      // A use meets one owner (`enabled` on `SharingOptions` or on `ExternalSharingOptions`).
      const before = `${subjectOf(item, undefined, fieldOwners[item.id]!.slice(0, 1))}${template}`;
      expect(before.length, before).toBeLessThanOrEqual(150);
    }
    const typical = subjectOf(fields.find((item) => item.id === 'createannouncement.snippet')!, undefined, ['SearchResultSnippet']);
    expect(`${typical} was removed on 2026-10-15 (39 days ago); use \`text\` instead.`).toBe(
      'Field `snippet` of a search result snippet (`SearchResultSnippet`) was removed on 2026-10-15 (39 days ago); use `text` instead.',
    );
  });
});
