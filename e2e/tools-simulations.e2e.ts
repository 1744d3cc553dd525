import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, pageErrors } from './support';
import { tools } from '../apps/web/src/tools';

/** axe in the light theme and again in the dark one, once results are on screen. */
async function expectAccessibleBothThemes(page: Page, label: string) {
  await expectAccessible(page, `${label} (light)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, `${label} (dark)`);
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('simulation tools', () => {
  it('port scanner: 11 ports appended one by one with Open/Closed badges', async () => {
    const page = await newPage();
    await page.goto('/port-scanner');
    await page.getByText('Simulation', { exact: true }).waitFor();
    await page.getByText('Only scan systems you own or have permission to test').waitFor();
    await page.getByText('No results yet. Configure and start a scan.').waitFor();
    const start = page.getByRole('button', { name: 'Start Scan' });
    expect(await start.isDisabled()).toBe(true);

    await page.getByLabel('Target IP/Domain').fill('scanme.example');
    await start.click();
    const running = page.getByRole('button', { name: 'Scanning...' });
    await running.waitFor();
    expect(await running.isDisabled()).toBe(true);

    const rows = page.getByRole('list', { name: 'Port scan results' }).getByRole('listitem');
    await page.getByRole('button', { name: 'Start Scan' }).waitFor({ timeout: 10_000 });
    expect(await rows.count()).toBe(11);
    const texts = await rows.allTextContents();
    const ports = ['21', '22', '23', '25', '53', '80', '110', '143', '443', '993', '995'];
    const services = ['FTP', 'SSH', 'Telnet', 'SMTP', 'DNS', 'HTTP', 'POP3', 'IMAP', 'HTTPS', 'IMAPS', 'POP3S'];
    texts.forEach((text, index) =>
      expect(text).toMatch(new RegExp(`^${ports[index]}${services[index]}(Open|Closed)$`)),
    );
    const open = texts.filter((text) => text.endsWith('Open')).length;
    expect(await page.getByRole('status').textContent()).toBe(
      `Scan of scanme.example complete: ${open} of 11 ports open.`,
    );

    await expectAccessibleBothThemes(page, '/port-scanner with results');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('WiFi analyzer: ten networks with channel, frequency, security and a labelled signal meter', async () => {
    const page = await newPage();
    await page.goto('/wifi-analyzer');
    await page.getByText('Simulated results for demonstration').waitFor();
    await page.getByRole('heading', { name: 'Detected Networks (0)' }).waitFor();
    await page.getByRole('button', { name: 'Scan Networks' }).click();
    await page.getByRole('button', { name: 'Scanning...' }).waitFor();
    await page.getByRole('heading', { name: 'Detected Networks (10)' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Scan Networks' }).waitFor();

    const items = page.getByRole('list', { name: 'Detected networks' }).getByRole('listitem');
    expect(await items.count()).toBe(10);
    for (const text of await items.allTextContents()) {
      const match = /Channel(\d+)Frequency(\d+) MHz/.exec(text);
      expect(match, text).not.toBeNull();
      const channel = Number(match?.[1]);
      const frequency = Number(match?.[2]);
      expect(frequency).toBe(channel <= 13 ? 2412 + 5 * (channel - 1) : 5000 + 5 * channel);
      expect(text).toMatch(/BSSID([0-9A-F]{2}:){5}[0-9A-F]{2}/);
      expect(text).toMatch(/Signal-\d+ dBm \((Excellent|Good|Fair|Poor)\)/);
      expect(text).toMatch(/Encryption/);
    }
    const meters = page.getByRole('meter', { name: /^Signal strength of / });
    expect(await meters.count()).toBe(10);
    for (const value of await meters.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-valuenow')))) {
      expect(['25', '50', '75', '100']).toContain(value);
    }

    await expectAccessibleBothThemes(page, '/wifi-analyzer with results');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('vulnerability scanner: progress to 100, then findings or "No Vulnerabilities Found"', async () => {
    const page = await newPage();
    await page.goto('/vuln-scanner');
    await page.getByText('Only scan systems you own or have explicit permission to test').waitFor();
    const start = page.getByRole('button', { name: 'Start Scan' });
    expect(await start.isDisabled()).toBe(true);
    await page.getByLabel('Target URL or IP').fill('https://app.example');
    await start.click();
    await page.getByRole('button', { name: 'Scanning...' }).waitFor();
    const bar = page.getByRole('progressbar', { name: 'Scan progress' });
    await bar.waitFor();

    await page.getByRole('heading', { name: 'Scan Results' }).waitFor({ timeout: 10_000 });
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    const findings = page.getByRole('list', { name: 'Findings' }).getByRole('listitem');
    const count = await findings.count();
    if (count === 0) {
      await page.getByRole('heading', { name: 'No Vulnerabilities Found' }).waitFor();
    } else {
      expect(count).toBeLessThanOrEqual(3);
      for (const text of await findings.allTextContents()) {
        expect(text).toMatch(/(Critical|High|Medium|Low)VULN-00\d/);
        expect(text).toContain('Recommendation:');
      }
    }
    expect(await page.getByRole('status').textContent()).toMatch(
      new RegExp(`complete: ${count} vulnerabilit(y|ies) found\\.$`),
    );

    await expectAccessibleBothThemes(page, '/vuln-scanner with results');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('SQL injection tester: needs URL and parameter, then eight results with verdict and severity', async () => {
    const page = await newPage();
    await page.goto('/sql-tester');
    await page.getByText('No results yet. Configure and start a test.').waitFor();
    const start = page.getByRole('button', { name: 'Start Test' });
    await page.getByLabel('Target URL').fill('https://shop.example/item.php');
    expect(await start.isDisabled()).toBe(true);
    await page.getByLabel('Parameter').fill('id');
    await page.getByLabel('HTTP Method').selectOption('POST');
    await start.click();
    await page.getByRole('button', { name: 'Testing...' }).waitFor();

    await page.getByRole('button', { name: 'Start Test' }).waitFor({ timeout: 10_000 });
    const items = page.getByRole('list', { name: 'SQL injection results' }).getByRole('listitem');
    expect(await items.count()).toBe(8);
    const texts = await items.allTextContents();
    expect(texts[0]).toMatch(/^' OR '1'='1/);
    expect(texts[7]).toMatch(/^' OR 'x'='x/);
    for (const text of texts) {
      expect(text).toMatch(/(VulnerableSeverity: (High|Critical)|Not vulnerableSeverity: Safe)Response: \S/);
    }
    await page.getByText('POST https://shop.example/item.php').waitFor();

    await expectAccessibleBothThemes(page, '/sql-tester with results');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('DDoS simulator: a 1 s medium run ends at 100/80/10, and Stop resets progress to 0', async () => {
    const page = await newPage();
    await page.goto('/ddos-simulator');
    await page.getByRole('heading', { name: 'Legal Warning' }).waitFor();
    const start = page.getByRole('button', { name: 'Start Attack' });
    const stop = page.getByRole('button', { name: 'Stop' });
    const bar = page.getByRole('progressbar', { name: 'Attack progress' });
    const statistic = (term: string) => page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
    expect(await start.isDisabled()).toBe(true);
    expect(await page.getByLabel('Duration (seconds)').inputValue()).toBe('30');
    for (const label of ['HTTP Flood', 'SYN Flood', 'UDP Flood', 'Ping (ICMP) Flood']) {
      expect(await page.getByLabel('Attack Type').locator('option', { hasText: label }).count()).toBe(1);
    }

    await page.getByLabel('Target', { exact: true }).fill('target.example');
    await page.getByLabel('Duration (seconds)').fill('400');
    await start.click();
    await page.getByText('Duration must be a whole number of seconds from 1 to 300').waitFor();
    expect(await stop.isDisabled()).toBe(true);

    await page.getByLabel('Attack Type').selectOption('udp-flood');
    await page.getByLabel('Duration (seconds)').fill('1');
    await start.click();
    await page.getByText('Simulation complete.').waitFor({ timeout: 10_000 });
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await statistic('Requests Sent').textContent()).toBe('100');
    expect(await statistic('Responses Received').textContent()).toBe('80');
    expect(await statistic('Errors').textContent()).toBe('10');
    expect(await statistic('Avg Response Time').textContent()).toMatch(/^\d+ ms$/);
    await expectAccessibleBothThemes(page, '/ddos-simulator with results');

    await page.getByLabel('Duration (seconds)').fill('2');
    await page.getByLabel('Intensity').selectOption('high');
    await start.click();
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 5000 })
      .toBeGreaterThan(0);
    // While running, the start button reads "Running..." beside its spinner, and cannot be pressed.
    const running = page.getByRole('button', { name: 'Running...' });
    expect(await running.isDisabled()).toBe(true);
    expect(await start.count()).toBe(0);
    await stop.click();
    await page.getByText('Simulation stopped.').waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('0');
    const sent = Number((await statistic('Requests Sent').textContent())?.replace(/,/g, ''));
    expect(sent).toBeGreaterThan(0);
    expect(sent % 100).toBe(0);
    expect(await stop.isDisabled()).toBe(true);
    expect(await start.isEnabled()).toBe(true);

    await expectAccessibleBothThemes(page, '/ddos-simulator after Stop');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('the five pages do not overflow at 360 px, SQL results included', async () => {
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    const simulations = tools.filter((tool) => tool.simulation).map((tool) => tool.path);
    expect(simulations).toHaveLength(5);
    for (const path of simulations) {
      await page.goto(path);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    // Long payloads and responses wrap instead of widening the page.
    await page.goto('/sql-tester');
    await page.getByLabel('Target URL').fill('https://a-rather-long-host-name.example/some/deep/path/item.php');
    await page.getByLabel('Parameter').fill('product_identifier');
    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.getByRole('button', { name: 'Start Test' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('list', { name: 'SQL injection results' }).getByRole('listitem').count()).toBe(8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });
});
