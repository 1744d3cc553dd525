import type { Request, RequestHandler, Response } from 'express';
import { type ContactListQuery, type ContactMessageInput } from '@toolvault/shared';
import { API } from '@toolvault/shared/contract';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import type { LimiterDeps } from '../http/rate-limit';
import type { ContactService } from '../services/contact.service';

interface ContactRouterDeps {
  contact: ContactService;
  requireAdmin: RequestHandler;
  limits: LimiterDeps;
}

export function contactRouter({ contact, requireAdmin, limits }: ContactRouterDeps): ContractRouter {
  const submit = async (req: Request<object, unknown, ContactMessageInput>, res: Response) => {
    // The answer repeats the sender's name and address: no cache may keep it.
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json(await contact.submit(req.body));
  };
  const list = async (req: Request, res: Response) => {
    const page = await contact.page(req.query as unknown as ContactListQuery);
    // Visitors' names, addresses and messages: personal data no cache may keep.
    res.set('Cache-Control', 'no-store').json(page);
  };

  const { router, add } = contractRoutes('/api/contact', { requireAdmin, limits });
  add(API.contactSubmit, submit);
  add(API.contactList, list);
  return router;
}
