import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteServerDate, serverNow } from './server-clock';

const DEVICE_NOW = Date.parse('2026-03-15T12:00:00.000Z');

describe('serverNow', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: DEVICE_NOW, toFake: ['Date'] });
    // Back to no offset: an answer whose Date is the device's own time, mid-second, instantly.
    noteServerDate(new Date(DEVICE_NOW).toUTCString(), DEVICE_NOW + 500, DEVICE_NOW + 500);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is this device's clock until an answer says otherwise", () => {
    expect(serverNow()).toBe(DEVICE_NOW);
  });

  it.each([
    // The server's Date, the request's sending and answer (device ms after DEVICE_NOW), the offset expected.
    ['an hour ahead, instant answer', '2026-03-15T13:00:00.000Z', 500, 500, 3_600_000],
    ['two minutes behind, instant answer', '2026-03-15T11:58:00.000Z', 500, 500, -120_000],
    ['an hour ahead, a 2 s round trip', '2026-03-15T13:00:01.000Z', 0, 2_000, 3_600_500],
    ['the same second', '2026-03-15T12:00:00.000Z', 0, 1_000, 0],
  ])('%s', (_case, serverDate, sent, received, offset) => {
    noteServerDate(new Date(serverDate).toUTCString(), DEVICE_NOW + sent, DEVICE_NOW + received);
    expect(serverNow()).toBe(DEVICE_NOW + offset);
  });

  it.each([null, '', 'yesterday', 'Tue, 99 Foo 2026 25:61:61 GMT'])(
    'keeps the last offset for a Date of %o',
    (date) => {
      noteServerDate(new Date(DEVICE_NOW + 60_000).toUTCString(), DEVICE_NOW + 500, DEVICE_NOW + 500);
      noteServerDate(date, DEVICE_NOW, DEVICE_NOW);
      expect(serverNow()).toBe(DEVICE_NOW + 60_000);
    },
  );
});
