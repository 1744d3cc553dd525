import { ShieldCheck, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge, type BadgeTone } from '../../components/Badge';
import { ConfigurationCard } from '../../components/ConfigurationCard';
import { TextField } from '../../components/FormField';
import { Card } from '../../components/Page';
import { ProgressBar } from '../../components/ProgressBar';
import { ui } from '../../components/ui';
import { Warning } from '../../components/Warning';
import { realScheduler, type Random, type Scheduler } from '../../lib/simulation';
import { useCancellableRun } from '../../lib/use-cancellable-run';
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

const severityTone: Record<Severity, BadgeTone> = { Critical: 'red', High: 'orange', Medium: 'amber', Low: 'sky' };

type Phase = 'idle' | 'scanning' | 'done';

export default function VulnScannerTool({ random = Math.random, scheduler = realScheduler }: VulnScannerToolProps) {
  const [target, setTarget] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [findings, setFindings] = useState<Finding[]>([]);
  const [scannedTarget, setScannedTarget] = useState('');
  const scanning = phase === 'scanning';
  // Leaving the page cancels a running scan.
  const { run } = useCancellableRun();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validateTarget(target);
    if (scanning || !valid.ok) return;
    setFindings([]);
    setProgress(0);
    setScannedTarget(valid.value);
    setPhase('scanning');
    await run(async (signal) => {
      const result = await runVulnScan({ target: valid.value, random, scheduler, signal, onProgress: setProgress });
      if (result.ok) setFindings(result.value);
      setPhase(result.ok ? 'done' : 'idle');
    });
  };

  const status =
    phase === 'scanning'
      ? `Scanning ${scannedTarget}…`
      : phase === 'done'
        ? `Scan of ${scannedTarget} complete: ${findings.length} ${findings.length === 1 ? 'vulnerability' : 'vulnerabilities'} found.`
        : '';

  return (
    <div className="space-y-6">
      <ConfigurationCard
        title="Scan Configuration"
        form={{ label: 'Vulnerability scan', onSubmit }}
        start={{
          label: 'Start Scan',
          busyLabel: 'Scanning...',
          icon: ShieldAlert,
          busy: scanning,
          disabled: scanning || !validateTarget(target).ok,
          className: 'w-full sm:w-auto',
        }}
        footer={
          <>
            {phase !== 'idle' ? (
              <ProgressBar id="vuln-scanner-progress" label="Scan progress" value={progress} className="mt-5" />
            ) : null}
            <p role="status" className={`mt-3 ${ui.muted}`}>
              {status}
            </p>
          </>
        }
      >
        <TextField
          id="vuln-scanner-target"
          label="Target URL or IP"
          value={target}
          onValueChange={setTarget}
          placeholder="https://example.com or 192.168.1.1"
        />
        <Warning>{PERMISSION_WARNING}</Warning>
      </ConfigurationCard>

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
                    <Badge tone={severityTone[finding.severity]}>{finding.severity}</Badge>
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
