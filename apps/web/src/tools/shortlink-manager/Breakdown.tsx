import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { percentOf } from './shortlink-manager.service';
import { formatCount } from '../../lib/format';

export const DEVICE_LABELS: Record<string, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' };

/** One breakdown of clicks (referrers, countries, devices): label, count and a bar of its share. */
export function Breakdown({ title, rows }: { title: string; rows: { label: string; clicks: number }[] }) {
  const total = rows.reduce((sum, row) => sum + row.clicks, 0);
  return (
    <Card>
      <h3 className={ui.subheading}>{title}</h3>
      {rows.length === 0 ? (
        <p className={`mt-3 ${ui.muted}`}>No clicks recorded yet.</p>
      ) : (
        <ul aria-label={title} className="mt-3 space-y-3">
          {rows.map((row) => (
            <li key={row.label}>
              <div className="flex justify-between gap-3 text-sm">
                <span className="font-medium [overflow-wrap:anywhere] text-slate-900 dark:text-white">{row.label}</span>
                <span className="text-slate-700 tabular-nums dark:text-slate-300">{formatCount(row.clicks)}</span>
              </div>
              <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-slate-200 dark:bg-slate-800">
                <div
                  className="h-1.5 rounded-full bg-indigo-600 dark:bg-indigo-400"
                  style={{ width: `${percentOf(row.clicks, total)}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
