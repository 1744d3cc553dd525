import { Router, type Request, type RequestHandler, type Response } from 'express';
import { ZContactMessage, type ContactMessageInput } from '@toolvault/shared';
import { contactLimiter, type LimiterDeps } from '../http/rate-limit';
import { validate } from '../http/validate';
import type { ContactService } from '../services/contact.service';

interface ContactRouterDeps {
  contact: ContactService;
  requireAdmin: RequestHandler;
  limits: LimiterDeps;
}

export function contactRouter({ contact, requireAdmin, limits }: ContactRouterDeps): Router {
  const submit = async (req: Request<object, unknown, ContactMessageInput>, res: Response) => {
    res.status(201).json(await contact.submit(req.body));
  };
  const list = async (_req: Request, res: Response) => {
    res.json(await contact.listNewestFirst());
  };

  const router = Router();
  router.post('/', contactLimiter(limits), validate(ZContactMessage), submit);
  router.get('/', requireAdmin, list);
  return router;
}
