import express, { Router, type Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, isApiErrorCode } from '@toolvault/shared';
import { API, API_ROUTES, openApiPath } from '@toolvault/shared/contract';
import { buildApp } from './helpers';

/**
 * The contract in @toolvault/shared is the API's one list of routes: the OpenAPI document is made
 * from it and the routers register from it. These tests walk what Express really has registered
 * and fail when the two lists differ in either direction.
 */

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  rawPath?: unknown;
}

/** Every `METHOD path` Express would dispatch to a route handler, found by walking the router stacks. */
function registeredRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = layer.route.path;
        // A pattern the contract cannot name (a RegExp) is reported as it is, so the comparison fails.
        const text =
          typeof path === 'string' ? `${prefix}${path === '/' ? '' : path}` || '/' : `${prefix}${String(path)}`;
        for (const method of Object.keys(layer.route.methods)) found.push(`${method.toUpperCase()} ${text}`);
      } else if (layer.handle.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, `${prefix}${mount}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return [...new Set(found)].sort();
}

/** Every `METHOD path` of a served OpenAPI document, in Express's `:param` syntax. */
function documentedRoutes(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort();
}

/** Routes answered before Express dispatches (the redirect page's click) are in the document but in no router. */
const beforeRouter = API_ROUTES.filter((route) => route.beforeRouter).map(
  (route) => `${route.method.toUpperCase()} ${route.path}`,
);

async function servedDocument(app: Express) {
  const res = await request(app).get('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.body as { openapi: string; paths: Record<string, Record<string, unknown>> };
}

describe('the API contract', () => {
  it('the served OpenAPI document names exactly the routes Express has', async () => {
    const { app } = buildApp();
    const document = await servedDocument(app);
    expect(document.openapi).toBe('3.1.0');
    const documented = documentedRoutes(document).filter((route) => !beforeRouter.includes(route));
    expect(registeredRoutes(app)).toEqual(documented);
  });

  it('the comparison sees a route added beside the contract, and a documented route that is gone', async () => {
    const { app } = buildApp();
    const documented = documentedRoutes(await servedDocument(app)).filter((route) => !beforeRouter.includes(route));
    const extra = express();
    const router = Router();
    router.get('/undocumented', (_req, res) => void res.end());
    extra.use('/api/extra', router);
    extra.use(app);
    expect(registeredRoutes(extra)).toContain('GET /api/extra/undocumented');
    expect(registeredRoutes(extra)).not.toEqual(documented);
    expect(registeredRoutes(app)).not.toEqual([...documented, 'DELETE /api/health'].sort());
  });

  it('every route is documented once, with its auth, and the paths match the contract', async () => {
    const { app } = buildApp();
    const document = await servedDocument(app);
    for (const [name, route] of Object.entries(API)) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method] as Record<string, unknown> | undefined;
      expect(operation, name).toBeDefined();
      expect(operation?.operationId).toBe(name);
      expect(operation?.['x-auth']).toBe(route.auth);
    }
  });

  it('the route answered before Express (GET /{code} for JSON) answers as documented', async () => {
    const { app } = buildApp();
    const res = await request(app).get('/zzzzzz9').set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: expect.any(String), code: 'SHORTLINK_NOT_FOUND' });
  });

  it('admin routes refuse a request without a token (401 UNAUTHORIZED); public ones never ask for one', async () => {
    const { app } = buildApp();
    for (const route of API_ROUTES) {
      if (route.beforeRouter || route.path === API.speedtestDownload.path) continue;
      const path = route.path.replace(/:(\w+)/g, (_all, name: string) => (name === 'part' ? '1' : 'x1y2z3'));
      const res = await request(app)[route.method](path).set('Accept', 'application/json');
      const label = `${route.method.toUpperCase()} ${route.path} answered ${res.status}`;
      if (route.auth === 'admin') expect(res.body, label).toEqual({ error: 'Unauthorized', code: 'UNAUTHORIZED' });
      else expect(res.status, label).not.toBe(401);
    }
  });

  it('GET /api/docs is a readable page naming every route, its auth and every error code', async () => {
    const { app } = buildApp();
    const res = await request(app).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).toMatch(/<h1>/);
    for (const route of API_ROUTES) {
      expect(res.text).toContain(`${route.method.toUpperCase()} ${openApiPath(route.path)}`);
    }
    for (const code of API_ERROR_CODES) expect(res.text).toContain(`<code>${code}</code>`);
    expect(res.text).toContain('(<code>admin-optional</code>)');
    expect(res.text).toContain('Rate limit: 5 failed requests per 15 minutes per client');
  });

  it('every code the contract names is a known error code', () => {
    for (const route of API_ROUTES) for (const code of route.errors) expect(isApiErrorCode(code), code).toBe(true);
  });
});
