/**
 * How a report names the owner of a deprecated field: in the reader's words, as their code meets the
 * value, keyed by the SDK schema type name (a test checks that every owner type in `field-owners.ts`
 * has one and that each is a type of the SDK's schema).
 */
export const ownerDescriptions: Readonly<Record<string, string>> = {
  Answer: 'an answer',
  AnswerCreationData: 'an answer being created',
  AnswerResult: 'an answer result',
  ChatMessage: 'a chat message',
  DlpConfig: 'a data policy config',
  DocumentInteractions: 'a document’s interactions',
  EditAnswerRequest: 'an answer edit request',
  EmployeeInfoDefinition: 'an indexed employee',
  ExternalSharingOptions: 'external sharing options',
  FacetFilterValue: 'a facet filter value',
  GetCollectionResponse: 'a collection response',
  InputOptions: 'a data policy’s input options',
  InsightsOverviewResponse: 'an insights overview',
  InviteInfo: 'a person’s invite info',
  RelatedDocuments: 'a related-documents entry',
  SearchResultSnippet: 'a search result snippet',
  SensitiveContentOptions: 'sensitive content options',
  SensitiveInfoType: 'a sensitive info type',
  SharingOptions: 'sharing options',
  ViewerInfo: 'a document’s viewer info',
};
