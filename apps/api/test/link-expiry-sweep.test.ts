import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRepositories,
  migrate,
  openPostgres,
  openSqlite,
  type Engine,
  type Repositories,
  type Storage,
} from '../src/db';
import type { SweepMarksRepo } from '../src/db/sweep-marks.repo';
import { silentLogger } from '../src/logger';
import { createLinkExpirySweep } from '../src/services/webhooks/link-expiry-sweep';
import { createWebhookEvents } from '../src/services/webhooks/webhook-events';
import { ENGINE_APP_NOW, engineApp, type EngineApp } from './engine-app';
import { ENGINES, openTestStorage } from './engines';
import { recordPlans } from './sqlite-plans';

/**
 * The `link.expired` event of a link whose end passes, on each engine: a sweep finds the links that
 * ended since the shared mark of the last one and tells each once, however many replicas sweep and
 * whether or not a sweep stopped halfway. The clock is injected; two connections are two replicas.
 */

const T0 = Date.parse('2025-03-15T12:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 3_600_000;

interface Replicas {
  a: Repositories;
  b: Repositories;
  close(): Promise<void>;
}

/** One fresh database and two connections to it. */
async function openReplicas(engine: Engine): Promise<Replicas> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-expiry-'));
    const first = openSqlite(dir);
    await migrate(first);
    const second = openSqlite(dir);
    return {
      a: createRepositories(first),
      b: createRepositories(second),
      async close() {
        await Promise.all([first.close(), second.close()]);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const t = await openTestStorage(engine);
  const second: Storage = openPostgres(t.url!);
  return {
    a: t.db,
    b: createRepositories(second),
    async close() {
      await second.close();
      await t.close();
    },
  };
}

describe.each(ENGINES)('the link.expired sweep on %s', (engine: Engine) => {
  let r: Replicas;
  let now: Date;
  const clock = () => now;
  let webhookId: number;

  beforeEach(async () => {
    now = new Date(T0);
    r = await openReplicas(engine);
    const webhook = await r.a.webhooks.insert({
      url: 'https://hooks.example.com/in',
      description: '',
      events: ['link.expired'],
      active: true,
      secret: 'whsec_test',
      createdBy: 1,
      at: now,
    });
    webhookId = webhook.id;
  }, 30_000);
  afterEach(async () => {
    await r?.close();
  });

  const sweep = (db: Repositories, { marks = db.sweepMarks, batchSize = 200 } = {}) =>
    createLinkExpirySweep({
      shortlinks: db.shortlinks,
      marks,
      events: createWebhookEvents({
        webhooks: db.webhooks,
        deliveries: db.webhookDeliveries,
        clock,
        logger: silentLogger,
      }),
      clock,
      logger: silentLogger,
      batchSize,
    });

  /** Links ending at these instants (null: no end), with codes end0, end1, …; their ids in order. */
  const links = async (ends: (string | null)[], extra: { clickCount?: number; maxVisits?: number } = {}) => {
    const ids: number[] = [];
    for (const [index, validUntil] of ends.entries()) {
      const link = await r.a.shortlinks.insert({
        shortCode: `end${String(ids.length + index).padStart(3, '0')}${Math.random().toString(36).slice(2, 6)}`,
        targetUrl: 'https://example.com/',
        title: `Ends ${validUntil ?? 'never'}`,
        description: '',
        metaImage: '',
        tags: [],
        clickCount: extra.clickCount ?? 0,
        createdAt: at(-HOUR),
        redirectMode: 'preview',
        validUntil,
        ...(extra.maxVisits !== undefined && { maxVisits: extra.maxVisits }),
      });
      ids.push(link!.id);
    }
    return ids;
  };

  /** The link.expired deliveries queued: each one's link id, end and reason, oldest first. */
  const told = async () => {
    const page = await r.a.webhookDeliveries.page(webhookId, { limit: 100 });
    const bodies = await Promise.all(page.map((d) => r.a.webhookDeliveries.find(webhookId, d.id)));
    return bodies
      .map(
        (d) =>
          JSON.parse(d!.payload) as {
            type: string;
            data: { link: { id: number; validUntil: string }; reason: string };
          },
      )
      .map(({ type, data }) => ({ type, id: data.link.id, validUntil: data.link.validUntil, reason: data.reason }))
      .sort((x, y) => x.id - y.id || x.validUntil.localeCompare(y.validUntil));
  };

  it('only sets its mark the first time: ends from before it are not announced late', async () => {
    await links([at(-MINUTE)]);
    expect(await sweep(r.a).runOnce()).toBe(0);
    expect(await r.a.sweepMarks.get('link.expired')).toBe(at(0));
    expect(await told()).toEqual([]);
  });

  it('tells of each link once when its end passes, however many replicas sweep at once', async () => {
    await sweep(r.a).runOnce();
    const [soon, later] = await links([at(30_000), at(2 * HOUR), null, at(-MINUTE)]);
    now = new Date(T0 + MINUTE);
    const counts = await Promise.all([sweep(r.a).runOnce(), sweep(r.b).runOnce(), sweep(r.a).runOnce()]);
    expect(Math.max(...counts)).toBe(1);
    expect(await told()).toEqual([{ type: 'link.expired', id: soon, validUntil: at(30_000), reason: 'validUntil' }]);
    expect(await sweep(r.b).runOnce()).toBe(0);
    expect(await r.a.sweepMarks.get('link.expired')).toBe(at(MINUTE));

    // Every replica was down for a while: the next start sweeps the span it missed.
    now = new Date(T0 + 5 * HOUR);
    expect(await sweep(r.b).runOnce()).toBe(1);
    expect((await told()).map((event) => event.id)).toEqual([soon, later]);
  });

  it('does not tell twice after a sweep that stopped before it moved its mark', async () => {
    await sweep(r.a).runOnce();
    const [ended] = await links([at(MINUTE)]);
    now = new Date(T0 + 2 * MINUTE);
    const failing: SweepMarksRepo = {
      get: (name) => r.a.sweepMarks.get(name),
      advance: () => Promise.reject(new Error('connection lost')),
    };
    await expect(sweep(r.a, { marks: failing }).runOnce()).rejects.toThrow('connection lost');
    expect(await r.a.sweepMarks.get('link.expired')).toBe(at(0));
    // The restarted replica looks at the same span again; the link's event was claimed already.
    expect(await sweep(r.b).runOnce()).toBe(1);
    expect((await told()).map((event) => event.id)).toEqual([ended]);
  });

  it('never moves its mark back, whatever a lagging clock says', async () => {
    now = new Date(T0 + HOUR);
    await sweep(r.a).runOnce();
    now = new Date(T0);
    await sweep(r.b).runOnce();
    expect(await r.a.sweepMarks.get('link.expired')).toBe(at(HOUR));
  });

  it('leaves out a link that ran out of visits before its end, and tells again of an end moved later', async () => {
    await sweep(r.a).runOnce();
    const [usedUp] = await links([at(MINUTE)], { clickCount: 3, maxVisits: 3 });
    const [moved] = await links([at(MINUTE)], { clickCount: 1, maxVisits: 3 });
    now = new Date(T0 + 2 * MINUTE);
    expect(await sweep(r.a).runOnce()).toBe(1);
    expect((await told()).map((event) => event.id)).toEqual([moved]);
    expect(usedUp).not.toBe(moved);

    const before = (await r.a.shortlinks.findById(moved!))!;
    const changed = await r.a.shortlinks.update(moved!, { ...before, validUntil: at(HOUR), updatedBy: 1 });
    expect(changed).toMatchObject({ validUntil: at(HOUR) });
    now = new Date(T0 + 2 * HOUR);
    expect(await sweep(r.a).runOnce()).toBe(1);
    expect(await told()).toEqual([
      { type: 'link.expired', id: moved, validUntil: at(MINUTE), reason: 'validUntil' },
      { type: 'link.expired', id: moved, validUntil: at(HOUR), reason: 'validUntil' },
    ]);
  });

  it('reads the span in batches, ties of one end included', async () => {
    await sweep(r.a).runOnce();
    const ids = await links([at(MINUTE), at(MINUTE), at(MINUTE), at(2 * MINUTE), at(3 * MINUTE)]);
    now = new Date(T0 + HOUR);
    expect(await sweep(r.a, { batchSize: 2 }).runOnce()).toBe(5);
    expect((await told()).map((event) => event.id)).toEqual(ids);
  });
});

/** The other moment of expiry, which a click makes: the visit that uses up a link's limit. */
describe.each(ENGINES)('link.expired on a visit limit on %s', (engine: Engine) => {
  let t: EngineApp;
  afterEach(async () => t?.close());

  it('queues one event, after the click that reached the limit, whatever visits follow', async () => {
    t = await engineApp(engine);
    const webhook = await t.db.webhooks.insert({
      url: 'https://hooks.example.com/in',
      description: '',
      events: ['link.expired'],
      active: true,
      secret: 'whsec_test',
      createdBy: 1,
      at: new Date(ENGINE_APP_NOW),
    });
    const created = await request(t.app)
      .post('/api/shortlinks')
      .set(t.auth)
      .send({ title: 'Once', targetUrl: 'https://example.com/once', shortCode: 'once01', maxVisits: 2 });
    expect(created.status).toBe(201);
    const visit = () =>
      request(t.app)
        .get('/once01')
        .set('Accept', 'application/json')
        .set(
          'User-Agent',
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
        );
    expect((await visit()).status).toBe(200);
    expect(await t.db.webhookDeliveries.page(webhook.id, { limit: 10 })).toEqual([]);
    expect((await visit()).status).toBe(200);
    expect((await visit()).status).toBe(410);
    expect((await visit()).status).toBe(410);
    // Queued after the click's commit, without the visitor waiting for it.
    const deliveries = await vi.waitFor(async () => {
      const page = await t.db.webhookDeliveries.page(webhook.id, { limit: 10 });
      expect(page).toHaveLength(1);
      return page;
    });
    const body = JSON.parse((await t.db.webhookDeliveries.find(webhook.id, deliveries[0]!.id))!.payload) as {
      type: string;
      data: { link: { id: number; clickCount: number; maxVisits: number }; reason: string };
    };
    expect(body).toMatchObject({
      type: 'link.expired',
      data: { link: { id: created.body.id, clickCount: 2, maxVisits: 2 }, reason: 'maxVisits' },
    });
  });
});

describe('the sweep on SQLite', () => {
  it('reads one range of shortlinks_valid_until, whatever the number of links', async () => {
    const test = await openTestStorage('sqlite');
    try {
      const plans = recordPlans(test.storage, (source) => source.includes('"valid_until" <='));
      for await (const links of test.db.shortlinks.endedBetween(at(0), at(HOUR), 10)) expect(links).toEqual([]);
      expect(plans).toHaveLength(1);
      expect(plans[0]).toContain('shortlinks_valid_until');
      expect(plans[0]).not.toContain('TEMP B-TREE');
    } finally {
      await test.close();
    }
  });
});
