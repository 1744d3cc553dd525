import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DdosSimulatorTool from './DdosSimulatorTool';
import { DURATION_INVALID } from './ddos-simulator.service';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const statistic = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
const progressbar = () => screen.getByRole('progressbar', { name: 'Attack progress' });

describe('DdosSimulatorTool', () => {
  it('disables Start Attack without a target and refuses an out-of-range duration with a message', async () => {
    render(<DdosSimulatorTool random={() => 0.5} />);
    expect(screen.getByRole('heading', { name: 'Legal Warning' })).toBeInTheDocument();
    expect(screen.getByLabelText('Duration (seconds)')).toHaveValue(30);
    expect(screen.getByRole('button', { name: 'Start Attack' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeDisabled();

    fireEvent.change(screen.getByLabelText('Target'), { target: { value: 'target.example' } });
    fireEvent.change(screen.getByLabelText('Duration (seconds)'), { target: { value: '301' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Attack' }));
    expect(screen.getByText(DURATION_INVALID)).toBeInTheDocument();
    expect(screen.getByLabelText('Duration (seconds)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Duration (seconds)')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeDisabled();
    await advance(1000);
    expect(progressbar()).toHaveAttribute('aria-valuenow', '0');
    expect(statistic('Requests Sent')).toBe('0');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('runs a 1 s medium attack to 100 sent, 80 received, 10 errors', async () => {
    render(<DdosSimulatorTool random={() => 0.5} />);
    fireEvent.change(screen.getByLabelText('Target'), { target: { value: 'target.example' } });
    fireEvent.change(screen.getByLabelText('Duration (seconds)'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Attack Type'), { target: { value: 'syn-flood' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Attack' }));
    expect(screen.getByRole('button', { name: 'Running...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Start Attack' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Simulating SYN Flood against target.example');

    await advance(500);
    expect(progressbar()).toHaveAttribute('aria-valuenow', '50');
    expect(statistic('Requests Sent')).toBe('50');
    await advance(500);
    expect(progressbar()).toHaveAttribute('aria-valuenow', '100');
    expect(statistic('Requests Sent')).toBe('100');
    expect(statistic('Responses Received')).toBe('80');
    expect(statistic('Errors')).toBe('10');
    expect(statistic('Avg Response Time')).toBe('240 ms');
    expect(screen.getByRole('status')).toHaveTextContent('Simulation complete.');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Start Attack' })).toBeEnabled();
  });

  it('Stop ends the run, resets progress to 0 and keeps the counters', async () => {
    render(<DdosSimulatorTool random={() => 0.5} />);
    fireEvent.change(screen.getByLabelText('Target'), { target: { value: 'target.example' } });
    fireEvent.change(screen.getByLabelText('Intensity'), { target: { value: 'high' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Attack' }));
    await advance(3000);
    expect(progressbar()).toHaveAttribute('aria-valuenow', '10');
    expect(statistic('Requests Sent')).toBe('3,000');

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await advance(0);
    expect(progressbar()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('status')).toHaveTextContent('Simulation stopped.');
    expect(statistic('Requests Sent')).toBe('3,000');
    expect(vi.getTimerCount()).toBe(0);
    await advance(5000);
    expect(statistic('Requests Sent')).toBe('3,000');
    expect(screen.getByRole('button', { name: 'Start Attack' })).toBeEnabled();
  });
});
