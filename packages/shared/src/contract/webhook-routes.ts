/**
 * Webhooks (docs/decisions/0018-webhook-deliveries.md): for the Owner and Administrators only
 * (`webhooks:read` and `webhooks:manage`, which no API key scope stands for). A webhook's answer carries its secret in
 * full: those who may read a webhook are those who may change where its deliveries go.
 */
import { ENDPOINTS } from '../endpoints';
import {
  WEBHOOK_DELIVERY_PAGE_SIZE,
  WEBHOOK_DELIVERY_PAGE_SIZE_MAX,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookList,
} from '../webhooks';
import {
  ZWebhookDeliveryParams,
  ZWebhookDeliveryQuery,
  ZWebhookIdParams,
  ZWebhookInput,
  ZWebhookUpdate,
} from '../webhooks.schemas';
import { z } from '../zod';
import { exactly } from './responses';
import { route } from './route';

const isoTime = z.string().meta({ description: 'ISO 8601 date-time, UTC', format: 'date-time' });

export const ZWebhook = exactly<Webhook>()(
  z
    .object({
      id: z.number().int().positive(),
      url: z.string(),
      description: z.string(),
      events: z.array(z.enum(WEBHOOK_EVENTS)),
      active: z.boolean(),
      secret: z.string().meta({ description: 'The signing secret, `whsec_` and 43 base64url characters' }),
      createdAt: isoTime,
      updatedAt: isoTime,
    })
    .meta({ id: 'Webhook' }),
);

export const ZWebhookList = exactly<WebhookList>()(z.object({ webhooks: z.array(ZWebhook) }));

export const ZWebhookDelivery = exactly<WebhookDelivery>()(
  z
    .object({
      id: z.number().int().positive(),
      webhookId: z.number().int().positive(),
      event: z.enum(WEBHOOK_EVENTS),
      status: z.enum(WEBHOOK_DELIVERY_STATUSES),
      attempts: z.number().int().nonnegative(),
      responseStatus: z.number().int().nullable(),
      lastError: z.string(),
      nextAttemptAt: isoTime.nullable(),
      createdAt: isoTime,
      updatedAt: isoTime,
    })
    .meta({ id: 'WebhookDelivery' }),
);

export const ZWebhookDeliveryPage = exactly<WebhookDeliveryPage>()(
  z.object({ deliveries: z.array(ZWebhookDelivery), nextCursor: z.string().nullable() }),
);

const read = { permission: 'webhooks:read' } as const;
const manage = { permission: 'webhooks:manage' } as const;
const targetErrors = ['WEBHOOK_TARGET_REFUSED'] as const;

export const WEBHOOK_API = {
  webhookList: route({
    ...ENDPOINTS.webhookList,
    tag: 'Webhooks',
    summary: 'Every webhook, oldest first, with its secret',
    auth: 'admin',
    permission: read,
    response: { status: 200, description: 'The webhooks', schema: ZWebhookList },
    errors: [],
  }),
  webhookCreate: route({
    ...ENDPOINTS.webhookCreate,
    tag: 'Webhooks',
    summary: 'Register a URL for events; the server makes its signing secret',
    description:
      'The URL must be http or https and, unless the operator set WEBHOOK_ALLOW_PRIVATE=true, its host must ' +
      'not resolve to this host or a loopback, private, link-local, unique-local, multicast or unspecified ' +
      'address (checked again before every delivery).',
    auth: 'admin',
    permission: manage,
    body: { schema: ZWebhookInput },
    response: { status: 201, description: 'The webhook, with its secret', schema: ZWebhook },
    errors: [...targetErrors, 'WEBHOOK_LIMIT_REACHED'],
    limits: [`At most ${WEBHOOK_LIMITS.perSite} webhooks; URL of at most ${WEBHOOK_LIMITS.url} characters`],
  }),
  webhookUpdate: route({
    ...ENDPOINTS.webhookUpdate,
    tag: 'Webhooks',
    summary: "Change a webhook's URL, description, events or whether it is active",
    auth: 'admin',
    permission: manage,
    params: ZWebhookIdParams,
    invalidParams: 'WEBHOOK_NOT_FOUND',
    body: { schema: ZWebhookUpdate },
    response: { status: 200, description: 'The webhook as it is now', schema: ZWebhook },
    errors: ['WEBHOOK_NOT_FOUND', ...targetErrors],
  }),
  webhookDelete: route({
    ...ENDPOINTS.webhookDelete,
    tag: 'Webhooks',
    summary: 'Delete a webhook and its delivery log',
    auth: 'admin',
    permission: manage,
    params: ZWebhookIdParams,
    invalidParams: 'WEBHOOK_NOT_FOUND',
    response: { status: 204, description: 'Deleted' },
    errors: ['WEBHOOK_NOT_FOUND'],
  }),
  webhookRotateSecret: route({
    ...ENDPOINTS.webhookRotateSecret,
    tag: 'Webhooks',
    summary: 'Give a webhook a new secret: deliveries from now on are signed with it',
    auth: 'admin',
    permission: manage,
    params: ZWebhookIdParams,
    invalidParams: 'WEBHOOK_NOT_FOUND',
    response: { status: 200, description: 'The webhook with its new secret', schema: ZWebhook },
    errors: ['WEBHOOK_NOT_FOUND'],
  }),
  webhookDeliveries: route({
    ...ENDPOINTS.webhookDeliveries,
    tag: 'Webhooks',
    summary: "A webhook's delivery log, newest first, cursor pages",
    auth: 'admin',
    permission: read,
    params: ZWebhookIdParams,
    query: ZWebhookDeliveryQuery,
    response: { status: 200, description: 'One page; pass nextCursor for the next', schema: ZWebhookDeliveryPage },
    errors: ['WEBHOOK_NOT_FOUND'],
    limits: [`At most ${WEBHOOK_DELIVERY_PAGE_SIZE_MAX} deliveries a page (${WEBHOOK_DELIVERY_PAGE_SIZE} by default)`],
  }),
  webhookResend: route({
    ...ENDPOINTS.webhookResend,
    tag: 'Webhooks',
    summary: 'Send a delivery again: a new delivery of the same body, due at once',
    auth: 'admin',
    permission: manage,
    params: ZWebhookDeliveryParams,
    invalidParams: 'WEBHOOK_DELIVERY_NOT_FOUND',
    response: { status: 201, description: 'The new delivery', schema: ZWebhookDelivery },
    errors: ['WEBHOOK_NOT_FOUND', 'WEBHOOK_DELIVERY_NOT_FOUND'],
  }),
};
