import type { AnalyticsWindow } from '@toolvault/shared';

const FIGURES = [
  { key: 'clicks', label: 'Raw clicks', hint: 'Every counted visit' },
  { key: 'deduplicated', label: 'Deduplicated', hint: 'One per visitor per link per hour' },
  { key: 'uniques', label: 'Unique visitors', hint: 'One per visitor per link per day, summed over the days' },
] as const;

/**
 * The range's raw clicks beside its deduplicated clicks and unique visitors: 500 clicks of one
 * visitor in an hour read 500 / 1 / 1. Visitors are told apart by a daily-salted hash, never an address.
 */
export function VisitFigures({ totals }: { totals: AnalyticsWindow['totals'] }) {
  return (
    <dl className="mt-4 grid gap-3 sm:grid-cols-3" aria-label="Clicks in the range">
      {FIGURES.map(({ key, label, hint }) => (
        <div key={key} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</dt>
          <dd className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-slate-100">
            {totals[key].toLocaleString('en-US')}
          </dd>
          <dd className="text-xs text-slate-600 dark:text-slate-400">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}
