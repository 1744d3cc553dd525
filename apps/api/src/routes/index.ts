import { Router } from 'express';
import { notFound } from '../http/error-handler';
import { requireAdmin } from '../http/auth';
import type { Logger } from '../logger';
import type { AdminAuthService } from '../services/admin-auth.service';
import type { ContactService } from '../services/contact.service';
import type { IpLookupService } from '../services/ip-lookup.service';
import type { SpeedtestService } from '../services/speedtest.service';
import { adminRouter } from './admin.routes';
import { contactRouter } from './contact.routes';
import { healthRouter } from './health.routes';
import { ipRouter } from './ip.routes';
import { speedtestRouter } from './speedtest.routes';

/** What the routers need; createApp builds it once per app. */
export interface ApiContext {
  logger: Logger;
  services: {
    adminAuth: AdminAuthService;
    contact: ContactService;
    ipLookup: IpLookupService;
    speedtest: SpeedtestService;
  };
}

/** Every API resource, mounted once under /api. */
export function apiRouter({ logger, services }: ApiContext): Router {
  const admin = requireAdmin(services.adminAuth);
  const router = Router();
  router.use('/health', healthRouter());
  router.use('/admin', adminRouter({ adminAuth: services.adminAuth, logger }));
  router.use('/contact', contactRouter({ contact: services.contact, requireAdmin: admin, logger }));
  router.use('/ip', ipRouter({ ipLookup: services.ipLookup }));
  router.use('/speedtest', speedtestRouter({ speedtest: services.speedtest }));
  router.use(notFound);
  return router;
}
