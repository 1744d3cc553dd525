import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { createRepositories, migrate, openPostgres, type Engine, type Storage } from '../src/db';
import { silentLogger } from '../src/logger';
import { ENGINES, openTestStorage } from './engines';
import { adminToken, CHROME, JWT_SECRET, NO_GEO, openTestSession, sqliteFolders, testConfig } from './helpers';

const folders = sqliteFolders('toolvault-rules-replicas-');
const NOW = '2025-03-15T12:00:00.000Z';

/** Two apps on one database, as two replicas are: PostgreSQL's schema opened twice, or one SQLite file opened twice. */
async function twoReplicas(engine: Engine): Promise<{ a: Storage; b: Storage; close(): Promise<void> }> {
  if (engine === 'postgres') {
    const first = await openTestStorage('postgres');
    const second = openPostgres(first.url!);
    return {
      a: first.storage,
      b: second,
      async close() {
        await second.close();
        await first.close();
      },
    };
  }
  const dir = folders.folder();
  const a = folders.open(dir);
  await migrate(a);
  return { a, b: folders.open(dir), close: async () => undefined };
}

const appOn = (storage: Storage) =>
  createApp({
    config: testConfig(),
    db: createRepositories(storage),
    logger: silentLogger,
    credentials: { passwordHash: 'unused', jwtSecret: JWT_SECRET },
    clock: () => new Date(NOW),
    geo: NO_GEO,
  });

describe.each(ENGINES)('a visit limit across two replicas (%s)', (engine) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('lets exactly 100 of 300 concurrent visits through a limit of 100, and sends the rest to the fallback', async () => {
    const replicas = await twoReplicas(engine);
    close = replicas.close;
    await openTestSession(createRepositories(replicas.a));
    const [a, b] = [appOn(replicas.a), appOn(replicas.b)];
    const auth = { Authorization: `Bearer ${adminToken(NOW)}` };
    const created = await request(a).post('/api/shortlinks').set(auth).send({
      title: 'Limited',
      targetUrl: 'https://example.com/target',
      shortCode: 'race100',
      redirectMode: 'direct',
      maxVisits: 100,
      fallbackUrl: 'https://fallback.example/',
    });
    expect(created.status).toBe(201);

    // Each replica on a server of its own, the visits alternating between them, all at once; half
    // of them are the redirect page's JSON requests.
    const servers = [a, b].map((app) => app.listen(0, '127.0.0.1'));
    await Promise.all(servers.map((server) => new Promise((listening) => server.once('listening', listening))));
    try {
      const bases = servers.map((server) => {
        const address = server.address();
        if (address === null || typeof address === 'string') throw new Error('no port');
        return `http://127.0.0.1:${address.port}`;
      });
      const visits = await Promise.all(
        Array.from({ length: 300 }, async (_, i) => {
          const json = i % 4 >= 2;
          const res = await fetch(`${bases[i % 2]}/race100`, {
            redirect: 'manual',
            headers: { 'User-Agent': CHROME, Accept: json ? 'application/json' : 'text/html' },
          });
          if (json) {
            const body = (await res.json()) as { targetUrl?: string; fallbackUrl?: string };
            return res.status === 200 ? body.targetUrl : body.fallbackUrl;
          }
          await res.arrayBuffer();
          expect(res.status).toBe(302);
          return res.headers.get('location');
        }),
      );
      expect(visits.filter((to) => to === 'https://example.com/target')).toHaveLength(100);
      expect(visits.filter((to) => to === 'https://fallback.example/')).toHaveLength(200);
    } finally {
      await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
    }
    for (const app of [a, b]) {
      const listed = await request(app).get('/api/shortlinks').set(auth);
      expect(listed.body.items[0]).toMatchObject({ shortCode: 'race100', clickCount: 100 });
    }
    const inactive = await request(b).get('/api/shortlinks?status=inactive').set(auth);
    expect(inactive.body.total).toBe(1);
  }, 60_000);
});
