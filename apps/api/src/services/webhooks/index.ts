import type { Repositories } from '../../db';
import type { Config } from '../../env';
import type { ChangeLog } from '../../http/change-log';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../logger';
import { createDeliveryWorker, type DeliveryWorker } from './delivery-worker';
import { systemResolve, type TargetPolicy } from './target-guard';
import { httpTransport } from './transport';
import type { WebhookEvents } from './webhook-events';

export { createWebhookEvents, type WebhookEvents } from './webhook-events';
export { createLinkExpirySweep } from './link-expiry-sweep';
export { createWebhooksService, type WebhooksService } from './webhooks.service';

/** Where webhooks may be sent: WEBHOOK_ALLOW_PRIVATE, and this machine's addresses. */
export function webhookPolicy(config: Pick<Config, 'webhookAllowPrivate'>, own: () => readonly string[]): TargetPolicy {
  return { allowPrivate: config.webhookAllowPrivate ?? false, ownAddresses: own };
}

/** The worker a replica runs, with the real resolver and HTTP client. */
export function startDeliveryWorker({
  db,
  policy,
  clock,
  logger,
}: {
  db: Repositories;
  policy: TargetPolicy;
  clock: Clock;
  logger: Logger;
}): DeliveryWorker {
  const worker = createDeliveryWorker({
    webhooks: db.webhooks,
    deliveries: db.webhookDeliveries,
    clock,
    transport: httpTransport(),
    resolve: systemResolve,
    policy,
    logger,
  });
  worker.start();
  return worker;
}

/**
 * The link routes' change log, also telling webhooks of each link created, changed or deleted: the
 * one hook in the link routes, so they need not know webhooks exist. A link's event is queued after
 * its audit record; an import records one event for its whole batch, and webhooks get none for it.
 * A bulk change gets one event per link, the same events as a single edit or delete.
 */
export function withLinkWebhooks(changes: ChangeLog, events: WebhookEvents): ChangeLog {
  return {
    ...changes,
    async created(req, res, type, record) {
      await changes.created(req, res, type, record);
      if (type === 'link') await events.linkCreated(record);
    },
    async updated(req, res, type, change) {
      await changes.updated(req, res, type, change);
      if (type !== 'link') return;
      const fields = Object.keys(change.body).filter(
        (name) =>
          !change.before ||
          JSON.stringify((change.before as Record<string, unknown>)[name]) !==
            JSON.stringify((change.after as Record<string, unknown>)[name]),
      );
      if (fields.length > 0) await events.linkUpdated(change.after, fields);
    },
    async deleted(req, res, type, id) {
      await changes.deleted(req, res, type, id);
      if (type === 'link') await events.linkDeleted(id);
    },
    // A bulk change is one audit event, but each link it changed is told of as its own change.
    async bulkChanged(req, res, change) {
      await changes.bulkChanged(req, res, change);
      if (change.updated.length > 0) await events.linksUpdated(change.updated, change.fields);
      if (change.deleted.length > 0) await events.linksDeleted(change.deleted);
    },
  };
}
