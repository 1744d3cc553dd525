import type { AuditEvent } from '@toolvault/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Download, LoaderCircle, ScrollText } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { Meta } from '../../components/Head';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Card, Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { serverReason } from '../../lib/api';
import { downloadBlob } from '../../lib/download';
import { fromApi, QueryProvider } from '../../lib/query';
import { getAdminToken, useAdminToken } from '../auth/admin-session';
import { useSessionExpiry } from '../auth/session-expiry';
import { peopleQuery } from '../team/people-choices';
import { auditApi } from './audit.api';
import { auditFileName, filtersFromParams, paramsFromFilters, type AuditFilters } from './audit.service';
import { AuditFilterForm } from './AuditFilterForm';
import { AuditTable } from './AuditTable';

/** /audit: who changed what, when and from where; for the Owner and Administrators. */
export default function AuditPage() {
  const token = useAdminToken();
  // Signed out, the page has nothing to show: the login page it came from leads back in.
  if (!token) return <Navigate to="/login" replace />;
  return (
    <QueryProvider>
      <AuditLog />
    </QueryProvider>
  );
}

/** Under 'audit', apart from every other screen's cache; one entry per set of filters. */
const auditKey = (filters: AuditFilters) => ['audit', filters] as const;

function AuditLog() {
  /** A 401 means the session ended: the token goes, and so does the page. */
  const expire = useSessionExpiry();

  // The filters live in the address, so a reload or a shared link shows the same events.
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const events = useInfiniteQuery({
    queryKey: auditKey(filters),
    queryFn: ({ signal, pageParam }) => fromApi(auditApi.page(getAdminToken(), filters, pageParam, signal)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  useEffect(() => {
    if (events.error?.status === 401) expire();
  }, [events.error, expire]);

  // The people to filter by, by name; should the list not load, the filter still takes a person's id.
  const people = useQuery(peopleQuery());

  // An event written while pages are read can push an older one onto the next page: each shows once.
  const shown = useMemo(() => {
    const byId = new Map<number, AuditEvent>();
    for (const event of (events.data?.pages ?? []).flatMap((page) => page.events)) byId.set(event.id, event);
    return [...byId.values()];
  }, [events.data]);

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    const token = getAdminToken();
    if (!token) return expire();
    setExporting(true);
    const result = await auditApi.export(token, filters);
    setExporting(false);
    if (result.ok) {
      const fileName = auditFileName(new Date());
      downloadBlob(result.value, fileName);
      toast.success('Exported', { description: fileName });
    } else if (result.error.status === 401) {
      expire();
    } else {
      toast.error('Failed to export the audit log', { description: result.error.message });
    }
  };

  const loadingMore = events.isFetchingNextPage;
  return (
    <Page title="Audit log" width="wide">
      <Meta name="robots" content="noindex" />
      <OfflineNotice what="The audit log" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className={`flex items-center gap-3 ${ui.heading}`}>
          <ScrollText aria-hidden="true" className="size-8 text-indigo-600 dark:text-indigo-400" />
          Audit log
        </h1>
        <button type="button" className={ui.buttonSecondary} disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Download aria-hidden="true" className="size-4" />
          )}
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      <p className={`mt-2 ${ui.muted}`}>
        Every change and sign-in: who, what, when and from which address. Only the names of changed fields are kept,
        never their values.
      </p>
      <Card className="mt-6">
        <AuditFilterForm
          key={params.toString()}
          applied={filters}
          people={people.data?.people}
          onApply={(next) => setParams(paramsFromFilters(next))}
        />
      </Card>
      <section aria-label="Events" className="mt-6">
        {events.status === 'pending' ? (
          <p role="status" className={ui.muted}>
            Loading the audit log…
          </p>
        ) : events.status === 'error' ? (
          <div role="alert" className="text-sm text-red-700 dark:text-red-400">
            <p>
              {events.error.status === 403
                ? 'Only the Owner and Administrators can read the audit log.'
                : (serverReason(events.error) ?? 'Failed to load the audit log.')}
            </p>
            {events.error.status !== 403 ? (
              <button type="button" className={`mt-3 ${ui.buttonSecondary}`} onClick={() => void events.refetch()}>
                Try again
              </button>
            ) : null}
          </div>
        ) : shown.length === 0 ? (
          <p className={ui.muted}>No events match these filters.</p>
        ) : (
          <>
            <AuditTable events={shown} />
            {events.isFetchNextPageError ? (
              <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
                Failed to load more events
              </p>
            ) : null}
            {events.hasNextPage ? (
              <button
                type="button"
                className={`mt-4 ${ui.buttonSecondary}`}
                disabled={loadingMore}
                onClick={() => void events.fetchNextPage()}
              >
                {loadingMore ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
                {loadingMore ? 'Loading…' : 'Load more'}
              </button>
            ) : null}
          </>
        )}
      </section>
    </Page>
  );
}
