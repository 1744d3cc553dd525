import { ENDPOINTS } from '@toolvault/shared';
import type { WebhookInputBody, WebhookUpdate } from '@toolvault/shared/schemas';
import { callApi } from '../../lib/api';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The Webhooks page's calls, each answering an ApiResult; a 401 is left to the caller. */
export const webhooksApi = {
  list: (token: string | null, signal?: AbortSignal) =>
    callApi(ENDPOINTS.webhookList, { token, ...withSignal(signal) }),
  create: (token: string | null, body: WebhookInputBody) => callApi(ENDPOINTS.webhookCreate, { body, token }),
  update: (token: string | null, id: number, body: WebhookUpdate) =>
    callApi(ENDPOINTS.webhookUpdate, { params: { id }, body, token }),
  remove: (token: string | null, id: number) => callApi(ENDPOINTS.webhookDelete, { params: { id }, token }),
  rotate: (token: string | null, id: number) => callApi(ENDPOINTS.webhookRotateSecret, { params: { id }, token }),
  deliveries: (token: string | null, id: number, cursor: string | null, signal?: AbortSignal) =>
    callApi(ENDPOINTS.webhookDeliveries, {
      params: { id },
      query: cursor ? { cursor } : {},
      token,
      ...withSignal(signal),
    }),
  resend: (token: string | null, id: number, deliveryId: number) =>
    callApi(ENDPOINTS.webhookResend, { params: { id, deliveryId }, token }),
};

/** Query keys of the webhooks' data, from one place so mutations invalidate exactly what they change. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  deliveries: (id: number) => ['webhooks', 'deliveries', id] as const,
};
