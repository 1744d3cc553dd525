import type { ShortlinkAnalytics } from '@toolvault/shared';
import { RefreshCw } from 'lucide-react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { ClicksChart } from './ClicksChart';
import { CompactLinkList, LoadingState } from './LinkParts';
import { percentOf } from './shortlink-manager.service';

export type AnalyticsState =
  { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; data: ShortlinkAnalytics };

const DEVICE_LABELS = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' } as const;

function Breakdown({ title, rows }: { title: string; rows: { label: string; clicks: number }[] }) {
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
                <span className="text-slate-700 tabular-nums dark:text-slate-300">{row.clicks.toLocaleString()}</span>
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

/** Top 5 by clicks, 5 most recent (spec 001 §9), clicks per day, referrers, countries and devices (DECISIONS P6). */
export function AnalyticsTab({ state, onRefresh }: { state: AnalyticsState; onRefresh: () => void }) {
  if (state.status === 'loading') return <LoadingState label="Loading analytics..." />;
  if (state.status === 'error')
    return (
      <Card>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {state.error}
        </p>
        <button type="button" className={`mt-4 ${ui.buttonSecondary}`} onClick={onRefresh}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Try again
        </button>
      </Card>
    );
  const { data } = state;
  return (
    <div className="space-y-6">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className={ui.subheading}>Clicks per day</h2>
            <p className={`mt-1 ${ui.muted}`}>Last {data.clicksPerDay.length} days (UTC)</p>
          </div>
          <button type="button" className={ui.buttonSecondary} onClick={onRefresh}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Refresh
          </button>
        </div>
        <div className="mt-4">
          <ClicksChart days={data.clicksPerDay} />
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h3 className={ui.subheading}>Top Links</h3>
          {data.topLinks.length === 0 ? (
            <p className={`mt-3 ${ui.muted}`}>No shortlinks yet</p>
          ) : (
            <CompactLinkList links={data.topLinks} label="Top links by clicks" ordered />
          )}
        </Card>
        <Card>
          <h3 className={ui.subheading}>Recent Links</h3>
          {data.recentLinks.length === 0 ? (
            <p className={`mt-3 ${ui.muted}`}>No shortlinks yet</p>
          ) : (
            <CompactLinkList links={data.recentLinks} label="Most recent links" />
          )}
        </Card>
      </div>
      <div className="grid gap-6 md:grid-cols-3">
        <Breakdown
          title="Top Referrers"
          rows={data.topReferrers.map((row) => ({ label: row.host, clicks: row.clicks }))}
        />
        <Breakdown
          title="Top Countries"
          rows={data.topCountries.map((row) => ({ label: row.country, clicks: row.clicks }))}
        />
        <Breakdown
          title="Devices"
          rows={data.devices.map((row) => ({ label: DEVICE_LABELS[row.device] ?? row.device, clicks: row.clicks }))}
        />
      </div>
    </div>
  );
}
