import { PG_ID, PG_TEXT, type Migration } from './migration';

export default {
  version: 2,
  name: 'shortlinks and their clicks',
  // Codes compare case-sensitively: generated codes use both cases.
  // Times are ISO 8601 UTC text, so text order is time order and substr(…, 1, 10) is the UTC day.
  sqlite: `
    CREATE TABLE shortlinks (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      short_code  TEXT NOT NULL UNIQUE,
      target_url  TEXT NOT NULL,
      title       TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      meta_image  TEXT NOT NULL DEFAULT '',
      tags        TEXT NOT NULL DEFAULT '[]',
      click_count INTEGER NOT NULL DEFAULT 0 CHECK (click_count >= 0),
      created_at  TEXT NOT NULL
    );
    CREATE INDEX shortlinks_created_at ON shortlinks (created_at);
    CREATE INDEX shortlinks_click_count ON shortlinks (click_count);
    CREATE TABLE shortlink_clicks (
      id            INTEGER PRIMARY KEY AUTOINCREMENT,
      shortlink_id  INTEGER NOT NULL REFERENCES shortlinks (id) ON DELETE CASCADE,
      clicked_at    TEXT NOT NULL,
      referrer_host TEXT,
      country       TEXT,
      device        TEXT NOT NULL CHECK (device IN ('desktop', 'mobile', 'tablet'))
    );
    CREATE INDEX shortlink_clicks_shortlink_id ON shortlink_clicks (shortlink_id);
    CREATE INDEX shortlink_clicks_clicked_at ON shortlink_clicks (clicked_at);
  `,
  postgres: `
    CREATE TABLE shortlinks (
      ${PG_ID},
      short_code  ${PG_TEXT} NOT NULL UNIQUE,
      target_url  TEXT NOT NULL,
      title       TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      meta_image  TEXT NOT NULL DEFAULT '',
      tags        TEXT NOT NULL DEFAULT '[]',
      click_count INTEGER NOT NULL DEFAULT 0 CHECK (click_count >= 0),
      created_at  ${PG_TEXT} NOT NULL
    );
    CREATE INDEX shortlinks_created_at ON shortlinks (created_at);
    CREATE INDEX shortlinks_click_count ON shortlinks (click_count);
    CREATE TABLE shortlink_clicks (
      ${PG_ID},
      shortlink_id  INTEGER NOT NULL REFERENCES shortlinks (id) ON DELETE CASCADE,
      clicked_at    ${PG_TEXT} NOT NULL,
      referrer_host ${PG_TEXT},
      country       ${PG_TEXT},
      device        ${PG_TEXT} NOT NULL CHECK (device IN ('desktop', 'mobile', 'tablet'))
    );
    CREATE INDEX shortlink_clicks_shortlink_id ON shortlink_clicks (shortlink_id);
    CREATE INDEX shortlink_clicks_clicked_at ON shortlink_clicks (clicked_at);
  `,
} satisfies Migration;
