import type { UseQueryResult } from '@tanstack/react-query';
import type { ShortlinkSummary } from '@toolvault/shared';
import { CalendarPlus, Link2, MousePointerClick, RefreshCw, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { EmptyLinks } from './EmptyLinks';
import { CompactLinkList, LoadingState } from './LinkParts';
import { summaryStats } from './shortlink-manager.service';
import { VisitFigures } from './VisitFigures';
import { formatCount } from '../../lib/format';

interface OverviewTabProps {
  summary: UseQueryResult<ShortlinkSummary>;
  onRetry: () => void;
  onCreate: () => void;
  onLoadSample: () => void;
  sampleBusy: boolean;
}

function Stat({ label, value, icon }: { label: string; value: number | string; icon: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums dark:text-white">
        {typeof value === 'number' ? formatCount(value) : value}
      </dd>
    </div>
  );
}

const iconClass = 'size-4 text-indigo-600 dark:text-indigo-400';

/**
 * Totals, the links created today (UTC), average clicks (rounded), today's clicks beside their
 * deduplicated clicks and unique visitors, and the 5 most recent links, all from the server's
 * summary: cheap with any number of links.
 */
export function OverviewTab({ summary, onRetry, onCreate, onLoadSample, sampleBusy }: OverviewTabProps) {
  if (summary.status === 'pending') return <LoadingState label="Loading shortlinks..." />;
  if (summary.status === 'error')
    return (
      <Card>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Failed to load shortlinks: {summary.error.message}
        </p>
        <button type="button" className={`mt-4 ${ui.buttonSecondary}`} onClick={onRetry}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Try again
        </button>
      </Card>
    );
  const stats = summaryStats(summary.data);
  const recent = summary.data.recent;
  return (
    <div className="space-y-6">
      <h2 className="sr-only">Overview</h2>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Total Links" value={stats.totalLinks} icon={<Link2 aria-hidden="true" className={iconClass} />} />
        <Stat
          label="Total Clicks"
          value={stats.totalClicks}
          icon={<MousePointerClick aria-hidden="true" className={iconClass} />}
        />
        <Stat
          label="Today"
          value={stats.createdToday}
          icon={<CalendarPlus aria-hidden="true" className={iconClass} />}
        />
        <Stat
          label="Avg. Clicks"
          value={stats.averageClicks}
          icon={<TrendingUp aria-hidden="true" className={iconClass} />}
        />
      </dl>
      <Card>
        <h3 className={ui.subheading}>Visits today (UTC)</h3>
        <VisitFigures totals={summary.data.today} label="Visits today" />
      </Card>
      <Card>
        <h3 className={ui.subheading}>Recent Links</h3>
        <div className="mt-2">
          {recent.length === 0 ? (
            <EmptyLinks onCreate={onCreate} onLoadSample={onLoadSample} busy={sampleBusy} />
          ) : (
            <CompactLinkList links={recent} label="Recent links" />
          )}
        </div>
      </Card>
    </div>
  );
}
