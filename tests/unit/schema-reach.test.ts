import { describe, expect, it } from 'vitest';
import { builtinCompiled } from '../../src/matchers/compiled-register.js';
import { FieldIndex } from '../../src/matchers/field-index.js';
import { mayHoldItems } from '../../src/matchers/schema.js';
import { newestTables } from '../../src/sdk/versions.js';
import type { FieldItem } from '../../src/register/types.js';

/**
 * Which request bodies and responses can hold a register field or enum value at all (the walk of one
 * that cannot is skipped): the owner types of the SDK's schema (0.20.15), followed through the types
 * that hold them.
 */

const schema = newestTables.schema;
const fields = builtinCompiled.fields;

describe('mayHoldItems', () => {
  it.each([
    // An owner itself.
    ['FacetFilterValue', true],
    // Owners nested in the body: the search request's facet filters, a chat request's messages, a DLP config.
    ['SearchRequest', true],
    ['ChatRequest', true],
    ['DlpConfig', true],
    ['IndexEmployeeRequest', true],
    // Bodies whose types hold no deprecated field or value.
    ['EditWorkflowRequest', false],
    ['SearchAgentsRequest', false],
    ['AgentRunCreate', false],
    ['GetDocumentCountRequest', false],
  ])('%s: %s', (type, holds) => {
    expect(mayHoldItems(schema, fields, { types: [type] })).toBe(holds);
  });

  it('a union holds an item when one of its types does; no type at all holds none', () => {
    expect(mayHoldItems(schema, fields, { types: ['SearchAgentsRequest', 'SearchRequest'] })).toBe(true);
    expect(mayHoldItems(schema, fields, { types: [] })).toBe(false);
    expect(mayHoldItems(schema, fields, { types: ['NotASchemaType'] })).toBe(false);
  });

  it('an item without an owner type (an imported register’s) is matched at its operation’s top level: any body of that operation may hold it', () => {
    const base = builtinCompiled.items.find((item): item is FieldItem => item.kind === 'field' && item.id === 'createannouncement.isNegated')!;
    const custom: FieldItem = { ...base, id: 'custom.searchOnly', field: 'legacyFlag', operation: { method: 'POST', path: '/rest/api/v1/agents/search' } };
    const withCustom = new FieldIndex([custom]);
    expect(withCustom.topLevelOperations).toEqual(new Set(['POST /rest/api/v1/agents/search']));
    expect(mayHoldItems(schema, withCustom, { types: ['SearchAgentsRequest'], operation: 'POST /rest/api/v1/agents/search' })).toBe(true);
    // Another operation's body of the same type: nothing to find.
    expect(mayHoldItems(schema, withCustom, { types: ['SearchAgentsRequest'], operation: 'POST /rest/api/v1/search' })).toBe(false);
  });
});
