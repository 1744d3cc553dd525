/**
 * A progress listener that passes at most one call per `intervalMs` of `now()`, besides the first
 * and every call `always` names (a finished step, a new stage), so a bar still ends full. The tools'
 * workers report far more often than a screen can show (every piece of a stream, every percent),
 * and each report re-renders the page on cores the work itself needs.
 */
export function throttleCalls<A extends unknown[]>(
  report: (...args: A) => void,
  {
    intervalMs,
    now = () => performance.now(),
    always = () => false,
  }: { intervalMs: number; now?: () => number; always?: (...args: A) => boolean },
): (...args: A) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (...args) => {
    const time = now();
    if (time - last < intervalMs && !always(...args)) return;
    last = time;
    report(...args);
  };
}
