import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PortScannerTool from './PortScannerTool';
import { EMPTY_RESULTS, PERMISSION_WARNING } from './port-scanner.service';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const targetInput = () => screen.getByLabelText('Target IP/Domain');

describe('PortScannerTool', () => {
  it('shows the warning and the empty state, and disables Start Scan for a blank target', () => {
    render(<PortScannerTool random={() => 0.5} />);
    expect(screen.getByText(PERMISSION_WARNING)).toBeInTheDocument();
    expect(screen.getByText(EMPTY_RESULTS)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Scan' })).toBeDisabled();
    fireEvent.change(targetInput(), { target: { value: '   ' } });
    expect(screen.getByRole('button', { name: 'Start Scan' })).toBeDisabled();
    fireEvent.change(targetInput(), { target: { value: 'example.com' } });
    expect(screen.getByRole('button', { name: 'Start Scan' })).toBeEnabled();
  });

  it('reads Scanning... and stays disabled while running, then appends one port per 200 ms', async () => {
    // 21 and 22 open, the rest closed.
    const draws = [0.1, 0.2, ...Array<number>(9).fill(0.8)];
    render(<PortScannerTool random={() => draws.shift() ?? 1} />);
    fireEvent.change(targetInput(), { target: { value: '10.0.0.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Scan' }));

    const running = screen.getByRole('button', { name: 'Scanning...' });
    expect(running).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Start Scan' })).not.toBeInTheDocument();
    expect(screen.queryByText(EMPTY_RESULTS)).not.toBeInTheDocument();

    await advance(199);
    expect(screen.queryByRole('list', { name: 'Port scan results' })).not.toBeInTheDocument();
    await advance(1);
    let rows = within(screen.getByRole('list', { name: 'Port scan results' })).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('21FTPOpen');

    await advance(400);
    rows = within(screen.getByRole('list', { name: 'Port scan results' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['21FTPOpen', '22SSHOpen', '23TelnetClosed']);
    expect(screen.getByRole('button', { name: 'Scanning...' })).toBeDisabled();

    await advance(1600);
    rows = within(screen.getByRole('list', { name: 'Port scan results' })).getAllByRole('listitem');
    expect(rows).toHaveLength(11);
    expect(rows[10]).toHaveTextContent('995POP3SClosed');
    expect(screen.getByRole('button', { name: 'Start Scan' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Scan of 10.0.0.1 complete: 2 of 11 ports open.');
  });

  it('clears the previous results at the start of every run', async () => {
    render(<PortScannerTool random={() => 0} />);
    fireEvent.change(targetInput(), { target: { value: 'host' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Scan' }));
    await advance(2200);
    expect(screen.getAllByRole('listitem')).toHaveLength(11);
    fireEvent.click(screen.getByRole('button', { name: 'Start Scan' }));
    await advance(0);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    await advance(200);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('cancels the scan when the page is left', async () => {
    const { unmount } = render(<PortScannerTool random={() => 0} />);
    fireEvent.change(targetInput(), { target: { value: 'host' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Scan' }));
    await advance(400);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
