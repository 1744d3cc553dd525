import type { Shortlink } from '@toolvault/shared';
import { CalendarPlus, Link2, MousePointerClick, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { EmptyLinks } from './EmptyLinks';
import { CompactLinkList, LoadingState } from './LinkParts';
import { computeStats, recentLinks } from './shortlink-manager.service';

interface OverviewTabProps {
  links: readonly Shortlink[] | null;
  /** When the list was loaded: "Today" is counted against it. */
  loadedAt: number;
  onCreate: () => void;
  onLoadSample: () => void;
  sampleBusy: boolean;
}

function Stat({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums dark:text-white">{value.toLocaleString()}</dd>
    </div>
  );
}

const iconClass = 'size-4 text-indigo-600 dark:text-indigo-400';

/** Totals, today's count, average clicks (rounded) and the 5 most recent links (spec 001 §9). */
export function OverviewTab({ links, loadedAt, onCreate, onLoadSample, sampleBusy }: OverviewTabProps) {
  if (links === null) return <LoadingState label="Loading shortlinks..." />;
  const stats = computeStats(links, new Date(loadedAt));
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
        <h3 className={ui.subheading}>Recent Links</h3>
        <div className="mt-2">
          {links.length === 0 ? (
            <EmptyLinks onCreate={onCreate} onLoadSample={onLoadSample} busy={sampleBusy} />
          ) : (
            <CompactLinkList links={recentLinks(links)} label="Recent links" />
          )}
        </div>
      </Card>
    </div>
  );
}
