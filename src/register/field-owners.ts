/**
 * The schema types that own each deprecated register field, by register id, as the SDK's models
 * (`@gleanwork/api-client` 0.20.15, `src/models/components`) declare them. A field is deprecated
 * wherever its owner travels in a Glean request or response, and only there: `role` is a use on a
 * `ViewerInfo`, never on a chat message. A test checks every owner here against the generated SDK
 * schema (the property exists and the SDK marks it deprecated).
 *
 * Where the SDK places a field differently from the register's wording, the SDK decides:
 * - getanswer's "top level" `trackingToken` is `AnswerResult.trackingToken` (`answerResult` of the
 *   response), and its replacement `answer.trackingToken` is relative to that owner;
 * - the two `sensitiveInfoTypes` notices belong to two owners: `DlpConfig` (→ sensitiveContentOptions)
 *   and `SensitiveContentOptions` (→ customSensitiveExpressions);
 * - `enabled` and `anyoneWithLinkEnabled` are deprecated on both sharing-option types;
 * - `boardId` carries the same Answer Boards notice on `Answer`, `AnswerCreationData` and
 *   `EditAnswerRequest`: answer boards are removed as a feature, so it is a use on all three.
 *
 * Register fields without an entry (users' extra items) are matched at the top level of their
 * operation's request body and response.
 */
export const fieldOwners: Readonly<Record<string, readonly string[]>> = {
  'insights.searchSessionSatisfaction': ['InsightsOverviewResponse'],
  'getanswer.trackingToken': ['AnswerResult'],
  'getcollection.trackingToken': ['GetCollectionResponse'],
  'chat.citations': ['ChatMessage'],
  'indexemployee.location': ['EmployeeInfoDefinition'],
  'createannouncement.isNegated': ['FacetFilterValue'],
  'createannouncement.documents': ['RelatedDocuments'],
  'createannouncement.boardId': ['Answer', 'AnswerCreationData', 'EditAnswerRequest'],
  'createannouncement.snippet': ['SearchResultSnippet'],
  'createannouncement.inviteTime': ['InviteInfo'],
  'createannouncement.reminderTime': ['InviteInfo'],
  'createannouncement.reactions': ['DocumentInteractions'],
  'createannouncement.role': ['ViewerInfo'],
  'policy.sensitiveInfoTypes@sensitiveContentOptions': ['DlpConfig'],
  'policy.sensitiveInfoTypes@customSensitiveExpressions': ['SensitiveContentOptions'],
  'policy.sensitiveTerms': ['SensitiveContentOptions'],
  'policy.sensitiveRegexes': ['SensitiveContentOptions'],
  'policy.likelihoodThreshold': ['SensitiveInfoType'],
  'policy.urlGreenlist': ['InputOptions'],
  'policy.datasources': ['InputOptions'],
  'policy.externalSharingOptions': ['DlpConfig'],
  'policy.enabled': ['ExternalSharingOptions', 'SharingOptions'],
  'policy.anyoneWithLinkEnabled': ['ExternalSharingOptions', 'SharingOptions'],
};

/**
 * Properties the SDK marks deprecated that the register does not list, with the reason they are not
 * reported; the owner test fails on any SDK deprecation that is in neither table.
 */
export const unregisteredSdkDeprecations: Readonly<Record<string, string>> = {
  'ChatMessage.hasMoreFragments': 'not in the register (the SDK gives no removal date)',
};
