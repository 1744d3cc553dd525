import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import VulnScannerTool from './VulnScannerTool';
import { NO_FINDINGS, PERMISSION_WARNING } from './vuln-scanner.service';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function start(target: string) {
  fireEvent.change(screen.getByLabelText('Target URL or IP'), { target: { value: target } });
  fireEvent.click(screen.getByRole('button', { name: 'Start Scan' }));
}

describe('VulnScannerTool', () => {
  it('needs a target, fills the progress bar by 10 every 200 ms, then lists the drawn findings', async () => {
    const draws = [0.1, 0.9, 0.2];
    render(<VulnScannerTool random={() => draws.shift() ?? 1} />);
    expect(screen.getByText(PERMISSION_WARNING)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Scan' })).toBeDisabled();
    start('https://example.com');

    expect(screen.getByRole('button', { name: 'Scanning...' })).toBeDisabled();
    const bar = screen.getByRole('progressbar', { name: 'Scan progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await advance(200);
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    await advance(1600);
    expect(bar).toHaveAttribute('aria-valuenow', '90');
    expect(screen.queryByRole('list', { name: 'Findings' })).not.toBeInTheDocument();
    await advance(200);
    expect(bar).toHaveAttribute('aria-valuenow', '100');

    const items = within(screen.getByRole('list', { name: 'Findings' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'SQL injection in login form',
      'Missing HTTP security headers',
    ]);
    expect(items[0]).toHaveTextContent('Critical');
    expect(screen.getByRole('status')).toHaveTextContent('complete: 2 vulnerabilities found.');
    expect(screen.getByRole('button', { name: 'Start Scan' })).toBeEnabled();
  });

  it('shows "No Vulnerabilities Found" when no finding is drawn', async () => {
    render(<VulnScannerTool random={() => 0.7} />);
    start('10.0.0.1');
    await advance(2000);
    expect(screen.getByRole('heading', { name: NO_FINDINGS })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Findings' })).not.toBeInTheDocument();
  });
});
