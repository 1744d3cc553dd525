interface ProgressBarProps {
  /** The bar's id; its visible label is `<id>-label`. */
  id: string;
  /** The visible label, which is also the bar's accessible name, e.g. "Scan progress". */
  label: string;
  /** 0–100; the bar's width follows it exactly, the announced value is rounded. */
  value: number;
  /** Text shown after the percentage, e.g. " · 3 s of 30 s". */
  detail?: string;
  className?: string;
}

/** A labelled horizontal progress bar with the percentage shown beside its label. */
export function ProgressBar({ id, label, value, detail = '', className }: ProgressBarProps) {
  const percent = Math.round(value);
  return (
    <div className={className}>
      <div className="mb-1 flex justify-between text-sm text-slate-700 dark:text-slate-300">
        <span id={`${id}-label`}>{label}</span>
        <span aria-hidden="true">
          {percent}%{detail}
        </span>
      </div>
      <div
        id={id}
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
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
