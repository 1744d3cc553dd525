import type { Webhook, WebhookDelivery, WebhookDeliveryPage } from '@toolvault/shared';
import type { WebhookDeliveryQuery, WebhookInput, WebhookUpdate } from '@toolvault/shared/schemas';
import { WEBHOOK_LIMITS } from '@toolvault/shared';
import type { WebhookDeliveriesRepo } from '../../db/webhook-deliveries.repo';
import type { WebhooksRepo } from '../../db/webhooks.repo';
import type { Clock } from '../../lib/clock';
import type { Result } from '../../lib/result';
import { RETRY_WINDOW_MS } from './backoff';
import { newWebhookSecret } from './signing';
import { checkTarget, type Resolve, type TargetPolicy } from './target-guard';

type TargetError = 'WEBHOOK_TARGET_REFUSED';

export interface WebhooksService {
  list(): Promise<Webhook[]>;
  create(input: WebhookInput, createdBy: number): Promise<Result<Webhook, TargetError | 'WEBHOOK_LIMIT_REACHED'>>;
  /** The webhook and the names of the fields that changed (for the audit log, never their values). */
  update(
    id: number,
    change: WebhookUpdate,
  ): Promise<Result<{ webhook: Webhook; changed: string[] }, TargetError | 'WEBHOOK_NOT_FOUND'>>;
  delete(id: number): Promise<boolean>;
  rotateSecret(id: number): Promise<Webhook | null>;
  deliveries(
    id: number,
    query: WebhookDeliveryQuery,
  ): Promise<Result<WebhookDeliveryPage, 'WEBHOOK_NOT_FOUND' | 'VALIDATION'>>;
  /** Queues the body of delivery `deliveryId` again, as a new delivery due at once. */
  resend(id: number, deliveryId: number): Promise<Result<WebhookDelivery, 'WEBHOOK_DELIVERY_NOT_FOUND'>>;
}

/** The keyset cursor: the last delivery's time and id, base64url so it is one opaque word. */
export function encodeDeliveryCursor(delivery: { createdAt: string; id: number }): string {
  return Buffer.from(`${delivery.createdAt}|${delivery.id}`).toString('base64url');
}

export function decodeDeliveryCursor(cursor: string): { at: string; id: number } | null {
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !at || !id || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at) || !/^[1-9]\d{0,15}$/.test(id)) {
    return null;
  }
  return { at, id: Number(id) };
}

const FIELDS = ['url', 'description', 'events', 'active'] as const;

export function createWebhooksService({
  webhooks,
  deliveries,
  clock,
  policy,
  resolve,
  random,
}: {
  webhooks: WebhooksRepo;
  deliveries: WebhookDeliveriesRepo;
  clock: Clock;
  policy: TargetPolicy;
  resolve: Resolve;
  random?: (size: number) => Buffer;
}): WebhooksService {
  // Refused at registration, and again before every delivery (the name may resolve elsewhere later).
  const allowed = async (url: string) => (await checkTarget(url, policy, resolve)).ok;

  return {
    list: () => webhooks.list(),
    async create(input, createdBy) {
      if (!(await allowed(input.url))) return { ok: false, error: 'WEBHOOK_TARGET_REFUSED' };
      if ((await webhooks.count()) >= WEBHOOK_LIMITS.perSite) return { ok: false, error: 'WEBHOOK_LIMIT_REACHED' };
      const webhook = await webhooks.insert({ ...input, secret: newWebhookSecret(random), createdBy, at: clock() });
      return { ok: true, value: webhook };
    },
    async update(id, change) {
      const before = await webhooks.find(id);
      if (!before) return { ok: false, error: 'WEBHOOK_NOT_FOUND' };
      if (change.url !== undefined && change.url !== before.url && !(await allowed(change.url))) {
        return { ok: false, error: 'WEBHOOK_TARGET_REFUSED' };
      }
      const webhook = await webhooks.update(id, change, clock());
      if (!webhook) return { ok: false, error: 'WEBHOOK_NOT_FOUND' };
      const changed = FIELDS.filter(
        (field) => change[field] !== undefined && JSON.stringify(before[field]) !== JSON.stringify(webhook[field]),
      );
      return { ok: true, value: { webhook, changed } };
    },
    delete: (id) => webhooks.delete(id),
    rotateSecret: (id) => webhooks.update(id, { secret: newWebhookSecret(random) }, clock()),
    async deliveries(id, { cursor, limit }) {
      if (!(await webhooks.find(id))) return { ok: false, error: 'WEBHOOK_NOT_FOUND' };
      const before = cursor === undefined ? undefined : decodeDeliveryCursor(cursor);
      if (before === null) return { ok: false, error: 'VALIDATION' };
      const rows = await deliveries.page(id, { before, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        ok: true,
        value: { deliveries: page, nextCursor: rows.length > limit && last ? encodeDeliveryCursor(last) : null },
      };
    },
    async resend(id, deliveryId) {
      const original = await deliveries.find(id, deliveryId);
      if (!original) return { ok: false, error: 'WEBHOOK_DELIVERY_NOT_FOUND' };
      const at = clock();
      await deliveries.enqueue([
        {
          webhookId: id,
          event: original.event,
          payload: original.payload,
          at,
          giveUpAt: new Date(at.getTime() + RETRY_WINDOW_MS),
        },
      ]);
      const latest = await deliveries.latest(id);
      if (!latest) throw new Error('A re-sent delivery was not written');
      return { ok: true, value: latest };
    },
  };
}
