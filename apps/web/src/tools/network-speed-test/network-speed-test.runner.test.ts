import { MEBIBYTE } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import type { Scheduler } from '../../lib/simulation';
import {
  RANDOM_PIECE,
  runSpeedTest,
  type RunSpeedTestOptions,
  type SpeedTestFetch,
  type SpeedTestProgress,
  type SpeedTestRequest,
  type SpeedTestResponse,
} from './network-speed-test.runner';

/** Mbps → bytes per millisecond. */
const rate = (mbps: number) => (mbps * 1_000_000) / 8 / 1000;

interface LinkOptions {
  downloadMbps: number;
  uploadMbps: number;
  /** Round trip of each ping request, in order; the first is the unmeasured warm-up request. */
  pings?: number[];
  /** Bytes a download body hands out per read. */
  chunkBytes?: number;
  /** Called on every chunk a download delivers, with the fake time. */
  onChunk?: (now: number) => void;
  /** Answers this status for the ping, download or upload endpoint. */
  failing?: { endpoint: 'ping' | 'download' | 'upload'; status: number };
  /** Download bodies never deliver a byte. */
  stalled?: boolean;
}

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/**
 * A fake server on a fake link with a fake clock: time passes only when the
 * link moves bytes. A download body advances the clock by each chunk it hands
 * out, so parallel streams share the link the way TCP connections do; an
 * upload advances it by its whole body when it lands.
 */
function fakeLink(options: LinkOptions) {
  let time = 0;
  const pings = [...(options.pings ?? [])];
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  const block = new Uint8Array(chunkBytes);
  const requests: { url: string; init: SpeedTestRequest }[] = [];

  const respond = (status: number, json: unknown, body: ReadableStream<Uint8Array> | null = null) =>
    ({ ok: status < 400, status, body, json: async () => json }) satisfies SpeedTestResponse;

  const downloadBody = (total: number, signal: AbortSignal) => {
    let sent = 0;
    let onAbort = () => undefined as void;
    return new ReadableStream<Uint8Array>(
      {
        start(controller) {
          onAbort = () => controller.error(abortError());
          signal.addEventListener('abort', onAbort, { once: true });
        },
        pull(controller) {
          if (options.stalled) return new Promise<void>(() => undefined);
          if (signal.aborted) return controller.error(abortError());
          const n = Math.min(chunkBytes, total - sent);
          sent += n;
          time += n / rate(options.downloadMbps);
          controller.enqueue(block.subarray(0, n));
          if (sent === total) {
            controller.close();
            signal.removeEventListener('abort', onAbort);
          }
          options.onChunk?.(time);
        },
      },
      { highWaterMark: 0 },
    );
  };

  const fetch: SpeedTestFetch = async (url, init) => {
    requests.push({ url, init });
    if (init.signal.aborted) throw abortError();
    const endpoint = new URL(url, 'http://test').pathname.split('/').pop();
    const { failing } = options;
    if (failing && failing.endpoint === endpoint) return respond(failing.status, { error: 'Nope' });
    if (endpoint === 'ping') {
      time += pings.shift() ?? 1;
      return respond(200, { t: 0 });
    }
    if (endpoint === 'download') {
      const size = Number(new URL(url, 'http://test').searchParams.get('size'));
      return respond(200, null, downloadBody(size * MEBIBYTE, init.signal));
    }
    if (endpoint === 'upload') {
      const bytes = init.body?.size ?? 0;
      await Promise.resolve();
      if (init.signal.aborted) throw abortError();
      time += bytes / rate(options.uploadMbps);
      return respond(200, { bytes });
    }
    return respond(404, { error: 'Not found' });
  };

  const urls = (endpoint: string) => requests.filter((r) => r.url.includes(`/${endpoint}`));
  return { fetch, now: () => time, requests, urls };
}

/** Timers that never fire unless the test says so. */
function manualScheduler() {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  const scheduler: Scheduler = {
    setTimeout: (callback, ms) => {
      pending.set(++next, { callback, ms });
      return next;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  const fire = () => {
    const timers = [...pending.entries()];
    pending.clear();
    timers.forEach(([, timer]) => timer.callback());
    return timers.map(([, timer]) => timer.ms);
  };
  return { scheduler, pending, fire };
}

function run(link: ReturnType<typeof fakeLink>, extra: Partial<RunSpeedTestOptions> = {}) {
  const progress: SpeedTestProgress[] = [];
  const controller = new AbortController();
  const timers = manualScheduler();
  const random = (bytes: Uint8Array) => void bytes.fill(0xa5);
  const result = runSpeedTest({
    fetch: link.fetch,
    now: link.now,
    signal: controller.signal,
    onProgress: (update) => progress.push(update),
    random,
    scheduler: timers.scheduler,
    ...extra,
  });
  return { result, progress, controller, timers };
}

const PINGS = [50, 10, 12, 11, 15, 10, 30, 12, 11, 13, 12];

describe('runSpeedTest', () => {
  it('runs ping (10) → download (30) → upload (70) → finished (100) and measures the link', async () => {
    const link = fakeLink({ downloadMbps: 100, uploadMbps: 20, pings: PINGS });
    const { result, progress, timers } = run(link);
    const measurement = await result;

    expect(progress.map(({ phase, progress }) => [phase, progress])).toEqual([
      ['ping', 10],
      ['download', 30],
      ['upload', 70],
      ['finished', 100],
    ]);
    // Each phase reports what the earlier ones measured.
    expect(progress[0]!.measurement).toEqual({});
    expect(progress[1]!.measurement).toEqual({ ping: 12, jitter: 6 });
    expect(Object.keys(progress[2]!.measurement).sort()).toEqual(['download', 'jitter', 'ping']);
    expect(progress[3]!.measurement).toEqual(measurement);

    // 11 ping requests (one warm-up, 10 samples); ping is their median, jitter the mean change.
    expect(link.urls('ping')).toHaveLength(11);
    expect(measurement.ping).toBe(12);
    expect(measurement.jitter).toBe(54 / 9);
    expect(measurement.download).toBeGreaterThan(98);
    expect(measurement.download).toBeLessThan(101);
    expect(measurement.upload).toBeGreaterThan(18);
    expect(measurement.upload).toBeLessThan(22);
    // Every phase cleared its deadline timer.
    expect(timers.pending.size).toBe(0);
    // Nothing may be cached on the way.
    expect(link.requests.every(({ init }) => init.cache === 'no-store')).toBe(true);
  });

  it('uses four parallel downloads and stops them at the 8 s deadline', async () => {
    const link = fakeLink({ downloadMbps: 100, uploadMbps: 100 });
    let downloadEnd = 0;
    const { result } = run(link, {
      onProgress: ({ phase }) => {
        if (phase === 'upload') downloadEnd = link.now();
      },
    });
    await result;
    const downloads = link.urls('download');
    // The first four requests start together, one per stream.
    expect(downloads.slice(0, 4).every(({ url }) => url.endsWith('size=1'))).toBe(true);
    // At 100 Mbps a stream moves 3 MB/s, so its next requests are the largest taking about a second: 1 MB.
    expect(new Set(downloads.map(({ url }) => url))).toEqual(new Set(['/api/speedtest/download?size=1']));
    // Every download was aborted when the phase ended (none is left running).
    expect(downloads.every(({ init }) => init.signal.aborted)).toBe(true);
    // The ping phase took 11 ms; the download phase about 8 s.
    expect(downloadEnd - 11).toBeGreaterThanOrEqual(8000);
    expect(downloadEnd - 11).toBeLessThan(8010);
  });

  it('grows the requests on a fast link and ends early on the data budget, reading it as fast', async () => {
    const link = fakeLink({ downloadMbps: 10_000, uploadMbps: 5_000, chunkBytes: MEBIBYTE });
    const phases: Record<string, number> = {};
    const { result } = run(link, { onProgress: ({ phase }) => void (phases[phase] = link.now()) });
    const measurement = await result;

    expect(measurement.download).toBeGreaterThan(9_500);
    expect(measurement.download).toBeLessThan(10_100);
    expect(measurement.upload).toBeGreaterThan(4_500);
    expect(measurement.upload).toBeLessThan(5_500);
    const sizes = (endpoint: string, param: (r: (typeof link.requests)[number]) => number) =>
      new Set(link.urls(endpoint).map(param));
    expect(sizes('download', ({ url }) => Number(url.split('size=')[1]))).toEqual(new Set([1, 50]));
    expect(sizes('upload', ({ init }) => init.body!.size / MEBIBYTE)).toEqual(new Set([1, 10]));
    // The budget (400 MB down, 80 MB up after the 1 s warm-up) ends each phase well before its 8 s deadline.
    expect(phases.upload! - phases.download!).toBeLessThan(1500);
    expect(phases.finished! - phases.upload!).toBeLessThan(1500);
  });

  it('uploads random bytes of the designed sizes, made in 64 KiB pieces, as octet-stream', async () => {
    const link = fakeLink({ downloadMbps: 50, uploadMbps: 50 });
    const pieces: number[] = [];
    const { result } = run(link, {
      random: (bytes) => {
        pieces.push(bytes.length);
        crypto.getRandomValues(bytes);
      },
    });
    await result;
    // One random MiB, repeated into every body.
    expect(pieces).toEqual(Array.from({ length: MEBIBYTE / RANDOM_PIECE }, () => 65_536));
    const uploads = link.urls('upload');
    expect(uploads.length).toBeGreaterThan(4);
    for (const { init } of uploads) {
      expect(init.method).toBe('POST');
      expect(init.headers).toEqual({ 'Content-Type': 'application/octet-stream' });
      expect([1, 2, 5, 10].map((mb) => mb * MEBIBYTE)).toContain(init.body!.size);
    }
    const first = uploads[0]!.init.body!;
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(bytes.length).toBe(MEBIBYTE);
    // Not a constant fill: the random source wrote it.
    expect(new Set(bytes.subarray(0, 4096)).size).toBeGreaterThan(200);
  });

  it('on a slow uplink uploads one stream of 1 MB and lets it finish after the deadline', async () => {
    const link = fakeLink({ downloadMbps: 20, uploadMbps: 0.8 });
    const { result } = run(link);
    const measurement = await result;
    const uploads = link.urls('upload');
    // 1 MB at 0.8 Mbps takes 10.5 s: the first upload alone passes the 8 s deadline, and nothing follows it.
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.init.body!.size).toBe(MEBIBYTE);
    expect(measurement.upload).toBeCloseTo(0.8, 5);
  });

  it('Stop during the download aborts every request in flight and rejects', async () => {
    const controller = new AbortController();
    let stoppedAt = 0;
    const link = fakeLink({
      downloadMbps: 100,
      uploadMbps: 100,
      onChunk: (now) => {
        if (now > 2000 && !controller.signal.aborted) {
          stoppedAt = now;
          controller.abort();
        }
      },
    });
    const { result, progress, timers } = run(link, { signal: controller.signal });

    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(stoppedAt).toBeGreaterThan(2000);
    expect(progress.map(({ phase }) => phase)).toEqual(['ping', 'download']);
    const downloads = link.urls('download');
    expect(downloads.length).toBeGreaterThanOrEqual(4);
    expect(downloads.every(({ init }) => init.signal.aborted)).toBe(true);
    expect(link.urls('upload')).toHaveLength(0);
    expect(timers.pending.size).toBe(0);
  });

  it('does nothing when stopped before it starts', async () => {
    const link = fakeLink({ downloadMbps: 100, uploadMbps: 100 });
    const controller = new AbortController();
    controller.abort();
    const { result, progress } = run(link, { signal: controller.signal });
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(link.requests).toHaveLength(0);
    expect(progress).toEqual([]);
  });

  it('ends a stalled download phase on its deadline timer and goes on', async () => {
    const link = fakeLink({ downloadMbps: 100, uploadMbps: 10, stalled: true });
    const { result, progress, timers } = run(link);
    // Let the ping phase and the four download requests start.
    for (let i = 0; i < 200 && link.urls('download').length < 4; i++) await Promise.resolve();
    expect(link.urls('download')).toHaveLength(4);
    expect(timers.fire()).toEqual([8000]);
    const measurement = await result;
    expect(measurement.download).toBe(0);
    expect(measurement.upload).toBeGreaterThan(9);
    expect(progress.map(({ phase }) => phase)).toEqual(['ping', 'download', 'upload', 'finished']);
  });

  it.each([
    ['ping', 500, ['ping']],
    ['download', 503, ['ping', 'download']],
    ['upload', 429, ['ping', 'download', 'upload']],
  ] as const)('rejects with an error when the %s endpoint answers %i', async (endpoint, status, phases) => {
    const link = fakeLink({ downloadMbps: 100, uploadMbps: 100, failing: { endpoint, status } });
    const { result, progress, timers } = run(link);
    await expect(result).rejects.toThrow(`Speed test request failed with status ${status}`);
    expect(progress.map(({ phase }) => phase)).toEqual(phases);
    // The failing phase aborted its other requests.
    expect(link.requests.filter(({ url }) => url.includes(endpoint)).every(({ init }) => init.signal.aborted)).toBe(
      endpoint !== 'ping',
    );
    expect(timers.pending.size).toBe(0);
  });

  it('rejects when the network fails', async () => {
    const link = fakeLink({ downloadMbps: 100, uploadMbps: 100 });
    const failing: SpeedTestFetch = async (url, init) => {
      if (url.includes('download')) throw new TypeError('Failed to fetch');
      return link.fetch(url, init);
    };
    await expect(run(link, { fetch: failing }).result).rejects.toThrow('Failed to fetch');
  });
});
