import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { windowCaption, type WindowChoice } from './analytics-window.service';
import { Breakdown, DEVICE_LABELS } from './Breakdown';
import { ClickCount, LoadingState, RedirectModeBadge, ShortUrlLink, TagList } from './LinkParts';
import { countLabel, displayHost } from './shortlink-manager.service';
import { useLinkAnalytics, useUnauthorized } from './shortlink.queries';
import { seriesHeading, WindowSeries } from './VisitFigures';
import { WindowControls } from './WindowControls';

interface LinkAnalyticsViewProps {
  token: string;
  id: number;
  analyticsWindow: WindowChoice;
  onWindowChange: (choice: WindowChoice) => void;
  onBack: () => void;
  onUnauthorized: () => void;
}

/**
 * One link's clicks per hour, day or month, referrers, countries and devices over the chosen
 * window, opened from its row.
 */
export function LinkAnalyticsView({
  token,
  id,
  analyticsWindow,
  onWindowChange,
  onBack,
  onUnauthorized,
}: LinkAnalyticsViewProps) {
  const state = useLinkAnalytics(token, id, analyticsWindow);
  useUnauthorized(state.error, onUnauthorized);
  const reload = () => void state.refetch();
  const heading = useRef<HTMLHeadingElement>(null);
  const link = state.data?.link ?? null;

  // The view replaces the table: its heading takes focus once the link is known, so keyboard users start here.
  const focused = useRef(false);
  useEffect(() => {
    if (link && !focused.current) {
      focused.current = true;
      heading.current?.focus();
    }
  }, [link]);

  const back = (
    <button type="button" className={ui.buttonSecondary} onClick={onBack}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Manage Links
    </button>
  );

  if (state.status === 'pending')
    return (
      <Card>
        {back}
        <LoadingState label="Loading link analytics..." />
      </Card>
    );
  const controls = <WindowControls value={analyticsWindow} shown={state.data} onChange={onWindowChange} />;
  if (state.status === 'error')
    return (
      <Card>
        {back}
        {/* A window the server refused can be changed from here. */}
        <div className="mt-4">{controls}</div>
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          Failed to load analytics: {state.error.message}
        </p>
        <button type="button" className={`mt-4 ${ui.buttonSecondary}`} onClick={reload}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Try again
        </button>
      </Card>
    );

  // Another window is loading: the previous one stays on screen meanwhile.
  const { data, isFetching: stale } = state;
  const caption = windowCaption(data);
  return (
    <div className="space-y-6" aria-busy={stale}>
      <Card>
        <div className="space-y-4">
          {back}
          {controls}
        </div>
        <h2
          ref={heading}
          tabIndex={-1}
          className={`mt-5 ${ui.subheading} [overflow-wrap:anywhere] focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500`}
        >
          Analytics for “{data.link.title}”
        </h2>
        <div className="mt-2 space-y-1 text-sm">
          <p>
            <ShortUrlLink link={data.link} />
          </p>
          <p className="[overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
            <span className="sr-only">Target: </span>
            <span aria-hidden="true">→ </span>
            {displayHost(data.link.targetUrl)}
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 pt-1">
            <RedirectModeBadge mode={data.link.redirectMode} />
            <ClickCount count={data.link.clickCount} />
            <span className={ui.muted}>all time</span>
          </div>
          <TagList tags={data.link.tags} />
        </div>
      </Card>
      <Card>
        <h3 className={ui.subheading}>{seriesHeading(data)}</h3>
        <p className={`mt-1 ${ui.muted}`}>
          {caption}: {countLabel(data.totals.clicks, 'click')}
          {stale ? ' — updating…' : ''}
        </p>
        <WindowSeries answer={data} />
      </Card>
      <div className="grid gap-6 md:grid-cols-3">
        <Breakdown
          title="Top Referrers"
          rows={data.referrers.map((row) => ({ label: row.host, clicks: row.clicks }))}
        />
        <Breakdown
          title="Top Countries"
          rows={data.countries.map((row) => ({ label: row.country, clicks: row.clicks }))}
        />
        <Breakdown
          title="Devices"
          rows={data.devices.map((row) => ({ label: DEVICE_LABELS[row.device] ?? row.device, clicks: row.clicks }))}
        />
      </div>
    </div>
  );
}
