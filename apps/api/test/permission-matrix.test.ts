import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedReach, API_KEY_SCOPES, ROLES, type ApiKeyScope, type Role } from '@toolvault/shared';
import { API, API_ROUTES, type RouteContract } from '@toolvault/shared/contract';
import { ENGINE_APP_NOW, engineApp, type EngineApp } from './engine-app';
import { ENGINES } from './engines';
import { openSession, personKey, personSession } from './people';
import {
  actorOf,
  pathOf,
  CALLERS,
  callerLabel,
  declarationFault,
  expectedVerdict,
  matrixTable,
  routeLabel,
  verdictOf,
  type Caller,
} from './permission-expectations';

/**
 * The role × route matrix: every operation of the contract, sent by every role, by a key of each
 * scope and with no credentials, on each engine, answers exactly as roles.ts allows. The permission
 * is checked before any validation, so a request needs no valid body to show whether it is let in;
 * path parameters name records that do not exist, so nothing is changed on the way.
 */

describe('every route declares what it needs', () => {
  it.each(API_ROUTES.map((route) => [routeLabel(route), route] as const))('%s', (_label, route) => {
    expect(declarationFault(route)).toBeNull();
  });
});

describe('the matrix as a table', () => {
  // A permission that is wrong but consistent (declared, enforced and expected alike) passes every
  // request below; the reviewed table is where such a change shows, cell by cell.
  it('is the one reviewed beside this test (update with `vitest run -u` after checking the diff)', async () => {
    const table = matrixTable(Object.entries(API) as [string, RouteContract][]);
    await expect(table).toMatchFileSnapshot('./__snapshots__/permission-matrix.md');
  });
});

/** Checks on the contract and roles.ts together, in the words of the roles' definitions. */
describe('what each role reaches', () => {
  const reaches = (role: Role, route: RouteContract) =>
    route.permission !== undefined && allowedReach(actorOf({ kind: 'person', role }), route.permission) !== null;
  const changes = API_ROUTES.filter((route) => route.auth !== 'public' && route.method !== 'get');

  it('the Owner reaches every route', () => {
    expect(API_ROUTES.filter((route) => route.auth !== 'public' && !reaches('owner', route)).map(routeLabel)).toEqual(
      [],
    );
  });

  it('a Viewer changes nothing but their own account', () => {
    const changed = changes.filter((route) => reaches('viewer', route) && route.permission?.permission !== 'account');
    expect(changed.map(routeLabel)).toEqual([]);
  });

  it('a Contributor has no links', () => {
    const links = API_ROUTES.filter((route) => route.auth !== 'public' && route.path.startsWith('/api/shortlinks'));
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((route) => reaches('contributor', route)).map(routeLabel)).toEqual([]);
  });

  it.each<Role>(['author', 'contributor'])('an %s changes only their own records', (role) => {
    const beyond = changes.filter(
      (route) =>
        reaches(role, route) && route.permission?.permission !== 'account' && route.permission?.reach !== 'own',
    );
    expect(beyond.map(routeLabel)).toEqual([]);
  });
});

/** Far more than any test sends, so a key's own budget never answers 429 here. */
const KEY_RATE_LIMIT = 100_000;

describe.each(ENGINES)('the role × route matrix (%s)', (engine) => {
  let built: EngineApp;
  /** The Authorization header `caller` sends (see below). */
  let headersOf: (caller: Caller) => Promise<Record<string, string>>;

  beforeAll(async () => {
    // Behind a trusted proxy each request names its own address (see below).
    built = await engineApp(engine, { config: { trustProxy: 1 } });
    const { db } = built;
    const now = ENGINE_APP_NOW;
    const people = new Map<Role, number>();
    for (const role of ROLES) people.set(role, (await personSession(db, role, { now })).userId);
    // Keys are held by the Owner, whose role holds everything, so only their scope limits them.
    const keys = new Map<ApiKeyScope, { Authorization: string }>();
    for (const scope of API_KEY_SCOPES) {
      keys.set(scope, (await personKey(db, 1, [scope], { rateLimit: KEY_RATE_LIMIT, now })).auth);
    }
    // Each request of a person comes with a session of its own: a route may end the caller's
    // session (logout) or their others, which must not sign them out of the routes after it.
    headersOf = async (caller) => {
      if (caller.kind === 'visitor') return {};
      if (caller.kind === 'key') return keys.get(caller.scope)!;
      return (await openSession(db, people.get(caller.role)!, { now })).auth;
    };
  });
  afterAll(() => built.close());

  it('answers every operation for every caller exactly as roles.ts allows', { timeout: 60_000 }, async () => {
    const wrong: string[] = [];
    let sent = 0;
    // Each request from an address of its own: a route's limit per address (failures of a sign-in or
    // a password change) would otherwise count every caller's refusals and answer 429 instead.
    const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    for (const route of API_ROUTES) {
      await Promise.all(
        CALLERS.map(async (caller) => {
          const headers = { ...(await headersOf(caller)), 'X-Forwarded-For': clientAddress(++sent) };
          const res = await request(built.app)[route.method](pathOf(route)).set(headers).accept('json');
          const expected = expectedVerdict(route, caller);
          const got = verdictOf(res.status, res.body);
          if (got !== expected) {
            wrong.push(
              `${routeLabel(route)} by ${callerLabel(caller)}: expected ${expected}, got ${res.status} ${res.text}`,
            );
          }
        }),
      );
    }
    expect(wrong).toEqual([]);
    expect(sent).toBe(API_ROUTES.length * CALLERS.length);
  });
});
