import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LANDING_HOST } from './chromium';

/**
 * Where the links of a browser test lead: any path answers a page titled by that path, at
 * LANDING_HOST (which the browser maps to this machine), so a visit that lands is seen by its path.
 */
export async function startLanding(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>${req.url}</title></head><body><h1>Landed</h1></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    origin: `http://${LANDING_HOST}:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
