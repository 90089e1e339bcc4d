/**
 * What importing the slices in fixtures/register-sources gives, written out by hand, for the tests
 * of the importer and of the command.
 */

/** The two properties client.yaml marks that the built-in register does not list. */
export const CLIENT_SPEC_NEW_ITEMS = [
  {
    id: 'createannouncement.inviter',
    kind: 'field',
    field: 'inviter',
    owners: ['InviteInfo'],
    category: 'Client API',
    announced: '2026-02-05',
    removal: '2026-10-15',
    operation: { method: 'POST', path: '/rest/api/v1/createannouncement' },
    replacement: { kind: 'restructure', to: ['ChannelInviteInfo'] },
    note: 'Use ChannelInviteInfo instead',
    noticeIds: ['1d3cd23f-9085-4378-b466-9bdc2e344a71'],
  },
  {
    id: 'insights.gleanAssist',
    kind: 'field',
    field: 'gleanAssist',
    owners: ['InsightsResponse'],
    category: 'Client API',
    announced: '2026-02-05',
    removal: '2026-10-15',
    operation: { method: 'POST', path: '/rest/api/v1/insights' },
    replacement: { kind: 'none', note: 'Field is deprecated' },
    note: 'Field is deprecated',
    noticeIds: ['15850758-4d95-4d98-8d57-39c50663a796'],
  },
];

/** What `register import variants/index-announced.yaml feed.json` prints, run in fixtures/register-sources. */
export const UNDATED_SPEC_AND_FEED_DISAGREE = [
  'eslint-plugin-glean: cannot import: the sources disagree, and their dates do not tell which is newer (2):',
  '  index.getdocumentcount removal: 2027-03-01 in variants/index-announced.yaml (undated); 2026-10-15 in feed.json (2026-08-20)',
  '  index.bulkindexemployees removal: 2027-01-15 in variants/index-announced.yaml (undated); 2026-10-15 in feed.json (2026-08-20)',
  'Give an undated source the date of its last change (--date), or leave out the source that is out of date. Nothing was written.',
].join('\n');
