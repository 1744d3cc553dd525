import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortError, seededRandom, type Random } from '../../lib/simulation';
import {
  CHANNELS_2_4GHZ,
  CHANNELS_5GHZ,
  NETWORK_COUNT,
  NETWORK_INTERVAL_MS,
  SSIDS,
  channelFrequency,
  generateNetwork,
  runWifiScan,
  securityBadge,
  signalQuality,
  type WifiNetwork,
} from './wifi-analyzer.service';

function scripted(values: readonly number[]): Random {
  let index = 0;
  return () => {
    const value = values[index++];
    if (value === undefined) throw new Error('scripted random exhausted');
    return value;
  };
}

describe('signalQuality', () => {
  it.each([
    [-30, 'Excellent', 100],
    [-49, 'Excellent', 100],
    [-50, 'Good', 75],
    [-59, 'Good', 75],
    [-60, 'Fair', 50],
    [-69, 'Fair', 50],
    [-70, 'Poor', 25],
    [-71, 'Poor', 25],
    [-90, 'Poor', 25],
  ])('%d dBm → %s (bar %d)', (dbm, quality, bar) => {
    expect(signalQuality(dbm)).toEqual({ quality, bar });
  });
});

describe('securityBadge', () => {
  it.each([
    ['Open', 'Open', 'danger'],
    ['WPA3', 'Secure', 'secure'],
    ['WPA2', 'Good', 'good'],
    ['WPA', 'Weak', 'weak'],
    ['WEP', 'Weak', 'weak'],
    ['', 'Weak', 'weak'],
    ['wpa3', 'Weak', 'weak'],
  ])('%j → %s (%s)', (security, label, tone) => {
    expect(securityBadge(security)).toEqual({ label, tone });
  });
});

describe('channelFrequency', () => {
  it.each([
    [1, 2412],
    [6, 2437],
    [11, 2462],
    [13, 2472],
    [36, 5180],
    [64, 5320],
    [149, 5745],
    [165, 5825],
  ])('channel %d → %d MHz', (channel, mhz) => {
    expect(channelFrequency(channel)).toBe(mhz);
  });
});

describe('generateNetwork', () => {
  it.each([
    [
      '2.4 GHz, strongest signal, WPA3',
      [0xff / 256, 0.5, 0, 0.999, 0.0625, 0.25, 0.9, 0, 0, 0],
      0,
      {
        ssid: SSIDS[0],
        bssid: 'FC:80:00:FF:10:40',
        channel: 1,
        frequency: 2412,
        signal: -30,
        security: 'WPA3',
        encryption: 'AES-CCMP (SAE)',
      },
    ],
    [
      '5 GHz last channel, weakest signal, Open',
      [0, 0, 0, 0, 0, 0, 0.1, 0.99999, 0.99999, 0.99999],
      3,
      {
        ssid: SSIDS[3],
        bssid: '00:00:00:00:00:00',
        channel: 165,
        frequency: 5825,
        signal: -90,
        security: 'Open',
        encryption: 'None',
      },
    ],
    [
      '2.4 GHz channel 13 at -60 dBm, WPA',
      [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.35, 0.99, 30 / 61, 0.5],
      9,
      {
        ssid: SSIDS[9],
        bssid: '80:80:80:80:80:80',
        channel: 13,
        frequency: 2472,
        signal: -60,
        security: 'WPA',
        encryption: 'TKIP',
      },
    ],
  ])('%s', (_name, draws, index, expected) => {
    expect(generateNetwork(scripted(draws), index)).toEqual(expected);
  });

  it('always yields plausible values from a seeded source', () => {
    const random = seededRandom(99);
    for (let i = 0; i < 2000; i++) {
      const network = generateNetwork(random, i);
      expect(network.bssid).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
      expect([...CHANNELS_2_4GHZ, ...CHANNELS_5GHZ]).toContain(network.channel);
      expect(network.frequency).toBe(channelFrequency(network.channel));
      expect(network.signal).toBeGreaterThanOrEqual(-90);
      expect(network.signal).toBeLessThanOrEqual(-30);
      expect(Number.isInteger(network.signal)).toBe(true);
    }
  });
});

describe('runWifiScan', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('adds one network every 500 ms: none before 500 ms, ten at 5000 ms', async () => {
    const seen: WifiNetwork[] = [];
    const done = vi.fn();
    void runWifiScan({ random: seededRandom(5), onNetwork: (n) => seen.push(n) }).then(done);
    await vi.advanceTimersByTimeAsync(NETWORK_INTERVAL_MS - 1);
    expect(seen).toHaveLength(0);
    for (let n = 1; n <= NETWORK_COUNT; n++) {
      await vi.advanceTimersByTimeAsync(1);
      expect(seen).toHaveLength(n);
      expect(seen[n - 1]?.ssid).toBe(SSIDS[n - 1]);
      if (n < NETWORK_COUNT) {
        await vi.advanceTimersByTimeAsync(NETWORK_INTERVAL_MS - 1);
        expect(seen).toHaveLength(n);
      }
    }
    expect(NETWORK_COUNT).toBe(10);
    expect(done).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is reproducible with a seeded source', async () => {
    const run = async () => {
      const pending = runWifiScan({ random: seededRandom(7) });
      await vi.advanceTimersByTimeAsync(5000);
      return pending;
    };
    const first = await run();
    expect(first).toHaveLength(10);
    expect(await run()).toEqual(first);
  });

  it.each([[0], [1]])('finds exactly count=%d networks', async (count) => {
    const pending = runWifiScan({ random: seededRandom(1), count });
    await vi.advanceTimersByTimeAsync(count * NETWORK_INTERVAL_MS);
    expect(await pending).toHaveLength(count);
  });

  it('stops on abort and schedules nothing further', async () => {
    const controller = new AbortController();
    const onNetwork = vi.fn();
    const outcome = runWifiScan({ random: seededRandom(3), signal: controller.signal, onNetwork }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(1200);
    controller.abort();
    expect(isAbortError(await outcome)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onNetwork).toHaveBeenCalledTimes(2);
  });
});
