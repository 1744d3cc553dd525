/**
 * The clicks `pnpm bench scale` seeds and their daily aggregates, written in bulk on SQLite.
 *
 * The click model, deterministic (a seeded generator and hashes; only the dates move with the day
 * the bench runs):
 * - Link i (1..links) is created `createdAfter(i)` seconds after the window's start, evenly over
 *   the window (the bench's links SQL uses the same integer arithmetic).
 * - Popularity is Zipf-like (exponent 1) over a shuffled order of the links: a few links get a large
 *   share of the clicks, most get one or two, some none.
 * - A link's clicks come after its creation and thin out with its age: 70 % in a burst (mean age
 *   2 days), the rest in a long tail (mean age 60 days), cut at the end of the window. A link's
 *   share of the clicks is its popularity times the part of its lifetime clicks it has had by then,
 *   so a link created yesterday has had few; the counts sum to exactly `clicks` (cumulative rounding).
 * - Referrer, country and device are hashes of (link, second), skewed like real traffic: no
 *   referrer for 30 %, the link's own main source for 40 %, else a Zipf draw over 200 hosts; an
 *   unknown country for 8 %, else a Zipf draw over 60; mobile 55 %, desktop 38 %, tablet 7 %.
 *
 * The raw clicks are inserted in time order, so their ids follow clicked_at as in a live database.
 * The aggregates are counted in one pass over the clicks, link by link, and inserted in primary-key
 * order (appends at the end of each b-tree), instead of migration 5's six GROUP BYs over the
 * finished table (each a sort of every click). A second process does that (`dailyStatsAside`, the
 * machine's other core) into a file of its own while this one writes the links and the raw clicks;
 * its tables are then copied in whole. They are what migration 5 would produce, and
 * `checkAggregates` proves it on samples by running migration 5 itself over their raw clicks.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrateSqlite, MIGRATIONS, openMemorySqlite } from '../apps/api/src/db';

/** The raw click's columns up to migration 5, which the aggregates check migrates its copy to. */
const V4_CLICK_COLUMNS = 'id, shortlink_id, clicked_at, referrer_host, country, device';

type Sqlite = NonNullable<ReturnType<typeof openMemorySqlite>['sqlite']>;

const DAY = 86_400;

export interface ClickModel {
  links: number;
  clicks: number;
  days: number;
  /** The window's start, whole seconds since the epoch; it ends `days` days later. */
  origin: number;
}

/** Seconds from the window's start to link `id`'s creation: `id * span / links`, in integers. */
export function createdAfter(model: ClickModel, id: number): number {
  const scaled = id * model.days * DAY;
  return (scaled - (scaled % model.links)) / model.links;
}

/** The two parts of a link's clicks by age: share and mean age in seconds. */
const BURST = { share: 0.7, mean: 2 * DAY };
const TAIL = { share: 0.3, mean: 60 * DAY };

/** The part of a link's lifetime clicks that come in its first `age` seconds. */
function lifetimeShare(age: number): number {
  return BURST.share * -Math.expm1(-age / BURST.mean) + TAIL.share * -Math.expm1(-age / TAIL.mean);
}

/**
 * Clicks per link (index id - 1), summing to exactly `model.clicks`. Cumulative rounding: link i
 * gets round(C·W_i/W) - round(C·W_{i-1}/W) of the running weight sums W_i.
 */
export function clickCounts(model: ClickModel): Uint32Array {
  const { links, clicks, days } = model;
  const random = sfc32(0x5eed_0001);
  const rank = new Uint32Array(links);
  for (let index = 0; index < links; index += 1) rank[index] = index + 1;
  for (let index = links - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [rank[index], rank[other]] = [rank[other]!, rank[index]!];
  }
  const weights = new Float64Array(links);
  let total = 0;
  for (let id = 1; id <= links; id += 1) {
    const weight = lifetimeShare(days * DAY - createdAfter(model, id)) / rank[id - 1]!;
    weights[id - 1] = weight;
    total += weight;
  }
  const counts = new Uint32Array(links);
  let running = 0;
  let given = 0;
  for (let index = 0; index < links; index += 1) {
    running += weights[index]!;
    // The last running sum is `total` itself (the same additions in the same order): exactly `clicks`.
    const upTo = Math.round((clicks * running) / total);
    counts[index] = upTo - given;
    given = upTo;
  }
  return counts;
}

/**
 * Every click as one number, grouped by link (link 1's first, in `counts` order):
 * secondsAfterOrigin * (links + 1) + linkId. Exact in a double while that stays below 2^53, and
 * sorting the numbers sorts the clicks by time.
 */
export function clickKeys(model: ClickModel, counts: Uint32Array): Float64Array {
  const { links, clicks, days } = model;
  const stride = links + 1;
  if (days * DAY * stride >= Number.MAX_SAFE_INTEGER) throw new Error('too many links × days for the click keys');
  const random = sfc32(0x5eed_0002);
  const keys = new Float64Array(clicks);
  let at = 0;
  for (let id = 1; id <= links; id += 1) {
    const count = counts[id - 1]!;
    if (count === 0) continue;
    const created = createdAfter(model, id);
    const age = days * DAY - created;
    // Which part a click belongs to, weighed by how much of each part the link's age has seen; then
    // an age drawn from that part's exponential law cut at the link's age (inverse CDF).
    const burstSeen = -Math.expm1(-age / BURST.mean);
    const tailSeen = -Math.expm1(-age / TAIL.mean);
    const burstWeight = BURST.share * burstSeen;
    const allWeight = burstWeight + TAIL.share * tailSeen;
    for (let k = 0; k < count; k += 1) {
      const burst = random() * allWeight < burstWeight;
      const mean = burst ? BURST.mean : TAIL.mean;
      const clickAge = -mean * Math.log1p(-random() * (burst ? burstSeen : tailSeen));
      keys[at] = (created + Math.min(age - 1, Math.floor(clickAge))) * stride + id;
      at += 1;
    }
  }
  return keys;
}

/** Referrer hosts, countries and devices; index 0 of the first two is "none" (NULL). */
const REFERRERS = [null, ...Array.from({ length: 200 }, (_, k) => `ref${k}.example`)];
const COUNTRIES = [null, ...Array.from({ length: 60 }, (_, k) => `C${k}`)];
const DEVICES = ['mobile', 'desktop', 'tablet'] as const;
const REFERRER_DRAW = zipfQuantiles(200, 1);
const COUNTRY_DRAW = zipfQuantiles(60, 1.1);

/** A click's referrer, country and device indexes, packed: referrer | country << 8 | device << 14. */
function clickAttributes(second: number, id: number): number {
  const h1 = mix32(second ^ mix32(id + 0x9e37_79b9));
  const h2 = mix32(h1 + 0x6d2b_79f5);
  const h3 = mix32(h2 + 0x6d2b_79f5);
  const referrerPick = h1 >>> 16;
  const referrer =
    referrerPick < 0.3 * 65_536
      ? 0
      : referrerPick < 0.7 * 65_536
        ? REFERRER_DRAW[mix32(id) & 0xffff]!
        : REFERRER_DRAW[h1 & 0xffff]!;
  const country = h2 >>> 16 < 0.08 * 65_536 ? 0 : COUNTRY_DRAW[h2 & 0xffff]!;
  const devicePick = h3 >>> 16;
  const device = devicePick < 0.55 * 65_536 ? 0 : devicePick < 0.93 * 65_536 ? 1 : 2;
  return referrer | (country << 8) | (device << 14);
}

/** One dimension as the aggregates store it: its values in the tables' text order. */
interface Dimension {
  name: 'country' | 'device' | 'referrer';
  /** The stored value ('' for none) by the dimension's index, and each index's place in text order. */
  stored: string[];
  order: Int32Array;
  /** The click's index in this dimension, from its packed attributes. */
  of: (attributes: number) => number;
}

function dimension(name: Dimension['name'], values: readonly (string | null)[], of: Dimension['of']): Dimension {
  const stored = values.map((value) => value ?? '');
  const sorted = [...stored].sort();
  return { name, stored, order: Int32Array.from(stored, (value) => sorted.indexOf(value)), of };
}

/** In the order of the primary keys, which start (…, dimension, day, value). */
const DIMENSIONS = [
  dimension('country', COUNTRIES, (attributes) => (attributes >>> 8) & 63),
  dimension('device', DEVICES, (attributes) => attributes >>> 14),
  dimension('referrer', REFERRERS, (attributes) => attributes & 255),
];

/**
 * shortlink_daily_stats and click_daily_stats, from `keys` as `clickKeys` returns them (grouped
 * by link). Per link, each dimension's (day, value) cells are counted by sorting their numbers
 * (day · width + the value's text rank), so the rows come out in primary-key order. Answers the
 * per-link rows written.
 */
function writeDailyStats(
  db: Sqlite,
  schema: string,
  model: ClickModel,
  counts: Uint32Array,
  keys: Float64Array,
): number {
  const stride = model.links + 1;
  const firstDay = Math.floor(model.origin / DAY);
  const dayText = dayTexts(model);
  const dayCount = dayText.length;
  const byText = DIMENSIONS.map(({ stored, order }) => {
    const inverse: string[] = [];
    order.forEach((rank, index) => (inverse[rank] = stored[index]!));
    return inverse;
  });
  const all = DIMENSIONS.map(({ stored }) => new Float64Array(dayCount * stored.length));
  const perLink = new BulkInsert(db, `${schema}.shortlink_daily_stats`, [
    'shortlink_id',
    'dimension',
    'day',
    'value',
    'clicks',
  ]);
  const largest = counts.reduce((max, count) => Math.max(max, count), 0);
  const clickDays = new Int32Array(largest);
  const clickAttributesOf = new Int32Array(largest);
  const cells = new Int32Array(largest);
  let at = 0;
  for (let id = 1; id <= model.links; id += 1) {
    const count = counts[id - 1]!;
    if (count === 0) continue;
    for (let k = 0; k < count; k += 1) {
      const second = (keys[at + k]! - id) / stride;
      clickDays[k] = Math.floor((model.origin + second) / DAY) - firstDay;
      clickAttributesOf[k] = clickAttributes(second, id);
    }
    at += count;
    DIMENSIONS.forEach(({ name, stored, order, of }, d) => {
      const width = stored.length;
      for (let k = 0; k < count; k += 1) cells[k] = clickDays[k]! * width + order[of(clickAttributesOf[k]!)]!;
      const sorted = count === 1 ? cells : cells.subarray(0, count).sort();
      const totals = all[d]!;
      for (let k = 0; k < count;) {
        const cell = sorted[k]!;
        let end = k + 1;
        while (end < count && sorted[end] === cell) end += 1;
        const day = Math.floor(cell / width);
        perLink.add(id, name, dayText[day]!, byText[d]![cell - day * width]!, end - k);
        totals[cell] = totals[cell]! + end - k;
        k = end;
      }
    });
  }
  const rows = perLink.finish();
  const allLinks = new BulkInsert(db, `${schema}.click_daily_stats`, ['dimension', 'day', 'value', 'clicks']);
  DIMENSIONS.forEach(({ name, stored }, d) => {
    const totals = all[d]!;
    totals.forEach((clicks, cell) => {
      if (clicks === 0) return;
      const day = Math.floor(cell / stored.length);
      allLinks.add(name, dayText[day]!, byText[d]![cell - day * stored.length]!, clicks);
    });
  });
  allLinks.finish();
  return rows;
}

/** The UTC days (YYYY-MM-DD) the window touches, first to last. */
function dayTexts(model: ClickModel): string[] {
  const firstDay = Math.floor(model.origin / DAY);
  const lastDay = Math.floor((model.origin + model.days * DAY - 1) / DAY);
  return Array.from({ length: lastDay - firstDay + 1 }, (_, d) =>
    new Date((firstDay + d) * DAY * 1000).toISOString().slice(0, 10),
  );
}

/** The raw clicks in time order (sorts `keys` in place). */
export function writeClicks(db: Sqlite, model: ClickModel, keys: Float64Array): void {
  const stride = model.links + 1;
  keys.sort();
  const insert = new BulkInsert(db, 'shortlink_clicks', [
    'shortlink_id',
    'clicked_at',
    'referrer_host',
    'country',
    'device',
  ]);
  // Date's toISOString costs over a microsecond a call; the day's prefix and the time of day from
  // tables give the same text.
  const firstDay = Math.floor(model.origin / DAY);
  const dayPrefix = dayTexts(model).map((day) => `${day}T`);
  const timeOfDay = Array.from({ length: DAY }, (_, second) => new Date(second * 1000).toISOString().slice(11));
  for (const key of keys) {
    const second = Math.floor(key / stride);
    const id = key - second * stride;
    const at = model.origin + second;
    const day = Math.floor(at / DAY);
    const attributes = clickAttributes(second, id);
    insert.add(
      id,
      dayPrefix[day - firstDay]! + timeOfDay[at - day * DAY]!,
      REFERRERS[attributes & 255],
      COUNTRIES[(attributes >>> 8) & 63],
      DEVICES[attributes >>> 14],
    );
  }
  insert.finish();
}

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

/**
 * The daily aggregates, counted by a second process into a database file of their own while this
 * one writes everything else: the machine's other core. Resolves with the per-link rows written.
 */
export function dailyStatsAside(model: ClickModel, file: string): Promise<number> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), JSON.stringify(model), file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let answer = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(Number(answer)) : reject(new Error(`the aggregates process exited with ${code}`)),
    );
  });
}

/**
 * Moves what `dailyStatsAside` wrote into the seeded database, then deletes its file. The tables
 * are alike and these are empty, so SQLite copies whole records in key order without decoding them.
 */
export function copyDailyStats(db: Sqlite, file: string): void {
  db.prepare('ATTACH ? AS aggregates').run(file);
  db.transaction(() =>
    db.exec(`INSERT INTO shortlink_daily_stats SELECT * FROM aggregates.shortlink_daily_stats;
             INSERT INTO click_daily_stats SELECT * FROM aggregates.click_daily_stats;
             INSERT INTO click_value_totals (dimension, value, clicks)
               SELECT dimension, value, sum(clicks) FROM click_daily_stats GROUP BY dimension, value`),
  )();
  db.exec('DETACH aggregates');
  rmSync(file);
}

/** The second process of `dailyStatsAside`: the same model, so the same clicks, counted. */
function writeDailyStatsFile(model: ClickModel, file: string): number {
  const db = openMemorySqlite().sqlite!;
  // The links these rows reference are in the seeded database.
  db.pragma('foreign_keys = OFF');
  // The tables exactly as the migrations create them (the copy needs them alike).
  migrateSqlite(db);
  const tables = db
    .prepare(
      `SELECT sql FROM sqlite_master WHERE type = 'table' AND name IN ('click_daily_stats', 'shortlink_daily_stats')`,
    )
    .pluck()
    .all() as string[];
  db.prepare('ATTACH ? AS aggregates').run(file);
  db.exec('PRAGMA aggregates.synchronous = OFF');
  for (const table of tables) db.exec(table.replace(/^CREATE TABLE /, 'CREATE TABLE aggregates.'));
  const counts = clickCounts(model);
  const rows = db.transaction(() => writeDailyStats(db, 'aggregates', model, counts, clickKeys(model, counts)))();
  db.close();
  return rows;
}

/**
 * Rows inserted `ROWS` per statement: one call into SQLite per hundred rows instead of per row, about
 * half the time of single-row inserts here.
 */
class BulkInsert {
  private static readonly ROWS = 100;
  private readonly many: ReturnType<Sqlite['prepare']>;
  private readonly one: ReturnType<Sqlite['prepare']>;
  private readonly values: unknown[];
  private readonly width: number;
  private filled = 0;
  private rows = 0;
  constructor(db: Sqlite, table: string, columns: readonly string[]) {
    const row = `(${columns.map(() => '?').join(', ')})`;
    const into = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
    this.many = db.prepare(into + Array(BulkInsert.ROWS).fill(row).join(', '));
    this.one = db.prepare(into + row);
    if (columns.length < 4 || columns.length > 5) throw new Error('BulkInsert takes four or five columns');
    this.width = columns.length;
    this.values = new Array<unknown>(BulkInsert.ROWS * columns.length);
  }
  /** One row: four or five values, as many as the columns (fixed parameters: no array per row). */
  add(a: unknown, b: unknown, c: unknown, d: unknown, e?: unknown): void {
    const { values, width } = this;
    const at = this.filled;
    values[at] = a;
    values[at + 1] = b;
    values[at + 2] = c;
    values[at + 3] = d;
    if (width === 5) values[at + 4] = e;
    this.filled = at + width;
    if (this.filled === values.length) {
      this.many.run(values);
      this.filled = 0;
      this.rows += BulkInsert.ROWS;
    }
  }
  /** Inserts what is left; answers the rows inserted. */
  finish(): number {
    for (let at = 0; at < this.filled; at += this.width) {
      this.one.run(this.values.slice(at, at + this.width));
      this.rows += 1;
    }
    this.filled = 0;
    return this.rows;
  }
}

/** A small seeded generator (sfc32): uniform numbers in [0, 1), the same ones every run. */
function sfc32(seed: number): () => number {
  let a = 0x9e37_79b9;
  let b = 0x243f_6a88;
  let c = 0xb7e1_5162;
  let d = seed | 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  for (let warm = 0; warm < 15; warm += 1) next();
  return next;
}

/** MurmurHash3's finalizer: 32 well-mixed bits of a 32-bit integer. */
function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85eb_ca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2_ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A Zipf(s) draw over 1..n by a 16-bit uniform number: rank k has weight 1/k^s. */
function zipfQuantiles(n: number, s: number): Uint8Array {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 1; k <= n; k += 1) cumulative.push((sum += k ** -s));
  const table = new Uint8Array(65_536);
  let k = 0;
  for (let u = 0; u < 65_536; u += 1) {
    const x = ((u + 0.5) / 65_536) * sum;
    while (cumulative[k]! < x) k += 1;
    table[u] = k + 1;
  }
  return table;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(String(writeDailyStatsFile(JSON.parse(process.argv[2]!) as ClickModel, process.argv[3]!)));
}
