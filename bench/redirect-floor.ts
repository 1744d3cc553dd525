/**
 * The redirect bench's floor: a bare node:http server that makes the same database call as the
 * app's click path and answers the same JSON or 302, with nothing else in the way. Apart from
 * redirect.bench.ts because it is a server of its own, which a child process of the bench runs in
 * the app's place, while the rest of the bench starts servers and measures them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openSqlite } from '../apps/api/src/db';

/**
 * The least a server can do for this request: same path test, the same two writes in one
 * transaction as hand-prepared better-sqlite3 statements (no query builder), same JSON. A fixed
 * reference, so the app's ratio to it shows what the app's own layers cost.
 */
export async function serveBare(dataDir: string): Promise<{ port: number; close: () => void }> {
  const storage = openSqlite(dataDir);
  const db = storage.sqlite!;
  const increment = db.prepare<
    [string],
    {
      id: number;
      short_code: string;
      target_url: string;
      title: string;
      description: string;
      meta_image: string;
      redirect_mode: string;
    }
  >(
    `UPDATE shortlinks SET click_count = click_count + 1 WHERE short_code = ?
     RETURNING id, short_code, target_url, title, description, meta_image, redirect_mode`,
  );
  const insert = db.prepare<[number, string]>(
    `INSERT INTO shortlink_clicks (shortlink_id, clicked_at, referrer_host, country, device) VALUES (?, ?, NULL, NULL, 'desktop')`,
  );
  // The daily aggregates and the click total, kept in the same transaction as the click.
  const linkStats = db.prepare<[number, string, number, string, number, string]>(
    `INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks)
     VALUES (?, 'country', ?, '', 1), (?, 'device', ?, 'desktop', 1), (?, 'referrer', ?, '', 1)
     ON CONFLICT (shortlink_id, dimension, day, value) DO UPDATE SET clicks = clicks + 1`,
  );
  const allStats = db.prepare<[string, string, string]>(
    `INSERT INTO click_daily_stats (dimension, day, value, clicks)
     VALUES ('country', ?, '', 1), ('device', ?, 'desktop', 1), ('referrer', ?, '', 1)
     ON CONFLICT (dimension, day, value) DO UPDATE SET clicks = clicks + 1`,
  );
  const total = db.prepare('UPDATE shortlink_totals SET clicks = clicks + 1 WHERE id = 1');
  const countClick = db.transaction((code: string) => {
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
  const server = createServer((req, res) => {
    const code = req.method === 'GET' ? /^\/([A-Za-z0-9_-]{3,32})(?:\?|$)/.exec(req.url ?? '')?.[1] : undefined;
    const link = code === undefined ? null : countClick(code);
    if (link && link.redirect_mode === 'direct' && !(req.headers.accept ?? '').includes('application/json')) {
      res.writeHead(302, { Location: link.target_url, 'Content-Length': '0' });
      res.end();
      return;
    }
    const body = link
      ? JSON.stringify({
          shortCode: link.short_code,
          targetUrl: link.target_url,
          title: link.title,
          description: link.description,
          metaImage: link.meta_image,
        })
      : '{"error":"Shortlink not found"}';
    res.writeHead(link ? 200 : 404, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.close();
      void storage.close();
    },
  };
}
