import { describe, expect, it } from 'vitest';
import noDeprecated from '../../rules/no-deprecated.js';
import noRemoved from '../../rules/no-removed.js';
import { register } from '../../src/index.js';
import { fieldOwners } from '../../src/register/field-owners.js';
import type { FieldItem } from '../../src/register/types.js';
import { tsRuleTester } from '../helpers.js';
import {
  OPS,
  foreign,
  REQUEST_TRANSPORTS,
  RESPONSE_TRANSPORTS,
  isRemoved,
  report,
  spot,
  type Invalid,
  type OpName,
  type Suggestion,
  type Valid,
} from '../rules/fields-support.js';

/**
 * Every register field, on the request side (where it can be sent) and on the response side (where
 * it can be read), through every HTTP client shape and the SDK. The table below is keyed by register
 * id; the tests at the end fail when a register field has no entry, when an owner type of
 * `field-owners.ts` is never reported, or when an id appears in no invalid case, so adding an item
 * cannot go untested.
 */

interface Expected {
  id: string;
  /** The full message subject, written out. */
  subject: string;
  /** Text in the payload or read that starts with the reported name (`snippet:`, `.snippet`), and which occurrence. */
  needle?: string;
  occurrence?: number;
  /** Suggestions: `text` is the whole payload or read after the suggestion. */
  suggest?: { messageId: Suggestion['messageId']; data: Record<string, string>; text: string }[];
}

interface Side {
  op: OpName;
  /** The payload (request) or the read of `data` (response). */
  text: string;
  /** The payload or read after `--fix`; undefined when nothing is fixed. */
  fixed?: string;
  reports: Expected[];
}

interface FieldCases {
  /** Undefined only with a reason in `NOT_SENT` / `NOT_READ`. */
  request?: Side;
  response?: Side;
}


/** A createannouncement body with one structured-list item. */
const announce = (item: string) => `{ title: 'Launch', body: { text: 'See below', structuredList: [${item}] } }`;

const TABLE: Record<string, FieldCases> = {
  'insights.searchSessionSatisfaction': {
    response: {
      op: 'insights',
      text: 'data.overviewResponse.searchSessionSatisfaction',
      reports: [
        {
          id: 'insights.searchSessionSatisfaction',
          subject: 'Field `searchSessionSatisfaction` of an insights overview (`InsightsOverviewResponse`)',
        },
      ],
    },
  },
  'getanswer.trackingToken': {
    response: {
      op: 'getanswer',
      text: 'data.answerResult.trackingToken',
      fixed: 'data.answerResult.answer.trackingToken',
      reports: [{ id: 'getanswer.trackingToken', subject: 'Field `trackingToken` of an answer result (`AnswerResult`)' }],
    },
  },
  'getcollection.trackingToken': {
    response: {
      op: 'getcollection',
      text: 'data.trackingToken',
      fixed: 'data.collection?.trackingToken',
      reports: [
        {
          id: 'getcollection.trackingToken',
          subject: 'Field `trackingToken` of a collection response (`GetCollectionResponse`)',
        },
      ],
    },
  },
  'chat.citations': {
    request: {
      op: 'chat',
      text: "{ messages: [{ author: 'USER', fragments: [{ text: 'Summarise the launch' }], citations: [] }] }",
      reports: [{ id: 'chat.citations', subject: 'Field `citations` of a chat message (`ChatMessage`)' }],
    },
    response: {
      op: 'chat',
      text: 'data.messages[0].citations',
      reports: [
        {
          id: 'chat.citations',
          subject: 'Field `citations` of a chat message (`ChatMessage`)',
          suggest: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: '`fragments[].citation`' },
              text: "data.messages[0].fragments?.flatMap((item: NonNullable<NonNullable<NonNullable<(typeof data)['messages']>[0]>['fragments']>[number]) => (item.citation ? [item.citation] : []))",
            },
          ],
        },
      ],
    },
  },
  'indexemployee.location': {
    request: {
      op: 'indexemployee',
      text: "{ employee: { email: 'ada@acme.com', department: 'Engineering', location: 'Paris' } }",
      reports: [
        { id: 'indexemployee.location', subject: 'Field `location` of an indexed employee (`EmployeeInfoDefinition`)' },
      ],
    },
  },
  'createannouncement.isNegated': {
    request: {
      op: 'createannouncement',
      text: "{ title: 'Launch', audienceFilters: [{ fieldName: 'department', values: [{ value: 'eng', isNegated: true }] }] }",
      fixed: "{ title: 'Launch', audienceFilters: [{ fieldName: 'department', values: [{ value: 'eng', relationType: 'NOT_EQUALS' }] }] }",
      reports: [{ id: 'createannouncement.isNegated', subject: 'Field `isNegated` of a facet filter value (`FacetFilterValue`)' }],
    },
    response: {
      op: 'createannouncement',
      // A read is not rewritten: the value changes type (boolean → relation).
      text: 'data.audienceFilters[0].values[0].isNegated',
      reports: [{ id: 'createannouncement.isNegated', subject: 'Field `isNegated` of a facet filter value (`FacetFilterValue`)' }],
    },
  },
  'createannouncement.documents': {
    request: {
      op: 'createannouncement',
      text: announce("{ structuredResult: { relatedDocuments: [{ relation: 'CANONICAL', documents: [] }] } }"),
      reports: [{ id: 'createannouncement.documents', subject: 'Field `documents` of a related-documents entry (`RelatedDocuments`)' }],
    },
    response: {
      op: 'createannouncement',
      text: 'data.author.relatedDocuments[0].documents',
      reports: [{ id: 'createannouncement.documents', subject: 'Field `documents` of a related-documents entry (`RelatedDocuments`)' }],
    },
  },
  'createannouncement.boardId': {
    request: {
      op: 'createannouncement',
      text: announce('{ structuredResult: { answer: { id: 7, boardId: 3 } } }'),
      reports: [
        {
          id: 'createannouncement.boardId',
          subject: 'Field `boardId` of an answer (`Answer`)',
          suggest: [{ messageId: 'removeField', data: { name: 'boardId' }, text: announce('{ structuredResult: { answer: { id: 7 } } }') }],
        },
      ],
    },
    response: {
      op: 'createannouncement',
      text: 'data.body.structuredList[0].structuredResult.answer.boardId',
      reports: [{ id: 'createannouncement.boardId', subject: 'Field `boardId` of an answer (`Answer`)' }],
    },
  },
  'createannouncement.snippet': {
    request: {
      op: 'createannouncement',
      text: announce("{ structuredResult: { snippets: [{ snippet: 'Q3 plan' }] } }"),
      fixed: announce("{ structuredResult: { snippets: [{ text: 'Q3 plan' }] } }"),
      reports: [
        {
          id: 'createannouncement.snippet',
          subject: 'Field `snippet` of a search result snippet (`SearchResultSnippet`)',
          needle: 'snippet:',
        },
      ],
    },
    response: {
      op: 'createannouncement',
      text: 'data.author.relatedDocuments[0].results[0].snippets[0].snippet',
      fixed: 'data.author.relatedDocuments[0].results[0].snippets[0].text',
      reports: [
        {
          id: 'createannouncement.snippet',
          subject: 'Field `snippet` of a search result snippet (`SearchResultSnippet`)',
          needle: 'snippet',
          occurrence: 1,
        },
      ],
    },
  },
  'createannouncement.inviteTime': {
    request: {
      op: 'createannouncement',
      text: announce("{ structuredResult: { person: { name: 'Ada', metadata: { inviteInfo: { inviteTime: '2026-01-05T09:00:00Z' } } } } }"),
      reports: [{ id: 'createannouncement.inviteTime', subject: 'Field `inviteTime` of a person’s invite info (`InviteInfo`)' }],
    },
    response: {
      op: 'createannouncement',
      text: 'data.author.metadata.inviteInfo.inviteTime',
      reports: [
        {
          id: 'createannouncement.inviteTime',
          subject: 'Field `inviteTime` of a person’s invite info (`InviteInfo`)',
          suggest: [{ messageId: 'switchToReplacement', data: { replacement: '`invites[].inviteTime`' }, text: "data.author.metadata.inviteInfo.invites?.flatMap((item: NonNullable<NonNullable<NonNullable<NonNullable<(typeof data)['author']>['metadata']>['inviteInfo']>['invites']>[number]) => (item.inviteTime ? [item.inviteTime] : []))" }],
        },
      ],
    },
  },
  'createannouncement.reminderTime': {
    request: {
      op: 'createannouncement',
      text: announce("{ structuredResult: { person: { metadata: { inviteInfo: { reminderTime: '2026-01-12T09:00:00Z' } } } } }"),
      reports: [{ id: 'createannouncement.reminderTime', subject: 'Field `reminderTime` of a person’s invite info (`InviteInfo`)' }],
    },
    response: {
      op: 'createannouncement',
      text: 'data.updatedBy.metadata.inviteInfo.reminderTime',
      reports: [
        {
          id: 'createannouncement.reminderTime',
          subject: 'Field `reminderTime` of a person’s invite info (`InviteInfo`)',
          suggest: [{ messageId: 'switchToReplacement', data: { replacement: '`invites[].reminderTime`' }, text: "data.updatedBy.metadata.inviteInfo.invites?.flatMap((item: NonNullable<NonNullable<NonNullable<NonNullable<(typeof data)['updatedBy']>['metadata']>['inviteInfo']>['invites']>[number]) => (item.reminderTime ? [item.reminderTime] : []))" }],
        },
      ],
    },
  },
  'createannouncement.reactions': {
    request: {
      op: 'createannouncement',
      text: announce("{ document: { metadata: { interactions: { reactions: ['like'] } } } }"),
      reports: [
        {
          id: 'createannouncement.reactions',
          subject: 'Field `reactions` of a document’s interactions (`DocumentInteractions`)',
          suggest: [{ messageId: 'renameField', data: { name: 'reacts' }, text: announce("{ document: { metadata: { interactions: { reacts: ['like'] } } } }") }],
        },
      ],
    },
    response: {
      op: 'createannouncement',
      text: 'data.sourceDocument.metadata.interactions.reactions',
      reports: [
        {
          id: 'createannouncement.reactions',
          subject: 'Field `reactions` of a document’s interactions (`DocumentInteractions`)',
          suggest: [{ messageId: 'renameField', data: { name: 'reacts' }, text: 'data.sourceDocument.metadata.interactions.reacts' }],
        },
      ],
    },
  },
  'createannouncement.role': {
    request: {
      op: 'createannouncement',
      text: announce("{ document: { metadata: { viewerInfo: { role: 'OWNER' } } } }"),
      reports: [{ id: 'createannouncement.role', subject: 'Field `role` of a document’s viewer info (`ViewerInfo`)' }],
    },
    response: {
      op: 'createannouncement',
      text: 'data.sourceDocument.metadata.viewerInfo.role',
      reports: [
        {
          id: 'createannouncement.role',
          subject: 'Field `role` of a document’s viewer info (`ViewerInfo`)',
          suggest: [{ messageId: 'switchToReplacement', data: { replacement: '`permissions` on the object that holds `viewerInfo`' }, text: 'data.sourceDocument.metadata.permissions' }],
        },
      ],
    },
  },
  'policy.sensitiveInfoTypes@sensitiveContentOptions': {
    request: {
      op: 'policyUpdate',
      text: '{ config: { sensitiveInfoTypes: [] } }',
      reports: [
        {
          id: 'policy.sensitiveInfoTypes@sensitiveContentOptions',
          subject: 'Field `sensitiveInfoTypes` of a data policy config (`DlpConfig`)',
          suggest: [{ messageId: 'renameField', data: { name: 'sensitiveContentOptions' }, text: '{ config: { sensitiveContentOptions: [] } }' }],
        },
      ],
    },
    response: {
      op: 'policyGet',
      text: 'data.report.config.sensitiveInfoTypes',
      reports: [
        {
          id: 'policy.sensitiveInfoTypes@sensitiveContentOptions',
          subject: 'Field `sensitiveInfoTypes` of a data policy config (`DlpConfig`)',
          suggest: [{ messageId: 'renameField', data: { name: 'sensitiveContentOptions' }, text: 'data.report.config.sensitiveContentOptions' }],
        },
      ],
    },
  },
  'policy.sensitiveInfoTypes@customSensitiveExpressions': {
    request: {
      op: 'policyUpdate',
      text: '{ config: { sensitiveContentOptions: { sensitiveInfoTypes: [] } } }',
      reports: [
        {
          id: 'policy.sensitiveInfoTypes@customSensitiveExpressions',
          subject: 'Field `sensitiveInfoTypes` of sensitive content options (`SensitiveContentOptions`)',
          suggest: [
            {
              messageId: 'renameField',
              data: { name: 'customSensitiveExpressions' },
              text: '{ config: { sensitiveContentOptions: { customSensitiveExpressions: [] } } }',
            },
          ],
        },
      ],
    },
    response: {
      op: 'policyGet',
      text: 'data.report.config.sensitiveContentOptions.sensitiveInfoTypes',
      reports: [
        {
          id: 'policy.sensitiveInfoTypes@customSensitiveExpressions',
          subject: 'Field `sensitiveInfoTypes` of sensitive content options (`SensitiveContentOptions`)',
          suggest: [
            {
              messageId: 'renameField',
              data: { name: 'customSensitiveExpressions' },
              text: 'data.report.config.sensitiveContentOptions.customSensitiveExpressions',
            },
          ],
        },
      ],
    },
  },
  'policy.sensitiveTerms': {
    request: {
      op: 'policyUpdate',
      text: "{ config: { sensitiveContentOptions: { sensitiveTerms: [{ expression: 'project falcon' }] } } }",
      reports: [
        {
          id: 'policy.sensitiveTerms',
          subject: 'Field `sensitiveTerms` of sensitive content options (`SensitiveContentOptions`)',
          suggest: [
            {
              messageId: 'renameField',
              data: { name: 'customSensitiveExpressions' },
              text: "{ config: { sensitiveContentOptions: { customSensitiveExpressions: [{ expression: 'project falcon' }] } } }",
            },
          ],
        },
      ],
    },
    response: {
      op: 'policyGet',
      text: 'data.report.config.sensitiveContentOptions.sensitiveTerms',
      reports: [
        {
          id: 'policy.sensitiveTerms',
          subject: 'Field `sensitiveTerms` of sensitive content options (`SensitiveContentOptions`)',
          suggest: [
            { messageId: 'renameField', data: { name: 'customSensitiveExpressions' }, text: 'data.report.config.sensitiveContentOptions.customSensitiveExpressions' },
          ],
        },
      ],
    },
  },
  'policy.sensitiveRegexes': {
    request: {
      op: 'policyUpdate',
      text: "{ config: { sensitiveContentOptions: { sensitiveRegexes: [{ expression: '[0-9]{16}' }] } } }",
      reports: [
        {
          id: 'policy.sensitiveRegexes',
          subject: 'Field `sensitiveRegexes` of sensitive content options (`SensitiveContentOptions`)',
          suggest: [
            {
              messageId: 'renameField',
              data: { name: 'customSensitiveExpressions' },
              text: "{ config: { sensitiveContentOptions: { customSensitiveExpressions: [{ expression: '[0-9]{16}' }] } } }",
            },
          ],
        },
      ],
    },
    response: {
      op: 'policyGet',
      text: 'data.report.config.sensitiveContentOptions.sensitiveRegexes',
      reports: [
        {
          id: 'policy.sensitiveRegexes',
          subject: 'Field `sensitiveRegexes` of sensitive content options (`SensitiveContentOptions`)',
          suggest: [
            { messageId: 'renameField', data: { name: 'customSensitiveExpressions' }, text: 'data.report.config.sensitiveContentOptions.customSensitiveExpressions' },
          ],
        },
      ],
    },
  },
  'policy.likelihoodThreshold': {
    // SensitiveInfoType only travels in the deprecated `sensitiveInfoTypes` lists: both are reported.
    request: {
      op: 'policyUpdate',
      text: "{ config: { sensitiveInfoTypes: [{ likelihoodThreshold: 'LIKELY' }] } }",
      reports: [
        {
          id: 'policy.sensitiveInfoTypes@sensitiveContentOptions',
          subject: 'Field `sensitiveInfoTypes` of a data policy config (`DlpConfig`)',
          suggest: [
            { messageId: 'renameField', data: { name: 'sensitiveContentOptions' }, text: "{ config: { sensitiveContentOptions: [{ likelihoodThreshold: 'LIKELY' }] } }" },
          ],
        },
        {
          id: 'policy.likelihoodThreshold',
          subject: 'Field `likelihoodThreshold` of a sensitive info type (`SensitiveInfoType`)',
        },
      ],
    },
    response: {
      op: 'policyGet',
      text: 'data.report.config.sensitiveContentOptions.sensitiveInfoTypes[0].likelihoodThreshold',
      reports: [
        {
          id: 'policy.sensitiveInfoTypes@customSensitiveExpressions',
          subject: 'Field `sensitiveInfoTypes` of sensitive content options (`SensitiveContentOptions`)',
          needle: 'sensitiveInfoTypes',
          suggest: [
            {
              messageId: 'renameField',
              data: { name: 'customSensitiveExpressions' },
              text: 'data.report.config.sensitiveContentOptions.customSensitiveExpressions[0].likelihoodThreshold',
            },
          ],
        },
        {
          id: 'policy.likelihoodThreshold',
          subject: 'Field `likelihoodThreshold` of a sensitive info type (`SensitiveInfoType`)',
        },
      ],
    },
  },
  'policy.urlGreenlist': {
    request: {
      op: 'policyUpdate',
      text: "{ config: { inputOptions: { urlGreenlist: ['https://intranet.acme.com'] } } }",
      reports: [{ id: 'policy.urlGreenlist', subject: 'Field `urlGreenlist` of a data policy’s input options (`InputOptions`)' }],
    },
    response: {
      op: 'policyGet',
      text: 'data.report.config.inputOptions.urlGreenlist',
      reports: [{ id: 'policy.urlGreenlist', subject: 'Field `urlGreenlist` of a data policy’s input options (`InputOptions`)' }],
    },
  },
  'policy.datasources': {
    request: {
      op: 'policyUpdate',
      text: "{ config: { inputOptions: { datasources: ['gdrive'] } } }",
      fixed: "{ config: { inputOptions: { datasourceInstances: ['gdrive'] } } }",
      reports: [{ id: 'policy.datasources', subject: 'Field `datasources` of a data policy’s input options (`InputOptions`)' }],
    },
    response: {
      op: 'policyGet',
      text: 'data.report.config.inputOptions.datasources',
      fixed: 'data.report.config.inputOptions.datasourceInstances',
      reports: [{ id: 'policy.datasources', subject: 'Field `datasources` of a data policy’s input options (`InputOptions`)' }],
    },
  },
  'policy.externalSharingOptions': {
    request: {
      op: 'policyUpdate',
      text: '{ config: { externalSharingOptions: { threshold: 5 } } }',
      fixed: '{ config: { broadSharingOptions: { threshold: 5 } } }',
      reports: [
        {
          id: 'policy.externalSharingOptions',
          subject: 'Field `externalSharingOptions` of a data policy config (`DlpConfig`)',
        },
      ],
    },
    response: {
      op: 'policyGet',
      text: 'data.report.config.externalSharingOptions.threshold',
      fixed: 'data.report.config.broadSharingOptions.threshold',
      reports: [
        {
          id: 'policy.externalSharingOptions',
          subject: 'Field `externalSharingOptions` of a data policy config (`DlpConfig`)',
        },
      ],
    },
  },
  'policy.enabled': {
    // On the deprecated ExternalSharingOptions (renamed by the fix) …
    request: {
      op: 'policyUpdate',
      text: '{ config: { externalSharingOptions: { enabled: true } } }',
      fixed: '{ config: { broadSharingOptions: { enabled: true } } }',
      reports: [
        {
          id: 'policy.externalSharingOptions',
          subject: 'Field `externalSharingOptions` of a data policy config (`DlpConfig`)',
        },
        {
          id: 'policy.enabled',
          subject: 'Field `enabled` of external sharing options (`ExternalSharingOptions`)',
        },
      ],
    },
    // … and on its replacement SharingOptions, where it is deprecated too.
    response: {
      op: 'policyGet',
      text: 'data.report.config.broadSharingOptions.enabled',
      reports: [{ id: 'policy.enabled', subject: 'Field `enabled` of sharing options (`SharingOptions`)' }],
    },
  },
  'policy.anyoneWithLinkEnabled': {
    request: {
      op: 'policyUpdate',
      text: '{ config: { broadSharingOptions: { anyoneWithLinkEnabled: false } } }',
      reports: [
        {
          id: 'policy.anyoneWithLinkEnabled',
          subject: 'Field `anyoneWithLinkEnabled` of sharing options (`SharingOptions`)',
        },
      ],
    },
    response: {
      op: 'policyGet',
      text: 'data.report.config.externalSharingOptions.anyoneWithLinkEnabled',
      fixed: 'data.report.config.broadSharingOptions.anyoneWithLinkEnabled',
      reports: [
        {
          id: 'policy.externalSharingOptions',
          subject: 'Field `externalSharingOptions` of a data policy config (`DlpConfig`)',
        },
        {
          id: 'policy.anyoneWithLinkEnabled',
          subject: 'Field `anyoneWithLinkEnabled` of external sharing options (`ExternalSharingOptions`)',
        },
      ],
    },
  },
};

/** Register fields that cannot appear on one side, and why. */
const NOT_SENT: Record<string, string> = {
  'insights.searchSessionSatisfaction': 'InsightsOverviewResponse is response-only; InsightsRequest cannot reach it',
  'getanswer.trackingToken': 'AnswerResult is response-only; GetAnswerRequest holds ids',
  'getcollection.trackingToken': 'GetCollectionResponse is response-only',
};
const NOT_READ: Record<string, string> = {
  'indexemployee.location': 'indexemployee answers with no body',
};

const fields = register.items.filter((i): i is FieldItem => i.kind === 'field');

interface Generated {
  removed: boolean;
  invalid: Invalid;
  /** The same code for the rule of the other lifecycle, which must not report it. */
  valid: Valid;
}

function generate(id: string, sideName: 'request' | 'response', side: Side): Generated[] {
  const removed = side.reports.map((r) => isRemoved(r.id));
  if (removed.some((r) => r !== removed[0])) throw new Error(`${id}: one case mixes lifecycles`);
  const transports = sideName === 'request' ? REQUEST_TRANSPORTS : RESPONSE_TRANSPORTS;
  const op = OPS[side.op];
  return transports.map((transport) => {
    const code = transport.code(op, side.text);
    const errors = side.reports.map((expected) => {
      const name = fields.find((f) => f.id === expected.id)!.field;
      const needle = expected.needle ?? (sideName === 'request' ? `${name}:` : name);
      const suggestions = (expected.suggest ?? []).map((s) => ({ messageId: s.messageId, data: s.data, output: transport.code(op, s.text) }));
      return report(expected.id, expected.subject, spot(code, side.text, needle, name, expected.occurrence ?? 0), suggestions);
    });
    const name = `${id}: ${sideName} via ${transport.name}`;
    return {
      removed: removed[0]!,
      invalid: { name, code, output: side.fixed === undefined ? null : transport.code(op, side.fixed), errors },
      valid: { name: `${name} (other lifecycle)`, code },
    };
  });
}

const generated = Object.entries(TABLE).flatMap(([id, cases]) => [
  ...(cases.request ? generate(id, 'request', cases.request) : []),
  ...(cases.response ? generate(id, 'response', cases.response) : []),
]);

/** The same payloads and reads against a service that is not Glean (other URL, other SDK package): never reported. */
const elsewhere: Valid[] = Object.entries(TABLE).flatMap(([id, cases]) =>
  (['request', 'response'] as const).flatMap((sideName) => {
    const side = cases[sideName];
    if (!side) return [];
    const transports = sideName === 'request' ? REQUEST_TRANSPORTS : RESPONSE_TRANSPORTS;
    return transports.map((transport) => ({ name: `${id}: ${sideName} via ${transport.name}, not Glean`, code: transport.code(foreign(OPS[side.op]), side.text) }));
  }),
);

describe('every register field is found where it is sent and where it is read', () => {
  tsRuleTester().run('no-removed: register fields', noRemoved, {
    // Each use is reported by exactly one lifecycle rule.
    valid: [...generated.filter((g) => !g.removed).map((g) => g.valid), ...elsewhere],
    invalid: generated.filter((g) => g.removed).map((g) => g.invalid),
  });
  tsRuleTester().run('no-deprecated: register fields', noDeprecated, {
    valid: [...generated.filter((g) => g.removed).map((g) => g.valid), ...elsewhere],
    invalid: generated.filter((g) => !g.removed).map((g) => g.invalid),
  });
});

/**
 * Owners beyond the register operation's own schema: `boardId` carries the Answer Boards notice on
 * the answer-creation and answer-edit requests too (the feature is removed), through the SDK and by URL.
 */
const BOARD_ON_CREATE = 'Field `boardId` of an answer being created (`AnswerCreationData`)';
const BOARD_ON_EDIT = 'Field `boardId` of an answer edit request (`EditAnswerRequest`)';
const otherOwners: Invalid[] = [
  ((code: string) => ({
    name: 'boardId on AnswerCreationData (SDK) and EditAnswerRequest (URL)',
    code,
    output: null,
    errors: [
      report('createannouncement.boardId', BOARD_ON_CREATE, spot(code, code, 'boardId: 3', 'boardId'), [
        { messageId: 'removeField', data: { name: 'boardId' }, output: code.replace(", boardId: 3 }", ' }') },
      ]),
      report('createannouncement.boardId', BOARD_ON_EDIT, spot(code, code, 'boardId: 4', 'boardId'), [
        { messageId: 'removeField', data: { name: 'boardId' }, output: code.replace(', boardId: 4 }', ' }') },
      ]),
    ],
  }))(
    `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean({ apiToken: 't', instance: 'acme' });\nawait glean.client.answers.create({ data: { question: 'Why?', boardId: 3 } });\nawait fetch('https://acme-be.glean.com/rest/api/v1/editanswer', { method: 'POST', body: JSON.stringify({ id: 7, boardId: 4 }) });`,
  ),
];

describe('a field deprecated on owners outside its register operation', () => {
  tsRuleTester().run('no-removed: boardId wherever answer boards appear', noRemoved, {
    valid: [
      // Another SDK's answers API with the same shape.
      `import { Client } from '@acme/answers';\nconst client = new Client();\nawait client.answers.create({ data: { question: 'Why?', boardId: 3 } });`,
    ],
    invalid: otherOwners,
  });
});

describe('the field cases cover the register', () => {
  const names = generated.map((g) => g.invalid.name ?? '');

  it('every register field has a table entry, and every entry is a register field', () => {
    expect(fields.map((f) => f.id).filter((id) => !TABLE[id])).toEqual([]);
    expect(Object.keys(TABLE).filter((id) => !fields.some((f) => f.id === id))).toEqual([]);
  });

  it('every register field has request cases unless it cannot be sent, and response cases unless it cannot be read', () => {
    for (const f of fields) {
      expect(Boolean(TABLE[f.id]?.request), `${f.id} request`).toBe(!NOT_SENT[f.id]);
      expect(Boolean(TABLE[f.id]?.response), `${f.id} response`).toBe(!NOT_READ[f.id]);
    }
  });

  it('every register field id names invalid cases, through every transport of each of its sides', () => {
    for (const f of fields) {
      const count = names.filter((name) => name.startsWith(`${f.id}: `)).length;
      const expected = (NOT_SENT[f.id] ? 0 : REQUEST_TRANSPORTS.length) + (NOT_READ[f.id] ? 0 : RESPONSE_TRANSPORTS.length);
      expect(count, f.id).toBe(expected);
    }
  });

  it('every owner type of every register field is reported by some case, with the subject that names it', () => {
    const subjects = new Set([...generated.map((g) => g.invalid), ...otherOwners].flatMap((invalid) => invalid.errors.map((e) => String(e.data?.subject))));
    for (const f of fields) {
      for (const owner of fieldOwners[f.id] ?? []) {
        expect([...subjects].some((subject) => subject.startsWith(`Field \`${f.field}\` of `) && subject.endsWith(`(\`${owner}\`)`)), `${f.id} on ${owner}`).toBe(true);
      }
    }
  });
});
