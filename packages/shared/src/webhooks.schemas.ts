/**
 * The webhooks' request bodies and parameters (docs/decisions/0018-webhook-deliveries.md). The web
 * form checks with the same rules; whether the address is on a private network is the server's
 * question (it resolves the name).
 */
import { oneValue, optionalText, positiveIdParameter, wholeNumber, httpUrlMeta, text } from './text.schemas';
import { normalizedHttpUrl } from './url.schemas';
import {
  WEBHOOK_DELIVERY_PAGE_SIZE,
  WEBHOOK_DELIVERY_PAGE_SIZE_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
} from './webhooks';
import { z } from './zod';

const eventsMessage = `events must list one or more of ${WEBHOOK_EVENTS.join(', ')}`;

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: eventsMessage }), { error: eventsMessage })
  .min(1, { error: eventsMessage })
  .max(WEBHOOK_EVENTS.length, { error: eventsMessage })
  .transform((list) => WEBHOOK_EVENTS.filter((event) => list.includes(event)));

const url = text('url must be an http or https URL')
  .min(1, { error: 'url is required' })
  .max(WEBHOOK_LIMITS.url, { error: `url must be at most ${WEBHOOK_LIMITS.url} characters` })
  .transform(normalizedHttpUrl(WEBHOOK_LIMITS.url))
  .meta(httpUrlMeta(WEBHOOK_LIMITS.url, { extra: 'Not an address of this host or a private network.' }));

/** `POST /api/webhooks`. */
export const ZWebhookInput = z.strictObject({
  url,
  description: optionalText(WEBHOOK_LIMITS.description, 'Description'),
  events,
  active: z.boolean({ error: 'active must be true or false' }).default(true),
});
export type WebhookInput = z.output<typeof ZWebhookInput>;
export type WebhookInputBody = z.input<typeof ZWebhookInput>;

/** `PUT /api/webhooks/:id`: what is absent stays. */
export const ZWebhookUpdate = z.strictObject({
  url: url.optional(),
  description: optionalText(WEBHOOK_LIMITS.description, 'Description').optional(),
  events: events.optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
});
export type WebhookUpdate = z.output<typeof ZWebhookUpdate>;

/** `:id` of `/api/webhooks/:id`. */
export const ZWebhookIdParams = z.object({ id: positiveIdParameter(WEBHOOK_MESSAGES.notFound) });

/** `:id` and `:deliveryId` of `/api/webhooks/:id/deliveries/:deliveryId/resend`. */
export const ZWebhookDeliveryParams = z.object({
  id: positiveIdParameter(WEBHOOK_MESSAGES.notFound),
  deliveryId: positiveIdParameter(WEBHOOK_MESSAGES.deliveryNotFound),
});

const cursorMessage = 'Invalid cursor';

/** `GET /api/webhooks/:id/deliveries?cursor=&limit=`: newest first, keyset pages. */
export const ZWebhookDeliveryQuery = z.object({
  cursor: oneValue('cursor')
    .max(100, { error: cursorMessage })
    .regex(/^[A-Za-z0-9_-]*$/, { error: cursorMessage })
    .optional()
    .transform((value) => value || undefined)
    .meta({ description: 'nextCursor of the previous page' }),
  limit: wholeNumber('limit', 1, WEBHOOK_DELIVERY_PAGE_SIZE_MAX, WEBHOOK_DELIVERY_PAGE_SIZE),
});
export type WebhookDeliveryQuery = z.output<typeof ZWebhookDeliveryQuery>;
