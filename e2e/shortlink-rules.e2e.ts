import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_UA, expectAccessible, newPage, ownerToken, pageErrors, signedInPage } from './support';
import { startLanding } from './landing';

/*
 * A link's rules from the manager to the visitor and back: a link with a visit limit of 1 and a
 * fallback URL, and one whose end has passed and has no fallback, are created in the form; the
 * first visit of the one counts and lands on its target, the next goes to the fallback; the other
 * answers "This link has expired" with 410; the manager then shows each one's state, finds both
 * with the Inactive filter, and reads the counted visit by the hour in a custom range.
 */

let token = '';
let landing: Awaited<ReturnType<typeof startLanding>>;
let landingOrigin = '';

beforeAll(async () => {
  token = await ownerToken();
  landing = await startLanding();
  landingOrigin = landing.origin;
});

afterAll(() => landing.close());

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel');

async function selectTab(page: Page, name: string) {
  await tab(page, name).click();
  await expect.poll(() => tab(page, name).getAttribute('aria-selected')).toBe('true');
}

/** Fills the Create Link form and sends it; `rules` maps a rule's label to its value. */
async function createInForm(
  page: Page,
  fields: { title: string; target: string; code: string },
  rules: [string, string][],
) {
  await selectTab(page, 'Create Link');
  const form = panel(page);
  await form.getByLabel(/^Title/).fill(fields.title);
  await form.getByLabel(/^Target URL/).fill(fields.target);
  await form.getByLabel(/^Short code/).fill(fields.code);
  await form.getByRole('radio', { name: /^Redirect at once/ }).check();
  for (const [label, value] of rules) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Create Shortlink' }).click();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Shortlink created' }).first().waitFor();
}

describe('a link’s rules, from the manager to its visitors', () => {
  it('counts the one allowed visit, then sends the fallback or answers 410, and the manager says so', async () => {
    const run = Math.random().toString(36).slice(2, 8);
    const limited = `lim${run}`;
    const ended = `end${run}`;
    const admin = await signedInPage(token);
    await admin.goto('/shortlink-manager');
    await tab(admin, 'Overview').waitFor();

    await createInForm(admin, { title: `${run} once`, target: `${landingOrigin}/target`, code: limited }, [
      ['Max visits', '1'],
      ['Fallback URL (for visitors of an inactive link)', `${landingOrigin}/fallback`],
    ]);
    await createInForm(admin, { title: `${run} ended`, target: `${landingOrigin}/target`, code: ended }, [
      ['Valid until', '2024-01-01T00:00'],
    ]);

    const visitor = await newPage({ userAgent: VISITOR_UA });
    const first = await visitor.goto(`/${limited}`);
    expect(first?.status()).toBe(200);
    expect(new URL(visitor.url()).pathname).toBe('/target');
    const second = await visitor.goto(`/${limited}`);
    expect(second?.status()).toBe(200);
    expect(new URL(visitor.url()).pathname).toBe('/fallback');

    const gone = await visitor.goto(`/${ended}`);
    expect(gone?.status()).toBe(410);
    await visitor.getByRole('heading', { name: 'This link has expired' }).waitFor();
    await expectAccessible(visitor, `/${ended} (expired)`);
    expect(pageErrors(visitor)).toEqual([]);

    // The manager: each link's state, and the Inactive filter finds both (search is by prefix).
    await selectTab(admin, 'Manage Links');
    await admin.getByLabel('Search links').fill(run);
    await panel(admin).getByText('2 links', { exact: true }).waitFor();
    const row = (code: string) => panel(admin).getByRole('row').filter({ hasText: code }).first();
    await row(limited).getByText('Limit reached').waitFor();
    await row(ended).getByText('Expired').waitFor();
    expect(await row(limited).textContent()).toContain('1 click');
    await admin.getByLabel('Status').selectOption('active');
    await panel(admin)
      .getByText(/No links match/)
      .waitFor();
    expect(await panel(admin).getByRole('row').filter({ hasText: run }).count()).toBe(0);
    await admin.getByLabel('Status').selectOption('inactive');
    await expect.poll(() => new URL(admin.url()).searchParams.get('status')).toBe('inactive');
    await row(limited).getByText('Limit reached').waitFor();
    await row(ended).getByText('Expired').waitFor();

    // The counted visit, by the hour, in a custom range of yesterday and today (UTC), so midnight cannot lose it.
    await panel(admin)
      .getByRole('link', { name: `Analytics ${limited}` })
      .click();
    await admin.getByRole('heading', { name: /^Analytics for/ }).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await admin.getByLabel('Date range').selectOption('custom');
    await admin.getByLabel('From', { exact: true }).fill(yesterday);
    await admin.getByLabel('To', { exact: true }).fill(today);
    await admin.getByLabel('Step').selectOption('hour');
    await admin.getByRole('button', { name: 'Apply' }).click();
    await admin.getByRole('heading', { name: 'Clicks per hour' }).waitFor();
    const params = new URL(admin.url()).searchParams;
    expect([params.get('range'), params.get('from'), params.get('to'), params.get('step')]).toEqual([
      'custom',
      yesterday,
      today,
      'hour',
    ]);
    const hours = admin.getByRole('table', { name: /Clicks per hour/ });
    expect(await hours.getByRole('row').count()).toBe(49);
    const clicked = await hours
      .getByRole('row')
      .evaluateAll((rows) =>
        rows.map((tr) => tr.querySelector('td')?.textContent ?? '').reduce((sum, cell) => sum + Number(cell || 0), 0),
      );
    expect(clicked).toBe(1);
    // A week of hours at most: a longer span is refused in the page.
    await admin.getByLabel('From', { exact: true }).fill('2024-01-01');
    await admin.getByRole('alert').filter({ hasText: 'Hourly steps cover at most 7 days' }).waitFor();
    await expectAccessible(admin, '/shortlink-manager (link analytics, custom range)');
    expect(pageErrors(admin)).toEqual([]);
  });
});
