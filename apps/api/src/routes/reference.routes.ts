import type { Response } from 'express';
import { API } from '@toolvault/shared/contract';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { buildOpenApiDocument } from '../openapi/document';
import { referencePage } from '../openapi/reference-page';

/** Built on the first request and kept: the contract does not change while the process runs. */
let built: { json: string; html: string } | undefined;
function reference(): { json: string; html: string } {
  if (!built) {
    const document = buildOpenApiDocument();
    built = { json: JSON.stringify(document), html: referencePage(document) };
  }
  return built;
}

/**
 * `GET /api/openapi.json` and `GET /api/docs`: the API described by its own contract, as an OpenAPI
 * 3.1 document and as a page people can read. Building them takes a while (tenths of a second), so
 * not before someone asks: most processes, and every test app, never do.
 */
export function referenceRouter(): ContractRouter {
  // They change only with a deploy; caches may keep them while revalidating.
  const send = (res: Response, type: string, body: string) =>
    void res.status(200).type(type).set('Cache-Control', 'no-cache').send(body);
  const { router, add } = contractRoutes('/api');
  add(API.openapi, (_req, res) => send(res, 'application/json; charset=utf-8', reference().json));
  add(API.docs, (_req, res) => send(res, 'text/html; charset=utf-8', reference().html));
  return router;
}
