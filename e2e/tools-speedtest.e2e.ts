import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, pageErrors } from './support';

const HISTORY_KEY = 'speedtest-history';
const NUMBER = /^\d{1,3}(,\d{3})*(\.\d+)?$/;

const phase = (page: Page) => page.getByTestId('speedtest-phase');
const historyRows = (page: Page) => page.getByRole('table', { name: /speed tests/ }).locator('tbody tr');

describe('network speed test', () => {
  it('runs a full test against the server, shows four results and keeps one history row', async () => {
    const page = await newPage();
    const endpoints = new Set<string>();
    page.on('request', (request) => {
      const match = /\/api\/speedtest\/(ping|download|upload)/.exec(request.url());
      if (match) endpoints.add(`${request.method()} ${match[1]}`);
    });
    await page.goto('/network-speed-test');
    await page.getByRole('heading', { level: 1, name: 'Network Speed Test' }).waitFor();
    expect(await phase(page).textContent()).toBe('Ready');
    expect(await page.getByText(/No tests yet/).count()).toBe(1);

    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.getByRole('button', { name: 'Stop Test' }).waitFor();
    await phase(page).filter({ hasText: 'Finished' }).waitFor({ timeout: 90_000 });
    expect(await page.getByRole('progressbar', { name: 'Speed test progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    expect(await page.getByRole('button', { name: 'Start Test' }).count()).toBe(1);

    for (const name of ['download', 'upload', 'ping', 'jitter']) {
      const value = await page.getByTestId(`speedtest-${name}-value`).textContent();
      expect(value, name).toMatch(NUMBER);
    }
    // A loopback link is fast: the parallel, warmed-up measurement must not read it as a slow one.
    const download = Number((await page.getByTestId('speedtest-download-value').textContent())!.replace(/,/g, ''));
    expect(download).toBeGreaterThan(10);
    expect(await page.getByRole('group', { name: 'Jitter' }).getByText('Network Stability').count()).toBe(1);
    expect(endpoints).toEqual(new Set(['GET ping', 'GET download', 'POST upload']));

    expect(await historyRows(page).count()).toBe(1);
    await expectAccessible(page, '/network-speed-test (after a run)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, '/network-speed-test (after a run, dark)');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.reload();
    // The heading belongs to the page frame; the history table arrives with the tool's own chunk.
    await historyRows(page).first().waitFor();
    expect(await historyRows(page).count()).toBe(1);
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), HISTORY_KEY)) ?? '[]');
    expect(stored).toHaveLength(1);
    expect(Object.keys(stored[0]).sort()).toEqual(['download', 'jitter', 'ping', 'timestamp', 'upload']);

    // The history table fits a small phone.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('Stop during a run aborts it, returns to idle and adds no history row', async () => {
    const page = await newPage();
    let aborted = 0;
    page.on('requestfailed', (request) => {
      if (request.url().includes('/api/speedtest/')) aborted += 1;
    });
    await page.goto('/network-speed-test');
    await page.getByRole('button', { name: 'Start Test' }).click();
    // The download phase lasts at least its 1 s warm-up, with four downloads in flight.
    await phase(page).filter({ hasText: 'Measuring download speed' }).waitFor();
    await page.getByRole('button', { name: 'Stop Test' }).click();

    await page.getByText('Test stopped. No result was saved.').waitFor();
    expect(await phase(page).textContent()).toBe('Ready');
    expect(await page.getByRole('progressbar', { name: 'Speed test progress' }).getAttribute('aria-valuenow')).toBe(
      '0',
    );
    expect(await page.getByRole('button', { name: 'Start Test' }).count()).toBe(1);
    expect(await page.getByTestId('speedtest-download-value').textContent()).toBe('—');
    expect(await page.getByText(/No tests yet/).count()).toBe(1);
    expect(await page.evaluate((key) => localStorage.getItem(key), HISTORY_KEY)).toBeNull();
    // The request in flight when Stop was pressed was cancelled, not left to finish.
    await expect.poll(() => aborted).toBeGreaterThan(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
