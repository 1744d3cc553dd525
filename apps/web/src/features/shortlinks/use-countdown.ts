import { useEffect, useRef, useState } from 'react';
import { realScheduler, type Scheduler } from '../../lib/simulation';
import { startCountdown } from './redirect.service';

/**
 * Seconds left of a countdown that runs while `running` is true and calls
 * `onDone` at zero. Stopping it (running → false) keeps the last value.
 */
export function useCountdown({
  seconds,
  running,
  onDone,
  scheduler = realScheduler,
}: {
  seconds: number;
  running: boolean;
  onDone: () => void;
  scheduler?: Scheduler;
}): number {
  const [remaining, setRemaining] = useState(seconds);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    if (!running) return;
    return startCountdown({ seconds, scheduler, onTick: setRemaining, onDone: () => done.current() });
  }, [running, seconds, scheduler]);

  return remaining;
}
