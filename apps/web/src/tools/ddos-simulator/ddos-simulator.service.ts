import { err, ok, type Result } from '../../lib/result';
import { delay, isAbortError, realScheduler, type Random, type Scheduler } from '../../lib/simulation';

/**
 * A simulated denial-of-service run (docs/decisions/0001-real-tools.md): not one packet leaves the
 * browser. Counters advance on the injected clock; the response time is drawn
 * from the injected random source.
 *
 * How the numbers accumulate (exact, so tests can assert totals):
 *   ticks            = duration (s) × 1000 / TICK_MS           (30 s → 300 ticks)
 *   requests per tick = rate (req/s) × TICK_MS / 1000          (low 1, medium 10, high 100)
 *   after tick k:  requestsSent      = k × requests per tick
 *                  responsesReceived = floor(requestsSent × 80 / 100)   (cumulative, never drifts)
 *                  errors            = floor(requestsSent × 10 / 100)
 *                  progress          = k / ticks × 100
 *                  avgResponseTime   = round(base × (1 + k / ticks) × (0.8 + 0.4 × random()))  ms
 * so a 30 s medium run ends at 3000 sent, 2400 received, 300 errors. The response
 * time is this tick's average: around the intensity's base latency at the start and
 * up to twice it at the end, as a flooded target slows down; one draw per tick.
 */

/** Attack types http-flood, syn-flood, udp-flood, ping-flood (with readable labels). */
export const ATTACK_TYPES = [
  { value: 'http-flood', label: 'HTTP Flood' },
  { value: 'syn-flood', label: 'SYN Flood' },
  { value: 'udp-flood', label: 'UDP Flood' },
  { value: 'ping-flood', label: 'Ping (ICMP) Flood' },
] as const;
export type AttackType = (typeof ATTACK_TYPES)[number]['value'];

/** Intensity low 10 requests/s, medium 100, high 1000. */
export const INTENSITY_RATES = { low: 10, medium: 100, high: 1000 } as const;
export type Intensity = keyof typeof INTENSITY_RATES;

export const INTENSITIES: readonly { value: Intensity; label: string }[] = [
  { value: 'low', label: 'Low (10 req/s)' },
  { value: 'medium', label: 'Medium (100 req/s)' },
  { value: 'high', label: 'High (1000 req/s)' },
];

/** Duration input min 1, max 300, default 30 (seconds). */
export const DURATION_MIN_S = 1;
export const DURATION_MAX_S = 300;
export const DURATION_DEFAULT_S = 30;

/** The simulation ticks every 100 ms. */
export const TICK_MS = 100;

/** Simulated responses are 80% of requests … */
export const RESPONSE_PERCENT = 80;

/** … and errors 10%. */
export const ERROR_PERCENT = 10;

/** Typical average latency (ms) of a target under each load at the start of a run; it doubles by the end. */
export const BASE_RESPONSE_MS: Readonly<Record<Intensity, number>> = { low: 45, medium: 120, high: 480 };

export const TARGET_REQUIRED = 'Enter a target';
export const DURATION_INVALID = `Duration must be a whole number of seconds from ${DURATION_MIN_S} to ${DURATION_MAX_S}`;
export const ATTACK_TYPE_INVALID = 'Choose an attack type';
export const INTENSITY_INVALID = 'Choose an intensity';

/** The legal warning card. */
export const LEGAL_WARNING =
  'Launching a denial-of-service attack against a system you do not own, or without written permission, is illegal in most countries and can lead to prosecution. This simulator sends no traffic at all: every number below is made up in your browser.';

export interface DdosStats {
  requestsSent: number;
  responsesReceived: number;
  /** Average response time of the latest tick, in ms. */
  avgResponseTime: number;
  errors: number;
}

export interface DdosSnapshot {
  /** Ticks completed so far (0 before the first). */
  tick: number;
  totalTicks: number;
  /** 0–100; reset to 0 when the run is stopped. */
  progress: number;
  stats: DdosStats;
}

export const EMPTY_STATS: DdosStats = { requestsSent: 0, responsesReceived: 0, avgResponseTime: 0, errors: 0 };

export interface DdosConfig {
  target: string;
  attackType: AttackType;
  intensity: Intensity;
  /** Whole seconds, DURATION_MIN_S to DURATION_MAX_S. */
  duration: number;
}

/** Refuses (does not clamp) a duration outside 1–300 or not a whole number. */
export function parseDuration(input: string | number): Result<number> {
  const text = String(input).trim();
  if (!/^\d+$/.test(text)) return err(DURATION_INVALID);
  const seconds = Number(text);
  return seconds >= DURATION_MIN_S && seconds <= DURATION_MAX_S ? ok(seconds) : err(DURATION_INVALID);
}

/** Start needs a target; the duration must be in range. */
export function validateDdosConfig(input: {
  target: string;
  attackType: string;
  intensity: string;
  duration: string | number;
}): Result<DdosConfig> {
  const target = input.target.trim();
  if (target === '') return err(TARGET_REQUIRED);
  const attackType = ATTACK_TYPES.find((type) => type.value === input.attackType)?.value;
  if (!attackType) return err(ATTACK_TYPE_INVALID);
  const intensity = INTENSITIES.find((level) => level.value === input.intensity)?.value;
  if (!intensity) return err(INTENSITY_INVALID);
  const duration = parseDuration(input.duration);
  if (!duration.ok) return duration;
  return ok({ target, attackType, intensity, duration: duration.value });
}

export function totalTicks(duration: number): number {
  return (duration * 1000) / TICK_MS;
}

export function requestsPerTick(intensity: Intensity): number {
  return (INTENSITY_RATES[intensity] * TICK_MS) / 1000;
}

/** The snapshot after tick `tick` of `ticks`, with `draw` the tick's random number (see the header comment). */
export function snapshotAt(intensity: Intensity, tick: number, ticks: number, draw: number): DdosSnapshot {
  const requestsSent = tick * requestsPerTick(intensity);
  return {
    tick,
    totalTicks: ticks,
    progress: (tick / ticks) * 100,
    stats: {
      requestsSent,
      responsesReceived: Math.floor((requestsSent * RESPONSE_PERCENT) / 100),
      avgResponseTime: Math.round(BASE_RESPONSE_MS[intensity] * (1 + tick / ticks) * (0.8 + 0.4 * draw)),
      errors: Math.floor((requestsSent * ERROR_PERCENT) / 100),
    },
  };
}

export interface DdosRunOptions {
  target: string;
  attackType: string;
  intensity: string;
  duration: string | number;
  random?: Random;
  scheduler?: Scheduler;
  signal?: AbortSignal;
  /** Called after every tick; on Stop (abort) once more with progress 0. */
  onTick?: (snapshot: DdosSnapshot) => void;
}

/**
 * Runs the simulation tick by tick (every 100 ms) and resolves with the final snapshot.
 * An invalid configuration is refused without waiting. Aborting (Stop, or leaving the
 * page) reports the counters so far with progress reset to 0, schedules nothing more,
 * and rejects with an AbortError.
 */
export async function runDdosSimulation({
  random = Math.random,
  scheduler = realScheduler,
  signal,
  onTick,
  ...input
}: DdosRunOptions): Promise<Result<DdosSnapshot>> {
  const config = validateDdosConfig(input);
  if (!config.ok) return config;
  const { intensity, duration } = config.value;
  const ticks = totalTicks(duration);
  let snapshot: DdosSnapshot = { tick: 0, totalTicks: ticks, progress: 0, stats: { ...EMPTY_STATS } };
  for (let tick = 1; tick <= ticks; tick++) {
    try {
      await delay(TICK_MS, { scheduler, signal });
    } catch (error) {
      // Stop ends the run and resets progress to 0.
      if (isAbortError(error)) onTick?.({ ...snapshot, progress: 0 });
      throw error;
    }
    snapshot = snapshotAt(intensity, tick, ticks, random());
    onTick?.(snapshot);
  }
  return ok(snapshot);
}
