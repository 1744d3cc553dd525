import { Router, type Request, type RequestHandler, type Response } from 'express';
import { ZContactMessage, type ContactMessageInput } from '@toolvault/shared';
import { contactLimiter } from '../http/rate-limit';
import { validate } from '../http/validate';
import type { Logger } from '../logger';
import type { ContactService } from '../services/contact.service';

interface ContactRouterDeps {
  contact: ContactService;
  requireAdmin: RequestHandler;
  logger: Logger;
}

export function contactRouter({ contact, requireAdmin, logger }: ContactRouterDeps): Router {
  const submit = async (req: Request<object, unknown, ContactMessageInput>, res: Response) => {
    // The answer repeats the sender's name and address: no cache may keep it.
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json(await contact.submit(req.body));
  };
  const list = async (_req: Request, res: Response) => {
    res.json(await contact.listNewestFirst());
  };

  const router = Router();
  router.post('/', contactLimiter(logger), validate(ZContactMessage), submit);
  router.get('/', requireAdmin, list);
  return router;
}
