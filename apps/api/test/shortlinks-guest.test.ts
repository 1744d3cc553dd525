// What a guest (no token) may do with shortlinks: create one a minute from a title, a target and an
// image, and read a link's public fields.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SHORTLINK_MESSAGES } from '@toolvault/shared';
import { HOSTILE_TARGETS, LINK, setup } from './shortlinks-support';

const { required } = SHORTLINK_MESSAGES;

describe('POST /api/shortlinks as guest (no token)', () => {
  it('refuses the fields only the admin may set, naming them, and stores nothing', async () => {
    const { app, list } = setup();
    const res = await request(app)
      .post('/api/shortlinks')
      .send({ ...LINK, shortCode: 'chosen', description: 'd', tags: ['t'], clickCount: 99 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Unknown fields: shortCode, description, tags, clickCount',
      code: 'UNKNOWN_FIELDS',
    });
    expect(await list()).toEqual([]);
  });

  it('creates a link from title, target and image only', async () => {
    const { app, list } = setup();
    const res = await request(app)
      .post('/api/shortlinks')
      .send({ ...LINK, metaImage: 'https://example.com/a.png' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...LINK, metaImage: 'https://example.com/a.png', description: '', tags: [] });
    expect(res.body.shortCode).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(res.body.clickCount).toBe(0);
    expect(await list()).toHaveLength(1);
  });

  it.each(HOSTILE_TARGETS)('refuses the target %j with 400', async (targetUrl, message) => {
    const res = await request(setup().app)
      .post('/api/shortlinks')
      .send({ ...LINK, targetUrl });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('answers 400 when title or target is blank, without using up the minute', async () => {
    const { app } = setup();
    const blank = await request(app).post('/api/shortlinks').send({ title: '', targetUrl: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe(required);
    expect((await request(app).post('/api/shortlinks').send(LINK)).status).toBe(201);
  });

  it('allows one creation per minute per client, whatever X-Forwarded-For says (TRUST_PROXY=0)', async () => {
    const { app, time, list } = setup();
    expect((await request(app).post('/api/shortlinks').set('X-Forwarded-For', '203.0.113.1').send(LINK)).status).toBe(
      201,
    );
    time.advance(15_000);
    const second = await request(app).post('/api/shortlinks').set('X-Forwarded-For', '203.0.113.2').send(LINK);
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ error: SHORTLINK_MESSAGES.guestRateLimited, code: 'GUEST_RATE_LIMITED' });
    expect(second.headers['retry-after']).toBe('45');
    time.advance(44_999);
    expect((await request(app).post('/api/shortlinks').send(LINK)).headers['retry-after']).toBe('1');
    time.advance(1);
    expect((await request(app).post('/api/shortlinks').send(LINK)).status).toBe(201);
    expect(await list()).toHaveLength(2);
  });

  it('keys on the forwarded client when TRUST_PROXY=1', async () => {
    const { app } = setup({ config: { trustProxy: 1 } });
    const from = (ip: string) => request(app).post('/api/shortlinks').set('X-Forwarded-For', ip).send(LINK);
    expect((await from('203.0.113.1')).status).toBe(201);
    expect((await from('203.0.113.2')).status).toBe(201);
    expect((await from('203.0.113.1')).status).toBe(429);
  });

  it.each([
    ['another address in the same /64', '2001:db8:1:2:ffff::9', 429],
    ['another /64 of the same /56', '2001:db8:1:ff::1', 429],
    ['another /56', '2001:db8:1:100::1', 201],
  ])('keys an IPv6 client by its /56: %s', async (_label, next, status) => {
    const { app } = setup({ config: { trustProxy: 1 } });
    const from = (ip: string) => request(app).post('/api/shortlinks').set('X-Forwarded-For', ip).send(LINK);
    expect((await from('2001:db8:1:2::1')).status).toBe(201);
    expect((await from(next)).status).toBe(status);
  });

  it('creates exactly one link for 20 concurrent guest creations from one client', async () => {
    const { app, list } = setup();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(app)
          .post('/api/shortlinks')
          .send({ ...LINK, title: `Race ${i}` }),
      ),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(429)]);
    expect(await list()).toHaveLength(1);
  });

  it('does not limit the admin', async () => {
    const { create } = setup();
    for (let i = 0; i < 3; i += 1) expect((await create(LINK)).status).toBe(201);
  });

  it('answers 401 for a token that is present but invalid, and creates nothing', async () => {
    const { app, list } = setup();
    for (const header of ['Bearer not-a-token', 'Bearer ', 'Basic abc']) {
      const res = await request(app).post('/api/shortlinks').set('Authorization', header).send(LINK);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    expect(await list()).toEqual([]);
  });
});

describe('GET /api/shortlink/:shortCode', () => {
  it('answers the public fields and never counts', async () => {
    const { create, app, list } = setup();
    await create({ ...LINK, shortCode: 'pub123', description: 'd', tags: ['secret-tag'] });
    const res = await request(app).get('/api/shortlink/pub123');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      shortCode: 'pub123',
      targetUrl: LINK.targetUrl,
      title: 'Docs',
      description: 'd',
      metaImage: '',
    });
    expect((await list())[0]?.clickCount).toBe(0);
  });

  it.each(['nope12', 'api', 'a', '%zz'])('answers 404 for %s', async (code) => {
    const res = await request(setup().app).get(`/api/shortlink/${code}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Shortlink not found');
  });
});
