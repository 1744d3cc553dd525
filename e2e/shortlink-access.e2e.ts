import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zbarDecode } from '../apps/api/test/qr-decode';
import { startLanding } from './landing';
import { VISITOR_UA, downloadFrom, expectAccessible, newPage, ownerToken, pageErrors, signedInPage } from './support';

/*
 * A password link and a link's QR code, in the browser: a link made in the manager with "Require a
 * password" shows visitors only the password page (a wrong password is said so, the right one
 * lands on the target), and the manager's QR dialog downloads a PNG that zbar reads as the short
 * URL with ?qr=1.
 */

let token = '';
let landing: Awaited<ReturnType<typeof startLanding>>;

beforeAll(async () => {
  token = await ownerToken();
  landing = await startLanding();
});

afterAll(() => landing.close());

const panel = (page: Page) => page.getByRole('tabpanel');

describe('a password link and its QR code', () => {
  it('asks visitors for the password, lands them with the right one, and draws a QR code zbar reads', async () => {
    const code = `pw${Math.random().toString(36).slice(2, 8)}`;
    const password = 'correct horse 42';
    const admin = await signedInPage(token);
    await admin.goto('/shortlink-manager?tab=create');
    const form = panel(admin);
    await form.getByLabel(/^Title/).fill('Members only');
    await form.getByLabel(/^Target URL/).fill(`${landing.origin}/members`);
    await form.getByLabel(/^Short code/).fill(code);
    await form.getByRole('radio', { name: /^Redirect at once/ }).check();
    await form.getByLabel('Password', { exact: true }).selectOption('set');
    await form.getByLabel('Link password *').fill(password);
    await form.getByRole('button', { name: 'Create Shortlink' }).click();
    await admin.locator('[data-sonner-toast]').filter({ hasText: 'Shortlink created' }).first().waitFor();

    const visitor = await newPage({ userAgent: VISITOR_UA });
    const locked = await visitor.goto(`/${code}`);
    expect(locked?.status()).toBe(200);
    await visitor.getByRole('heading', { name: 'Password-protected link' }).waitFor();
    // Nothing of the target reaches the page before the unlock.
    expect(await visitor.content()).not.toContain('/members');
    await expectAccessible(visitor, `/${code} (password page)`);
    await visitor.getByLabel('Password').fill('not the password');
    await visitor.getByRole('button', { name: 'Unlock' }).click();
    await visitor.getByRole('alert').filter({ hasText: 'Wrong password. Please try again.' }).waitFor();
    await visitor.getByLabel('Password').fill(password);
    await Promise.all([
      visitor.waitForURL(`${landing.origin}/members`),
      visitor.getByRole('button', { name: 'Unlock' }).click(),
    ]);
    expect(pageErrors(visitor)).toEqual([]);

    await admin.goto(`/shortlink-manager?tab=manage&q=${code}`);
    await panel(admin)
      .getByRole('button', { name: `QR code ${code}` })
      .click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('heading').first().waitFor();
    await expectAccessible(admin, 'the QR code dialog');
    const png = await downloadFrom(dialog.getByRole('button', { name: 'Download PNG' }));
    expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const [decoded] = zbarDecode(png.bytes);
    expect(decoded).toMatch(new RegExp(`^http://(localhost|127\\.0\\.0\\.1):\\d+/${code}\\?qr=1$`));
    expect(pageErrors(admin)).toEqual([]);
    await admin.context().close();
    await visitor.context().close();
  });
});
