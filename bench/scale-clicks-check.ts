/**
 * The scale bench's proof that the seeded click aggregates are what the product keeps: every sum
 * against the raw clicks, and migration 5 itself run over sampled days and links. Apart from
 * scale-clicks.ts because it writes nothing into the seeded database: it reads it from a private
 * in-memory one, once the seeding is done.
 */
import { migrateSqlite, MIGRATIONS, openMemorySqlite } from '../apps/api/src/db';
import { DAY } from './scale-click-model';
import { DIMENSIONS } from './scale-clicks';

/** The raw click's columns up to migration 5, which the aggregates check migrates its copy to. */
const V4_CLICK_COLUMNS = 'id, shortlink_id, clicked_at, referrer_host, country, device';

/**
 * Proves the seeded aggregates are what the product keeps. Every sum: the click counts, the totals
 * and each dimension of both tables add up to the raw clicks' count. Samples: migration 5 itself,
 * run in a private in-memory database over copies of the raw clicks of `days` (whole days) and of
 * `linkIds` (whole links), produces exactly the seeded rows of those days (all-links rows, and
 * per-link rows of every link clicked then; the per-link table's sums for those days match their
 * clicks, so no other link has rows there) and of those links, and their click counts. For the
 * `counted` links (too many clicks to copy cheaply), the raw count, click_count and each
 * dimension's sum agree. Throws on any difference; answers a line to print.
 */
export function checkAggregates(
  file: string,
  { days, links: linkIds, counted }: { days: string[]; links: number[]; counted: number[] },
): string {
  const check = openMemorySqlite().sqlite!;
  // The copied clicks' links stay in the seeded database; migration 5's sorts stay in memory.
  check.pragma('foreign_keys = OFF');
  check.pragma('temp_store = MEMORY');
  check.prepare('ATTACH ? AS seeded').run(file);
  const inDays = `day IN (SELECT value FROM json_each('${JSON.stringify(days)}'))`;
  const inLinks = (column: string) => `${column} IN (SELECT value FROM json_each('${JSON.stringify(linkIds)}'))`;
  const value = (query: string) => check.prepare(query).pluck().get() as number;
  const clicks = value('SELECT count(*) FROM seeded.shortlink_clicks');
  const sums: [string, unknown][] = [
    ['shortlink_totals.clicks', value('SELECT clicks FROM seeded.shortlink_totals')],
    ['the sum of click_count', value('SELECT sum(click_count) FROM seeded.shortlinks')],
  ];
  // One scan per table, the dimensions summed side by side (a GROUP BY dimension would sort the
  // per-link table, whose key starts with the link); the sampled days' sums come with it.
  const daySums: number[] = [];
  const totalsRow = check
    .prepare(
      `SELECT ${DIMENSIONS.map(({ name }) => `sum(clicks) FILTER (WHERE dimension = '${name}')`).join(', ')}
       FROM seeded.click_value_totals`,
    )
    .raw()
    .get() as number[];
  DIMENSIONS.forEach(({ name }, d) => sums.push([`click_value_totals ${name}`, totalsRow[d]]));
  for (const table of ['click_daily_stats', 'shortlink_daily_stats']) {
    const row = check
      .prepare(
        `SELECT ${DIMENSIONS.map(({ name }) => `sum(clicks) FILTER (WHERE dimension = '${name}')`).join(', ')},
                coalesce(sum(clicks) FILTER (WHERE ${inDays}), 0)
         FROM seeded.${table}`,
      )
      .raw()
      .get() as number[];
    DIMENSIONS.forEach(({ name }, d) => sums.push([`${table} ${name}`, row[d]]));
    daySums.push(row[DIMENSIONS.length]!);
  }
  if (sums.some(([, sum]) => sum !== clicks)) {
    throw new Error(
      `aggregates check: ${clicks} raw clicks, but ${sums.map(([what, sum]) => `${what} ${String(sum)}`).join(', ')}`,
    );
  }

  migrateSqlite(
    check,
    MIGRATIONS.filter((migration) => migration.version < 5),
  );
  // One statement per day and per link, each a range of its index (clicked_at, shortlink_id). The
  // columns by name: this copy is at version 4, the seeded table has the later ones too.
  const copyDay = check.prepare(
    `INSERT INTO shortlink_clicks (${V4_CLICK_COLUMNS}) SELECT ${V4_CLICK_COLUMNS} FROM seeded.shortlink_clicks
     WHERE clicked_at >= ? AND clicked_at < ?`,
  );
  for (const day of days) copyDay.run(day, new Date(Date.parse(day) + DAY * 1000).toISOString().slice(0, 10));
  const dayClicks = value('SELECT count(*) FROM shortlink_clicks');
  const copyLink = check.prepare(
    `INSERT OR IGNORE INTO shortlink_clicks (${V4_CLICK_COLUMNS}) SELECT ${V4_CLICK_COLUMNS} FROM seeded.shortlink_clicks
     WHERE shortlink_id = ?`,
  );
  for (const id of linkIds) copyLink.run(id);
  migrateSqlite(
    check,
    MIGRATIONS.filter((migration) => migration.version === 5),
  );
  const differences = (ours: string, theirs: string) =>
    value(`SELECT count(*) FROM (${ours} EXCEPT ${theirs})`) + value(`SELECT count(*) FROM (${theirs} EXCEPT ${ours})`);
  const linkRows = (schema: string, where: string) =>
    `SELECT shortlink_id, dimension, day, value, clicks FROM ${schema}.shortlink_daily_stats WHERE ${where}`;
  const clicked = 'shortlink_id IN (SELECT shortlink_id FROM main.shortlink_clicks)';
  const mismatches =
    differences(
      `SELECT dimension, day, value, clicks FROM main.click_daily_stats WHERE ${inDays}`,
      `SELECT dimension, day, value, clicks FROM seeded.click_daily_stats WHERE ${inDays}`,
    ) +
    differences(linkRows('main', inDays), linkRows('seeded', `${clicked} AND ${inDays}`)) +
    differences(linkRows('main', inLinks('shortlink_id')), linkRows('seeded', inLinks('shortlink_id'))) +
    differences(
      `SELECT shortlink_id, count(*) FROM main.shortlink_clicks WHERE ${inLinks('shortlink_id')} GROUP BY shortlink_id`,
      `SELECT id, click_count FROM seeded.shortlinks WHERE ${inLinks('id')} AND click_count > 0`,
    );
  const early = value(
    `SELECT count(*) FROM main.shortlink_clicks c JOIN seeded.shortlinks s ON s.id = c.shortlink_id
     WHERE c.clicked_at < s.created_at`,
  );
  const sampled = value('SELECT count(*) FROM main.shortlink_clicks');
  const miscounted = counted.filter((id) => {
    const totals = check
      .prepare(
        `SELECT (SELECT count(*) FROM seeded.shortlink_clicks WHERE shortlink_id = $id),
                (SELECT click_count FROM seeded.shortlinks WHERE id = $id),
                ${DIMENSIONS.map(({ name }) => `(SELECT sum(clicks) FROM seeded.shortlink_daily_stats WHERE shortlink_id = $id AND dimension = '${name}')`).join(', ')}`,
      )
      .raw()
      .get({ id }) as number[];
    return totals.some((total) => total !== totals[0]);
  });
  check.close();
  const problems = [
    mismatches > 0 && `${mismatches} rows differ from migration 5's over the sampled clicks`,
    daySums.some((sum) => sum !== dayClicks * DIMENSIONS.length) &&
      `the sampled days have ${dayClicks} clicks but aggregates of ${daySums.join(' and ')} (want 3 × clicks)`,
    early > 0 && `${early} sampled clicks before their link's creation`,
    miscounted.length > 0 && `links ${miscounted.join(', ')} have totals that disagree`,
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`aggregates check: ${problems.join('; ')}`);
  return (
    `aggregates check: OK (${clicks.toLocaleString('en')} clicks in every sum; days ${days.join(', ')} and ` +
    `links ${linkIds.join(', ')} as migration 5 counts their ${sampled.toLocaleString('en')} raw clicks; ` +
    `link ${counted.join(', ')}'s totals)`
  );
}
