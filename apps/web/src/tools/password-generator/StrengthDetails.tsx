import { useEffect, useState } from 'react';
import { ui } from '../../components/ui';
import type { StrengthEstimate } from './strength';
import type { Estimator } from './strength-estimator';

const SCORE_COLOURS = [
  'bg-red-600 dark:bg-red-400',
  'bg-orange-500 dark:bg-orange-400',
  'bg-amber-500 dark:bg-amber-300',
  'bg-lime-600 dark:bg-lime-400',
  'bg-green-600 dark:bg-green-400',
] as const;

export type LoadEstimator = () => Promise<Estimator>;

export const loadZxcvbn: LoadEstimator = () =>
  import('./strength-estimator').then((module) => module.createEstimator());

/**
 * Loads the estimator (its dictionaries are over a megabyte) the first time
 * `wanted` is true; null until then, or if it cannot load.
 */
export function useEstimator(load: LoadEstimator, wanted: boolean): Estimator | null {
  const [estimator, setEstimator] = useState<Estimator | null>(null);
  const [started, setStarted] = useState(false);
  if (wanted && !started) setStarted(true);
  useEffect(() => {
    if (!started) return;
    let live = true;
    load()
      .then((loaded) => {
        if (live) setEstimator(() => loaded);
      })
      .catch(() => {
        // Without the estimator the screen still works; the meter just stays away.
      });
    return () => {
      live = false;
    };
  }, [load, started]);
  return estimator;
}

/** The estimate for exactly this password, or null while it is being made. */
export function useEstimate(estimator: Estimator | null, password: string): StrengthEstimate | null {
  const [estimate, setEstimate] = useState<{ password: string; value: StrengthEstimate } | null>(null);
  useEffect(() => {
    if (!estimator || password === '') return;
    let live = true;
    void estimator(password).then((value) => {
      if (live) setEstimate({ password, value });
    });
    return () => {
      live = false;
    };
  }, [estimator, password]);
  return estimate && estimate.password === password ? estimate.value : null;
}

/** The estimator's verdict: a five-step meter, the guesses, the crack times and its advice. */
export function StrengthDetails({ estimate }: { estimate: StrengthEstimate }) {
  return (
    <div className="mt-4 space-y-3 text-sm">
      <div aria-hidden="true" className="grid grid-cols-5 gap-1">
        {SCORE_COLOURS.map((colour, step) => (
          <div
            key={colour}
            className={`h-2 rounded-full ${step <= estimate.score ? SCORE_COLOURS[estimate.score] : 'bg-slate-200 dark:bg-slate-800'}`}
          />
        ))}
      </div>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-700 dark:text-slate-300">Estimated strength:</dt>
        <dd className="font-semibold text-slate-900 dark:text-white">
          {estimate.score} of 4, {estimate.label}
        </dd>
        <dt className="text-slate-700 dark:text-slate-300">Guesses needed:</dt>
        <dd className="text-slate-900 tabular-nums dark:text-white">{estimate.guesses}</dd>
        <dt className="text-slate-700 dark:text-slate-300">Time to crack:</dt>
        <dd className="text-slate-900 dark:text-white">
          {estimate.slowHash} against a slow hash (10,000 guesses/s); {estimate.fastHash} against a fast one (10
          billion/s)
        </dd>
      </dl>
      {estimate.warning ? <p className="font-semibold text-red-700 dark:text-red-400">{estimate.warning}</p> : null}
      {estimate.suggestions.length > 0 ? (
        <ul className={`list-disc pl-5 ${ui.muted}`}>
          {estimate.suggestions.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
