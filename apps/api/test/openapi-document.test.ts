import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, SHORTLINK_LIMITS } from '@toolvault/shared';
import { API_ROUTES, openApiPath } from '@toolvault/shared/contract';
import { ENGINES } from './engines';
import { engineApp, type EngineApp } from './engine-app';
import { buildApp } from './helpers';

/**
 * The served OpenAPI document says what the server checks (`pnpm lint:openapi` lints it with
 * Redocly's recommended rules): request bodies refuse unknown fields, every error is an ApiError,
 * every operation states its security, and each query or path parameter the document bounds (an
 * integer's minimum and maximum, an enum) is bounded there by the server too, on both engines.
 */

type Schema = Record<string, unknown> & {
  type?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  $ref?: string;
};
interface Parameter {
  in: 'path' | 'query';
  name: string;
  schema: Schema;
}
interface Operation {
  operationId: string;
  description?: string;
  security?: unknown[];
  'x-permission'?: unknown;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes?: Record<string, unknown> };
}

async function servedDocument(): Promise<Document> {
  const res = await request(buildApp().app).get('/api/openapi.json');
  expect(res.status).toBe(200);
  return res.body as Document;
}

function operations(document: Document): [string, string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, string, Operation] => [method, path, operation]),
  );
}

/** Every object schema inside `schema`, following its properties, items and alternatives. */
function objectSchemas(schema: Schema, document: Document): Schema[] {
  if (schema.$ref) return objectSchemas(document.components.schemas[schema.$ref.split('/').pop()!]!, document);
  const nested = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.allOf ?? []),
  ];
  return [...(schema.type === 'object' ? [schema] : []), ...nested.flatMap((inner) => objectSchemas(inner, document))];
}

describe('the OpenAPI document', () => {
  it('names its server and states the security of every operation (public ones: none needed)', async () => {
    const document = await servedDocument();
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    for (const route of API_ROUTES) {
      const operation = document.paths[openApiPath(route.path)]![route.method]!;
      const scope = route.permission ? PERMISSIONS[route.permission.permission] : null;
      const signedIn = [{ session: [] }, ...(scope ? [{ apiKey: [scope] }] : [])];
      expect(operation.security, operation.operationId).toEqual(
        route.auth === 'public' ? [] : route.auth === 'admin' ? signedIn : [{}, ...signedIn],
      );
    }
  });

  it('declares the two credentials: a session token and an API key, both bearer', async () => {
    const { components } = await servedDocument();
    expect(components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
      apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer', description: expect.stringContaining('tv_') }),
    });
  });

  it("names each operation's permission, its reach and the key scope, in data and in words", async () => {
    const document = await servedDocument();
    for (const route of API_ROUTES) {
      const operation = document.paths[openApiPath(route.path)]![route.method]!;
      if (!route.permission) {
        expect(operation['x-permission'], operation.operationId).toBeUndefined();
        continue;
      }
      const { permission, reach = 'all' } = route.permission;
      const scope = PERMISSIONS[permission];
      expect(operation['x-permission'], operation.operationId).toEqual({ permission, reach, scope });
      expect(operation.description).toContain(`Needs permission \`${permission}\``);
      expect(operation.description).toContain(scope ? `API keys need scope \`${scope}\`` : 'API keys may not call it');
    }
    const update = document.paths['/api/shortlinks/{id}']!.put!;
    expect(update.description).toContain(
      'Needs permission `links:write` (own links are enough): Owner, Administrator, Editor, Author (own). ' +
        'API keys need scope `links:write`.',
    );
    expect(document.paths['/api/account']!.get!.description).toContain('API keys may not call it.');
  });

  it('shows each operation’s permission on the reference page, once', async () => {
    const page = (await request(buildApp().app).get('/api/docs')).text;
    const count = (text: string) => page.split(text).length - 1;
    const nonPublic = API_ROUTES.filter((route) => route.permission);
    expect(count('<strong>Permission:</strong>')).toBe(nonPublic.length);
    expect(page).toContain(
      '<strong>Permission:</strong> Needs permission <code>links:write</code> (own links are enough): Owner, ' +
        'Administrator, Editor, Author (own). API keys need scope <code>links:write</code>.',
    );
    expect(count('Needs permission <code>inbox:read</code>')).toBe(1);
  });

  it('refuses unknown fields in every JSON request body object', async () => {
    const document = await servedDocument();
    let checked = 0;
    for (const [method, path, operation] of operations(document)) {
      const schema = operation.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      for (const object of objectSchemas(schema, document)) {
        expect(object.additionalProperties, `${method} ${path}`).toBe(false);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(8);
  });

  it('answers every error as an ApiError, listing the codes of each status', async () => {
    const document = await servedDocument();
    expect(document.components.schemas.ApiError).toBeDefined();
    for (const [method, path, operation] of operations(document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const [ref, codes] = response.content!['application/json']!.schema.allOf!;
        expect(ref, `${method} ${path} ${status}`).toEqual({ $ref: '#/components/schemas/ApiError' });
        expect((codes!.properties!.code as Schema).enum!.length).toBeGreaterThan(0);
      }
    }
  });

  it('declares the bounds the server checks: ids, page sizes, enums, URLs and tag counts', async () => {
    const { paths } = await servedDocument();
    const parameter = (path: string, method: string, name: string) =>
      paths[path]![method]!.parameters!.find((param) => param.name === name)!.schema;
    expect(parameter('/api/blog/posts/{id}', 'put', 'id')).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
    });
    expect(parameter('/api/blog', 'get', 'page')).toMatchObject({ type: 'integer', minimum: 1, maximum: 10_000 });
    expect(parameter('/api/blog', 'get', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
    expect(parameter('/api/blog', 'get', 'sort')).toMatchObject({ enum: ['newest', 'popular'] });
    expect(parameter('/api/contact', 'get', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(parameter('/api/contact', 'get', 'cursor')).toHaveProperty('pattern');
    expect(parameter('/api/blog/{slug}', 'get', 'slug')).toMatchObject({ maxLength: 120 });
    expect(parameter('/api/blog/{slug}', 'get', 'edit')).toMatchObject({ const: '1' });
    const body = (path: string) => paths[path]!.post!.requestBody!.content['application/json']!.schema;
    const post = body('/api/blog').properties!;
    expect(post.tags!.anyOf![0]).toMatchObject({ type: 'array', maxItems: 20 });
    expect(post.cover_image!.anyOf![1]).toMatchObject({ format: 'uri', pattern: expect.stringMatching(/^\^https\?/) });
    const link = body('/api/shortlinks').anyOf![0]!.properties!;
    expect(link.targetUrl).toMatchObject({ format: 'uri', maxLength: 2048 });
    expect(link.tags!.anyOf![0]).toMatchObject({ type: 'array', maxItems: 20 });
    // The import's one maximum of a row's clicks, in its bound and in words.
    const importRow = body('/api/shortlinks/import').items!.properties!;
    expect(importRow.clickCount).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: SHORTLINK_LIMITS.importClickCount,
      description: expect.stringContaining(`to ${SHORTLINK_LIMITS.importClickCount}`),
    });
  });

  it('documents GET /{shortCode} as JSON or a page, with its redirect', async () => {
    const { paths } = await servedDocument();
    const { responses, parameters } = paths['/{shortCode}']!.get!;
    expect(Object.keys(responses['200']!.content!)).toEqual([
      'application/json; charset=utf-8',
      'text/html; charset=utf-8',
    ]);
    expect(responses['302']).toMatchObject({ headers: { Location: expect.any(Object) } });
    expect(Object.keys(responses['404']!.content!)).toEqual(['application/json', 'text/html; charset=utf-8']);
    expect(JSON.stringify(parameters![0]!.schema)).toContain('[A-Za-z0-9_-]{3,32}');
  });
});

/** A value the server takes for each kind of path parameter, so a bound of the query alone is tested. */
const PATH_VALUES: Record<string, string> = { id: '1', slug: 'hello', shortCode: 'abc123', ip: '8.8.8.8', part: '1' };

/** Queries of GET routes, at the document's bounds: in them the server answers, past them it says 400. */
function boundaryCases(document: Document): [string, string, boolean][] {
  const cases: [string, string, boolean][] = [];
  for (const [method, path, operation] of operations(document)) {
    const binary = Object.keys(operation.responses['200']?.content ?? {}).includes('application/octet-stream');
    if (method !== 'get' || binary) continue;
    const params = operation.parameters ?? [];
    const address = (name: string, value: string) => {
      const url = path.replace(/\{(\w+)\}/g, (_all, key: string) => (key === name ? value : PATH_VALUES[key]!));
      const query = params.filter((param) => param.in === 'query' && param.name === name);
      return query.length > 0 ? `${url}?${name}=${encodeURIComponent(value)}` : url;
    };
    for (const { name, schema } of params) {
      const label = `${operation.operationId} ${name}`;
      if (schema.type === 'integer') {
        for (const value of [schema.minimum!, schema.maximum!]) cases.push([label, address(name, String(value)), true]);
        for (const value of [schema.minimum! - 1, schema.maximum! + 1]) {
          cases.push([label, address(name, BigInt(value).toString()), false]);
        }
      }
      const values = schema.enum ?? ('const' in schema ? [schema.const] : undefined);
      for (const value of values ?? []) cases.push([label, address(name, String(value)), true]);
      if (values) cases.push([label, address(name, 'not-one-of-them'), false]);
    }
  }
  return cases;
}

describe.each(ENGINES)('the document’s parameter bounds are the server’s (%s)', (engine) => {
  let built: EngineApp;
  beforeAll(async () => {
    built = await engineApp(engine);
  });
  afterAll(() => built.close());

  // One request per bound of every GET route, one after another: seconds, more so on PostgreSQL.
  it('answers every value at a bound, and 400 past it', { timeout: 30_000 }, async () => {
    const cases = boundaryCases(await servedDocument());
    expect(cases.length).toBeGreaterThan(30);
    for (const [label, url, accepted] of cases) {
      const res = await request(built.app).get(url).set(built.auth).set('Accept', 'application/json');
      if (accepted) expect(res.status, `${label}: ${url} ${JSON.stringify(res.body)}`).not.toBe(400);
      else expect(res.status, `${label}: ${url}`).toBe(400);
    }
  });
});
