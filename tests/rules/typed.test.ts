import { fileURLToPath } from 'node:url';
import noDeprecated from '../../rules/no-deprecated.js';
import noRemoved from '../../rules/no-removed.js';
import { TypeCheckedRuleTester, dataFor, gleanSettings, locate, tsRuleTester } from '../helpers.js';

/**
 * Type-aware mode: with type information, a field whose owner type is an SDK model is found wherever
 * it is, also across files; without it, the same code is quiet (data flow is lost at the import).
 */

const typedDir = fileURLToPath(new URL('../../fixtures/typed/', import.meta.url));
const typed = new TypeCheckedRuleTester({
  languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: typedDir } },
  settings: gleanSettings(),
});

const CROSS_FILE = `import { engineeringOnly } from './announcement-builder.js';

export function isExcluded(): boolean {
  const [filter] = engineeringOnly();
  return filter?.values?.[0]?.isNegated === true;
}
`;

const MOVED_READ = `import { loadAnswer } from './announcement-builder.js';

export async function token(): Promise<string | undefined> {
  const result = await loadAnswer();
  return result.trackingToken;
}
`;

const ANNOTATED = `import type { SearchResultSnippet } from '@gleanwork/api-client/models/components';

export const preview: SearchResultSnippet = { snippet: 'Quarterly plan', ranges: [] };
`;

const LOOKALIKES = `import type { Person, ChatMessage } from '@gleanwork/api-client/models/components';

type LocalDocument = { role: string; location: string; snippet: string };

export function describe(person: Person, message: ChatMessage, local: LocalDocument): string {
  return [person.metadata?.location, message.fragments?.length, local.role, local.location, local.snippet].join();
}
`;

const USER_TYPES = `interface Snippet {
  snippet: string;
}
interface SearchResponse {
  results: { snippets: Snippet[] }[];
}
export async function first(): Promise<string | undefined> {
  const res = await fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: '{}' });
  return ((await res.json()) as SearchResponse).results[0]?.snippets[0]?.snippet;
}
`;

const USER_TYPE_ELSEWHERE = `import type { SearchPreview } from './search-types.js';

export async function first(): Promise<string | undefined> {
  const res = await fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: '{}' });
  return ((await res.json()) as SearchPreview).results[0]?.snippets[0]?.snippet;
}
`;

/** Callbacks over an SDK response, and a payload built in a same-file helper: flow and checker both see them. */
const FLOW_AND_CHECKER = `import { Glean } from '@gleanwork/api-client';
import type { FacetFilterValue } from '@gleanwork/api-client/models/components';

const glean = new Glean({ apiToken: 'token', instance: 'acme' });

function excluded(value: string): FacetFilterValue {
  return { value, isNegated: true };
}

export async function snippets(): Promise<string[]> {
  await glean.client.announcements.create({ title: 'Launch', startTime: new Date(), endTime: new Date(), audienceFilters: [{ fieldName: 'department', values: [excluded('eng')] }] });
  const response = await glean.client.search.query({ query: 'plan' });
  return (response.results ?? []).flatMap((result) => (result.snippets ?? []).map((s) => s.snippet ?? ''));
}
`;

const INFERRED_ARRAY = `import { Glean } from '@gleanwork/api-client';

const glean = new Glean({ apiToken: 'token', instance: 'acme' });

export async function announce(exclude: boolean) {
  const audienceFilters = [{ fieldName: 'dept', values: [{ value: 'eng', isNegated: false }] }];
  if (exclude) audienceFilters.push({ fieldName: 'type', values: [{ value: 'contractor', isNegated: true }] });
  return glean.client.announcements.create({ title: 'Launch', startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-02T00:00:00Z', audienceFilters });
}
`;

const INFERRED_PARAMETER = `import { Glean } from '@gleanwork/api-client';

const glean = new Glean({ apiToken: 'token', instance: 'acme' });
const DEFAULT_VALUE = { value: 'eng', isNegated: false };

function announce(value: typeof DEFAULT_VALUE) {
  return glean.client.announcements.create({ title: 'Launch', startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-02T00:00:00Z', audienceFilters: [{ values: [value] }] });
}

export const excluded = () => announce({ value: 'ops', isNegated: true });
`;

const MAPPED_LITERAL = `import { Glean } from '@gleanwork/api-client';

const glean = new Glean({ apiToken: 'token', instance: 'acme' });

export async function search(q: string, excluded: string[]) {
  const facetFilters = excluded.map((type) => ({ fieldName: 'type', values: [{ value: type, isNegated: true }] }));
  return glean.client.search.query({ query: q, requestOptions: { facetBucketSize: 10, facetFilters } });
}
`;

const FLOW_AND_CHECKER_ERRORS = [
  {
    messageId: 'removed' as const,
    data: {
      ...dataFor('createannouncement.isNegated'),
      subject: 'Field `isNegated` of a facet filter value (`FacetFilterValue`)',
    },
    ...locate(FLOW_AND_CHECKER, 'isNegated'),
  },
  {
    messageId: 'removed' as const,
    data: {
      ...dataFor('createannouncement.snippet'),
      subject: 'Field `snippet` of a search result snippet (`SearchResultSnippet`)',
    },
    ...locate(FLOW_AND_CHECKER, 'snippet ??'),
    endColumn: locate(FLOW_AND_CHECKER, 'snippet ??').column + 'snippet'.length,
  },
];
const FLOW_AND_CHECKER_OUTPUT = FLOW_AND_CHECKER.replace('isNegated: true', "relationType: 'NOT_EQUALS'").replace('s.snippet', 's.text');

const isNegatedData = {
  ...dataFor('createannouncement.isNegated'),
  subject: 'Field `isNegated` of a facet filter value (`FacetFilterValue`)',
};

typed.run('no-removed with type information', noRemoved, {
  valid: [{ code: LOOKALIKES, filename: 'file.ts' }],
  invalid: [
    {
      name: 'the checker finds the user’s own type in this file: its property is renamed by the same fix',
      code: USER_TYPES,
      filename: 'file.ts',
      output: USER_TYPES.replace('  snippet: string;', '  text: string;').replace('snippets[0]?.snippet', 'snippets[0]?.text'),
      errors: [
        { messageId: 'removed', data: dataFor('createannouncement.snippet'), ...locate(USER_TYPES, 'snippet') },
        { messageId: 'removed', data: dataFor('createannouncement.snippet'), ...locate(USER_TYPES, 'snippet', 3) },
      ],
    },
    {
      name: 'the checker finds the user’s own type in another file: a suggestion that names it',
      code: USER_TYPE_ELSEWHERE,
      filename: 'file.ts',
      output: null,
      errors: [
        {
          messageId: 'removed',
          data: dataFor('createannouncement.snippet'),
          ...locate(USER_TYPE_ELSEWHERE, 'snippet;'),
          endColumn: locate(USER_TYPE_ELSEWHERE, 'snippet;').endColumn - 1,
          suggestions: [
            {
              messageId: 'renameFieldChecked',
              data: { name: 'text', check: 'your type `SearchPreview` (declared in another file) names `text`' },
              output: USER_TYPE_ELSEWHERE.replace('?.snippet;', '?.text;'),
            },
          ],
        },
      ],
    },
    {
      name: 'an array whose type is inferred from its initializer, filled with push: each rename is a suggestion (applied alone, it would not fit the other)',
      code: INFERRED_ARRAY,
      filename: 'file.ts',
      output: null,
      errors: [
        {
          messageId: 'removed',
          data: isNegatedData,
          ...locate(INFERRED_ARRAY, 'isNegated'),
          suggestions: [
            {
              messageId: 'renameFieldChecked',
              data: { name: 'relationType', check: '`audienceFilters` and what is written into it are renamed together (TypeScript infers its type from its initializer)' },
              output: INFERRED_ARRAY.replace('isNegated: false', "relationType: 'EQUALS' as const"),
            },
          ],
        },
        {
          messageId: 'removed',
          data: isNegatedData,
          ...locate(INFERRED_ARRAY, 'isNegated', 1),
          suggestions: [
            {
              messageId: 'renameFieldChecked',
              data: { name: 'relationType', check: '`audienceFilters` and what is written into it are renamed together (TypeScript infers its type from its initializer)' },
              output: INFERRED_ARRAY.replace('isNegated: true', "relationType: 'NOT_EQUALS'"),
            },
          ],
        },
      ],
    },
    {
      name: 'a value whose type this file infers from another literal (`typeof DEFAULT_VALUE`): a suggestion that says where the type comes from',
      code: INFERRED_PARAMETER,
      filename: 'file.ts',
      output: null,
      errors: [
        {
          messageId: 'removed',
          data: isNegatedData,
          ...locate(INFERRED_PARAMETER, 'isNegated', 1), // the constant only gives its type: it is not sent
          suggestions: [
            {
              messageId: 'renameFieldChecked',
              data: { name: 'relationType', check: 'your type `{ value: string; isNegated: boolean; }` (inferred in this file) names `relationType`' },
              output: INFERRED_PARAMETER.replace('isNegated: true', "relationType: 'NOT_EQUALS'"),
            },
          ],
        },
      ],
    },
    {
      name: 'a literal a callback returns, whose type TypeScript infers from it alone (`.map((type) => ({ …, isNegated: true }))`): the rename renames its type too, an autofix',
      code: MAPPED_LITERAL,
      filename: 'file.ts',
      output: MAPPED_LITERAL.replace('isNegated: true', "relationType: 'NOT_EQUALS' as const"),
      errors: [{ messageId: 'removed', data: isNegatedData, ...locate(MAPPED_LITERAL, 'isNegated') }],
    },
    {
      name: 'flow and checker agree: one report per field, with the same fix, typed',
      code: FLOW_AND_CHECKER,
      filename: 'file.ts',
      output: FLOW_AND_CHECKER_OUTPUT,
      errors: FLOW_AND_CHECKER_ERRORS,
    },
    {
      name: 'a field of an SDK model built in another file',
      code: CROSS_FILE,
      filename: 'file.ts',
      output: null,
      errors: [{ messageId: 'removed', data: isNegatedData, ...locate(CROSS_FILE, 'isNegated') }],
    },
    {
      name: 'an object literal typed by annotation, with its safe rename',
      code: ANNOTATED,
      filename: 'file.ts',
      output: ANNOTATED.replace('{ snippet:', '{ text:'),
      errors: [
        {
          messageId: 'removed',
          data: {
            ...dataFor('createannouncement.snippet'),
            subject: 'Field `snippet` of a search result snippet (`SearchResultSnippet`)',
          },
          ...locate(ANNOTATED, 'snippet'),
        },
      ],
    },
  ],
});

const DESTRUCTURED_SUB_CLIENT = `import { Glean } from '@gleanwork/api-client';

const glean = new Glean({ apiToken: 'token', instance: 'acme' });
const { agents } = glean.client;

export async function touch(id: string): Promise<void> {
  await agents.retrieve(id);
}
`;

const DESTRUCTURED_SWAPPED = DESTRUCTURED_SUB_CLIENT.replace('await agents.retrieve(id)', 'await glean.agents.get(id)');
const DESTRUCTURED_ERROR = {
  messageId: 'deprecated' as const,
  data: { ...dataFor('agents.get'), subject: `${dataFor('agents.get').subject} (called by \`client.agents.retrieve()\`)` },
  ...locate(DESTRUCTURED_SUB_CLIENT, 'agents.retrieve'),
  suggestions: [{ messageId: 'switchToReplacement' as const, data: { replacement: 'agents.get()' }, output: DESTRUCTURED_SWAPPED }],
};

typed.run('no-deprecated with type information', noDeprecated, {
  valid: [],
  invalid: [
    {
      name: 'a sub-client destructured from a const Glean, typed as the SDK’s sub-client: the swap names the instance all the same',
      code: DESTRUCTURED_SUB_CLIENT,
      filename: 'file.ts',
      output: null,
      errors: [DESTRUCTURED_ERROR],
    },
    {
      name: 'the same under migrate: an autofix (the result is not read)',
      code: DESTRUCTURED_SUB_CLIENT,
      filename: 'file.ts',
      options: [{ migrate: true }],
      output: DESTRUCTURED_SWAPPED,
      errors: [DESTRUCTURED_ERROR],
    },
    {
      name: 'a moved read on an SDK model returned from another file',
      code: MOVED_READ,
      filename: 'file.ts',
      output: MOVED_READ.replace('result.trackingToken', 'result.answer.trackingToken'),
      errors: [
        {
          messageId: 'deprecated',
          data: {
            ...dataFor('getanswer.trackingToken'),
            subject: 'Field `trackingToken` of an answer result (`AnswerResult`)',
          },
          ...locate(MOVED_READ, 'trackingToken', 0),
        },
      ],
    },
  ],
});

tsRuleTester().run('without type information the same code is quiet', noRemoved, {
  valid: [CROSS_FILE, ANNOTATED, LOOKALIKES],
  invalid: [
    {
      name: 'flow and checker agree: the same reports and fix from same-file flow alone',
      code: FLOW_AND_CHECKER,
      output: FLOW_AND_CHECKER_OUTPUT,
      errors: FLOW_AND_CHECKER_ERRORS,
    },
  ],
});

tsRuleTester().run('without type information (deprecated)', noDeprecated, {
  valid: [MOVED_READ],
  invalid: [],
});
