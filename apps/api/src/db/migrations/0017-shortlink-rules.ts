import { type Migration } from './migration';

/*
 * Per-link rules: a window of validity (UTC ISO text, compared as text: the API stores every instant
 * as toISOString), a visit limit, a fallback URL for visitors of an inactive link, and the status of
 * a 'direct' link's redirect. Existing links get none of the rules and their 302.
 */
const COLUMNS = `
ALTER TABLE shortlinks ADD COLUMN valid_from TEXT;
ALTER TABLE shortlinks ADD COLUMN valid_until TEXT;
ALTER TABLE shortlinks ADD COLUMN max_visits INTEGER;
ALTER TABLE shortlinks ADD COLUMN fallback_url TEXT;
ALTER TABLE shortlinks ADD COLUMN redirect_status INTEGER NOT NULL DEFAULT 302;
`;

export default {
  version: 17,
  name: 'shortlink rules',
  sqlite: COLUMNS,
  postgres: COLUMNS,
} satisfies Migration;
