import { Router } from 'express';

export function healthRouter(): Router {
  const router = Router();
  router.get('/', (_req, res) => void res.json({ status: 'ok' }));
  return router;
}
