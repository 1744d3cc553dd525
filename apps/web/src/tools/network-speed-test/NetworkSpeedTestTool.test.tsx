import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NetworkSpeedTestTool, { type SpeedTestDeps } from './NetworkSpeedTestTool';
import type { SpeedTestProgress } from './network-speed-test.runner';
import { HISTORY_STORAGE_KEY, type SpeedTestMeasurement } from './network-speed-test.service';

afterEach(() => vi.restoreAllMocks());

const RESULT: SpeedTestMeasurement = { download: 123.456, upload: 45.67, ping: 18.5, jitter: 2.25 };

/** A runner the test steps through by hand: each call to `next` reports the next phase. */
function steppedRunner() {
  let report: ((progress: SpeedTestProgress) => void) | undefined;
  let finish: ((value: SpeedTestMeasurement) => void) | undefined;
  let fail: ((error: unknown) => void) | undefined;
  let signal: AbortSignal | undefined;
  const run: SpeedTestDeps['run'] = (options) => {
    report = options.onProgress;
    signal = options.signal;
    return new Promise((resolve, reject) => {
      finish = resolve;
      fail = reject;
      options.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  };
  return {
    run,
    signal: () => signal,
    report: (progress: SpeedTestProgress) => act(() => report?.(progress)),
    finish: (value: SpeedTestMeasurement) => act(async () => finish?.(value)),
    fail: (error: unknown) => act(async () => fail?.(error)),
  };
}

function setup(stored?: string) {
  if (stored !== undefined) localStorage.setItem(HISTORY_STORAGE_KEY, stored);
  const runner = steppedRunner();
  const deps: SpeedTestDeps = {
    run: runner.run,
    storage: () => localStorage,
    clock: () => new Date('2030-05-01T10:00:00.000Z'),
  };
  render(<NetworkSpeedTestTool deps={deps} />);
  return runner;
}

const progressbar = () => screen.getByRole('progressbar', { name: 'Speed test progress' });
const phaseText = () => screen.getByTestId('speedtest-phase').textContent;
const card = (name: string) => screen.getByRole('group', { name });
const historyRows = () => (screen.queryByRole('table', { name: /speed tests/ }) ? rowsOf() : []);
const rowsOf = () =>
  within(screen.getByRole('table', { name: /speed tests/ }))
    .getAllByRole('row')
    .slice(1);

describe('NetworkSpeedTestTool', () => {
  it('walks through the phases, shows the four results with ratings and saves one history row', async () => {
    const runner = setup();
    expect(phaseText()).toBe('Ready');
    expect(progressbar()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText(/No tests yet/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Start Test' }));
    expect(screen.getByRole('button', { name: 'Stop Test' })).toBeInTheDocument();
    expect(phaseText()).toBe('Measuring ping');
    expect(progressbar()).toHaveAttribute('aria-valuenow', '10');

    await runner.report({ phase: 'download', progress: 30, measurement: { ping: 18.5, jitter: 2.25 } });
    expect(phaseText()).toBe('Measuring download speed');
    expect(progressbar()).toHaveAttribute('aria-valuenow', '30');
    expect(within(card('Ping')).getByText('18.5')).toBeInTheDocument();
    expect(within(card('Ping')).getByText('Excellent')).toBeInTheDocument();
    expect(within(card('Download')).getByText('Measuring…')).toBeInTheDocument();

    await runner.report({
      phase: 'upload',
      progress: 70,
      measurement: { ping: 18.5, jitter: 2.25, download: 123.456 },
    });
    expect(phaseText()).toBe('Measuring upload speed');
    expect(progressbar()).toHaveAttribute('aria-valuenow', '70');

    await runner.finish(RESULT);
    expect(phaseText()).toBe('Finished');
    expect(progressbar()).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('button', { name: 'Start Test' })).toBeInTheDocument();
    expect(within(card('Download')).getByText('123')).toBeInTheDocument();
    expect(within(card('Download')).getByText('Excellent')).toBeInTheDocument();
    expect(within(card('Upload')).getByText('45.7')).toBeInTheDocument();
    expect(within(card('Upload')).getByText('Fair')).toBeInTheDocument();
    expect(within(card('Jitter')).getByText('2.25')).toBeInTheDocument();
    expect(within(card('Jitter')).getByText('Network Stability')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Test complete. Download 123 Mbps, upload 45.7 Mbps, ping 18.5 ms, jitter 2.25 ms.',
    );

    const rows = historyRows();
    expect(rows).toHaveLength(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.any(String), '123', '45.7', '18.5', '2.25']);
    expect(JSON.parse(localStorage.getItem(HISTORY_STORAGE_KEY)!)).toEqual([
      { timestamp: '2030-05-01T10:00:00.000Z', ...RESULT },
    ]);
  });

  it('Stop aborts the run, returns to idle and saves nothing', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const runner = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Start Test' }));
    await runner.report({ phase: 'download', progress: 30, measurement: { ping: 5, jitter: 1 } });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stop Test' })));
    expect(runner.signal()?.aborted).toBe(true);
    expect(phaseText()).toBe('Ready');
    expect(progressbar()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Start Test' })).toBeInTheDocument();
    expect(screen.getByText('Test stopped. No result was saved.')).toBeInTheDocument();
    expect(within(card('Ping')).getByText('—')).toBeInTheDocument();
    expect(historyRows()).toHaveLength(0);
    expect(localStorage.getItem(HISTORY_STORAGE_KEY)).toBeNull();
    // An abort is logged quietly, not as an error.
    expect(info).toHaveBeenCalledWith('Speed test stopped');
    expect(error).not.toHaveBeenCalled();
  });

  it('logs a failure to the console and says so on screen', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const runner = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Start Test' }));
    const failure = new Error('Speed test request failed with status 503');
    await runner.fail(failure);
    expect(error).toHaveBeenCalledWith('Speed test failed', failure);
    expect(screen.getByRole('alert')).toHaveTextContent('The speed test could not finish');
    expect(phaseText()).toBe('Ready');
    expect(historyRows()).toHaveLength(0);
  });

  it('shows the stored history, tolerates corrupt entries and clears it', async () => {
    const stored = [
      { timestamp: '2030-04-01T10:00:00.000Z', download: 10, upload: 5, ping: 20, jitter: 1 },
      { timestamp: 'garbage', download: 'x' },
      { timestamp: '2030-03-01T10:00:00.000Z', download: 1.5, upload: 0.5, ping: 200, jitter: 30 },
    ];
    setup(JSON.stringify(stored));
    expect(historyRows()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    expect(historyRows()).toHaveLength(0);
    expect(localStorage.getItem(HISTORY_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear history' })).not.toBeInTheDocument();
  });

  it('starts with an empty history when the stored value is not JSON', () => {
    setup('{not json');
    expect(historyRows()).toHaveLength(0);
    expect(screen.getByText(/No tests yet/)).toBeInTheDocument();
  });

  it('keeps the last 10 results, newest first', async () => {
    const stored = Array.from({ length: 10 }, (_, i) => ({
      timestamp: new Date(Date.UTC(2030, 0, 10 - i)).toISOString(),
      download: i,
      upload: 1,
      ping: 1,
      jitter: 1,
    }));
    const runner = setup(JSON.stringify(stored));
    fireEvent.click(screen.getByRole('button', { name: 'Start Test' }));
    await runner.finish(RESULT);
    const saved = JSON.parse(localStorage.getItem(HISTORY_STORAGE_KEY)!) as { download: number }[];
    expect(saved.map((entry) => entry.download)).toEqual([123.456, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(historyRows()).toHaveLength(10);
  });

  it('lists the designed rating bands', () => {
    setup();
    const speed = screen.getByRole('table', { name: 'Download and upload speed' });
    expect(
      within(speed)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['100+ MbpsExcellent', '50–100 MbpsGood', '25–50 MbpsFair', '10–25 MbpsPoor', 'Under 10 MbpsVery Poor']);
    const ping = screen.getByRole('table', { name: 'Ping' });
    expect(
      within(ping)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Under 20 msExcellent',
      'Under 50 msGood',
      'Under 100 msFair',
      'Under 200 msPoor',
      '200 ms or moreVery Poor',
    ]);
  });
});
