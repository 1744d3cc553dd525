import { LoaderCircle, ShieldCheck, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { Warning } from '../../components/Warning';
import { isAbortError, realScheduler, type Random, type Scheduler } from '../../lib/simulation';
import {
  NO_FINDINGS,
  PERMISSION_WARNING,
  runVulnScan,
  validateTarget,
  type Finding,
  type Severity,
} from './vuln-scanner.service';

interface VulnScannerToolProps {
  /** Injected by tests; the page uses the real clock and Math.random. */
  random?: Random;
  scheduler?: Scheduler;
}

const severityClass: Record<Severity, string> = {
  Critical: 'bg-red-100 text-red-800 ring-red-600/30 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/40',
  High: 'bg-orange-100 text-orange-900 ring-orange-600/30 dark:bg-orange-950 dark:text-orange-200 dark:ring-orange-400/40',
  Medium: 'bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-400/40',
  Low: 'bg-sky-100 text-sky-900 ring-sky-600/30 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-400/40',
};

type Phase = 'idle' | 'scanning' | 'done';

export default function VulnScannerTool({ random = Math.random, scheduler = realScheduler }: VulnScannerToolProps) {
  const [target, setTarget] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [findings, setFindings] = useState<Finding[]>([]);
  const [scannedTarget, setScannedTarget] = useState('');
  const controller = useRef<AbortController | null>(null);
  const scanning = phase === 'scanning';

  // Leaving the page cancels a running scan.
  useEffect(() => () => controller.current?.abort(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validateTarget(target);
    if (scanning || !valid.ok) return;
    const current = new AbortController();
    controller.current = current;
    setFindings([]);
    setProgress(0);
    setScannedTarget(valid.value);
    setPhase('scanning');
    try {
      const result = await runVulnScan({
        target: valid.value,
        random,
        scheduler,
        signal: current.signal,
        onProgress: setProgress,
      });
      if (result.ok) setFindings(result.value);
      setPhase(result.ok ? 'done' : 'idle');
    } catch (error) {
      if (!isAbortError(error)) throw error;
    } finally {
      if (controller.current === current) controller.current = null;
    }
  };

  const status =
    phase === 'scanning'
      ? `Scanning ${scannedTarget}…`
      : phase === 'done'
        ? `Scan of ${scannedTarget} complete: ${findings.length} ${findings.length === 1 ? 'vulnerability' : 'vulnerabilities'} found.`
        : '';

  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Scan Configuration</h2>
        <form onSubmit={onSubmit} className="mt-4 space-y-4" aria-label="Vulnerability scan">
          <div>
            <label htmlFor="vuln-scanner-target" className={ui.label}>
              Target URL or IP
            </label>
            <input
              id="vuln-scanner-target"
              type="text"
              value={target}
              onChange={(event) => setTarget(event.target.value)}
              placeholder="https://example.com or 192.168.1.1"
              autoComplete="off"
              spellCheck={false}
              className={ui.input}
            />
          </div>
          <Warning>{PERMISSION_WARNING}</Warning>
          <button
            type="submit"
            className={`${ui.button} w-full sm:w-auto`}
            disabled={scanning || !validateTarget(target).ok}
          >
            {scanning ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <ShieldAlert aria-hidden="true" className="size-4" />
            )}
            {scanning ? 'Scanning...' : 'Start Scan'}
          </button>
        </form>
        {phase !== 'idle' ? (
          <div className="mt-5">
            <div className="mb-1 flex justify-between text-sm text-slate-700 dark:text-slate-300">
              <span id="vuln-scanner-progress-label">Scan progress</span>
              <span aria-hidden="true">{progress}%</span>
            </div>
            <div
              role="progressbar"
              aria-labelledby="vuln-scanner-progress-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
            >
              <div
                className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400"
                style={{ width: `${progress}%` }}
              />
            </div>
          </div>
        ) : null}
        <p role="status" className={`mt-3 ${ui.muted}`}>
          {status}
        </p>
      </Card>

      {phase === 'done' ? (
        <Card>
          <h2 className={ui.subheading}>Scan Results</h2>
          {findings.length === 0 ? (
            <div className="mt-4 flex flex-col items-center gap-2 py-6 text-center">
              <ShieldCheck aria-hidden="true" className="size-10 text-emerald-700 dark:text-emerald-400" />
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{NO_FINDINGS}</h3>
              <p className={ui.muted}>The simulated scan found no known issues on {scannedTarget}.</p>
            </div>
          ) : (
            <ul aria-label="Findings" className="mt-4 space-y-4">
              {findings.map((finding) => (
                <li key={finding.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold text-slate-900 dark:text-white">{finding.title}</h3>
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${severityClass[finding.severity]}`}
                    >
                      {finding.severity}
                    </span>
                  </div>
                  <p className={`mt-1 font-mono ${ui.muted}`}>{finding.id}</p>
                  <p className="mt-2 text-sm text-slate-800 dark:text-slate-200">{finding.description}</p>
                  <p className="mt-2 text-sm text-slate-800 dark:text-slate-200">
                    <strong>Recommendation:</strong> {finding.recommendation}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
    </div>
  );
}
