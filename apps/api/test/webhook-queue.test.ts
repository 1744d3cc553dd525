import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createRepositories,
  migrate,
  openPostgres,
  openSqlite,
  type Engine,
  type Repositories,
  type Storage,
} from '../src/db';
import { silentLogger } from '../src/logger';
import { createDeliveryWorker, type DeliveryWorkerDeps } from '../src/services/webhooks/delivery-worker';
import { CLICK_BATCH_MAX, CLICK_BUFFER_MAX, createWebhookEvents } from '../src/services/webhooks/webhook-events';
import { webhookSignature } from '../src/services/webhooks/signing';
import type { OutgoingDelivery, Transport } from '../src/services/webhooks/transport';
import { ENGINES, openTestStorage, type TestStorage } from './engines';

/**
 * The delivery queue on each engine: two replicas' workers share it and each delivery is claimed
 * once; a replica that dies mid-send leaves a lease that runs out and another replica takes over;
 * retries follow the schedule and end as failed after 24 hours. Clock and transport are injected.
 */
describe.each(ENGINES)('webhook delivery queue on %s', (engine: Engine) => {
  let t: TestStorage;
  /** A second connection to the same database: another replica. */
  let other: { storage: Storage; db: Repositories };
  let dir: string | undefined;
  let now: Date;
  const clock = () => now;

  beforeAll(async () => {
    if (engine === 'sqlite') {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-webhooks-'));
      const storage = openSqlite(dir);
      await migrate(storage);
      t = {
        storage,
        db: createRepositories(storage),
        close: () => storage.close(),
      };
      const second = openSqlite(dir);
      other = { storage: second, db: createRepositories(second) };
    } else {
      t = await openTestStorage(engine);
      const second = openPostgres(t.url!);
      other = { storage: second, db: createRepositories(second) };
    }
  }, 30_000);
  afterAll(async () => {
    await other?.storage.close();
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  let webhookId: number;
  beforeEach(async () => {
    now = new Date('2025-03-15T12:00:00.000Z');
    for (const webhook of await t.db.webhooks.list()) await t.db.webhooks.delete(webhook.id);
    const webhook = await t.db.webhooks.insert({
      url: 'https://hooks.example.com/in',
      description: '',
      events: ['link.created', 'click'],
      active: true,
      secret: 'whsec_test',
      createdBy: 1,
      at: now,
    });
    webhookId = webhook.id;
  });

  const events = (db: Repositories) =>
    createWebhookEvents({ webhooks: db.webhooks, deliveries: db.webhookDeliveries, clock, logger: silentLogger });

  const recorder = (answer: (delivery: OutgoingDelivery) => Promise<{ status: number }>) => {
    const sent: OutgoingDelivery[] = [];
    const transport: Transport = async (delivery) => {
      sent.push(delivery);
      return answer(delivery);
    };
    return { sent, transport };
  };

  const worker = (db: Repositories, transport: Transport, extra: Partial<DeliveryWorkerDeps> = {}) =>
    createDeliveryWorker({
      webhooks: db.webhooks,
      deliveries: db.webhookDeliveries,
      clock,
      transport,
      resolve: async () => [{ address: '93.184.216.34', family: 4 }],
      policy: { allowPrivate: false, ownAddresses: () => [] },
      logger: silentLogger,
      random: () => 0,
      ...extra,
    });

  it('sends each of 60 deliveries exactly once when two replicas claim together', async () => {
    for (let i = 1; i <= 60; i++) await events(t.db).linkCreated({ id: i });
    const a = recorder(async () => ({ status: 200 }));
    const b = recorder(async () => ({ status: 204 }));
    const first = worker(t.db, a.transport, { batch: 7, token: () => `a-${Math.random()}` });
    const second = worker(other.db, b.transport, { batch: 7, token: () => `b-${Math.random()}` });
    for (let round = 0; round < 10; round++) await Promise.all([first.runOnce(), second.runOnce()]);
    const ids = [...a.sent, ...b.sent].map((d) => d.headers['Toolvault-Delivery']);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    const page = await t.db.webhookDeliveries.page(webhookId, { limit: 100 });
    expect(page.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    expect(await first.runOnce()).toBe(0);
  });

  it('claims no more deliveries than asked for, and the next claim takes the next ones', async () => {
    for (let i = 1; i <= 5; i++) await events(t.db).linkCreated({ id: i });
    const claim = (db: Repositories, token: string) =>
      db.webhookDeliveries.claim({ now, leaseUntil: new Date(now.getTime() + 20_000), limit: 2, token });
    const first = await claim(t.db, 'a');
    const second = await claim(other.db, 'b');
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    expect(new Set([...first, ...second].map((d) => d.id)).size).toBe(4);
    expect(await claim(t.db, 'c')).toHaveLength(1);
    expect(await claim(t.db, 'd')).toEqual([]);
  });

  it('signs what it sends with the secret, at the moment of sending', async () => {
    await events(t.db).linkCreated({ id: 7 });
    const { sent, transport } = recorder(async () => ({ status: 200 }));
    now = new Date('2025-03-15T12:00:05.000Z');
    await worker(t.db, transport).runOnce();
    expect(sent).toHaveLength(1);
    const [delivery] = sent;
    expect(JSON.parse(delivery!.body)).toEqual({
      type: 'link.created',
      createdAt: '2025-03-15T12:00:00.000Z',
      data: { link: { id: 7 } },
    });
    expect(delivery!.headers['Toolvault-Signature']).toBe(webhookSignature('whsec_test', delivery!.body, now));
    expect(delivery!.headers['Toolvault-Event']).toBe('link.created');
    expect(delivery!.address).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('takes a delivery again once the lease of a replica killed mid-send has run out, and only that one', async () => {
    await events(t.db).linkCreated({ id: 1 });
    await events(t.db).linkCreated({ id: 2 });
    // The first replica claims and "dies": its send never returns.
    let sending!: () => void;
    const started = new Promise<void>((resolve) => (sending = resolve));
    const dying = worker(
      t.db,
      () => {
        sending();
        return new Promise(() => {});
      },
      { leaseMs: 60_000 },
    );
    void dying.runOnce();
    await started;
    const { sent, transport } = recorder(async () => ({ status: 200 }));
    const survivor = worker(other.db, transport, { leaseMs: 60_000 });
    // The dead replica held only the delivery it was sending: the other one goes at once.
    expect(await survivor.runOnce()).toBe(1);
    expect(await survivor.runOnce()).toBe(0); // the lease still holds
    now = new Date(now.getTime() + 60_001);
    expect(await survivor.runOnce()).toBe(1);
    expect(sent.map((d) => JSON.parse(d.body).data.link.id)).toEqual([2, 1]);
    const rows = await t.db.webhookDeliveries.page(webhookId, { limit: 2 });
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 2],
    ]);
  });

  it('retries after a 500 on the schedule, then delivers', async () => {
    await events(t.db).linkCreated({ id: 1 });
    let status = 500;
    const { sent, transport } = recorder(async () => ({ status }));
    const w = worker(t.db, transport);
    await w.runOnce();
    let [row] = await t.db.webhookDeliveries.page(webhookId, { limit: 1 });
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      lastError: 'HTTP 500',
      nextAttemptAt: '2025-03-15T12:00:15.000Z',
    });
    expect(await w.runOnce()).toBe(0); // not due yet
    now = new Date('2025-03-15T12:00:15.000Z');
    status = 200;
    await w.runOnce();
    [row] = await t.db.webhookDeliveries.page(webhookId, { limit: 1 });
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200, nextAttemptAt: null });
    expect(sent.map((d) => d.headers['Toolvault-Delivery'])).toEqual([
      sent[0]!.headers['Toolvault-Delivery'],
      sent[0]!.headers['Toolvault-Delivery'],
    ]);
  });

  it('marks a delivery failed when the next try would fall after 24 hours', async () => {
    await events(t.db).linkCreated({ id: 1 });
    const w = worker(t.db, async () => {
      throw new Error('connect ECONNREFUSED');
    });
    let attempts = 0;
    for (;;) {
      const [row] = await t.db.webhookDeliveries.page(webhookId, { limit: 1 });
      if (row!.status !== 'pending') {
        expect(row).toMatchObject({ status: 'failed', nextAttemptAt: null, lastError: 'connect ECONNREFUSED' });
        break;
      }
      now = new Date(row!.nextAttemptAt!);
      attempts += await w.runOnce();
    }
    // random 0 takes half of each wait: 15 s, 30 s, … 960 s (1905 s in all), then 30 minutes each
    // (46 more fit in the rest of the 24 hours): 1 + 7 + 46 attempts.
    expect(attempts).toBe(54);
    expect(now.getTime() - Date.parse('2025-03-15T12:00:00.000Z')).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('refuses at delivery time a name that now resolves to a private address', async () => {
    await events(t.db).linkCreated({ id: 1 });
    const { sent, transport } = recorder(async () => ({ status: 200 }));
    await worker(t.db, transport, { resolve: async () => [{ address: '10.0.0.8', family: 4 }] }).runOnce();
    expect(sent).toHaveLength(0);
    const [row] = await t.db.webhookDeliveries.page(webhookId, { limit: 1 });
    expect(row).toMatchObject({ status: 'pending', lastError: 'refused: private address', responseStatus: null });
  });

  it('batches clicks: at most 100 per delivery, one delivery per flush', async () => {
    const e = events(t.db);
    for (let i = 0; i < 150; i++) {
      e.clicked({
        shortCode: 'abc123',
        clickedAt: now.toISOString(),
        referrerHost: null,
        country: null,
        device: 'desktop',
      });
    }
    await e.flushClicks();
    await e.flushClicks();
    await e.flushClicks();
    const { sent, transport } = recorder(async () => ({ status: 200 }));
    await worker(t.db, transport).runOnce();
    expect(sent.map((d) => (JSON.parse(d.body) as { data: { clicks: unknown[] } }).data.clicks.length)).toEqual([
      100, 50,
    ]);
  });

  it('keeps the newest 10,000 clicks when deliveries fall behind, and says how many it let go', async () => {
    const e = events(t.db);
    for (let i = 0; i < CLICK_BUFFER_MAX + 5; i++) {
      e.clicked({
        shortCode: `c${i}`,
        clickedAt: now.toISOString(),
        referrerHost: null,
        country: null,
        device: 'mobile',
      });
    }
    await e.flushClicks();
    await e.flushClicks();
    const { sent, transport } = recorder(async () => ({ status: 200 }));
    await worker(t.db, transport).runOnce();
    const batches = sent.map(
      (d) => (JSON.parse(d.body) as { data: { clicks: { shortCode: string }[]; dropped?: number } }).data,
    );
    expect(batches.map((b) => [b.clicks[0]!.shortCode, b.clicks.length, b.dropped])).toEqual([
      ['c5', CLICK_BATCH_MAX, 5],
      [`c${5 + CLICK_BATCH_MAX}`, CLICK_BATCH_MAX, undefined],
    ]);
  });

  it('queues link.expired once per link and reason, however many replicas notice it', async () => {
    await t.db.webhooks.update(webhookId, { events: ['link.expired'] }, now);
    await Promise.all([
      events(t.db).linkExpired({ id: 5 }, 'validUntil', '2025-03-15T00:00:00.000Z'),
      events(other.db).linkExpired({ id: 5 }, 'validUntil', '2025-03-15T00:00:00.000Z'),
      events(t.db).linkExpired({ id: 5 }, 'validUntil', '2025-03-15T00:00:00.000Z'),
    ]);
    await events(t.db).linkExpired({ id: 5 }, 'maxVisits', 100);
    const page = await t.db.webhookDeliveries.page(webhookId, { limit: 10 });
    expect(page.map((d) => d.event)).toEqual(['link.expired', 'link.expired']);
  });
});
