import { Gavel, Square, Zap } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { ConfigurationCard } from '../../components/ConfigurationCard';
import { SelectField, TextField } from '../../components/FormField';
import { Card } from '../../components/Page';
import { ProgressBar } from '../../components/ProgressBar';
import { ui } from '../../components/ui';
import { realScheduler, type Random, type Scheduler } from '../../lib/simulation';
import { useCancellableRun } from '../../lib/use-cancellable-run';
import {
  ATTACK_TYPES,
  DURATION_DEFAULT_S,
  DURATION_MAX_S,
  DURATION_MIN_S,
  EMPTY_STATS,
  INTENSITIES,
  LEGAL_WARNING,
  TICK_MS,
  parseDuration,
  runDdosSimulation,
  validateDdosConfig,
  type AttackType,
  type DdosStats,
  type Intensity,
} from './ddos-simulator.service';

interface DdosSimulatorToolProps {
  /** Injected by tests; the page uses the real clock and Math.random. */
  random?: Random;
  scheduler?: Scheduler;
}

type Phase = 'idle' | 'running' | 'complete' | 'stopped';

const numberFormat = new Intl.NumberFormat('en-US');

export default function DdosSimulatorTool({ random = Math.random, scheduler = realScheduler }: DdosSimulatorToolProps) {
  const [target, setTarget] = useState('');
  const [attackType, setAttackType] = useState<AttackType>('http-flood');
  const [intensity, setIntensity] = useState<Intensity>('medium');
  const [duration, setDuration] = useState(String(DURATION_DEFAULT_S));
  const [durationError, setDurationError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [elapsed, setElapsed] = useState({ tick: 0, totalTicks: 0 });
  const [stats, setStats] = useState<DdosStats>(EMPTY_STATS);
  const durationInput = useRef<HTMLInputElement>(null);
  const running = phase === 'running';
  // Leaving the page stops the simulation.
  const { run, cancel } = useCancellableRun();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running || target.trim() === '') return;
    const config = validateDdosConfig({ target, attackType, intensity, duration });
    if (!config.ok) {
      flushSync(() => setDurationError(config.error));
      durationInput.current?.focus();
      return;
    }
    setDurationError(null);
    setStats(EMPTY_STATS);
    setProgress(0);
    setElapsed({ tick: 0, totalTicks: config.value.duration * (1000 / TICK_MS) });
    setPhase('running');
    await run(async (signal) => {
      await runDdosSimulation({
        ...config.value,
        random,
        scheduler,
        signal,
        onTick: (snapshot) => {
          setProgress(snapshot.progress);
          setStats(snapshot.stats);
          setElapsed({ tick: snapshot.tick, totalTicks: snapshot.totalTicks });
        },
      });
      setPhase('complete');
    });
  };

  const stop = () => {
    cancel();
    // Stop ends the simulation and resets progress to 0.
    setProgress(0);
    setPhase('stopped');
  };

  const onDurationChange = (value: string) => {
    setDuration(value);
    if (durationError && parseDuration(value).ok) setDurationError(null);
  };

  const seconds = (ticks: number) => (ticks * TICK_MS) / 1000;
  const status = {
    idle: '',
    running: `Simulating ${ATTACK_TYPES.find((type) => type.value === attackType)?.label ?? attackType} against ${target.trim()}…`,
    complete: 'Simulation complete.',
    stopped: 'Simulation stopped.',
  }[phase];

  const statistics: [string, string][] = [
    ['Requests Sent', numberFormat.format(stats.requestsSent)],
    ['Responses Received', numberFormat.format(stats.responsesReceived)],
    ['Avg Response Time', `${numberFormat.format(stats.avgResponseTime)} ms`],
    ['Errors', numberFormat.format(stats.errors)],
  ];

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="ddos-legal-heading"
        className="rounded-xl border border-red-300 bg-red-50 p-5 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        <h2 id="ddos-legal-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Gavel aria-hidden="true" className="size-5 shrink-0" />
          Legal Warning
        </h2>
        <p className="mt-2 text-sm">{LEGAL_WARNING}</p>
      </section>

      <ConfigurationCard
        title="Attack Configuration"
        form={{ label: 'DDoS simulation', onSubmit, noValidate: true }}
        start={{
          label: 'Start Attack',
          busyLabel: 'Running...',
          icon: Zap,
          busy: running,
          disabled: running || target.trim() === '',
        }}
        actions={
          <button type="button" className={ui.buttonSecondary} onClick={stop} disabled={!running}>
            <Square aria-hidden="true" className="size-4" />
            Stop
          </button>
        }
      >
        <TextField
          id="ddos-target"
          label="Target"
          value={target}
          onValueChange={setTarget}
          placeholder="https://example.com or 192.168.1.1"
          readOnly={running}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            id="ddos-attack-type"
            label="Attack Type"
            value={attackType}
            options={ATTACK_TYPES}
            onValueChange={setAttackType}
            disabled={running}
          />
          <SelectField
            id="ddos-intensity"
            label="Intensity"
            value={intensity}
            options={INTENSITIES}
            onValueChange={setIntensity}
            disabled={running}
          />
          <TextField
            id="ddos-duration"
            ref={durationInput}
            label="Duration (seconds)"
            type="number"
            inputMode="numeric"
            min={DURATION_MIN_S}
            max={DURATION_MAX_S}
            step={1}
            value={duration}
            onValueChange={onDurationChange}
            readOnly={running}
            error={durationError}
          />
        </div>
      </ConfigurationCard>

      <Card>
        <h2 className={ui.subheading}>Progress</h2>
        <ProgressBar
          id="ddos-progress"
          label="Attack progress"
          value={progress}
          detail={elapsed.totalTicks > 0 ? ` · ${seconds(elapsed.tick)} s of ${seconds(elapsed.totalTicks)} s` : ''}
          className="mt-4"
        />
        <p role="status" className={`mt-3 ${ui.muted}`}>
          {status}
        </p>

        <h2 className={`mt-6 ${ui.subheading}`}>Statistics</h2>
        <dl className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {statistics.map(([term, value]) => (
            <div key={term} className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800/60">
              <dt className={ui.muted}>{term}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums dark:text-white">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
