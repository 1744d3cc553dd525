/**
 * The benches' floor: the least a server can do for the app's click path, as plain node:http and
 * hand-prepared better-sqlite3 statements on the app's own toolvault.db, with no query builder,
 * router or middleware. It counts a click as the app does (UPDATE … RETURNING, the click row, its
 * daily aggregates and the total, one transaction), answers the JSON of a link or the 302 of a
 * direct one, and `GET /api/shortlinks` with the newest 25 links. A fixed reference, so the app's
 * ratio to it shows what the app's own layers cost. Plain JavaScript because the memory bench runs
 * it under bare `node`, where a TypeScript loader would count against the floor's memory.
 */
import { createServer } from 'node:http';

/** A node:http server (not listening yet) answering from `db`, an open better-sqlite3 database. */
export function floorServer(db) {
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

  return createServer((req, res) => {
    const json = (status, body) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(text),
      });
      res.end(text);
    };
    // The click path first, so the list route costs a redirect nothing ("/api/…" has a second
    // slash, which the code's pattern never matches).
    const code = req.method === 'GET' ? /^\/([A-Za-z0-9_-]{3,32})(?:\?|$)/.exec(req.url ?? '')?.[1] : undefined;
    const link = code === undefined ? null : countClick(code);
    if (link) {
      if (link.redirect_mode === 'direct' && !(req.headers.accept ?? '').includes('application/json')) {
        res.writeHead(302, { Location: link.target_url, 'Content-Length': '0' });
        return res.end();
      }
      return json(200, {
        shortCode: link.short_code,
        targetUrl: link.target_url,
        title: link.title,
        description: link.description,
        metaImage: link.meta_image,
      });
    }
    if (req.method === 'GET' && req.url?.startsWith('/api/shortlinks')) return json(200, { items: newest.all() });
    json(404, '{"error":"Shortlink not found"}');
  });
}
