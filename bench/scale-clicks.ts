/**
 * The clicks `pnpm bench scale` seeds and their daily aggregates, written in bulk on SQLite. Which
 * clicks they are (which link, when, from where) is the model's, in scale-click-model.ts.
 *
 * The raw clicks are inserted in time order, so their ids follow clicked_at as in a live database.
 * The aggregates are counted in one pass over the clicks, link by link, and inserted in primary-key
 * order (appends at the end of each b-tree), instead of migration 5's six GROUP BYs over the
 * finished table (each a sort of every click). A second process does that (`dailyStatsAside`, the
 * machine's other core) into a file of its own while this one writes the links and the raw clicks;
 * its tables are then copied in whole. They are what migration 5 would produce, and
 * `checkAggregates` (scale-clicks-check.ts) proves it on samples by running migration 5 itself over
 * their raw clicks.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrateSqlite, openMemorySqlite } from '../apps/api/src/db';
import {
  clickAttributes,
  clickCounts,
  clickKeys,
  type ClickModel,
  COUNTRIES,
  DAY,
  dayTexts,
  DEVICES,
  REFERRERS,
} from './scale-click-model';

type Sqlite = NonNullable<ReturnType<typeof openMemorySqlite>['sqlite']>;

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
export const DIMENSIONS = [
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(String(writeDailyStatsFile(JSON.parse(process.argv[2]!) as ClickModel, process.argv[3]!)));
}
