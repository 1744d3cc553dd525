import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Webhook, WebhookDeliveryPage } from '@toolvault/shared';
import { ENGINES } from './engines';
import { auditTestApp, type AuditTestApp } from './audit-fixtures';
import { testConfig } from './helpers';

const RESOLVED: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'inside.example.com': ['10.0.0.5'],
  'rebind.example.com': ['93.184.216.34', '::1'],
};

/**
 * /api/webhooks: registering, changing, rotating and deleting webhooks, the delivery log and
 * re-sending, who may do it, and every way a request can be wrong or hostile.
 */
describe.each(ENGINES)('/api/webhooks on %s', (engine) => {
  let t: AuditTestApp;
  let owner: { Authorization: string };
  let admin: { Authorization: string };
  let editor: { Authorization: string };
  beforeAll(async () => {
    t = await auditTestApp(engine, '2025-03-15T12:00:00.000Z', {
      webhookResolve: async (host) =>
        (RESOLVED[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      ownAddresses: () => ['93.184.216.99'],
    });
    owner = await t.sessionOf(1);
    admin = (await t.person('administrator', 'ada')).auth;
    editor = (await t.person('editor', 'eve')).auth;
  }, 30_000);
  afterAll(async () => {
    await t?.close();
  });

  const create = (body: unknown, auth: Record<string, string> = admin) =>
    request(t.app)
      .post('/api/webhooks')
      .set(auth)
      .send(body as object);

  it('registers a webhook with a server-made secret, lists it, and logs no secret', async () => {
    const res = await create({ url: 'https://hooks.example.com/in', events: ['click', 'link.created'] });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      id: expect.any(Number),
      url: 'https://hooks.example.com/in',
      description: '',
      events: ['link.created', 'click'],
      active: true,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
      createdAt: '2025-03-15T12:00:00.000Z',
      updatedAt: '2025-03-15T12:00:00.000Z',
    });
    const list = await request(t.app).get('/api/webhooks').set(owner);
    expect(list.status).toBe(200);
    expect((list.body as { webhooks: Webhook[] }).webhooks.map((w) => w.secret)).toContain(res.body.secret);
    const audit = await request(t.app).get('/api/audit?type=').set(owner);
    expect(JSON.stringify(audit.body)).not.toContain(res.body.secret);
    expect(JSON.stringify(audit.body)).toContain('webhook.created');
  });

  it('changes a webhook, rotates its secret and deletes it', async () => {
    const { body: made } = await create({ url: 'http://93.184.216.34:8080/x', events: ['link.deleted'] });
    const changed = await request(t.app)
      .put(`/api/webhooks/${made.id}`)
      .set(admin)
      .send({ events: ['link.updated'], active: false, description: 'CRM' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      events: ['link.updated'],
      active: false,
      description: 'CRM',
      secret: made.secret,
    });
    const rotated = await request(t.app).post(`/api/webhooks/${made.id}/secret`).set(admin);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(made.secret);
    expect((await request(t.app).delete(`/api/webhooks/${made.id}`).set(admin)).status).toBe(204);
    expect((await request(t.app).delete(`/api/webhooks/${made.id}`).set(admin)).body.code).toBe('WEBHOOK_NOT_FOUND');
    expect((await request(t.app).post(`/api/webhooks/${made.id}/secret`).set(admin)).status).toBe(404);
  });

  it('queues link events from the link routes, pages the log and re-sends', async () => {
    const { body: hook } = await create({
      url: 'https://hooks.example.com/links',
      events: ['link.created', 'link.deleted'],
    });
    for (const code of ['aaaaa1', 'aaaaa2', 'aaaaa3']) {
      const link = await request(t.app)
        .post('/api/shortlinks')
        .set(owner)
        .send({ title: code, targetUrl: `https://example.com/${code}`, shortCode: code });
      expect(link.status).toBe(201);
    }
    const first = await request(t.app).get(`/api/webhooks/${hook.id}/deliveries?limit=2`).set(admin);
    expect(first.status).toBe(200);
    const page = first.body as WebhookDeliveryPage;
    expect(page.deliveries.map((d) => [d.event, d.status, d.attempts])).toEqual([
      ['link.created', 'pending', 0],
      ['link.created', 'pending', 0],
    ]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const second = await request(t.app)
      .get(`/api/webhooks/${hook.id}/deliveries?limit=2&cursor=${page.nextCursor}`)
      .set(admin);
    expect(second.body.deliveries).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const resent = await request(t.app)
      .post(`/api/webhooks/${hook.id}/deliveries/${second.body.deliveries[0].id}/resend`)
      .set(admin);
    expect(resent.status).toBe(201);
    expect(resent.body).toMatchObject({ event: 'link.created', status: 'pending', attempts: 0 });
    expect(resent.body.id).toBeGreaterThan(page.deliveries[0]!.id);
  });

  it.each([
    ['http://127.0.0.1/'],
    ['http://[::1]:3000/'],
    ['http://10.0.0.1/'],
    ['http://169.254.169.254/latest/meta-data'],
    ['http://[fd00::1]/'],
    ['http://224.0.0.1/'],
    ['http://0.0.0.0/'],
    ['http://0x7f000001/'],
    ['https://inside.example.com/'],
    ['https://rebind.example.com/'],
    ['https://nowhere.example.com/'],
    ['http://93.184.216.99/'],
  ])('refuses %s with WEBHOOK_TARGET_REFUSED', async (url) => {
    const res = await create({ url, events: ['click'] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('WEBHOOK_TARGET_REFUSED');
  });

  it('refuses a private target on update too', async () => {
    const { body: hook } = await create({ url: 'https://hooks.example.com/u', events: ['click'] });
    const res = await request(t.app).put(`/api/webhooks/${hook.id}`).set(admin).send({ url: 'http://192.168.0.1/' });
    expect(res.body.code).toBe('WEBHOOK_TARGET_REFUSED');
  });

  it.each([
    [{}, 'VALIDATION'],
    [{ url: 'https://hooks.example.com/' }, 'VALIDATION'],
    [{ url: 'https://hooks.example.com/', events: [] }, 'VALIDATION'],
    [{ url: 'https://hooks.example.com/', events: ['link.exploded'] }, 'VALIDATION'],
    [{ url: 'https://hooks.example.com/', events: 'click' }, 'VALIDATION'],
    [{ url: 'javascript:alert(1)', events: ['click'] }, 'VALIDATION'],
    [{ url: 'file:///etc/passwd', events: ['click'] }, 'VALIDATION'],
    [{ url: 'gopher://hooks.example.com/', events: ['click'] }, 'VALIDATION'],
    [{ url: 'https://user:pw@hooks.example.com/', events: ['click'] }, 'VALIDATION'],
    [{ url: `https://hooks.example.com/${'a'.repeat(3000)}`, events: ['click'] }, 'VALIDATION'],
    [{ url: 'https://hooks.example.com/', events: ['click'], secret: 'mine' }, 'UNKNOWN_FIELDS'],
    [{ url: 'https://hooks.example.com/', events: ['click'], active: 'yes' }, 'VALIDATION'],
    [{ url: 'https://hooks.example.com/\u0000', events: ['click'] }, 'INVALID_CHARACTERS'],
    [{ url: 'https://hooks.example.com/', events: ['click'], description: 'x'.repeat(201) }, 'VALIDATION'],
  ])('refuses the body %j with %s', async (body, code) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });

  it.each([
    ['get', '/api/webhooks/0/deliveries', 'VALIDATION'],
    ['get', '/api/webhooks/abc/deliveries', 'VALIDATION'],
    ['get', '/api/webhooks/999999/deliveries', 'WEBHOOK_NOT_FOUND'],
    ['put', '/api/webhooks/99999999999999999999', 'WEBHOOK_NOT_FOUND'],
    ['post', '/api/webhooks/1/deliveries/999999/resend', 'WEBHOOK_DELIVERY_NOT_FOUND'],
    ['post', '/api/webhooks/1/deliveries/-1/resend', 'WEBHOOK_DELIVERY_NOT_FOUND'],
    ['get', '/api/webhooks/1/deliveries?cursor=bm9wZQ', 'VALIDATION'],
    ['get', '/api/webhooks/1/deliveries?cursor=%27%3B--', 'VALIDATION'],
    ['get', '/api/webhooks/1/deliveries?limit=0', 'VALIDATION'],
    ['get', '/api/webhooks/1/deliveries?limit=101', 'VALIDATION'],
    ['get', '/api/webhooks/1/deliveries?limit=1&limit=2', 'VALIDATION'],
  ] as const)('%s %s answers %s', async (method, path, code) => {
    const res = await request(t.app)[method](path).set(admin).send({});
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(code);
  });

  it('refuses visitors, Editors and API keys', async () => {
    expect((await request(t.app).get('/api/webhooks')).status).toBe(401);
    expect((await request(t.app).get('/api/webhooks').set(editor)).body.code).toBe('FORBIDDEN');
    const key = await t.keyOf(1, ['links:read', 'links:write', 'analytics:read']);
    const res = await create(
      { url: 'https://hooks.example.com/', events: ['click'] },
      { Authorization: `Bearer ${key}` },
    );
    expect(res.status).toBe(403);
  });
});

describe('WEBHOOK_ALLOW_PRIVATE', () => {
  it('lets an operator register a target on a private network', async () => {
    const t = await auditTestApp('sqlite', '2025-03-15T12:00:00.000Z', {
      config: testConfig({ webhookAllowPrivate: true }),
    });
    try {
      const res = await request(t.app)
        .post('/api/webhooks')
        .set(await t.sessionOf(1))
        .send({ url: 'http://127.0.0.1:9000/hook', events: ['click'] });
      expect(res.status).toBe(201);
    } finally {
      await t.close();
    }
  });
});
