import { useId } from 'react';

interface ProgressBarProps {
  /** The bar's id (its visible label is `<id>-label`); one is made up when it is not given. */
  id?: string;
  /** The visible label, which is also the bar's accessible name, e.g. "Scan progress". */
  label: string;
  /** 0–100; the bar's width follows it exactly, the announced value is rounded. */
  value: number;
  /** Text shown after the percentage, e.g. " · 3 s of 30 s". */
  detail?: string;
  /**
   * What the value means in words, e.g. "Recognizing text: 42%": shown instead of the percentage
   * and announced as the bar's value (aria-valuetext), for work whose phase or amount says more
   * than a number.
   */
  valueText?: string;
  className?: string;
}

/** A labelled horizontal progress bar with the percentage (or its value in words) beside its label. */
export function ProgressBar({ id, label, value, detail = '', valueText, className }: ProgressBarProps) {
  const madeUp = useId();
  const barId = id ?? madeUp;
  const percent = Math.round(value);
  return (
    <div className={className}>
      <div className="mb-1 flex flex-wrap justify-between gap-x-4 text-sm text-slate-700 dark:text-slate-300">
        <span id={`${barId}-label`}>{label}</span>
        <span aria-hidden="true" className="tabular-nums">
          {valueText ?? `${percent}%${detail}`}
        </span>
      </div>
      <div
        id={barId}
        role="progressbar"
        aria-labelledby={`${barId}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
