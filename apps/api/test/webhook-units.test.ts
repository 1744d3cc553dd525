import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_RETRY_MS, LONGEST_WAIT_MS, nextAttemptAt, nominalWait } from '../src/services/webhooks/backoff';
import { DroppingBuffer } from '../src/services/webhooks/click-buffer';
import { LEASE_MS, resolveWithin } from '../src/services/webhooks/delivery-worker';
import { DELIVERY_TIMEOUT_MS } from '../src/services/webhooks/transport';
import { newWebhookSecret, webhookSignature } from '../src/services/webhooks/signing';
import { checkTarget, refusedAddress, type TargetPolicy } from '../src/services/webhooks/target-guard';

/** Signing, retry times and which addresses a webhook may reach: tables of known answers. */
describe('webhookSignature', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  // Computed independently: python3 -c "import hmac,hashlib; print(hmac.new(secret, b't.body', hashlib.sha256).hexdigest())"
  it.each([
    ['{"type":"link.created"}', '3585ce941b861e7b9201c2f1b4818c9e4f40f9fe9c65cbcba5dfb95ccc2342f1'],
    ['', 'cba1e6bca7337490cde16bc4e0003251c7f5bb8e661e3d8e25d141a92c2ec991'],
  ])('signs %j at t=1700000000 as HMAC-SHA256(secret, t + "." + body)', (body, hex) => {
    // Milliseconds are dropped: t is whole seconds.
    expect(webhookSignature(secret, body, new Date(1_700_000_000_999))).toBe(`t=1700000000,v1=${hex}`);
  });

  it('makes secrets of whsec_ and 32 random bytes', () => {
    expect(newWebhookSecret(() => Buffer.alloc(32, 0xff))).toBe(`whsec_${'_'.repeat(42)}8`);
    expect(newWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(newWebhookSecret());
  });
});

describe('retry schedule', () => {
  const now = new Date('2025-03-15T12:00:00.000Z');
  const far = new Date('2025-03-16T12:00:00.000Z');
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [4, 240_000],
    [7, 1_920_000],
    [8, LONGEST_WAIT_MS],
    [30, LONGEST_WAIT_MS],
    [1000, LONGEST_WAIT_MS],
  ])('after attempt %i the wait is %i ms before jitter', (attempt, wait) => {
    expect(nominalWait(attempt)).toBe(wait);
  });

  it.each([
    [0, FIRST_RETRY_MS / 2],
    [0.5, (FIRST_RETRY_MS * 3) / 4],
    [0.999999, FIRST_RETRY_MS - 1],
  ])('jitter %d draws the wait from its upper half', (random, wait) => {
    const at = nextAttemptAt(1, now, far, () => random);
    expect(at!.getTime() - now.getTime()).toBe(wait);
  });

  it('gives up once the next try would fall after 24 hours', () => {
    expect(nextAttemptAt(9, new Date('2025-03-16T11:30:00.000Z'), far, () => 0.9)).toBeNull();
    expect(nextAttemptAt(9, new Date('2025-03-16T11:00:00.000Z'), far, () => 0)).toEqual(
      new Date('2025-03-16T11:30:00.000Z'),
    );
  });

  it('tries about 30 times over the 24 hours', () => {
    let at = now;
    let attempts = 1;
    for (let next = nextAttemptAt(1, at, far, () => 1); next; next = nextAttemptAt(attempts, at, far, () => 1)) {
      at = next;
      attempts++;
    }
    expect(attempts).toBe(30);
  });
});

describe('webhook target addresses', () => {
  const strict: TargetPolicy = { allowPrivate: false, ownAddresses: () => ['93.184.216.7', '[2606:4700::7]'] };
  const open: TargetPolicy = { ...strict, allowPrivate: true };
  it.each([
    ['8.8.8.8', null],
    ['2606:4700:4700::1111', null],
    ['127.0.0.1', 'loopback address'],
    ['127.255.0.9', 'loopback address'],
    ['::1', 'loopback address'],
    ['10.1.2.3', 'private address'],
    ['172.16.0.1', 'private address'],
    ['192.168.1.1', 'private address'],
    ['100.64.0.1', 'carrierGradeNat address'],
    ['169.254.169.254', 'linkLocal address'],
    ['fe80::1', 'linkLocal address'],
    ['fd00::1', 'uniqueLocal address'],
    ['224.0.0.1', 'multicast address'],
    ['ff02::1', 'multicast address'],
    ['0.0.0.0', 'unspecified address'],
    ['::', 'unspecified address'],
    ['255.255.255.255', 'broadcast address'],
    ['::ffff:127.0.0.1', 'loopback address'],
    ['::ffff:10.0.0.1', 'private address'],
    ['93.184.216.7', "this host's own address"],
    ['2606:4700::7', "this host's own address"],
    ['203.0.113.7', 'reserved address'],
    ['not-an-ip', 'not an IP address'],
    ['', 'not an IP address'],
  ])('%s → %s', (ip, refused) => {
    expect(refusedAddress(ip, strict)).toBe(refused);
  });

  it('allows every valid address when the operator allows private targets', () => {
    expect(refusedAddress('127.0.0.1', open)).toBeNull();
    expect(refusedAddress('93.184.216.7', open)).toBeNull();
  });

  const resolver = (table: Record<string, string[]>) => async (host: string) => {
    const answers = table[host];
    if (!answers) throw new Error('ENOTFOUND');
    return answers.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));
  };
  const dns = resolver({
    'hooks.example.com': ['93.184.216.34'],
    'rebind.example.com': ['93.184.216.34', '127.0.0.1'],
    'inside.example.com': ['10.0.0.5'],
    'empty.example.com': [],
  });

  it.each([
    ['https://hooks.example.com/in', { ok: true, value: { address: '93.184.216.34', family: 4 } }],
    ['http://93.184.216.34:8080/', { ok: true, value: { address: '93.184.216.34', family: 4 } }],
    ['https://[2606:4700:4700::1111]/', { ok: true, value: { address: '2606:4700:4700::1111', family: 6 } }],
    ['https://rebind.example.com/', { ok: false, error: 'refused: loopback address' }],
    ['https://inside.example.com/', { ok: false, error: 'refused: private address' }],
    ['http://localhost/', { ok: false, error: 'host name did not resolve' }],
    ['http://127.0.0.1/', { ok: false, error: 'refused: loopback address' }],
    ['http://[::1]/', { ok: false, error: 'refused: loopback address' }],
    ['http://0x7f.1/', { ok: false, error: 'refused: loopback address' }],
    ['http://2130706433/', { ok: false, error: 'refused: loopback address' }],
    ['https://empty.example.com/', { ok: false, error: 'host name did not resolve' }],
    ['ftp://hooks.example.com/', { ok: false, error: 'not http or https' }],
    ['not a url', { ok: false, error: 'not a URL' }],
  ])('checkTarget(%s)', async (url, expected) => {
    expect(await checkTarget(url, strict, dns)).toEqual(expected);
  });
});

describe('DroppingBuffer (the clicks waiting for a delivery)', () => {
  const filled = (capacity: number, pushes: number) => {
    const buffer = new DroppingBuffer<number>(capacity);
    for (let i = 1; i <= pushes; i++) buffer.push(i);
    return buffer;
  };

  it.each([
    // capacity, pushes, take → items, dropped, left
    [3, 0, 2, [], 0, 0],
    [3, 2, 5, [1, 2], 0, 0],
    [3, 3, 2, [1, 2], 0, 1],
    [3, 4, 3, [2, 3, 4], 1, 0],
    [3, 10, 2, [8, 9], 7, 1],
    [1, 5, 1, [5], 4, 0],
  ])(
    'capacity %i after %i pushes, take(%i): %j, %i dropped, %i left',
    (capacity, pushes, max, items, dropped, left) => {
      const buffer = filled(capacity, pushes);
      expect(buffer.take(max)).toEqual({ items, dropped });
      expect(buffer.size).toBe(left);
    },
  );

  it("keeps its order across the ring's end, and counts drops afresh after each take", () => {
    const buffer = filled(3, 5); // holds 3, 4, 5; 2 dropped
    expect(buffer.take(1)).toEqual({ items: [3], dropped: 2 });
    buffer.push(6);
    buffer.push(7); // full again: 4 goes
    expect(buffer.take(10)).toEqual({ items: [5, 6, 7], dropped: 1 });
    expect(buffer.take(10)).toEqual({ items: [], dropped: 0 });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a capacity of %d', (capacity) => {
    expect(() => new DroppingBuffer(capacity)).toThrow(RangeError);
  });
});

describe('resolving a webhook host within the lease', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up on a name server that does not answer in 5 s, well inside one delivery lease', async () => {
    vi.useFakeTimers();
    const never = resolveWithin(() => new Promise(() => {}), 5_000);
    const outcome = never('hooks.example.com').then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(4_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('hooks.example.com did not resolve within 5 s');
    // The lease covers the resolution and the exchange, each at its limit, with room to record it.
    expect(LEASE_MS).toBeGreaterThan(5_000 + DELIVERY_TIMEOUT_MS);
  });

  it('passes an answer through as it is', async () => {
    const answer = [{ address: '93.184.216.34', family: 4 as const }];
    expect(await resolveWithin(async () => answer, 5_000)('hooks.example.com')).toBe(answer);
  });
});
