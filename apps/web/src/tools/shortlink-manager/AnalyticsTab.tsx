import type { UseQueryResult } from '@tanstack/react-query';
import type { ExportFormat, ShortlinkAnalytics } from '@toolvault/shared';
import { RefreshCw } from 'lucide-react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { windowCaption, type WindowChoice } from './analytics-window.service';
import { Breakdown, DEVICE_LABELS } from './Breakdown';
import { CompactLinkList, ExportButtons, LoadingState } from './LinkParts';
import { seriesHeading, WindowSeries } from './VisitFigures';
import { WindowControls } from './WindowControls';

export type AnalyticsState = UseQueryResult<ShortlinkAnalytics>;

/**
 * Top 5 by clicks, 5 most recent, clicks per hour, day or month, referrers, countries and devices
 * (docs/decisions/0006-click-analytics.md) over a preset or custom window, and the raw clicks as a file.
 */
export function AnalyticsTab({
  state,
  onRefresh,
  analyticsWindow,
  onWindowChange,
  exportingClicks,
  onExportClicks,
}: {
  state: AnalyticsState;
  onRefresh: () => void;
  analyticsWindow: WindowChoice;
  onWindowChange: (choice: WindowChoice) => void;
  exportingClicks: boolean;
  onExportClicks: (format: ExportFormat) => void;
}) {
  return (
    <div className="space-y-4">
      <Card>
        <WindowControls value={analyticsWindow} shown={state.data} onChange={onWindowChange} />
      </Card>
      <AnalyticsBody state={state} onRefresh={onRefresh} />
      <ClickExport busy={exportingClicks} onExport={onExportClicks} />
    </div>
  );
}

/**
 * The raw clicks, not the daily totals the figures above read: shown whether or not those loaded,
 * and never cut to the date range.
 */
function ClickExport({ busy, onExport }: { busy: boolean; onExport: (format: ExportFormat) => void }) {
  return (
    <Card>
      <h2 className={ui.subheading}>Export clicks</h2>
      <p className={`mt-1 ${ui.muted}`}>
        One row per click still stored, oldest first, whatever the date range: short code, time (UTC), referrer host,
        country and device; never an IP address. When the server sets{' '}
        <code className="font-mono">CLICK_RETENTION_DAYS</code>, clicks older than that many days are deleted and
        missing here, though the figures above still count them.
      </p>
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Export clicks">
        <ExportButtons
          name="Export clicks"
          formats={['csv', 'json']}
          exporting={busy}
          disabled={busy}
          onExport={onExport}
        />
      </div>
    </Card>
  );
}

function AnalyticsBody({ state, onRefresh }: { state: AnalyticsState; onRefresh: () => void }) {
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
  // Another window is loading: the previous one stays on screen, marked busy, meanwhile.
  const { data, isFetching: stale } = state;
  return (
    <div className="space-y-6" aria-busy={stale}>
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className={ui.subheading}>{seriesHeading(data)}</h2>
            <p className={`mt-1 ${ui.muted}`}>
              {windowCaption(data)}
              {stale ? ' — updating…' : ''}
            </p>
          </div>
          <button type="button" className={ui.buttonSecondary} onClick={onRefresh}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Refresh
          </button>
        </div>
        <WindowSeries answer={data} />
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
