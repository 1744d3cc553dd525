import type { Request, RequestHandler, Response } from 'express';
import { API } from '@toolvault/shared/contract';
import type { WebhookDeliveryQuery, WebhookInput, WebhookUpdate } from '@toolvault/shared/schemas';
import { auditActorOf, requiredActor } from '../http/auth';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { AppError } from '../http/errors';
import type { AuditService } from '../services/audit.service';
import type { WebhooksService } from '../services/webhooks/webhooks.service';

type IdParams = { id: number };
type DeliveryParams = { id: number; deliveryId: number };

/**
 * `/api/webhooks`: for the Owner and Administrators (the contract's `webhooks:manage`). Answers
 * carry the secret, so none may be cached; the audit log names the fields that changed, never the
 * secret or the URL itself.
 */
export function webhooksRouter({
  webhooks,
  audit,
  requireAdmin,
}: {
  webhooks: WebhooksService;
  audit: AuditService;
  requireAdmin: RequestHandler;
}): ContractRouter {
  const record = (req: Pick<Request, 'ip'>, res: Response, action: string, targetId: number, fields?: string[]) =>
    audit.record(auditActorOf(req, res), { action, targetType: 'webhook', targetId, fields });

  const list = async (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store').json({ webhooks: await webhooks.list() });
  };

  const create = async (req: Request<object, unknown, WebhookInput>, res: Response) => {
    const result = await webhooks.create(req.body, requiredActor(res).userId);
    if (!result.ok) throw new AppError(result.error);
    await record(req, res, 'webhook.created', result.value.id, ['url', 'description', 'events', 'active']);
    res.status(201).set('Cache-Control', 'no-store').json(result.value);
  };

  const update = async (req: Request<IdParams, unknown, WebhookUpdate>, res: Response) => {
    const result = await webhooks.update(req.params.id, req.body);
    if (!result.ok) throw new AppError(result.error);
    const { webhook, changed } = result.value;
    if (changed.length > 0) await record(req, res, 'webhook.updated', webhook.id, changed);
    res.set('Cache-Control', 'no-store').json(webhook);
  };

  const remove = async (req: Request<IdParams>, res: Response) => {
    if (!(await webhooks.delete(req.params.id))) throw new AppError('WEBHOOK_NOT_FOUND');
    await record(req, res, 'webhook.deleted', req.params.id);
    res.status(204).end();
  };

  const rotate = async (req: Request<IdParams>, res: Response) => {
    const webhook = await webhooks.rotateSecret(req.params.id);
    if (!webhook) throw new AppError('WEBHOOK_NOT_FOUND');
    // The field's name only: the log never holds a secret.
    await record(req, res, 'webhook.secret_rotated', webhook.id, ['secret']);
    res.set('Cache-Control', 'no-store').json(webhook);
  };

  const deliveries = async (req: Request<IdParams>, res: Response) => {
    const page = await webhooks.deliveries(req.params.id, req.query as unknown as WebhookDeliveryQuery);
    if (!page.ok) throw new AppError(page.error, page.error === 'VALIDATION' ? 'Invalid cursor' : undefined);
    res.set('Cache-Control', 'no-store').json(page.value);
  };

  const resend = async (req: Request<DeliveryParams>, res: Response) => {
    const result = await webhooks.resend(req.params.id, req.params.deliveryId);
    if (!result.ok) throw new AppError(result.error);
    await record(req, res, 'webhook.resent', req.params.id);
    res.status(201).json(result.value);
  };

  const { router, add } = contractRoutes('/api/webhooks', { requireAdmin });
  add(API.webhookList, list);
  add<object, WebhookInput>(API.webhookCreate, create);
  add<IdParams, WebhookUpdate>(API.webhookUpdate, update);
  add<IdParams>(API.webhookDelete, remove);
  add<IdParams>(API.webhookRotateSecret, rotate);
  add<IdParams>(API.webhookDeliveries, deliveries);
  add<DeliveryParams>(API.webhookResend, resend);
  return router;
}
