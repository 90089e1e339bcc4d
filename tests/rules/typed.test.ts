import { RuleTester } from '@typescript-eslint/rule-tester';
import { fileURLToPath } from 'node:url';
import noDeprecated from '../../rules/no-deprecated.js';
import noRemoved from '../../rules/no-removed.js';
import { dataFor, gleanSettings, locate, tsRuleTester } from '../helpers.js';

/**
 * Type-aware mode: with type information, a field whose owner type is an SDK model is found wherever
 * it is, also across files; without it, the same code is quiet (data flow is lost at the import).
 */

const typedDir = fileURLToPath(new URL('../../fixtures/typed/', import.meta.url));
const typed = new RuleTester({
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

const FLOW_AND_CHECKER_ERRORS = [
  {
    messageId: 'removed' as const,
    data: {
      ...dataFor('createannouncement.isNegated'),
      subject: 'Field `isNegated` on `FacetFilterValue` (deprecated for POST /rest/api/v1/createannouncement)',
    },
    ...locate(FLOW_AND_CHECKER, 'isNegated'),
  },
  {
    messageId: 'removed' as const,
    data: {
      ...dataFor('createannouncement.snippet'),
      subject: 'Field `snippet` on `SearchResultSnippet` (deprecated for POST /rest/api/v1/createannouncement)',
    },
    ...locate(FLOW_AND_CHECKER, 'snippet ??'),
    endColumn: locate(FLOW_AND_CHECKER, 'snippet ??').column + 'snippet'.length,
  },
];
const FLOW_AND_CHECKER_OUTPUT = FLOW_AND_CHECKER.replace('isNegated: true', "relationType: 'NOT_EQUALS'").replace('s.snippet', 's.text');

const isNegatedData = {
  ...dataFor('createannouncement.isNegated'),
  subject: 'Field `isNegated` on `FacetFilterValue` (deprecated for POST /rest/api/v1/createannouncement)',
};

typed.run('no-removed with type information', noRemoved, {
  valid: [{ code: LOOKALIKES, filename: 'file.ts' }],
  invalid: [
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
            subject: 'Field `snippet` on `SearchResultSnippet` (deprecated for POST /rest/api/v1/createannouncement)',
          },
          ...locate(ANNOTATED, 'snippet'),
        },
      ],
    },
  ],
});

typed.run('no-deprecated with type information', noDeprecated, {
  valid: [],
  invalid: [
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
            subject: 'Field `trackingToken` on `AnswerResult` (deprecated for POST /rest/api/v1/getanswer)',
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
