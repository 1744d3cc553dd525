import { createHash } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Role } from '@toolvault/shared';
import { accountTestContext } from './account-app';
import { databaseText } from './database-text';
import { ENGINES } from './engines';
import { personKey, personSession } from './people';

const MINUTE = 60_000;

describe.each(ENGINES)('API keys, on %s', (engine) => {
  const context = accountTestContext(engine);
  const person = (role: Role = 'owner') => personSession(context.db, role, { now: context.now() });
  /** Creates a key through the route, as the Account page does. */
  const create = (auth: { Authorization: string }, body: Record<string, unknown>) =>
    request(context.app()).post('/api/account/keys').set(auth).send(body);
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

  describe('POST /api/account/keys', () => {
    it('answers the key once in full and its listing, and records the fields (never the key)', async () => {
      const owner = await person();
      const res = await create(owner.auth, { name: ' Deploy bot ', scopes: ['links:read', 'blog:write'] });
      expect(res.status).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.key).toMatch(/^tv_[A-Za-z0-9_-]{43}$/);
      expect(res.body.apiKey).toEqual({
        id: expect.any(Number),
        name: 'Deploy bot',
        prefix: res.body.key.slice(0, 9),
        scopes: ['links:read', 'blog:write'],
        rateLimit: 60,
        createdAt: context.now().toISOString(),
        expiresAt: null,
        lastUsedAt: null,
      });
      const listed = await request(context.app()).get('/api/account/keys').set(owner.auth);
      expect(listed.body.keys[0]).toEqual(res.body.apiKey);
      expect(JSON.stringify(listed.body)).not.toContain(res.body.key);

      const [event] = await context.db.audit.list({ actorUserId: owner.userId, limit: 1 });
      expect(event).toMatchObject({
        action: 'key.created',
        targetType: 'api_key',
        targetId: String(res.body.apiKey.id),
        fields: ['name', 'scopes', 'rateLimit', 'expiresAt'],
      });
      expect(JSON.stringify(event)).not.toContain(res.body.key.slice(3));
    });

    it('takes a rate limit and an expiry', async () => {
      const owner = await person();
      const expiresAt = new Date(context.now().getTime() + 7 * 24 * 60 * MINUTE).toISOString();
      const res = await create(owner.auth, { name: 'CI', scopes: ['analytics:read'], rateLimit: 10_000, expiresAt });
      expect(res.status).toBe(201);
      expect(res.body.apiKey).toMatchObject({ rateLimit: 10_000, expiresAt });
    });

    it('keeps only the SHA-256 at rest: neither the key nor its random part is anywhere in the database', async () => {
      const owner = await person();
      const { key } = (await create(owner.auth, { name: 'Secret', scopes: ['links:read'] })).body as { key: string };
      const text = await databaseText(context.storage);
      expect(text).not.toContain(key);
      expect(text).not.toContain(key.slice(3));
      expect(text).toContain(createHash('sha256').update(key).digest('hex'));
    });

    it.each<[Role, string]>([
      ['contributor', 'links:read'],
      ['viewer', 'links:write'],
      ['viewer', 'blog:write'],
      ['author', 'inbox:read'],
    ])('refuses a %s the scope %s, beyond their role, naming it', async (role, scope) => {
      const someone = await person(role);
      const res = await create(someone.auth, { name: 'Mine', scopes: ['blog:read', scope] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: `Your role does not allow the scope ${scope}`, code: 'SCOPE_NOT_ALLOWED' });
      expect((await request(context.app()).get('/api/account/keys').set(someone.auth)).body.keys).toEqual([]);
    });

    it.each<[Role, string]>([
      ['author', 'links:write'],
      ['contributor', 'blog:write'],
      ['viewer', 'analytics:read'],
      ['editor', 'inbox:read'],
    ])('gives a %s the scope %s, which their role holds', async (role, scope) => {
      const res = await create((await person(role)).auth, { name: 'Mine', scopes: [scope] });
      expect(res.status).toBe(201);
      expect(res.body.apiKey.scopes).toEqual([scope]);
    });

    it('answers KEY_EXPIRY_IN_PAST for an expiry that has passed', async () => {
      const owner = await person();
      for (const expiresAt of [context.now().toISOString(), '2001-01-01T00:00:00Z']) {
        const res = await create(owner.auth, { name: 'Late', scopes: ['links:read'], expiresAt });
        expect([res.status, res.body.code]).toEqual([400, 'KEY_EXPIRY_IN_PAST']);
      }
    });

    it.each([
      ['no name', { scopes: ['links:read'] }, 'VALIDATION'],
      ['a blank name', { name: '  ', scopes: ['links:read'] }, 'VALIDATION'],
      ['a name of 101 characters', { name: 'x'.repeat(101), scopes: ['links:read'] }, 'VALIDATION'],
      ['no scopes', { name: 'CI' }, 'VALIDATION'],
      ['an empty list of scopes', { name: 'CI', scopes: [] }, 'VALIDATION'],
      ['an unknown scope', { name: 'CI', scopes: ['team:manage'] }, 'VALIDATION'],
      ['a scope twice', { name: 'CI', scopes: ['links:read', 'links:read'] }, 'VALIDATION'],
      ['scopes as text', { name: 'CI', scopes: 'links:read' }, 'VALIDATION'],
      ['a rate limit of 0', { name: 'CI', scopes: ['links:read'], rateLimit: 0 }, 'VALIDATION'],
      ['a rate limit of 10 001', { name: 'CI', scopes: ['links:read'], rateLimit: 10_001 }, 'VALIDATION'],
      ['a fractional rate limit', { name: 'CI', scopes: ['links:read'], rateLimit: 1.5 }, 'VALIDATION'],
      ['a rate limit as text', { name: 'CI', scopes: ['links:read'], rateLimit: '60' }, 'VALIDATION'],
      ['an expiry that is no date', { name: 'CI', scopes: ['links:read'], expiresAt: 'next week' }, 'VALIDATION'],
      ['a date without a time', { name: 'CI', scopes: ['links:read'], expiresAt: '2031-01-01' }, 'VALIDATION'],
      ['a control character', { name: 'CI\u0007', scopes: ['links:read'] }, 'INVALID_CHARACTERS'],
      ['a field it does not take', { name: 'CI', scopes: ['links:read'], userId: 2 }, 'UNKNOWN_FIELDS'],
      ['a hash of its own', { name: 'CI', scopes: ['links:read'], hash: 'abc' }, 'UNKNOWN_FIELDS'],
    ])('refuses %s with 400', async (_label, body, code) => {
      const owner = await person();
      const res = await create(owner.auth, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(typeof res.body.error).toBe('string');
    });
  });

  describe('GET /api/account/keys', () => {
    it('lists the person’s own keys that are not revoked, newest first', async () => {
      const owner = await person('editor');
      const other = await person('editor');
      const first = (await create(owner.auth, { name: 'First', scopes: ['links:read'] })).body.apiKey;
      context.advance(MINUTE);
      const second = (await create(owner.auth, { name: 'Second', scopes: ['links:read'] })).body.apiKey;
      context.advance(MINUTE);
      const revoked = (await create(owner.auth, { name: 'Gone', scopes: ['links:read'] })).body.apiKey;
      await create(other.auth, { name: 'Theirs', scopes: ['links:read'] });
      await request(context.app()).delete(`/api/account/keys/${revoked.id}`).set(owner.auth);
      const res = await request(context.app()).get('/api/account/keys').set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.body.keys.map((key: { name: string }) => key.name)).toEqual([second.name, first.name]);
    });
  });

  describe('DELETE /api/account/keys/:id', () => {
    it('revokes the key: it stops working at once, and the revocation is recorded', async () => {
      const owner = await person();
      const { key, apiKey } = (await create(owner.auth, { name: 'Bot', scopes: ['links:read'] })).body;
      const app = context.app();
      expect((await request(app).get('/api/shortlinks').set(bearer(key))).status).toBe(200);
      const res = await request(app).delete(`/api/account/keys/${apiKey.id}`).set(owner.auth);
      expect(res.status).toBe(204);
      const refused = await request(app).get('/api/shortlinks').set(bearer(key));
      expect([refused.status, refused.body.code]).toEqual([401, 'UNAUTHORIZED']);
      const [event] = await context.db.audit.list({ actorUserId: owner.userId, limit: 1 });
      expect(event).toMatchObject({ action: 'key.revoked', targetType: 'api_key', targetId: String(apiKey.id) });

      const again = await request(app).delete(`/api/account/keys/${apiKey.id}`).set(owner.auth);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ error: 'API key not found', code: 'API_KEY_NOT_FOUND' });
    });

    it('answers 404 for another person’s key, which keeps working', async () => {
      const owner = await person();
      const thief = await person('administrator');
      const { key, apiKey } = (await create(owner.auth, { name: 'Bot', scopes: ['links:read'] })).body;
      const res = await request(context.app()).delete(`/api/account/keys/${apiKey.id}`).set(thief.auth);
      expect([res.status, res.body.code]).toEqual([404, 'API_KEY_NOT_FOUND']);
      expect((await request(context.app()).get('/api/shortlinks').set(bearer(key))).status).toBe(200);
    });

    it.each(['999999', '0', '-1', 'abc', '1e3', '1.5', '99999999999999999999', "1'%20OR%20'1'='1"])(
      'answers 404 API_KEY_NOT_FOUND for the id %s',
      async (id) => {
        const owner = await person();
        const res = await request(context.app()).delete(`/api/account/keys/${id}`).set(owner.auth);
        expect([res.status, res.body.code]).toEqual([404, 'API_KEY_NOT_FOUND']);
      },
    );
  });

  describe('a key at work', () => {
    it('opens what its scopes allow and nothing else', async () => {
      const owner = await person();
      const { key } = (await create(owner.auth, { name: 'Reader', scopes: ['links:read'] })).body;
      const app = context.app();
      expect((await request(app).get('/api/shortlinks').set(bearer(key))).status).toBe(200);
      for (const call of [
        request(app).post('/api/shortlinks').send({ targetUrl: 'https://example.com/' }),
        request(app).get('/api/contact'),
        request(app).get('/api/account'),
        request(app)
          .post('/api/account/keys')
          .send({ name: 'More', scopes: ['links:read'] }),
      ]) {
        const res = await call.set(bearer(key));
        expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
      }
    });

    it('stops working when it expires', async () => {
      const owner = await person();
      const expiresAt = new Date(context.now().getTime() + 10 * MINUTE).toISOString();
      const { key } = (await create(owner.auth, { name: 'Short', scopes: ['links:read'], expiresAt })).body;
      expect((await request(context.app()).get('/api/shortlinks').set(bearer(key))).status).toBe(200);
      context.advance(10 * MINUTE);
      expect((await request(context.app()).get('/api/shortlinks').set(bearer(key))).status).toBe(401);
    });

    it('stops working when its person is disabled', async () => {
      const editor = await person('editor');
      const { key } = await personKey(context.db, editor.userId, ['links:read'], { now: context.now() });
      expect((await request(context.app()).get('/api/shortlinks').set(bearer(key))).status).toBe(200);
      await context.db.users.update(editor.userId, { disabled: true }, context.now());
      const res = await request(context.app()).get('/api/shortlinks').set(bearer(key));
      expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
    });

    it('answers 401 for a key that never existed, or a truncated one', async () => {
      const owner = await person();
      const { key } = (await create(owner.auth, { name: 'Bot', scopes: ['links:read'] })).body as { key: string };
      for (const text of [`tv_${'A'.repeat(43)}`, key.slice(0, -1), `${key}x`, key.toUpperCase()]) {
        expect((await request(context.app()).get('/api/shortlinks').set(bearer(text))).status).toBe(401);
      }
    });

    it('has its own rate limit: the third request in a minute of a key allowing two answers 429', async () => {
      const owner = await person();
      const app = context.app();
      const tight = (await create(owner.auth, { name: 'Tight', scopes: ['links:read'], rateLimit: 2 })).body.key;
      const other = (await create(owner.auth, { name: 'Other', scopes: ['links:read'], rateLimit: 2 })).body.key;
      expect((await request(app).get('/api/shortlinks').set(bearer(tight))).status).toBe(200);
      expect((await request(app).get('/api/shortlinks').set(bearer(tight))).status).toBe(200);
      const res = await request(app).get('/api/shortlinks').set(bearer(tight));
      expect([res.status, res.body.code]).toEqual([429, 'RATE_LIMITED']);
      expect(res.headers['retry-after']).toBeDefined();
      // Another key of the same person counts on its own.
      expect((await request(app).get('/api/shortlinks').set(bearer(other))).status).toBe(200);
    });

    it('records when it was last used, at most once a minute', async () => {
      const owner = await person();
      const { key, apiKey } = (await create(owner.auth, { name: 'Bot', scopes: ['links:read'] })).body;
      const lastUsed = async () =>
        (
          (await request(context.app()).get('/api/account/keys').set(owner.auth)).body.keys as {
            id: number;
            lastUsedAt: string | null;
          }[]
        ).find((listed) => listed.id === apiKey.id)?.lastUsedAt;
      const use = () => request(context.app()).get('/api/shortlinks').set(bearer(key));

      expect(await lastUsed()).toBeNull();
      const first = context.now().toISOString();
      await use();
      expect(await lastUsed()).toBe(first);
      context.advance(59_000);
      await use();
      expect(await lastUsed()).toBe(first);
      context.advance(1_000);
      await use();
      expect(await lastUsed()).toBe(context.now().toISOString());
    });
  });
});
