import type { AnalyticsWindow, VisitTotals } from '@toolvault/shared';
import { ui } from '../../components/ui';
import { STEP_NOUNS, windowCaption } from './analytics-window.service';
import { ClicksChart } from './ClicksChart';

const FIGURES = [
  { key: 'clicks', label: 'Raw clicks', hint: 'Every counted visit' },
  { key: 'deduplicated', label: 'Deduplicated', hint: 'One per visitor per link per hour' },
  { key: 'uniques', label: 'Unique visitors', hint: 'One per visitor per link per day, summed over the days' },
] as const;

/**
 * The range's raw clicks beside its deduplicated clicks and unique visitors: 500 clicks of one
 * visitor in an hour read 500 / 1 / 1. Visitors are told apart by a daily-salted hash, never an address.
 */
export function VisitFigures({ totals, label = 'Clicks in the range' }: { totals: VisitTotals; label?: string }) {
  return (
    <dl className="mt-4 grid gap-3 sm:grid-cols-3" aria-label={label}>
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

/** "Clicks per hour" for an answer's step. */
export const seriesHeading = (answer: Pick<AnalyticsWindow, 'step'>) => `Clicks per ${STEP_NOUNS[answer.step]}`;

/**
 * An answer's figures and its series as a chart, both of the window the server says it answered
 * (its range, days and step), with a word when that window had no clicks at all.
 */
export function WindowSeries({ answer }: { answer: AnalyticsWindow }) {
  return (
    <>
      <VisitFigures totals={answer.totals} />
      {answer.totals.clicks === 0 ? <p className={`mt-4 ${ui.muted}`}>No clicks in this range.</p> : null}
      <div className="mt-4">
        <ClicksChart points={answer.series} step={answer.step} caption={windowCaption(answer)} />
      </div>
    </>
  );
}
