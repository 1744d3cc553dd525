import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgres, killAll, postgresUrl, startReplica, type Replica } from './cluster';
import { freePort, waitFor } from './servers';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const CLICK = { Accept: 'application/json', 'User-Agent': BROWSER };
const ADMIN_PASSWORD = 'outage test password';

/**
 * A TCP proxy between the server and PostgreSQL that the test can cut: every open connection is
 * dropped and new ones are refused, as while PostgreSQL restarts; `restore` lets them through again.
 */
async function cuttableProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await listen();
  return {
    port,
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: listen,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

describe.runIf(postgresUrl)('PostgreSQL unavailable while requests run', () => {
  let database: Awaited<ReturnType<typeof emptyPostgres>>;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let server: Replica;

  beforeAll(async () => {
    database = await emptyPostgres();
    const real = new URL(postgresUrl!);
    proxy = await cuttableProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    server = await startReplica('pg-outage', { DATABASE_URL: viaProxy.toString(), ADMIN_PASSWORD });
    await server.ready();
  }, 90_000);

  afterAll(async () => {
    await server?.kill();
    killAll();
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 JSON during the outage, stays up, and serves again once the database is back', async () => {
    const login = await fetch(`${server.base}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${server.base}/api/shortlinks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Outage', targetUrl: 'https://example.com/', shortCode: 'outage' }),
    });
    expect(created.status).toBe(201);

    // Requests running while the connections are cut.
    const during = Array.from({ length: 40 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 10)).then(() =>
        fetch(`${server.base}/outage`, { headers: CLICK }).then(async (res) => ({
          status: res.status,
          body: await res.json(),
        })),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await proxy.cut();
    const answers = await Promise.all(during);
    for (const { status, body } of answers) {
      expect([200, 503]).toContain(status);
      if (status === 503) expect(body).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
    }

    const click = await fetch(`${server.base}/outage`, { headers: CLICK });
    expect(click.status).toBe(503);
    expect(await click.json()).toEqual({
      error: 'Service temporarily unavailable. Please try again shortly.',
      code: 'SERVICE_UNAVAILABLE',
    });
    const page = await fetch(`${server.base}/api/blog`);
    expect(page.status).toBe(503);
    expect(await page.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      error: 'Not ready: database not answering',
      code: 'NOT_READY',
      checks: { database: 'down' },
    });

    await proxy.restore();
    const back = Date.now();
    await waitFor(async () => (await fetch(`${server.base}/api/health`)).status === 200, 5_000, 'health after restore');
    expect(Date.now() - back).toBeLessThan(5_000);
    expect((await fetch(`${server.base}/outage`, { headers: CLICK })).status).toBe(200);
    expect(server.output()).not.toMatch(/could not start|Unhandled error/);

    // Every click that was answered 200 is in the count; none that failed.
    const ok = answers.filter(({ status }) => status === 200).length + 1;
    const row = await database.query("SELECT click_count FROM shortlinks WHERE short_code = 'outage'");
    // A BIGINT (migration 13): this client has no int8 parser, so it reads text.
    expect(Number(row.rows[0].click_count)).toBeGreaterThanOrEqual(ok);
  }, 60_000);
});
