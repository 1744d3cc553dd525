import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../src/db';
import { LEASE_MS } from '../src/services/webhooks/delivery-worker';
import { emptyPostgres, killAll, nginxPath, postgresUrl, startNginx, startReplica, type Replica } from './cluster';
import { runDocsReceiver } from './docs-receivers';
import { ownRedis, redisServer, scanKeys, waitFor, type OwnRedis } from './servers';

/**
 * Two replicas of the real server on one PostgreSQL schema and one Redis (a redis-server of the
 * test's own), with deploy/nginx.conf in front: what several machines must agree on.
 */
describe.runIf(postgresUrl && redisServer && nginxPath)('two replicas behind nginx (PostgreSQL + Redis)', () => {
  let database: Awaited<ReturnType<typeof emptyPostgres>>;
  let redis: OwnRedis;
  let env: Record<string, string>;
  let a: Replica;
  let b: Replica;
  /** Started by the last test, after `a` was killed. */
  let c: Replica | undefined;
  let proxy: Awaited<ReturnType<typeof startNginx>>;
  let password: string;
  let token: string;

  beforeAll(async () => {
    database = await emptyPostgres();
    redis = await ownRedis();
    // Webhooks may reach the test's own receiver on 127.0.0.1.
    env = { DATABASE_URL: database.url, REDIS_URL: redis.url, LOG_LEVEL: 'info', WEBHOOK_ALLOW_PRIVATE: 'true' };
    // Both at the same moment, on an empty database.
    [a, b] = await Promise.all([startReplica('replica-a', env), startReplica('replica-b', env)]);
    await Promise.all([a.ready(), b.ready()]);
    proxy = await startNginx([a, b]);
  }, 120_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all([a?.kill(), b?.kill(), c?.kill()]);
    killAll();
    await redis?.stop();
    await database?.drop();
  });

  /** Clicks from bots are not counted; these are a browser's. */
  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
  const click = { Accept: 'application/json', 'User-Agent': BROWSER };

  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

  it('agree on one admin password, one JWT secret and one run of the migrations', async () => {
    const printed = [a, b].filter((replica) => replica.output().includes('Admin password:'));
    expect(printed).toHaveLength(1);
    password = /Admin password: (\S+)/.exec(printed[0]!.output())![1]!;
    const migrated = [a, b].filter((replica) => replica.output().includes('Database migrated from version 0'));
    expect(migrated).toHaveLength(1);

    const settings = await database.query('SELECT key FROM settings ORDER BY key');
    expect(settings.rows).toEqual([
      { key: 'admin_password_hash' },
      { key: 'jwt_secret' },
      { key: 'sessions_password_hash' },
    ]);
    const versions = await database.query('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.rows.map((row: { version: number }) => row.version)).toEqual(MIGRATIONS.map((m) => m.version));

    // The password works on both, and a token from one is honoured by the other.
    const loginA = await fetch(`${a.base}/api/admin/login`, json({ password }));
    expect(loginA.status).toBe(200);
    token = ((await loginA.json()) as { token: string }).token;
    const onB = await fetch(`${b.base}/api/shortlinks`, { headers: { Authorization: `Bearer ${token}` } });
    expect(onB.status).toBe(200);
  });

  it('count 300 concurrent clicks through nginx exactly', async () => {
    const created = await fetch(
      `${proxy.base}/api/shortlinks`,
      json(
        { title: 'Count me', targetUrl: 'https://example.com/', shortCode: 'cnt300' },
        { Authorization: `Bearer ${token}` },
      ),
    );
    expect(created.status).toBe(201);
    const statuses = await Promise.all(
      Array.from({ length: 300 }, () => fetch(`${proxy.base}/cnt300`, { headers: click }).then((res) => res.status)),
    );
    // Counted by status, so a failure shows what the other answers were.
    const byStatus = statuses.reduce<Record<number, number>>(
      (all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }),
      {},
    );
    expect(byStatus).toEqual({ 200: 300 });
    // click_count is a BIGINT (migration 13), which this client's pg reads as text: cast for the test.
    const row = await database.query("SELECT click_count::int FROM shortlinks WHERE short_code = 'cnt300'");
    expect(row.rows).toEqual([{ click_count: 300 }]);
    const clicks = await database.query(
      "SELECT COUNT(*)::int AS n FROM shortlink_clicks c JOIN shortlinks s ON s.id = c.shortlink_id WHERE s.short_code = 'cnt300'",
    );
    expect(clicks.rows).toEqual([{ n: 300 }]);
  });

  it('hold a guest to one link a minute across replicas', async () => {
    const guest = { 'X-Forwarded-For': '198.51.100.7' };
    const link = { title: 'Guest', targetUrl: 'https://example.com/guest' };
    expect((await fetch(`${a.base}/api/shortlinks`, json(link, guest))).status).toBe(201);
    const second = await fetch(`${b.base}/api/shortlinks`, json(link, guest));
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({ code: 'GUEST_RATE_LIMITED' });
    // Another visitor is not affected.
    expect((await fetch(`${b.base}/api/shortlinks`, json(link, { 'X-Forwarded-For': '198.51.100.8' }))).status).toBe(
      201,
    );
  });

  it('hold the login throttle across replicas', async () => {
    const client = { 'X-Forwarded-For': '198.51.100.9' };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const replica = attempt % 2 === 0 ? a : b;
      expect((await fetch(`${replica.base}/api/admin/login`, json({ password: 'wrong' }, client))).status).toBe(401);
    }
    const blocked = await fetch(`${a.base}/api/admin/login`, json({ password }, client));
    expect(blocked.status).toBe(429);
    expect((await fetch(`${b.base}/api/admin/login`, json({ password }, client))).status).toBe(429);
  });

  it('write no client address to Redis: each key is a limit (or a hold) and an HMAC of the client', async () => {
    const keys = await scanKeys(redis.url, '');
    expect(keys.some((key) => key.includes(':hold:'))).toBe(true);
    expect(keys.some((key) => key.includes(':rl:login:'))).toBe(true);
    expect(keys.filter((key) => key.includes('198.51.100'))).toEqual([]);
    for (const key of keys) expect(key).toMatch(/:(?:rl:[\w-]+:|hold:)[\w-]{32}$/);
  });

  it('count every answered click exactly once when one replica is killed among 2,000 clicks', async () => {
    const created = await fetch(
      `${proxy.base}/api/shortlinks`,
      json(
        { title: 'Kill', targetUrl: 'https://example.com/', shortCode: 'kill2k' },
        { Authorization: `Bearer ${token}` },
      ),
    );
    expect(created.status).toBe(201);

    const TOTAL = 2_000;
    const IN_FLIGHT = 200;
    const statuses: number[] = new Array(TOTAL).fill(0);
    let next = 0;
    let answered = 0;
    let killed: Promise<void> | undefined;
    // Each click names itself in its Referer, so the rows can be matched to the answers.
    const worker = async () => {
      while (next < TOTAL) {
        const i = next++;
        const replica = i % 2 === 0 ? a : b;
        try {
          const res = await fetch(`${replica.base}/kill2k`, {
            headers: { ...click, Referer: `https://c${i}.example/` },
          });
          statuses[i] = res.status;
          await res.arrayBuffer();
        } catch {
          statuses[i] = -1; // the connection died with the replica
        }
        answered += 1;
        if (answered === TOTAL / 4) killed = a.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await killed;

    const ok = statuses.flatMap((status, i) => (status >= 200 && status < 300 ? [i] : []));
    expect(ok.length).toBeGreaterThan(TOTAL / 2); // the survivor answered its half and more
    const rows = await database.query(
      `SELECT c.referrer_host AS host, COUNT(*)::int AS n FROM shortlink_clicks c
       JOIN shortlinks s ON s.id = c.shortlink_id WHERE s.short_code = 'kill2k' GROUP BY 1`,
    );
    const counted = new Map(rows.rows.map((row: { host: string; n: number }) => [row.host, row.n]));
    // Every 2xx click has exactly one row; no click has two.
    expect(ok.filter((i) => counted.get(`c${i}.example`) !== 1)).toEqual([]);
    expect([...counted.values()].filter((n) => n !== 1)).toEqual([]);
    const total = await database.query("SELECT click_count::int FROM shortlinks WHERE short_code = 'kill2k'");
    expect(total.rows[0].click_count).toBe(rows.rows.reduce((sum: number, row: { n: number }) => sum + row.n, 0));

    // The survivor keeps serving, directly and through nginx.
    expect((await fetch(`${b.base}/api/health`)).status).toBe(200);
    // Each nginx worker may try the dead replica once before it leaves it alone for a while, so the
    // first few answers may fail; after those, every request reaches the survivor.
    const after: number[] = [];
    for (let i = 0; i < 20; i += 1) after.push((await fetch(`${proxy.base}/kill2k`, { headers: click })).status);
    expect(after.slice(10)).toEqual(Array(10).fill(200));
  }, 120_000);

  it('finish a webhook delivery whose replica was killed mid-send, with the same id, and send nothing twice that was answered', async () => {
    // `a` died in the test before; a third replica joins `b`.
    c = await startReplica('replica-c', env);
    await c.ready();
    const auth = { Authorization: `Bearer ${token}` };

    // A receiver that answers every delivery but the first of the link 'whheld', which it holds open.
    interface Received {
      id: string;
      code: string;
      body: string;
      signature: string;
    }
    const received: Received[] = [];
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (part: Buffer) => (body += part.toString()));
      req.on('end', () => {
        const code = (JSON.parse(body) as { data: { link: { shortCode: string } } }).data.link.shortCode;
        received.push({
          id: String(req.headers['toolvault-delivery']),
          code,
          body,
          signature: String(req.headers['toolvault-signature']),
        });
        if (code === 'whheld' && received.filter((r) => r.code === code).length === 1) {
          holding();
          return; // no answer: the sender is killed while it waits
        }
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`;
      const hook = await fetch(`${b.base}/api/webhooks`, json({ url, events: ['link.created'] }, auth));
      expect(hook.status).toBe(201);
      const { secret } = (await hook.json()) as { secret: string };
      const delivery = (code: string) =>
        database.query(
          `SELECT id, status, attempts::int AS attempts, claim_token FROM webhook_deliveries WHERE payload LIKE $1`,
          [`%"shortCode":"${code}"%`],
        );
      const create = (shortCode: string) =>
        fetch(
          `${b.base}/api/shortlinks`,
          json({ title: shortCode, targetUrl: 'https://example.com/', shortCode }, auth),
        );

      // One delivery answered and recorded…
      expect((await create('whdone')).status).toBe(201);
      await waitFor(async () => (await delivery('whdone')).rows[0]?.status === 'delivered', 15_000, 'whdone delivered');
      // …and one in flight: its sender, whichever replica it is, is killed while it waits.
      expect((await create('whheld')).status).toBe(201);
      await held;
      const claim = (await delivery('whheld')).rows[0] as { claim_token: string };
      const holderPid = Number(claim.claim_token.split(':')[1]);
      const holder = [b, c].find((replica) => replica.pid === holderPid);
      const survivor = [b, c].find((replica) => replica.pid !== holderPid)!;
      expect(holder, `the claim names a running replica: ${claim.claim_token}`).toBeDefined();
      await holder!.kill('SIGKILL');

      // The survivor sends it again once the dead replica's lease has run out, and records it.
      await waitFor(
        async () => (await delivery('whheld')).rows[0]?.status === 'delivered',
        LEASE_MS + 15_000,
        `whheld delivered by ${survivor.name}`,
      );
      const row = (await delivery('whheld')).rows[0] as { id: number; attempts: number };
      expect(row.attempts).toBe(2);
      const held2 = received.filter((r) => r.code === 'whheld');
      expect(held2.map((r) => r.id)).toEqual([String(row.id), String(row.id)]);
      // The answered one went once: no replica sent it again.
      expect(received.filter((r) => r.code === 'whdone')).toHaveLength(1);
      // Each is signed as docs/api.md tells receivers to check, with the page's own code.
      const now = Date.now();
      expect(
        runDocsReceiver(
          'js',
          received.map((r) => ({ secret, body: r.body, header: r.signature, now })),
        ),
      ).toEqual(['true', 'false', ...received.map(() => 'true')]);
      // The survivor still serves.
      expect((await fetch(`${survivor.base}/api/health`)).status).toBe(200);
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 120_000);
});
