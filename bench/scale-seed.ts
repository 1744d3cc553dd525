/**
 * The scale bench's database (scale.bench.ts): a million links with tags and search terms, ten
 * million clicks with their aggregates (scale-clicks.ts) and ten thousand posts, written as bulk SQL
 * straight into a fresh SQLite file. Run in a process of its own (scale.bench.ts, seedInChild).
 *
 * The clicks follow a model of real traffic (scale-click-model.ts): each after its link's creation,
 * most in the link's first days, a few links with most of the clicks and many with one or none,
 * inserted in time order. The bench reads the analytics of the most-clicked link, the most rows
 * any link has. The generator before spread the clicks evenly over days and links whatever their
 * creation (half came before their link existed; every link had exactly 10, so sorting by clicks
 * sorted ties), which made nearly every (link, day) a row of its own: 30 million aggregate rows,
 * built by migration 5's backfill, six sorts of all 10 million clicks, 160 of the 250 seconds the
 * seeding took here. Now every migration runs on the empty database first; a second process counts
 * the aggregates (12 million rows) in one pass and appends them in key order while this one writes
 * the links and the raw clicks, and they are copied in; a check then compares every sum with the
 * raw clicks and runs migration 5 itself over sampled days and links (OK, or it throws). At full
 * size on this 2-core machine the seeding took 97 s with other work running (load average about
 * 2; the old seeding took 355 s under a like load, about 250 s on a quiet machine), and the
 * database is 2.2 GB instead of 3.0 GB.
 */
import path from 'node:path';
import { migrateSqlite, openSqlite } from '../apps/api/src/db';
import { excerpt, sanitizeHtml } from '../apps/api/src/services/html-sanitizer';
import { clickCounts, clickKeys, type ClickModel } from './scale-click-model';
import { copyDailyStats, dailyStatsAside, writeClicks } from './scale-clicks';
import { checkAggregates } from './scale-clicks-check';

/** How much to seed (SCALE_LINKS, SCALE_CLICKS, SCALE_DAYS, SCALE_POSTS). */
export interface SeedSizes {
  links: number;
  clicks: number;
  days: number;
  posts: number;
}

/**
 * Every migration on the empty database first; then bulk SQL for links, tags, search terms and
 * posts, and the clicks with their aggregates from scale-clicks.ts (its header has why the
 * aggregates are counted there rather than by migration 5's backfill; scale-click-model.ts's has the
 * click model).
 */
export async function seed(dataDir: string, sizes: SeedSizes): Promise<void> {
  const file = path.join(dataDir, 'toolvault.db');
  const storage = openSqlite(dataDir);
  const db = storage.sqlite!;
  db.pragma('synchronous = OFF');
  // The seeding connection only: 1 GiB of page cache, and sorts (CREATE INDEX) in memory instead
  // of temporary files. Foreign keys off: every row is written consistent (checked at the end),
  // and the check costs a parent lookup per click.
  db.pragma('cache_size = -1048576');
  db.pragma('temp_store = MEMORY');
  db.pragma('foreign_keys = OFF');
  migrateSqlite(db);
  const { links, clicks, days, posts } = sizes;
  const today = new Date().toISOString().slice(0, 10);
  const model: ClickModel = { links, clicks, days, origin: Math.floor(Date.now() / 1000) - days * 86_400 };
  const origin = new Date(model.origin * 1000).toISOString();
  const timed = <T>(label: string, work: () => T): T => {
    const start = performance.now();
    const result = db.transaction(work)();
    console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    return result;
  };
  const step = (label: string, sql: string) => timed(label, () => db.exec(sql));
  // Index maintenance row by row is the slow part of a bulk insert: these indexes are built once
  // their rows are in, from the definitions the migrations gave them. (The clicks come in time
  // order, so their clicked_at index only grows at its end: kept, that costs less than a rebuild.)
  const deferred = new Map(
    (
      db
        .prepare(
          `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN
             ('shortlinks_clicks', 'shortlink_clicks_shortlink_id_clicked_at', 'shortlink_tags_newest',
              'shortlink_tags_shortlink_id', 'shortlink_search_shortlink_id', 'shortlink_search_day')`,
        )
        .all() as { name: string; sql: string }[]
    ).map(({ name, sql }) => [name, sql]),
  );
  for (const name of deferred.keys()) db.exec(`DROP INDEX ${name}`);
  const createIndexes = (...names: string[]) =>
    names
      .map((name) => {
        // A migration that renames one of these indexes must be followed here, or the seed fails.
        const definition = deferred.get(name);
        if (definition === undefined)
          throw new Error(`The seed defers index ${name}, which the migrations no longer make`);
        return `${definition};`;
      })
      .join('\n');

  const aggregatesStart = performance.now();
  const aggregatesFile = path.join(dataDir, 'seed-aggregates.db');
  const aggregates = dailyStatsAside(model, aggregatesFile);
  // Not awaited yet: if the main part fails first, the rejection must not go unhandled.
  aggregates.catch(() => undefined);
  const counts = timed('click model (clicks per link)', () => clickCounts(model));
  timed('links', () => {
    // One row per element of the click counts' JSON array: link i is element i - 1 and has its
    // click_count. created_at: i * span / links seconds into the window (integer division), as the
    // click model has it (createdAfter).
    db.prepare(
      `WITH n(i, clicks) AS (SELECT key + 1, value FROM json_each(?))
       INSERT INTO shortlinks (id, short_code, target_url, title, tags, created_at, redirect_mode, click_count)
       SELECT i, 'L' || i, 'https://site' || (i % 1000) || '.example/path/' || i, 'Link ' || i || ' about ' || (i % 97),
              '["tag' || (i % 100) || '","group' || (i % 7) || '"]',
              strftime('%Y-%m-%dT%H:%M:%fZ', '${origin}', '+' || (i * ${days * 86_400} / ${links}) || ' seconds'),
              CASE WHEN i % 10 = 0 THEN 'direct' ELSE 'preview' END, clicks
       FROM n`,
    ).run(JSON.stringify(Array.from(counts)));
    db.exec(`${createIndexes('shortlinks_clicks')}
             UPDATE shortlink_totals SET links = ${links}, clicks = ${clicks};
             INSERT INTO shortlink_daily_created (day, links)
               SELECT substr(created_at, 1, 10), count(*) FROM shortlinks GROUP BY substr(created_at, 1, 10)`);
  });
  step(
    'tags',
    `INSERT INTO shortlink_tags (shortlink_id, tag, created_at)
       SELECT id, 'tag' || (id % 100), created_at FROM shortlinks
       UNION ALL SELECT id, 'group' || (id % 7), created_at FROM shortlinks;
     ${createIndexes('shortlink_tags_newest', 'shortlink_tags_shortlink_id')}
     INSERT INTO shortlink_tag_counts (tag, count) SELECT tag, count(*) FROM shortlink_tags GROUP BY tag`,
  );
  step(
    'search terms',
    `DELETE FROM shortlink_search;
     INSERT INTO shortlink_search (term, shortlink_id, created_day)
       SELECT lower(short_code), id, substr(created_at, 1, 10) FROM shortlinks
       UNION ALL SELECT lower(title), id, substr(created_at, 1, 10) FROM shortlinks
       UNION ALL SELECT substr(target_url, 9), id, substr(created_at, 1, 10) FROM shortlinks
       UNION ALL SELECT tag, shortlink_id, substr(created_at, 1, 10) FROM shortlink_tags
       ORDER BY 1, 2;
     ${createIndexes('shortlink_search_shortlink_id', 'shortlink_search_day')}`,
  );
  const keys = timed('click model (click times)', () => clickKeys(model, counts));
  timed('clicks (time order)', () => writeClicks(db, model, keys));
  step('click index by link', createIndexes('shortlink_clicks_shortlink_id_clicked_at'));
  const statRows = await aggregates;
  console.log(
    `  daily aggregates, counted alongside by a second process: done ${((performance.now() - aggregatesStart) / 1000).toFixed(1)} s after it started`,
  );
  const copyStart = performance.now();
  copyDailyStats(db, aggregatesFile);
  console.log(`  daily aggregates copied in: ${((performance.now() - copyStart) / 1000).toFixed(1)} s`);
  step('posts', seedPostsSql(db, posts, today));
  const start = performance.now();
  db.exec('ANALYZE');
  console.log(`  ANALYZE: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  // Closes the checkpointer's thread too (the handle alone would leave it holding the process).
  await storage.close();

  const ranked = Uint32Array.from(counts).sort().reverse();
  const top = counts.indexOf(ranked[0]!) + 1;
  console.log(
    `  ${statRows.toLocaleString('en')} per-link daily rows; the most-clicked link (${top}) has ` +
      `${ranked[0]!.toLocaleString('en')} clicks, the 100th most ${ranked[99]?.toLocaleString('en')}, ` +
      `${counts.filter((count) => count === 0).length.toLocaleString('en')} links none`,
  );
  const checkStart = performance.now();
  const dayOf = (secondsBeforeEnd: number) =>
    new Date((model.origin + days * 86_400 - secondsBeforeEnd) * 1000).toISOString().slice(0, 10);
  const sample = {
    days: [...new Set([dayOf((days * 86_400) / 2), dayOf(86_400), dayOf(0)])],
    links: [
      ...new Set([
        17,
        Math.ceil(links / 2),
        counts.findLastIndex((count) => count > 0) + 1,
        counts.indexOf(ranked[99] ?? 0) + 1,
      ]),
    ].filter((id) => id >= 1 && id <= links),
    counted: [top],
  };
  console.log(`  ${checkAggregates(file, sample)}`);
  console.log(`  check: ${((performance.now() - checkStart) / 1000).toFixed(1)} s`);
}

/** What a post of each topic says; the seeded posts cycle through them. */
const POST_TOPICS = [
  [
    'guides',
    'Hashing files with SHA-256',
    ['hashing', 'security'],
    'A checksum tells you whether the file you downloaded is the one the author published. This guide walks through computing SHA-256 digests in the browser, comparing them, and what a mismatch really means.',
  ],
  [
    'tools',
    'Compressing photos without visible loss',
    ['images', 'performance'],
    'Most photos from a phone are several megabytes larger than they need to be. We look at quality settings, resizing and modern formats, and at how to judge the result by eye rather than by numbers.',
  ],
  [
    'news',
    'What changed in this release',
    ['release', 'changelog'],
    'This release brings faster lists in the shortlink manager, a calmer cookie banner and a handful of fixes reported by readers. Here is what changed, why, and what you may notice when you update.',
  ],
  [
    'guides',
    'Strong passwords you can remember',
    ['passwords', 'security'],
    'Long passphrases made of random words beat short strings of symbols, and they are easier to type. We explain how many words are enough, where the randomness must come from, and how to store them.',
  ],
  [
    'tools',
    'Reading text from screenshots',
    ['ocr', 'images'],
    'Optical character recognition turns a screenshot into text you can search and copy. Accuracy depends on contrast, size and language; these are the settings and habits that make the biggest difference.',
  ],
  [
    'news',
    'Notes from the maintainers',
    ['community'],
    'A short look back at the questions readers sent in this month, the tools people used most, and the small improvements that came straight from your messages. Thank you for writing to us.',
  ],
] as const;

/**
 * Blog posts as the editor saves them: a title, an author, a category, tags, several paragraphs
 * with a heading, a list and a code sample (sanitized as on save) and the excerpt written with
 * them, published, spread over about three years, newest with the highest id. Returns the SQL.
 */
function seedPostsSql(db: NonNullable<ReturnType<typeof openSqlite>['sqlite']>, posts: number, today: string): string {
  db.exec(`INSERT INTO categories (slug, name, description) VALUES
             ('news', 'News', 'Releases and announcements'),
             ('guides', 'Guides', 'How to get things done with the tools'),
             ('tools', 'Tools', 'A closer look at one tool');
           CREATE TEMP TABLE post_topics (k INTEGER PRIMARY KEY, category TEXT, title TEXT, tags TEXT,
             head TEXT, tail TEXT, excerpt TEXT)`);
  const insert = db.prepare('INSERT INTO post_topics VALUES (?, ?, ?, ?, ?, ?, ?)');
  POST_TOPICS.forEach(([category, title, tags, intro], k) => {
    // The post's number goes where NUMBER is; it is after the excerpt's 160 characters, so the
    // excerpt of the template is the post's.
    const html = sanitizeHtml(
      `<p>${intro}</p><h2>Before you start</h2><p>${LOREM}</p><ul><li>A recent browser; nothing to install.</li>` +
        `<li>A file or an image of your own to try it on.</li><li>Ten quiet minutes.</li></ul><h2>Step by step</h2>` +
        `<p>${LOREM}</p><pre><code>sha256sum toolvault-NUMBER.tar.gz</code></pre><p>${LOREM}</p>` +
        `<blockquote><p>${LOREM.slice(0, 200)}</p></blockquote><p>This is post NUMBER of the series.</p>`,
    );
    const [head, tail] = splitFirst(html);
    insert.run(k, category, title, JSON.stringify(tags), head, tail, excerpt(html));
  });
  const spread = Math.floor((1000 * 86400) / posts);
  return `INSERT INTO blog_posts (slug, title, author, category_id, content, excerpt, tags, published, view_count, created_at, updated_at)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${posts})
     SELECT lower(replace(t.title, ' ', '-')) || '-' || i, t.title || ', part ' || i,
            CASE i % 3 WHEN 0 THEN 'Ada Park' WHEN 1 THEN 'Sam Okafor' ELSE 'Lena Weiss' END,
            (SELECT id FROM categories WHERE slug = t.category),
            t.head || i || replace(t.tail, 'NUMBER', i), t.excerpt, t.tags, 1, (i * 7919) % 5000,
            strftime('%Y-%m-%dT%H:%M:%fZ', '${today}', '-' || ((${posts} - i) * ${spread}) || ' seconds'),
            strftime('%Y-%m-%dT%H:%M:%fZ', '${today}', '-' || ((${posts} - i) * ${spread}) || ' seconds')
     FROM n JOIN post_topics t ON t.k = i % ${POST_TOPICS.length}`;
}

const LOREM =
  'Start with the smallest example that shows the idea, then change one thing at a time and watch what ' +
  'happens. Keep notes as you go: the settings you tried, what you expected, and what you saw instead. ' +
  'When something surprises you, go back one step and try again before moving on; most mistakes are ' +
  'found this way long before they reach anyone else.';

/** The HTML before the first NUMBER, and the rest after it. */
function splitFirst(html: string): [string, string] {
  const at = html.indexOf('NUMBER');
  return [html.slice(0, at), html.slice(at + 'NUMBER'.length)];
}
