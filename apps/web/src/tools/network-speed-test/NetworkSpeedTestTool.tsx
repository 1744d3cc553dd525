import { SPEEDTEST_HISTORY_LIMIT } from '@toolvault/shared';
import { ArrowDown, ArrowUp, Activity, Play, Square, Timer, Trash2, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { OfflineNotice } from '../../components/OfflineNotice';
import { useCancellableRun } from '../../lib/use-cancellable-run';
import { trackedFetch } from '../../lib/use-online';
import {
  JITTER_BADGE,
  PHASE_LABELS,
  PHASE_PROGRESS,
  addToHistory,
  formatMeasure,
  loadHistory,
  ratePing,
  rateSpeed,
  saveHistory,
  type Rating,
  type SpeedTestMeasurement,
  type SpeedTestPhase,
  type SpeedTestResult,
} from './network-speed-test.service';
import { runSpeedTest, type RunSpeedTestOptions } from './network-speed-test.runner';
import { Badge, SpeedTestGuide } from './SpeedTestGuide';

type HistoryStorage = Parameters<typeof saveHistory>[0];

export interface SpeedTestDeps {
  /** Runs one test; the page measures its own server with fetch and performance.now. */
  run: (options: Pick<RunSpeedTestOptions, 'signal' | 'onProgress'>) => Promise<SpeedTestMeasurement>;
  /** Where the history lives; null when the browser refuses local storage. */
  storage: () => HistoryStorage;
  /** The history entry's timestamp. */
  clock: () => Date;
}

const defaultDeps: SpeedTestDeps = {
  run: ({ signal, onProgress }) =>
    runSpeedTest({
      fetch: (url, init) => trackedFetch(url, init),
      now: () => performance.now(),
      signal,
      onProgress,
    }),
  storage: () => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  },
  clock: () => new Date(),
};

const FAILURE_MESSAGE =
  'The speed test could not finish: the server did not answer. Check your connection and try again.';
const STOPPED_MESSAGE = 'Test stopped. No result was saved.';

interface MetricCardProps {
  id: string;
  title: string;
  icon: LucideIcon;
  value: number | undefined;
  unit: 'Mbps' | 'ms';
  measuring: boolean;
  badge: { tone: Rating | 'stability'; label: string } | null;
}

function MetricCard({ id, title, icon: Icon, value, unit, measuring, badge }: MetricCardProps) {
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h3
        id={`${id}-title`}
        className="flex items-center gap-2 text-sm font-semibold text-slate-700 dark:text-slate-300"
      >
        <Icon aria-hidden="true" className="size-4 text-indigo-600 dark:text-indigo-300" />
        {title}
      </h3>
      <p className="mt-2 flex items-baseline gap-1.5">
        <span
          data-testid={`${id}-value`}
          className="text-2xl font-bold tabular-nums text-slate-900 sm:text-3xl dark:text-white"
        >
          {value === undefined ? (measuring ? '…' : '—') : formatMeasure(value)}
        </span>
        <span className={ui.muted}>{unit}</span>
      </p>
      <p className="mt-2 min-h-6">
        {measuring ? <span className={ui.muted}>Measuring…</span> : null}
        {!measuring && badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : null}
      </p>
    </div>
  );
}

const RUNNING: readonly SpeedTestPhase[] = ['ping', 'download', 'upload'];

export default function NetworkSpeedTestTool({ deps = defaultDeps }: { deps?: SpeedTestDeps }) {
  const [phase, setPhase] = useState<SpeedTestPhase>('idle');
  const [progress, setProgress] = useState(0);
  const [current, setCurrent] = useState<Partial<SpeedTestMeasurement>>({});
  const [history, setHistory] = useState<SpeedTestResult[]>(() => loadHistory(deps.storage()));
  const [notice, setNotice] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  // Leaving the page stops a running test.
  const test = useCancellableRun();
  const running = RUNNING.includes(phase);

  const commitHistory = (next: SpeedTestResult[]) => {
    setHistory(next);
    saveHistory(deps.storage(), next);
  };

  const reset = () => {
    setPhase('idle');
    setProgress(PHASE_PROGRESS.idle);
    setCurrent({});
  };

  const start = async () => {
    setNotice(null);
    setCurrent({});
    setPhase('ping');
    setProgress(PHASE_PROGRESS.ping);
    await test.run(async (signal) => {
      try {
        const measurement = await deps.run({
          signal,
          onProgress: (update) => {
            if (signal.aborted) return;
            setPhase(update.phase);
            setProgress(update.progress);
            setCurrent(update.measurement);
          },
        });
        if (signal.aborted) return;
        setCurrent(measurement);
        setPhase('finished');
        setProgress(PHASE_PROGRESS.finished);
        // Read the stored list again: another tab, or Clear history during the run, may have changed it.
        commitHistory(
          addToHistory(loadHistory(deps.storage()), { timestamp: deps.clock().toISOString(), ...measurement }),
        );
      } catch (error) {
        // A stop (abort) is logged quietly; any other failure goes to the console, and we say so on screen.
        if (signal.aborted) {
          console.info('Speed test stopped');
          return;
        }
        console.error('Speed test failed', error);
        reset();
        setNotice({ kind: 'error', text: FAILURE_MESSAGE });
      }
    });
  };

  const stop = () => {
    test.cancel();
    reset();
    setNotice({ kind: 'info', text: STOPPED_MESSAGE });
  };

  const clearHistory = () => {
    commitHistory([]);
    toast.success('History cleared');
  };

  const summary =
    phase === 'finished' && current.download !== undefined
      ? `Test complete. Download ${formatMeasure(current.download)} Mbps, upload ${formatMeasure(
          current.upload,
        )} Mbps, ping ${formatMeasure(current.ping)} ms, jitter ${formatMeasure(current.jitter)} ms.`
      : '';

  const speedBadge = (value: number | undefined) =>
    value === undefined ? null : { tone: rateSpeed(value), label: rateSpeed(value) };

  return (
    <div className="space-y-6">
      <OfflineNotice what="The speed test" onRetry={running ? undefined : () => void start()} />
      <Card>
        <h2 className={ui.subheading}>Test your connection</h2>
        <p className={`mt-1 ${ui.muted}`}>
          Measures the link between this browser and the Toolvault server: ping first, then download, then upload. A
          test takes up to about 20 seconds.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <button type="button" className={`${ui.button} min-w-36`} onClick={running ? stop : () => void start()}>
            {running ? (
              <Square aria-hidden="true" className="size-4" />
            ) : (
              <Play aria-hidden="true" className="size-4" />
            )}
            {running ? 'Stop Test' : 'Start Test'}
          </button>
          <p role="status" className="text-sm text-slate-800 dark:text-slate-200">
            <span className="font-semibold">Phase:</span>{' '}
            <span data-testid="speedtest-phase">{PHASE_LABELS[phase]}</span>
            {summary ? <span className="sr-only"> {summary}</span> : null}
          </p>
        </div>
        <div
          role="progressbar"
          aria-label="Speed test progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${progress}% — ${PHASE_LABELS[phase]}`}
          className="mt-4 h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div
            className="h-full rounded-full bg-indigo-600 transition-[width] duration-500 dark:bg-indigo-400"
            style={{ width: `${progress}%` }}
          />
        </div>
        {notice ? (
          <p
            role={notice.kind === 'error' ? 'alert' : undefined}
            className={`mt-3 text-sm ${
              notice.kind === 'error' ? 'text-red-700 dark:text-red-400' : 'text-slate-700 dark:text-slate-300'
            }`}
          >
            {notice.text}
          </p>
        ) : null}

        <div className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <MetricCard
            id="speedtest-download"
            title="Download"
            icon={ArrowDown}
            value={current.download}
            unit="Mbps"
            measuring={phase === 'download'}
            badge={speedBadge(current.download)}
          />
          <MetricCard
            id="speedtest-upload"
            title="Upload"
            icon={ArrowUp}
            value={current.upload}
            unit="Mbps"
            measuring={phase === 'upload'}
            badge={speedBadge(current.upload)}
          />
          <MetricCard
            id="speedtest-ping"
            title="Ping"
            icon={Timer}
            value={current.ping}
            unit="ms"
            measuring={phase === 'ping'}
            badge={current.ping === undefined ? null : { tone: ratePing(current.ping), label: ratePing(current.ping) }}
          />
          <MetricCard
            id="speedtest-jitter"
            title="Jitter"
            icon={Activity}
            value={current.jitter}
            unit="ms"
            measuring={phase === 'ping'}
            badge={current.jitter === undefined ? null : { tone: 'stability', label: JITTER_BADGE }}
          />
        </div>
      </Card>

      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className={ui.subheading}>Test History</h2>
          {history.length > 0 ? (
            <button type="button" className={ui.buttonSecondary} onClick={clearHistory}>
              <Trash2 aria-hidden="true" className="size-4" />
              Clear history
            </button>
          ) : null}
        </div>
        {history.length === 0 ? (
          <p className={`mt-3 ${ui.muted}`}>
            No tests yet. Your last {SPEEDTEST_HISTORY_LIMIT} results are kept in this browser.
          </p>
        ) : (
          <table className="mt-3 w-full text-left text-xs sm:text-sm">
            <caption className="sr-only">Your last {SPEEDTEST_HISTORY_LIMIT} speed tests, newest first</caption>
            <thead className="text-slate-700 dark:text-slate-300">
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th scope="col" className="py-2 pr-1 font-semibold sm:pr-2">
                  Date
                </th>
                <th scope="col" className="px-1 py-2 text-right font-semibold sm:px-2">
                  Download <span className="block font-normal sm:inline">(Mbps)</span>
                </th>
                <th scope="col" className="px-1 py-2 text-right font-semibold sm:px-2">
                  Upload <span className="block font-normal sm:inline">(Mbps)</span>
                </th>
                <th scope="col" className="px-1 py-2 text-right font-semibold sm:px-2">
                  Ping <span className="block font-normal sm:inline">(ms)</span>
                </th>
                <th scope="col" className="py-2 pl-1 text-right font-semibold sm:pl-2">
                  Jitter <span className="block font-normal sm:inline">(ms)</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 tabular-nums text-slate-900 dark:divide-slate-800 dark:text-slate-100">
              {history.map((entry, i) => (
                <tr key={`${entry.timestamp}-${i}`}>
                  <td className="py-2 pr-1 sm:pr-2">
                    <time dateTime={entry.timestamp}>
                      <span className="block sm:inline">
                        {new Date(entry.timestamp).toLocaleDateString(undefined, { dateStyle: 'short' })}
                      </span>{' '}
                      <span className="block sm:inline">
                        {new Date(entry.timestamp).toLocaleTimeString(undefined, { timeStyle: 'short' })}
                      </span>
                    </time>
                  </td>
                  <td className="px-1 py-2 text-right sm:px-2">{formatMeasure(entry.download)}</td>
                  <td className="px-1 py-2 text-right sm:px-2">{formatMeasure(entry.upload)}</td>
                  <td className="px-1 py-2 text-right sm:px-2">{formatMeasure(entry.ping)}</td>
                  <td className="py-2 pl-1 text-right sm:pl-2">{formatMeasure(entry.jitter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>

      <SpeedTestGuide />
    </div>
  );
}
