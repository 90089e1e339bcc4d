/**
 * The ids Glean gives its published deprecation notices (`x-glean-deprecated.id` in the OpenAPI specs,
 * `id` in the developer site's feed) for the built-in items, by register id. They are how
 * `register import` tells a changed date or replacement of a known item from a new item.
 *
 * `policy.externalSharingOptions` has two: the spec marks both the `DlpConfig` property and the
 * `ExternalSharingOptions` schema it holds, and the feed lists the schema's. The five agents items are
 * in neither source (the SDK's JSDoc announces them), so they have none.
 */
export const noticeIds: Readonly<Record<string, readonly string[]>> = {
  'insights.searchSessionSatisfaction': ['2652ea73-3e33-4409-ba8c-bda7b60a2c24'],
  'getanswer.trackingToken': ['62de643b-f182-4d4d-a2fc-5e2cbfee7320'],
  'getcollection.trackingToken': ['2d6ca3a7-4763-4137-9ebd-740568fe8300'],
  'chat.citations': ['6446f85e-c90e-4c00-9717-796f9db3dc61'],
  'indexemployee.location': ['a7f6fbaa-0eaf-4c0c-a4f5-ab90347f73fd'],
  'createannouncement.isNegated': ['75a48c79-b36a-4171-a0a0-4af7189da66e'],
  'createannouncement.documents': ['68de0429-b0cc-4b40-8061-f848788079a2'],
  'createannouncement.boardId': ['3729bc64-8859-4159-b93c-ce2d5f0e7304'],
  'createannouncement.snippet': ['e55ddf30-7c47-43a5-b775-d78f8b29411a'],
  'createannouncement.inviteTime': ['2dc3f572-cded-483d-af07-fc9fc7fd0ae4'],
  'createannouncement.reminderTime': ['d02d58cf-eb90-45d0-ab90-f7a9d707ae3c'],
  'createannouncement.reactions': ['cd754845-6eec-480f-b395-c93478aff563'],
  'createannouncement.role': ['fbc55efe-3e6c-485c-8b60-bab574c3813b'],
  'policy.sensitiveInfoTypes@sensitiveContentOptions': ['60d6d182-e9d0-448d-af75-137f68bbdcbf'],
  'policy.sensitiveInfoTypes@customSensitiveExpressions': ['3497cb1c-f7aa-42d8-81b8-309c3adeed84'],
  'policy.sensitiveTerms': ['b0713b37-472e-4c29-80ba-6f5d6f2b449c'],
  'policy.sensitiveRegexes': ['a26e1920-36b6-4c0f-981f-57b09a9ebce3'],
  'policy.likelihoodThreshold': ['d45039ec-d6f6-47ba-93b7-ab2307b07f84'],
  'policy.urlGreenlist': ['e022aaa5-56e6-4b57-bca3-b11943da76a0'],
  'policy.datasources': ['97e35970-e0ed-4248-be13-2af8c22e7894'],
  'policy.externalSharingOptions': ['6484ec17-a133-4176-b2ce-28e25b0e9065', '7c9e4a1d-3f8b-4e2c-9a5d-6b0f1c8e2d4a'],
  'policy.enabled': ['e9260be6-209b-4ce2-a4b3-f7f22879dd86'],
  'policy.anyoneWithLinkEnabled': ['30646ced-e0db-43ef-8412-64a67c5d0f53'],
  'index.bulkindexemployees': ['ce596f49-55c4-465e-bf3c-5a3a33906e1f'],
  'index.getdocumentcount': ['c164089c-9412-4724-acf6-caf3b0d2a527'],
  'index.getdocumentstatus': ['7eec0433-78fd-49f9-a34f-cca83640ec24'],
  'index.getusercount': ['4f5df873-385e-4539-8183-cb764b0f06b9'],
  listanswers: ['4c0923bd-64c7-45b9-99a5-b36f2705e618'],
};
