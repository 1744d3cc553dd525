import { describe, expect, it } from 'vitest';
import { throttleCalls } from './throttle';

describe('throttleCalls', () => {
  it.each([
    // call times, the values `always` passes → the calls that get through
    [[0, 50, 99, 100, 150, 230], [], [0, 100, 230]],
    [[0, 10, 20, 30], [20], [0, 20]],
    [[5, 5, 5], [5], [5, 5, 5]],
  ])('at %j, always %j: passes %j', (times, alwaysAt, passed) => {
    let time = 0;
    const seen: number[] = [];
    const report = throttleCalls((at: number) => seen.push(at), {
      intervalMs: 100,
      now: () => time,
      always: (at) => alwaysAt.includes(at),
    });
    for (const at of times) {
      time = at;
      report(at);
    }
    expect(seen).toEqual(passed);
  });
});
