// The pruning of old raw clicks: run at start, then once a day with the cut-off its clock gives,
// until stopped.
import { describe, expect, it, vi } from 'vitest';
import type { ShortlinkClicksRepo } from '../src/db/shortlink-clicks.repo';
import { silentLogger } from '../src/logger';
import { startClickRetention } from '../src/services/retention.service';

describe('startClickRetention', () => {
  it('prunes at start, then daily, with the cut-off its clock gives', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const cutoffs: string[] = [];
      const clicks = {
        pruneBefore: (before: string) => {
          cutoffs.push(before);
          return Promise.resolve(cutoffs.length === 1 ? 5 : 0);
        },
      } as unknown as ShortlinkClicksRepo;
      let now = Date.parse('2025-03-15T12:00:00.000Z');
      const logs: string[] = [];
      const logger = { ...silentLogger, info: (message: string) => void logs.push(message) };
      const stop = startClickRetention({ clicks, days: 30, clock: () => new Date(now), logger });
      await Promise.resolve();
      expect(cutoffs).toEqual(['2025-02-13T12:00:00.000Z']);
      now += 86_400_000;
      await vi.advanceTimersByTimeAsync(86_400_000);
      expect(cutoffs).toEqual(['2025-02-13T12:00:00.000Z', '2025-02-14T12:00:00.000Z']);
      expect(logs).toEqual(['Deleted 5 raw clicks older than 30 days (aggregates kept)']);
      stop();
      await vi.advanceTimersByTimeAsync(86_400_000);
      expect(cutoffs).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
