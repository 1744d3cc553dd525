import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '@toolvault/shared';
import { ADMIN_PASSWORD, buildApp } from './helpers';

const VALID = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Hello', message: 'The engine works.' };

async function adminToken(app: ReturnType<typeof buildApp>['app']): Promise<string> {
  return (await request(app).post('/api/admin/login').send({ password: ADMIN_PASSWORD })).body.token;
}

describe('POST /api/contact', () => {
  it('stores a valid message, trimmed, and answers 201 with it', async () => {
    const { app } = buildApp({ clock: () => new Date('2030-05-01T10:00:00Z') });
    const res = await request(app)
      .post('/api/contact')
      .send({ ...VALID, name: '  Ada Lovelace  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 1, ...VALID, createdAt: '2030-05-01T10:00:00.000Z' });
  });

  it('refuses a field the form does not have, naming it, and stores nothing', async () => {
    const { app, db } = buildApp();
    const res = await request(app)
      .post('/api/contact')
      .send({ ...VALID, extra: 'x', phone: '1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Unknown fields: extra, phone', code: 'UNKNOWN_FIELDS' });
    expect(await db.contact.listNewestFirst()).toEqual([]);
  });

  it('lists the messages newest first for the admin', async () => {
    let now = new Date('2030-05-01T10:00:00Z');
    const { app } = buildApp({ clock: () => now });
    await request(app)
      .post('/api/contact')
      .send({ ...VALID, subject: 'first' });
    now = new Date('2030-05-01T11:00:00Z');
    await request(app)
      .post('/api/contact')
      .send({ ...VALID, subject: 'second' });
    await request(app)
      .post('/api/contact')
      .send({ ...VALID, subject: 'third, same time' });

    const res = await request(app)
      .get('/api/contact')
      .set('Authorization', `Bearer ${await adminToken(app)}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.items.map((m: { subject: string }) => m.subject)).toEqual(['third, same time', 'second', 'first']);
    expect(res.body).toMatchObject({ nextCursor: null, total: 3 });
  });

  const tooLong = (field: keyof typeof CONTACT_LIMITS) => 'x'.repeat(CONTACT_LIMITS[field] + 1);
  it.each([
    ['missing name', { name: undefined }, 'Name is required'],
    ['blank name', { name: '   ' }, 'Name is required'],
    ['numeric name', { name: 42 }, 'Name is required'],
    ['name too long', { name: tooLong('name') }, 'Name must be at most 100 characters'],
    ['missing email', { email: undefined }, 'Email is required'],
    ['bad email', { email: 'ada-at-example' }, 'Please enter a valid email address'],
    ['null email', { email: null }, 'Email is required'],
    ['email too long', { email: `${'a'.repeat(250)}@example.com` }, 'Email must be at most 254 characters'],
    ['missing subject', { subject: undefined }, 'Subject is required'],
    ['array subject', { subject: ['Hello'] }, 'Subject is required'],
    ['subject too long', { subject: tooLong('subject') }, 'Subject must be at most 200 characters'],
    ['missing message', { message: undefined }, 'Message is required'],
    ['object message', { message: {} }, 'Message is required'],
    ['message too long', { message: tooLong('message') }, 'Message must be at most 5000 characters'],
  ])('answers 400 for %s and stores nothing', async (_label, patch, error) => {
    const { app, db } = buildApp();
    const res = await request(app)
      .post('/api/contact')
      .send({ ...VALID, ...patch });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, code: 'VALIDATION' });
    expect(await db.contact.listNewestFirst()).toEqual([]);
  });

  it.each([
    ['an empty body', undefined, 'Name is required'],
    ['an array body', [VALID], 'Invalid input: expected object, received array'],
  ])('answers 400 for %s', async (_label, body, error) => {
    const res = await request(buildApp().app)
      .post('/api/contact')
      .send(body as object);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });

  it('accepts 5 messages per client and refuses the 6th with Retry-After', async () => {
    const { app, db } = buildApp();
    for (let i = 0; i < 5; i++) expect((await request(app).post('/api/contact').send(VALID)).status).toBe(201);
    const res = await request(app).post('/api/contact').send(VALID);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toEqual({ error: 'Too many messages. Please try again later.', code: 'CONTACT_THROTTLED' });
    expect(await db.contact.listNewestFirst()).toHaveLength(5);
  });
});
