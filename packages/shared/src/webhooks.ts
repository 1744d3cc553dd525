/**
 * Webhooks (docs/decisions/0018-webhook-deliveries.md): URLs an Administrator registers to be told
 * of link changes and clicks, each delivery signed with the webhook's secret. The API bodies, kept
 * apart from the zod schemas so the Webhooks page loads no zod.
 */

/** What a webhook may be told of. `click` deliveries carry a batch of clicks. */
export const WEBHOOK_EVENTS = ['link.created', 'link.updated', 'link.deleted', 'link.expired', 'click'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEvent, string>> = {
  'link.created': 'Link created',
  'link.updated': 'Link updated',
  'link.deleted': 'Link deleted',
  'link.expired': 'Link expired',
  click: 'Clicks (batched)',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_LIMITS = {
  url: 2048,
  description: 200,
  /** Webhooks per site: each one multiplies every event's deliveries. */
  perSite: 50,
} as const;

/** Deliveries per page of the log, and the most a client may ask for. */
export const WEBHOOK_DELIVERY_PAGE_SIZE = 50;
export const WEBHOOK_DELIVERY_PAGE_SIZE_MAX = 100;

/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Toolvault-Signature';
/** The delivery's id, the same on every attempt: a receiver drops one it has already handled. */
export const WEBHOOK_DELIVERY_HEADER = 'Toolvault-Delivery';
export const WEBHOOK_EVENT_HEADER = 'Toolvault-Event';

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  targetRefused:
    'This address is on this host or a private network; webhooks may only be sent there when the operator allows it',
  tooMany: `A site has at most ${WEBHOOK_LIMITS.perSite} webhooks`,
} as const;

export interface Webhook {
  id: number;
  url: string;
  description: string;
  events: WebhookEvent[];
  active: boolean;
  /** The signing secret (`whsec_…`): only Administrators and the Owner ever read a webhook. */
  secret: string;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookList {
  webhooks: Webhook[];
}

export interface WebhookDelivery {
  id: number;
  webhookId: number;
  event: WebhookEvent;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The HTTP status of the last answer; null when none came (refused, timed out, not tried yet). */
  responseStatus: number | null;
  /** Why the last attempt failed, in a few words ('' when it did not). */
  lastError: string;
  /** When the next attempt is due; null once delivered or failed. */
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookDeliveryPage {
  deliveries: WebhookDelivery[];
  nextCursor: string | null;
}
