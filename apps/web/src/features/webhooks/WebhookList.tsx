import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { WEBHOOK_EVENT_LABELS, type Webhook } from '@toolvault/shared';
import { ui } from '../../components/ui';
import { fromApi, unlessUnauthorized } from '../../lib/query';
import { getAdminToken } from '../auth/admin-session';
import { LoadFailed } from '../team/LoadFailed';
import { useTeamQuery } from '../team/use-team-query';
import { DeliveryLog } from './DeliveryLog';
import { webhookKeys, webhooksApi } from './webhooks.api';

/** The webhooks, oldest first: pause or resume, show or rotate the secret, delete, read the log. */
export function WebhookList({ onExpired }: { onExpired: () => void }) {
  const list = useTeamQuery(webhookKeys.list, webhooksApi.list, onExpired);
  return (
    <section aria-labelledby="webhooks-heading" className="grid gap-4">
      <h2 id="webhooks-heading" className={ui.subheading}>
        Registered webhooks
      </h2>
      {list.isPending ? (
        <p role="status" className={ui.muted}>
          Loading webhooks…
        </p>
      ) : list.isError ? (
        <LoadFailed what="the webhooks" message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.webhooks.length === 0 ? (
        <p className={ui.muted}>No webhooks yet.</p>
      ) : (
        <ul className="grid gap-4">
          {list.data.webhooks.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} onExpired={onExpired} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WebhookItem({ webhook, onExpired }: { webhook: Webhook; onExpired: () => void }) {
  const queryClient = useQueryClient();
  const [showSecret, setShowSecret] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.list });
  const failed = (what: string) =>
    unlessUnauthorized(onExpired, (error) => toast.error(`Could not ${what}`, { description: error.message }));

  const setActive = useMutation({
    mutationFn: (active: boolean) => fromApi(webhooksApi.update(getAdminToken(), webhook.id, { active })),
    onSuccess: () => void refresh(),
    onError: failed('change the webhook'),
  });
  const rotate = useMutation({
    mutationFn: () => fromApi(webhooksApi.rotate(getAdminToken(), webhook.id)),
    onSuccess: () => {
      setShowSecret(true);
      toast.success('New secret made', { description: 'Deliveries from now on are signed with it' });
      void refresh();
    },
    onError: failed('rotate the secret'),
  });
  const remove = useMutation({
    mutationFn: () => fromApi(webhooksApi.remove(getAdminToken(), webhook.id)),
    onSuccess: () => {
      toast.success('Webhook deleted', { description: webhook.url });
      void refresh();
    },
    onError: failed('delete the webhook'),
  });
  const confirmRemove = () => {
    if (window.confirm(`Delete the webhook to ${webhook.url} and its delivery log?`)) remove.mutate();
  };
  const secretId = `webhook-${webhook.id}-secret`;

  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">{webhook.url}</p>
        <span className={ui.muted}>{webhook.active ? 'Active' : 'Paused'}</span>
      </div>
      {webhook.description && <p className="text-sm text-slate-800 dark:text-slate-200">{webhook.description}</p>}
      <p className={ui.muted}>Events: {webhook.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}</p>
      <p className="text-sm text-slate-800 dark:text-slate-200">
        Secret:{' '}
        <code id={secretId} className="break-all">
          {showSecret ? webhook.secret : 'whsec_••••••••'}
        </code>
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={ui.smallButton}
          aria-controls={secretId}
          aria-expanded={showSecret}
          onClick={() => setShowSecret((shown) => !shown)}
        >
          {showSecret ? 'Hide secret' : 'Show secret'}
        </button>
        <button type="button" className={ui.smallButton} disabled={rotate.isPending} onClick={() => rotate.mutate()}>
          Rotate secret
        </button>
        <button
          type="button"
          className={ui.smallButton}
          disabled={setActive.isPending}
          onClick={() => setActive.mutate(!webhook.active)}
        >
          {webhook.active ? 'Pause' : 'Resume'}
        </button>
        <button type="button" className={ui.smallButton} aria-expanded={showLog} onClick={() => setShowLog((s) => !s)}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </button>
        <button type="button" className={ui.smallDangerButton} disabled={remove.isPending} onClick={confirmRemove}>
          Delete
        </button>
      </div>
      {showLog && <DeliveryLog webhook={webhook} onExpired={onExpired} />}
    </li>
  );
}
