import type { UseQueryResult } from '@tanstack/react-query';
import type { ShortlinkAnalytics } from '@toolvault/shared';
import { RefreshCw } from 'lucide-react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import type { AnalyticsRange } from './admin-view';
import { Breakdown, DEVICE_LABELS } from './Breakdown';
import { ClicksChart } from './ClicksChart';
import { CompactLinkList, LoadingState } from './LinkParts';
import { RangeSelect, rangeCaption } from './RangeSelect';

export type AnalyticsState = UseQueryResult<ShortlinkAnalytics>;

/** Top 5 by clicks, 5 most recent, clicks per day, referrers, countries and devices (docs/decisions/0006-click-analytics.md). */
export function AnalyticsTab({
  state,
  onRefresh,
  range,
  onRange,
}: {
  state: AnalyticsState;
  onRefresh: () => void;
  range: AnalyticsRange;
  onRange: (range: AnalyticsRange) => void;
}) {
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <RangeSelect value={range} onChange={onRange} />
      </div>
      <AnalyticsBody state={state} onRefresh={onRefresh} range={range} />
    </div>
  );
}

function AnalyticsBody({
  state,
  onRefresh,
  range,
}: {
  state: AnalyticsState;
  onRefresh: () => void;
  range: AnalyticsRange;
}) {
  if (state.status === 'pending') return <LoadingState label="Loading analytics..." />;
  if (state.status === 'error')
    return (
      <Card>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Failed to load analytics: {state.error.message}
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
            <p className={`mt-1 ${ui.muted}`}>{rangeCaption(range, data.clicksPerDay.length)}</p>
          </div>
          <button type="button" className={ui.buttonSecondary} onClick={onRefresh}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Refresh
          </button>
        </div>
        <div className="mt-4">
          <ClicksChart days={data.clicksPerDay} caption={rangeCaption(range, data.clicksPerDay.length)} />
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
