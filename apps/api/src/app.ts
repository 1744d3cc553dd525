import express, { type Express } from 'express';
import type { Repositories } from './db';
import type { Config } from './env';
import { errorHandler, notFound } from './http/error-handler';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { spa, type ShortlinkResolver } from './http/spa';
import type { Logger } from './logger';
import { apiRouter } from './routes';
import { createAdminAuthService, ensureAdminCredentials, type AdminCredentials } from './services/admin-auth.service';
import { systemClock, type Clock } from './services/clock';
import { createContactService } from './services/contact.service';
import { offlineGeoService, type GeoService } from './services/geo.service';
import { createIpLookupService } from './services/ip-lookup.service';
import { createSpeedtestService } from './services/speedtest.service';

export interface AppDeps {
  config: Config;
  /** The repositories of an opened, migrated database. */
  db: Repositories;
  logger: Logger;
  clock?: Clock;
  /** Admin credentials resolved at start; resolved from config and settings when omitted. */
  credentials?: AdminCredentials;
  /** Folder of the built SPA; without it only the API is served. */
  webDist?: string;
  /** Finds the preview of a short code served at /{code}; none yet, so every code is unknown. */
  shortlinks?: ShortlinkResolver;
  /** Offline IP geolocation; the process-wide database reader when omitted. */
  geo?: GeoService;
}

/** JSON bodies above this are refused with 413 (DECISIONS P2: body size limits). */
const JSON_LIMIT = '100kb';

export function createApp(deps: AppDeps): Express {
  const { config, db, logger, clock = systemClock } = deps;
  const credentials =
    deps.credentials ??
    ensureAdminCredentials({
      settings: db.settings,
      adminPassword: config.adminPassword,
      jwtSecret: config.jwtSecret,
      clock,
      announce: logger.notice,
    });
  const services = {
    adminAuth: createAdminAuthService({ credentials, clock }),
    contact: createContactService({ contact: db.contact, clock }),
    ipLookup: createIpLookupService({ geo: deps.geo ?? offlineGeoService() }),
    speedtest: createSpeedtestService({ clock }),
  };

  const app = express();
  app.disable('x-powered-by');
  // A hop count, never `true`: with 0 a client cannot pick its own rate-limit key via X-Forwarded-For.
  app.set('trust proxy', config.trustProxy);

  app.use(requestLog(logger));
  app.use(securityHeaders());
  app.use(express.json({ limit: JSON_LIMIT }));
  app.use('/api', apiRouter({ logger, services }));
  if (deps.webDist) app.use(spa({ webDist: deps.webDist, shortlinks: deps.shortlinks }));
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}
