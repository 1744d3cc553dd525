import { PG_TEXT, type Migration } from './migration';

/*
 * The periodic sweep that tells webhooks of links whose end (valid_until) has passed: an index of
 * the links that have an end, read as a range between the last sweep and now, and the mark each
 * sweep leaves of how far it has looked (one row per sweep, by name), so no replica looks at the
 * same span twice and a restart takes up where the last sweep stopped. Which links were told of is
 * recorded per event in webhook_event_keys (migration 21).
 */
const INDEX = `
    CREATE INDEX shortlinks_valid_until ON shortlinks (valid_until, id) WHERE valid_until IS NOT NULL;`;

export default {
  version: 23,
  name: 'link expiry sweep',
  sqlite: `
    CREATE TABLE sweep_marks (
      name        TEXT PRIMARY KEY,
      swept_until TEXT NOT NULL
    );
    ${INDEX}
  `,
  postgres: `
    CREATE TABLE sweep_marks (
      name        ${PG_TEXT} PRIMARY KEY,
      swept_until ${PG_TEXT} NOT NULL
    );
    ${INDEX}
  `,
} satisfies Migration;
