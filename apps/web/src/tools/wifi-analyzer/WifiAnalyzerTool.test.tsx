import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../lib/simulation';
import WifiAnalyzerTool from './WifiAnalyzerTool';
import { SIMULATED_NOTICE } from './wifi-analyzer.service';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('WifiAnalyzerTool', () => {
  it('adds a network every 500 ms, counts them in the heading and labels each signal meter', async () => {
    render(<WifiAnalyzerTool random={seededRandom(11)} />);
    expect(screen.getByText(SIMULATED_NOTICE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Detected Networks (0)' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Scan Networks' }));
    expect(screen.getByRole('button', { name: 'Scanning...' })).toBeDisabled();
    await advance(499);
    expect(screen.getByRole('heading', { name: 'Detected Networks (0)' })).toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('heading', { name: 'Detected Networks (1)' })).toBeInTheDocument();
    await advance(1000);
    expect(screen.getByRole('heading', { name: 'Detected Networks (3)' })).toBeInTheDocument();

    await advance(3500);
    expect(screen.getByRole('heading', { name: 'Detected Networks (10)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan Networks' })).toBeEnabled();
    const items = within(screen.getByRole('list', { name: 'Detected networks' })).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    const meter = within(items[0]!).getByRole('meter', { name: /^Signal strength of / });
    expect(Number(meter.getAttribute('aria-valuenow'))).toBeOneOf([25, 50, 75, 100]);
    expect(items[0]).toHaveTextContent(/Channel\d+Frequency\d{4} MHz/);
  });
});
