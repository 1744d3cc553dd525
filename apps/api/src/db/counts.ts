/**
 * A stored count or sum as the API reports it: a number, at most 2^53 − 1, the largest integer a
 * JSON number carries exactly. New data never gets near it (imports stop the clicks of all links
 * at 2^52), but a database may hold more from before that rule (an import of 10,000 large counts
 * summed past 2^53 on SQLite), and a reader must not turn that into an inexact number. Takes what
 * the drivers hand over: a number, or the text of a PostgreSQL numeric (a sum of BIGINT).
 */
export function reportedCount(value: number | string | bigint | null | undefined): number {
  return Math.min(Number(value ?? 0), Number.MAX_SAFE_INTEGER);
}
