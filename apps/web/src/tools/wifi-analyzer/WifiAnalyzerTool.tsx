import { Info, Wifi } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../components/Badge';
import { ConfigurationCard } from '../../components/ConfigurationCard';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { realScheduler, type Random, type Scheduler } from '../../lib/simulation';
import { useCancellableRun } from '../../lib/use-cancellable-run';
import {
  NETWORK_COUNT,
  SIMULATED_NOTICE,
  runWifiScan,
  securityBadge,
  signalQuality,
  type SecurityTone,
  type SignalQuality,
  type WifiNetwork,
} from './wifi-analyzer.service';

interface WifiAnalyzerToolProps {
  /** Injected by tests; the page uses the real clock and Math.random. */
  random?: Random;
  scheduler?: Scheduler;
}

const securityTone: Record<SecurityTone, BadgeTone> = { danger: 'red', secure: 'emerald', good: 'sky', weak: 'amber' };

const barClass: Record<SignalQuality, string> = {
  Excellent: 'bg-emerald-600 dark:bg-emerald-400',
  Good: 'bg-sky-600 dark:bg-sky-400',
  Fair: 'bg-amber-500 dark:bg-amber-400',
  Poor: 'bg-red-600 dark:bg-red-400',
};

function NetworkItem({ network }: { network: WifiNetwork }) {
  const badge = securityBadge(network.security);
  const { quality, bar } = signalQuality(network.signal);
  const details: [string, string][] = [
    ['BSSID', network.bssid],
    ['Channel', String(network.channel)],
    ['Frequency', `${network.frequency} MHz`],
    ['Security', network.security],
    ['Encryption', network.encryption],
    ['Signal', `${network.signal} dBm (${quality})`],
  ];
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold break-all text-slate-900 dark:text-white">{network.ssid}</h3>
        <Badge tone={securityTone[badge.tone]}>{badge.label}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {details.map(([term, value]) => (
          <div key={term}>
            <dt className={ui.muted}>{term}</dt>
            <dd className={`text-slate-900 dark:text-slate-100 ${term === 'BSSID' ? 'font-mono break-all' : ''}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div
        role="meter"
        aria-label={`Signal strength of ${network.ssid}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={bar}
        aria-valuetext={`${quality}, ${network.signal} dBm`}
        className="mt-3 h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className={`h-full rounded-full ${barClass[quality]}`} style={{ width: `${bar}%` }} />
      </div>
    </li>
  );
}

export default function WifiAnalyzerTool({ random = Math.random, scheduler = realScheduler }: WifiAnalyzerToolProps) {
  const [networks, setNetworks] = useState<WifiNetwork[]>([]);
  const [scanned, setScanned] = useState(false);
  // Leaving the page cancels a running scan.
  const { running: scanning, run } = useCancellableRun();

  const scan = async () => {
    if (scanning) return;
    setNetworks([]);
    setScanned(true);
    await run((signal) =>
      runWifiScan({
        random,
        scheduler,
        signal,
        onNetwork: (network) => setNetworks((previous) => [...previous, network]),
      }),
    );
  };

  const status = scanning
    ? `Scanning: ${networks.length} of ${NETWORK_COUNT} networks found.`
    : scanned
      ? `Scan complete: ${networks.length} networks found.`
      : '';

  return (
    <div className="space-y-6">
      <ConfigurationCard
        title="Network Scan"
        onStart={scan}
        start={{ label: 'Scan Networks', busyLabel: 'Scanning...', icon: Wifi, busy: scanning, disabled: scanning }}
      >
        <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Info aria-hidden="true" className="size-4 shrink-0" />
          {SIMULATED_NOTICE}
        </p>
      </ConfigurationCard>

      <Card>
        <h2 className={ui.subheading}>Detected Networks ({networks.length})</h2>
        <p role="status" className={`mt-1 ${ui.muted}`}>
          {status}
        </p>
        {networks.length === 0 ? (
          <p className={`mt-4 ${ui.muted}`}>
            {scanning ? 'Listening for networks…' : 'No networks yet. Press Scan Networks to start.'}
          </p>
        ) : (
          <ul aria-label="Detected networks" className="mt-4 grid gap-4 md:grid-cols-2">
            {networks.map((network) => (
              <NetworkItem key={`${network.bssid}-${network.ssid}`} network={network} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
