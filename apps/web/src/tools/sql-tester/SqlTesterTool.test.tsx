import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SqlTesterTool from './SqlTesterTool';
import { EMPTY_RESULTS } from './sql-tester.service';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('SqlTesterTool', () => {
  it('needs both URL and parameter, reads Testing... while running and adds one result per 500 ms', async () => {
    // First payload Critical, second High, the rest safe.
    const draws = [0.1, 0.9, 0.2, 0.1, ...Array<number>(6).fill(0.5)];
    render(<SqlTesterTool random={() => draws.shift() ?? 1} />);
    const start = () => screen.getByRole('button', { name: 'Start Test' });
    expect(screen.getByText(EMPTY_RESULTS)).toBeInTheDocument();
    expect(start()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Target URL'), { target: { value: 'https://shop.example/item' } });
    expect(start()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Parameter'), { target: { value: 'id' } });
    expect(start()).toBeEnabled();
    fireEvent.change(screen.getByLabelText('HTTP Method'), { target: { value: 'PUT' } });

    fireEvent.click(start());
    expect(screen.getByRole('button', { name: 'Testing...' })).toBeDisabled();
    await advance(500);
    const list = () => within(screen.getByRole('list', { name: 'SQL injection results' })).getAllByRole('listitem');
    expect(list()).toHaveLength(1);
    expect(list()[0]).toHaveTextContent("' OR '1'='1");
    expect(list()[0]).toHaveTextContent('VulnerableSeverity: Critical');
    await advance(3500);
    expect(list()).toHaveLength(8);
    expect(list()[1]).toHaveTextContent('Severity: High');
    expect(list()[2]).toHaveTextContent('Not vulnerableSeverity: Safe');
    expect(screen.getByText(/^PUT https:\/\/shop\.example\/item/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Test complete: 2 of 8 payloads flagged vulnerable.');
    expect(start()).toBeEnabled();
  });
});
