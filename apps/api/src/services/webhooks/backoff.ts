/**
 * When a failed delivery is tried again: exponential backoff with jitter, for 24 hours after the
 * event, then the delivery is marked failed. The first retry comes after about 30 seconds, each
 * wait doubles up to an hour, and the jitter (each wait is drawn from its upper half) keeps the
 * retries of many deliveries that failed together (a receiver that was down) from arriving together.
 */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const FIRST_RETRY_MS = 30_000;
export const LONGEST_WAIT_MS = 60 * 60 * 1000;

/** The wait after attempt `attempt` (1 for the first) failed, before jitter. */
export function nominalWait(attempt: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
}

/**
 * When to try again after attempt `attempt` failed at `now`, or null when that time would be past
 * `giveUpAt` (the delivery has failed). `random` in [0, 1) picks the wait within [half, whole].
 */
export function nextAttemptAt(
  attempt: number,
  now: Date,
  giveUpAt: Date,
  random: () => number = Math.random,
): Date | null {
  const wait = nominalWait(attempt);
  const at = new Date(now.getTime() + wait / 2 + random() * (wait / 2));
  return at.getTime() > giveUpAt.getTime() ? null : at;
}
