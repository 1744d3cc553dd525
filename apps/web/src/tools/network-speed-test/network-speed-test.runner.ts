/**
 * Runs one speed test against the product's own API (docs/decisions/0001-real-tools.md). Every
 * outside effect is a parameter: the transport (fetch), the clock, the random
 * source for upload data and the timer, so tests drive a whole test with a
 * fake server and a fake clock in microseconds.
 */
import { ENDPOINTS, endpointUrl, fetchMethod, MEBIBYTE, SPEEDTEST_PING_SAMPLES } from '@toolvault/shared';
import { realScheduler, type Scheduler } from '../../lib/simulation';
import {
  DOWNLOAD_PLAN,
  PHASE_PROGRESS,
  ThroughputMeter,
  UPLOAD_PLAN,
  chooseSize,
  jitterOf,
  parallelUploads,
  pingOf,
  uploadSizing,
  type SpeedTestMeasurement,
  type SpeedTestPhase,
  type TransferPlan,
  type UploadPlan,
} from './network-speed-test.service';

/** The part of a fetch Response the test reads. */
export interface SpeedTestResponse {
  ok: boolean;
  status: number;
  body: ReadableStream<Uint8Array> | null;
  json(): Promise<unknown>;
}

export interface SpeedTestRequest {
  method?: 'GET' | 'POST';
  body?: Blob;
  headers?: Record<string, string>;
  cache: 'no-store';
  signal: AbortSignal;
}

/** `window.fetch` satisfies this. */
export type SpeedTestFetch = (url: string, init: SpeedTestRequest) => Promise<SpeedTestResponse>;

export interface SpeedTestProgress {
  phase: Exclude<SpeedTestPhase, 'idle'>;
  /** The progress each phase starts at: 10, 30, 70, 100. */
  progress: number;
  /** What is known so far: ping and jitter once the download starts, and so on. */
  measurement: Partial<SpeedTestMeasurement>;
}

export interface RunSpeedTestOptions {
  fetch: SpeedTestFetch;
  /** A monotonic clock in milliseconds, like performance.now. */
  now: () => number;
  /** Aborting it stops the test: every request in flight is aborted and the run rejects. */
  signal: AbortSignal;
  onProgress?: (progress: SpeedTestProgress) => void;
  /** Fills a buffer (at most 64 KiB) with random bytes; crypto.getRandomValues by default. */
  random?: (bytes: Uint8Array<ArrayBuffer>) => void;
  /** Timers for the phase deadlines. */
  scheduler?: Scheduler;
  download?: TransferPlan;
  upload?: UploadPlan;
}

/** crypto.getRandomValues fills at most 65,536 bytes per call. */
export const RANDOM_PIECE = 64 * 1024;

/**
 * Ping (progress 10), download (30), upload (70), finished (100). Resolves
 * with the four numbers; rejects with the signal's reason when stopped, or
 * with an Error when the server cannot be reached or answers an error.
 */
export async function runSpeedTest(options: RunSpeedTestOptions): Promise<SpeedTestMeasurement> {
  const { signal, onProgress } = options;
  signal.throwIfAborted();

  const measurement: Partial<SpeedTestMeasurement> = {};
  const enter = (phase: SpeedTestProgress['phase']) => {
    signal.throwIfAborted();
    onProgress?.({ phase, progress: PHASE_PROGRESS[phase], measurement: { ...measurement } });
  };

  enter('ping');
  Object.assign(measurement, await measurePing(options));
  enter('download');
  measurement.download = await measureDownload(options);
  enter('upload');
  measurement.upload = await measureUpload(options);
  const result = measurement as SpeedTestMeasurement;
  enter('finished');
  return result;
}

/**
 * One unmeasured request opens the connection, then 10 timed round trips
 * (ten, as designed). Ping is their median, jitter the mean change between them.
 */
async function measurePing({ fetch, now, signal }: RunSpeedTestOptions): Promise<{ ping: number; jitter: number }> {
  const once = async () => {
    const response = await fetch(endpointUrl(ENDPOINTS.speedtestPing), { cache: 'no-store', signal });
    expectOk(response);
    await response.json();
  };
  await once();
  const samples: number[] = [];
  for (let i = 0; i < SPEEDTEST_PING_SAMPLES; i++) {
    const start = now();
    await once();
    samples.push(now() - start);
  }
  return { ping: pingOf(samples), jitter: jitterOf(samples) };
}

/**
 * Parallel streams of downloads, each reading its body chunk by chunk and
 * recording every chunk as it lands. The phase stops at the deadline or once
 * the data budget is counted; requests still running are then aborted, which
 * loses nothing, since their bytes were counted on arrival.
 */
async function measureDownload(options: RunSpeedTestOptions): Promise<number> {
  const { fetch, now, signal, download: plan = DOWNLOAD_PLAN } = options;
  return inPhase(options, plan.durationMs, async (phase) => {
    const start = now();
    const deadline = start + plan.durationMs;
    const meter = new ThroughputMeter(start + plan.warmupMs);

    const stream = async (id: number) => {
      let size = Math.min(...plan.sizesMb);
      while (!phase.signal.aborted) {
        const requestStart = now();
        const response = await fetch(endpointUrl(ENDPOINTS.speedtestDownload, { query: { size } }), {
          cache: 'no-store',
          signal: phase.signal,
        });
        expectOk(response);
        if (!response.body) throw new Error('Download answered without a body');
        const reader = response.body.getReader();
        let last = requestStart;
        let received = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const at = now();
          meter.record(id, last, at, value.byteLength);
          received += value.byteLength;
          last = at;
          if (at >= deadline || meter.bytesAfterWarmup >= plan.budgetBytes) return phase.stop();
        }
        size = chooseSize(plan.sizesMb, received / (last - requestStart), plan.targetRequestMs);
      }
    };
    await Promise.all(Array.from({ length: plan.streams }, (_, id) => settle(stream(id), phase, signal)));
    return meter.mbps();
  });
}

/**
 * Parallel streams of uploads of random bytes. An upload's bytes are known
 * only when it completes, so in-flight uploads are allowed to finish after
 * the deadline (up to `graceMs`), and the first upload runs alone to decide
 * how many streams the link can carry.
 */
async function measureUpload(options: RunSpeedTestOptions): Promise<number> {
  const {
    fetch,
    now,
    signal,
    upload: plan = UPLOAD_PLAN,
    random = (bytes) => void crypto.getRandomValues(bytes),
  } = options;
  const blobs = uploadBlobs(random);
  return inPhase(options, plan.durationMs + plan.graceMs, async (phase) => {
    const start = now();
    const deadline = start + plan.durationMs;
    const meter = new ThroughputMeter(start + plan.warmupMs);

    /** One upload; answers the rate it moved at, in bytes per ms. */
    const upload = async (id: number, size: number): Promise<number> => {
      const begin = now();
      const response = await fetch(endpointUrl(ENDPOINTS.speedtestUpload), {
        method: fetchMethod(ENDPOINTS.speedtestUpload),
        body: blobs(size),
        headers: { 'Content-Type': 'application/octet-stream' },
        cache: 'no-store',
        signal: phase.signal,
      });
      expectOk(response);
      const { bytes } = (await response.json()) as { bytes: number };
      const end = now();
      meter.record(id, begin, end, bytes);
      return end > begin ? bytes / (end - begin) : Infinity;
    };
    const more = () => !phase.signal.aborted && now() < deadline && meter.bytesAfterWarmup < plan.budgetBytes;
    const stream = async (id: number, rate: number) => {
      while (more()) rate = await upload(id, chooseSize(plan.sizesMb, rate, plan.targetRequestMs));
    };

    const first = await settleValue(upload(0, Math.min(...plan.sizesMb)), phase, signal);
    if (first !== undefined) {
      const streams = parallelUploads(first, uploadSizing(plan));
      await Promise.all(Array.from({ length: streams }, (_, id) => settle(stream(id, first), phase, signal)));
    }
    return meter.mbps();
  });
}

/** One phase's requests: `signal` goes to each of them, `stop()` aborts them all. */
interface Phase {
  signal: AbortSignal;
  stop(): void;
}

/**
 * Runs one phase under its own AbortController, linked to the test's signal
 * and stopped by a timer after `limitMs` (a link that stalls still ends the
 * phase). Afterwards nothing of the phase is left running.
 */
async function inPhase<T>(
  { signal, scheduler = realScheduler }: RunSpeedTestOptions,
  limitMs: number,
  body: (phase: Phase) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const phase: Phase = { signal: controller.signal, stop: () => controller.abort() };
  const onStop = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onStop, { once: true });
  const timer = scheduler.setTimeout(phase.stop, limitMs);
  try {
    return await body(phase);
  } finally {
    scheduler.clearTimeout(timer);
    signal.removeEventListener('abort', onStop);
    phase.stop();
  }
}

/**
 * A stream's end: a failure after the phase was stopped (deadline, budget, a
 * sibling's failure) is the phase ending, not an error; a stop of the whole
 * test rethrows as its abort reason; any other failure stops the phase and is
 * the test's error.
 */
async function settle(task: Promise<void>, phase: Phase, signal: AbortSignal): Promise<void> {
  await settleValue(task, phase, signal);
}

async function settleValue<T>(task: Promise<T>, phase: Phase, signal: AbortSignal): Promise<T | undefined> {
  try {
    return await task;
  } catch (error) {
    signal.throwIfAborted();
    if (phase.signal.aborted) return undefined;
    phase.stop();
    throw error;
  }
}

function expectOk(response: SpeedTestResponse): void {
  if (!response.ok) throw new Error(`Speed test request failed with status ${response.status}`);
}

/**
 * Upload bodies of each designed size, made once per test from one random MiB
 * (filled 64 KiB at a time) repeated: random so nothing on the way can
 * compress it, one MiB so a 10 MB body costs one getRandomValues pass.
 */
function uploadBlobs(random: (bytes: Uint8Array<ArrayBuffer>) => void): (sizeMb: number) => Blob {
  let block: Uint8Array<ArrayBuffer> | undefined;
  const made = new Map<number, Blob>();
  return (sizeMb) => {
    let blob = made.get(sizeMb);
    if (!blob) {
      if (!block) {
        block = new Uint8Array(MEBIBYTE);
        for (let offset = 0; offset < MEBIBYTE; offset += RANDOM_PIECE) {
          random(block.subarray(offset, offset + RANDOM_PIECE));
        }
      }
      blob = new Blob(
        Array.from({ length: sizeMb }, () => block!),
        { type: 'application/octet-stream' },
      );
      made.set(sizeMb, blob);
    }
    return blob;
  };
}
