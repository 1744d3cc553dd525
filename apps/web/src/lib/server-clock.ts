/**
 * The server's clock, as this page last heard it. The server decides by its own clock whether a link
 * has expired or not yet begun (and filters the manager's lists by it); a badge drawn by this device's
 * clock would disagree with those answers whenever the device's clock is off. Every HTTP answer carries
 * the server's time in its Date header (to the second), so each signed-in API answer sets how far this
 * device's clock is from it. Signed-in answers only: the server marks them no-store, so their Date
 * is never a cache's old copy. Until one has come, this device's clock stands in.
 */
let offsetMs = 0;

/**
 * Notes the server's Date header of an answer to a request sent at `sentAt` and answered at
 * `receivedAt` (this device's milliseconds). An absent or unreadable header changes nothing.
 */
export function noteServerDate(date: string | null, sentAt: number, receivedAt: number): void {
  if (date === null) return;
  const server = Date.parse(date);
  if (Number.isNaN(server)) return;
  // The header is cut to the whole second: its middle, against the middle of the round trip.
  offsetMs = server + 500 - (sentAt + receivedAt) / 2;
}

/** The server's time now, in milliseconds since the epoch, as best this page knows it. */
export const serverNow = (): number => Date.now() + offsetMs;
