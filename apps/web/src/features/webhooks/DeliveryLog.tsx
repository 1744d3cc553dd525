import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../lib/toast';
import { WEBHOOK_EVENT_LABELS, type Webhook } from '@toolvault/shared';
import { ui } from '../../components/ui';
import { fromApi, unlessUnauthorized } from '../../lib/query';
import { getAdminToken } from '../auth/admin-session';
import { LoadFailed } from '../team/LoadFailed';
import { webhookKeys, webhooksApi } from './webhooks.api';

/** One webhook's deliveries, newest first, a page at a time, each with a way to send it again. */
export function DeliveryLog({ webhook, onExpired }: { webhook: Webhook; onExpired: () => void }) {
  const queryClient = useQueryClient();
  const key = webhookKeys.deliveries(webhook.id);
  const log = useInfiniteQuery({
    queryKey: key,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fromApi(webhooksApi.deliveries(getAdminToken(), webhook.id, pageParam, signal)),
    getNextPageParam: (page) => page.nextCursor,
  });
  useEffect(() => {
    if (log.error?.status === 401) onExpired();
  }, [log.error, onExpired]);
  const resend = useMutation({
    mutationFn: (deliveryId: number) => fromApi(webhooksApi.resend(getAdminToken(), webhook.id, deliveryId)),
    onSuccess: () => {
      toast.success('Delivery queued again');
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: unlessUnauthorized(onExpired, (error) =>
      toast.error('Could not send it again', { description: error.message }),
    ),
  });

  if (log.isPending) {
    return (
      <p role="status" className={ui.muted}>
        Loading deliveries…
      </p>
    );
  }
  if (log.isError) {
    return <LoadFailed what="the deliveries" message={log.error.message} onRetry={() => void log.refetch()} />;
  }
  const deliveries = log.data.pages.flatMap((page) => page.deliveries);
  if (deliveries.length === 0) return <p className={ui.muted}>No deliveries yet.</p>;
  return (
    <div className="grid gap-3 overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Deliveries to {webhook.url}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Response</th>
            <th scope="col">Attempts</th>
            <th scope="col">Next try</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <td>{WEBHOOK_EVENT_LABELS[delivery.event]}</td>
              <td>
                {delivery.status}
                {delivery.lastError && <span className={`${ui.muted} block`}>{delivery.lastError}</span>}
              </td>
              <td>{delivery.responseStatus ?? '—'}</td>
              <td>{delivery.attempts}</td>
              <td>{delivery.nextAttemptAt ?? '—'}</td>
              <td>{delivery.createdAt}</td>
              <td>
                <button
                  type="button"
                  className={ui.smallButton}
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(delivery.id)}
                >
                  Send again<span className="sr-only"> delivery {delivery.id}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {log.hasNextPage && (
        <div>
          <button
            type="button"
            className={ui.buttonSecondary}
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? 'Loading…' : 'Older deliveries'}
          </button>
        </div>
      )}
    </div>
  );
}
