import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createRepositories, migrate, openPostgres, type Engine, type Storage } from '../src/db';
import { ENGINES, openTestStorage, type TestStorage } from './engines';
import { sqliteFolders } from './helpers';
import { personSession } from './people';
import { keyOf, movableClock, TEAM_NOW, teamApp } from './team-fixtures';

const folders = sqliteFolders('toolvault-team-replicas-');

/**
 * Two apps on one database, as two replicas are: PostgreSQL's schema opened twice, or one SQLite
 * file opened twice. Nothing either app keeps in memory may decide who is signed in.
 */
async function twoReplicas(engine: Engine): Promise<{ a: Storage; b: Storage; close(): Promise<void> }> {
  if (engine === 'postgres') {
    const first: TestStorage = await openTestStorage('postgres');
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

describe.each(ENGINES)('disabling a person on two replicas (%s)', (engine) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('ends their sessions and keys on the other replica at its very next request', async () => {
    const replicas = await twoReplicas(engine);
    close = replicas.close;
    const dbA = createRepositories(replicas.a);
    const dbB = createRepositories(replicas.b);
    const clock = movableClock();
    const appA = teamApp(dbA, clock);
    const appB = teamApp(dbB, clock);
    const admin = await personSession(dbA, 'administrator', { now: TEAM_NOW });
    const editor = await personSession(dbA, 'editor', { now: TEAM_NOW });
    const key = await keyOf(dbA, editor.userId);

    // Made on A, honoured by B.
    expect((await request(appB).get('/api/account').set(editor.auth)).status).toBe(200);
    expect((await request(appB).get('/api/shortlinks').set(key)).status).toBe(200);

    const disabled = await request(appA)
      .put(`/api/team/people/${editor.userId}`)
      .set(admin.auth)
      .send({ disabled: true });
    expect(disabled.status).toBe(200);

    const next = await request(appB).get('/api/account').set(editor.auth);
    expect(next.status).toBe(401);
    expect(next.body.code).toBe('UNAUTHORIZED');
    expect((await request(appB).get('/api/shortlinks').set(key)).status).toBe(401);
    // Everyone else carries on, on both.
    expect((await request(appB).get('/api/team').set(admin.auth)).status).toBe(200);
  });
});
