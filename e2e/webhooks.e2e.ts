import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, ownerToken, pageErrors, signedInPage } from './support';

/*
 * A webhook from the /webhooks page to a receiver: the Owner adds one for "Link created" in the
 * page, a link made through the API is delivered to a receiver on this machine, signed as
 * docs/api.md says (checked here from the shown secret), and the page's delivery log says delivered.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let token = '';
let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];

beforeAll(async () => {
  token = await ownerToken();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** The check docs/api.md gives receivers: HMAC-SHA256 of `t.body`, at most 5 minutes old. */
function signedBy(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  if (!parts.t || !parts.v1 || Math.abs(Date.now() / 1000 - Number(parts.t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('webhooks, from the page to a receiver', () => {
  it('adds a webhook in the page, delivers a signed link.created, and logs it as delivered', async () => {
    const page = await signedInPage(token);
    await page.goto('/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByLabel(/^URL/).fill(receiverUrl);
    await page.getByLabel('Link created').check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    // The new webhook's entry in the list (the toast names the URL too).
    const entry = page.locator('li:not([data-sonner-toast])').filter({ hasText: receiverUrl });
    await entry.waitFor();
    await expectAccessible(page, '/webhooks with a webhook');

    await entry.getByRole('button', { name: 'Show secret' }).click();
    const secret = (await entry.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]+$/);

    const code = `wh${Math.random().toString(36).slice(2, 8)}`;
    const made = await fetch(`${baseURL}/api/shortlinks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Hooked', targetUrl: 'https://example.com/hooked', shortCode: code }),
    });
    expect(made.status).toBe(201);

    await expect
      .poll(() => received.find((one) => one.body.includes(code)), { timeout: 20_000, interval: 200 })
      .toBeDefined();
    const delivery = received.find((one) => one.body.includes(code))!;
    expect(delivery.headers['toolvault-event']).toBe('link.created');
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'link.created' });
    expect(signedBy(secret, String(delivery.headers['toolvault-signature']), delivery.body)).toBe(true);
    expect(signedBy(`${secret}x`, String(delivery.headers['toolvault-signature']), delivery.body)).toBe(false);

    await entry.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('table', { name: `Deliveries to ${receiverUrl}, newest first` });
    await expect.poll(async () => (await log.textContent()) ?? '', { timeout: 20_000 }).toMatch(/delivered/i);
    await expectAccessible(page, '/webhooks with its delivery log');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
