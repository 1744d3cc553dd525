/**
 * Small helpers that more than one part of the scale bench uses (scale.bench.ts and its pieces):
 * a size or count read from the environment, and a percentile of timings. Apart so the pieces can
 * share them without importing scale.bench.ts, which imports them.
 */

/** The positive whole number in environment variable `name`, else `fallback`. */
export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
