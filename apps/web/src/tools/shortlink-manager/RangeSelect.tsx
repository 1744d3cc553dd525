import { useId } from 'react';
import { ui } from '../../components/ui';
import { ANALYTICS_RANGES, type AnalyticsRange } from '@toolvault/shared';
import { RANGE_LABELS } from './admin-view';

/** The analytics' date range: 7, 30 or 90 days, or all time. */
export function RangeSelect({ value, onChange }: { value: AnalyticsRange; onChange: (range: AnalyticsRange) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-slate-800 dark:text-slate-200">
        Date range
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as AnalyticsRange)}
        className={`${ui.input} w-auto`}
      >
        {ANALYTICS_RANGES.map((range) => (
          <option key={range} value={range}>
            {RANGE_LABELS[range]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Caption of a clicks-per-day chart for a range. */
export function rangeCaption(range: AnalyticsRange, days: number): string {
  return range === 'all' ? `All time, ${days} ${days === 1 ? 'day' : 'days'} (UTC)` : `Last ${days} days (UTC)`;
}
