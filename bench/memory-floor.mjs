/**
 * The memory bench's floor (`node bench/memory-floor.mjs <data dir> <port> [threads]`): the least a
 * server needs for the same requests, node:http and one better-sqlite3 connection to the same
 * toolvault.db. It counts a click as the app does (UPDATE … RETURNING, the click row, its daily
 * aggregates and the total, one transaction), answers the JSON of a link or the 302 of a direct
 * one, and answers `GET /api/shortlinks` with the newest 25 links. With `threads` it also starts
 * that many worker threads, each holding a read-only connection to the file as the server's do, so
 * that what one such thread costs can be read off its RSS. Prints "LISTENING <port>" once it is.
 */
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const require = createRequire(path.resolve(import.meta.dirname, '../apps/api/package.json'));
const Database = require('better-sqlite3');

const [dataDir, portText, threadsText] = process.argv.slice(2);
const file = path.join(dataDir, 'toolvault.db');
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');

const increment = db.prepare(
  `UPDATE shortlinks SET click_count = click_count + 1 WHERE short_code = ?
   RETURNING id, short_code, target_url, title, description, meta_image, redirect_mode`,
);
const insert = db.prepare(
  `INSERT INTO shortlink_clicks (shortlink_id, clicked_at, referrer_host, country, device) VALUES (?, ?, NULL, NULL, 'desktop')`,
);
const linkStats = db.prepare(
  `INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks)
   VALUES (?, 'country', ?, '', 1), (?, 'device', ?, 'desktop', 1), (?, 'referrer', ?, '', 1)
   ON CONFLICT (shortlink_id, dimension, day, value) DO UPDATE SET clicks = clicks + 1`,
);
const allStats = db.prepare(
  `INSERT INTO click_daily_stats (dimension, day, value, clicks)
   VALUES ('country', ?, '', 1), ('device', ?, 'desktop', 1), ('referrer', ?, '', 1)
   ON CONFLICT (dimension, day, value) DO UPDATE SET clicks = clicks + 1`,
);
const total = db.prepare('UPDATE shortlink_totals SET clicks = clicks + 1 WHERE id = 1');
const newest = db.prepare(
  'SELECT short_code, target_url, title, click_count, created_at FROM shortlinks ORDER BY id DESC LIMIT 25',
);
const countClick = db.transaction((code) => {
  const row = increment.get(code);
  if (!row) return null;
  const now = new Date().toISOString();
  const day = now.slice(0, 10);
  insert.run(row.id, now);
  linkStats.run(row.id, day, row.id, day, row.id, day);
  allStats.run(day, day, day);
  total.run();
  return row;
});

for (let i = 0; i < Number(threadsText ?? 0); i += 1) {
  const worker = new Worker(
    `const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
     const db = new Database(${JSON.stringify(file)}, { readonly: true, fileMustExist: true });
     db.prepare('SELECT count(*) FROM shortlinks').get();
     require('node:worker_threads').parentPort.on('message', () => {});`,
    { eval: true },
  );
  worker.unref();
}

const server = createServer((req, res) => {
  const json = (status, body) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
  };
  if (req.method === 'GET' && req.url?.startsWith('/api/shortlinks')) return json(200, { items: newest.all() });
  const code = req.method === 'GET' ? /^\/([A-Za-z0-9_-]{3,32})(?:\?|$)/.exec(req.url ?? '')?.[1] : undefined;
  const link = code === undefined ? null : countClick(code);
  if (!link) return json(404, { error: 'Shortlink not found' });
  if (!(req.headers.accept ?? '').includes('application/json') && link.redirect_mode === 'direct') {
    res.writeHead(302, { Location: link.target_url, 'Content-Length': '0' });
    return res.end();
  }
  json(200, {
    shortCode: link.short_code,
    targetUrl: link.target_url,
    title: link.title,
    description: link.description,
    metaImage: link.meta_image,
  });
});
server.listen(Number(portText), '127.0.0.1', () => process.stdout.write(`LISTENING ${portText}\n`));
process.once('SIGTERM', () => server.close(() => (db.close(), process.exit(0))));
