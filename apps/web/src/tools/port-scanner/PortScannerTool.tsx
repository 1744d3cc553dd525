import { Radar } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge, type BadgeTone } from '../../components/Badge';
import { ConfigurationCard } from '../../components/ConfigurationCard';
import { TextField } from '../../components/FormField';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { Warning } from '../../components/Warning';
import { realScheduler, type Random, type Scheduler } from '../../lib/simulation';
import { useCancellableRun } from '../../lib/use-cancellable-run';
import {
  EMPTY_RESULTS,
  PERMISSION_WARNING,
  PORTS,
  runPortScan,
  validateTarget,
  type PortResult,
  type PortStatus,
} from './port-scanner.service';

interface PortScannerToolProps {
  /** Injected by tests; the page uses the real clock and Math.random. */
  random?: Random;
  scheduler?: Scheduler;
}

const statusTone: Record<PortStatus, BadgeTone> = { Open: 'emerald', Closed: 'slate' };

export default function PortScannerTool({ random = Math.random, scheduler = realScheduler }: PortScannerToolProps) {
  const [target, setTarget] = useState('');
  const [results, setResults] = useState<PortResult[]>([]);
  const [scannedTarget, setScannedTarget] = useState('');
  // Leaving the page cancels a running scan.
  const { running: scanning, run } = useCancellableRun();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validateTarget(target);
    if (scanning || !valid.ok) return;
    setResults([]);
    setScannedTarget(valid.value);
    await run((signal) =>
      runPortScan({
        target: valid.value,
        random,
        scheduler,
        signal,
        onResult: (result) => setResults((previous) => [...previous, result]),
      }),
    );
  };

  const open = results.filter((result) => result.status === 'Open').length;
  const summary = scanning
    ? `Scanning ${scannedTarget}: ${results.length} of ${PORTS.length} ports checked, ${open} open.`
    : results.length > 0
      ? `Scan of ${scannedTarget} complete: ${open} of ${results.length} ports open.`
      : '';

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ConfigurationCard
        title="Scan Configuration"
        form={{ label: 'Port scan', onSubmit }}
        start={{
          label: 'Start Scan',
          busyLabel: 'Scanning...',
          icon: Radar,
          busy: scanning,
          disabled: scanning || !validateTarget(target).ok,
          className: 'w-full',
        }}
      >
        <TextField
          id="port-scanner-target"
          label="Target IP/Domain"
          value={target}
          onValueChange={setTarget}
          placeholder="192.168.1.1 or example.com"
        />
        <Warning>{PERMISSION_WARNING}</Warning>
      </ConfigurationCard>

      <Card>
        <h2 className={ui.subheading}>Scan Results</h2>
        <p role="status" className={`mt-1 ${ui.muted}`}>
          {summary}
        </p>
        {results.length === 0 ? (
          <p className={`mt-4 ${ui.muted}`}>{scanning ? 'Waiting for the first port…' : EMPTY_RESULTS}</p>
        ) : (
          <ul aria-label="Port scan results" className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {results.map((result) => (
              <li key={result.port} className="flex items-center justify-between gap-3 py-2">
                <span className="flex items-baseline gap-3">
                  <span className="w-12 font-mono font-semibold text-slate-900 dark:text-white">{result.port}</span>
                  <span className="text-slate-700 dark:text-slate-300">{result.service}</span>
                </span>
                <Badge tone={statusTone[result.status]}>{result.status}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
