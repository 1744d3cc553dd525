import fs from 'node:fs';
import type { Server, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createApp, resolveCredentials } from './app';
import { openCounterStore } from './counters';
import { createRepositories, migrate, openPostgres, openSqlite, type Storage } from './db';
import { folderInUseMessage, lockDataFolder, permissionWarning, type DataFolderLock } from './db/data-folder';
import { EnvError, loadEnv, type Config } from './env';
import { createHttpServer, listenErrorMessage, serverLimits } from './http/server-limits';
import { createLogger, type Logger } from './logger';
import { guardProcess } from './process-guards';
import { startAuditRetention, startClickRetention, startVisitorHashRetention } from './services/retention.service';
import { machineAddresses } from './services/machine-addresses';
import { createLinkExpirySweep, createWebhookEvents, startDeliveryWorker, webhookPolicy } from './services/webhooks';
import { systemClock } from './lib/clock';

/** In-flight requests get this long to finish after SIGTERM/SIGINT. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  guardProcess(logger);
  if (!config.databaseUrl) claimDataFolder(config, logger);
  if (!config.publicUrl)
    logger.info(`PUBLIC_URL is not set: links in feeds and pages use http://localhost:${config.port}`);
  const storage = openStorage(config);
  const migration = await migrate(storage);
  if (migration.to !== migration.from)
    logger.info(`Database migrated from version ${migration.from} to ${migration.to}`);

  // Once the tables exist: the first visitor's click should not wait for the writer's thread to load.
  storage.clickWriter?.start();
  const repos = createRepositories(storage);
  // An import that stopped before it published its links leaves them pending (invisible, their
  // codes taken): they go before the server answers, at most a few short deletes per import. Should
  // that fail, the server still starts; the rows stay unseen and the next start tries again.
  await repos.shortlinks.discardUnfinishedImports().then(
    (imports) => {
      if (imports > 0) logger.info(`Removed the unpublished links of ${imports} interrupted import(s)`);
    },
    (error: unknown) => logger.error('Removing the links of an interrupted import failed', error),
  );
  // An import that stopped between its commit and the indexing of its links (search terms, tag
  // rows) is finished in the background; its links answer meanwhile.
  repos.shortlinks.indexPending().then(
    (imports) => {
      if (imports > 0) logger.info(`Indexed the links of ${imports} interrupted import(s)`);
    },
    (error: unknown) => logger.error('Indexing the links of an interrupted import failed', error),
  );
  const credentials = await resolveCredentials({ config, db: repos, logger });
  const webDist = builtSpa();
  if (!webDist) logger.warn('apps/web/dist not found: serving the API only (run `pnpm build` for the site)');

  const counters = openCounterStore({ config, storage, logger, clock: systemClock, secret: credentials.jwtSecret });
  const readiness = counters.kind === 'redis' ? [{ name: 'redis', ping: () => counters.ping() }] : [];
  // Each replica batches its own clicks and runs a worker on the shared delivery queue.
  const webhookEvents = createWebhookEvents({
    webhooks: repos.webhooks,
    deliveries: repos.webhookDeliveries,
    clock: systemClock,
    logger,
  });
  webhookEvents.start();
  const webhookWorker = startDeliveryWorker({
    db: repos,
    policy: webhookPolicy(config, machineAddresses),
    clock: systemClock,
    logger,
  });
  // Links whose end passes are told of by a sweep (nothing else happens at that instant).
  const expirySweep = createLinkExpirySweep({
    shortlinks: repos.shortlinks,
    marks: repos.sweepMarks,
    events: webhookEvents,
    clock: systemClock,
    logger,
  });
  expirySweep.start();
  const stopWebhooks = () => Promise.allSettled([expirySweep.stop(), webhookWorker.stop(), webhookEvents.stop()]);
  const app = createApp({ config, db: repos, logger, credentials, webDist, counters, readiness, webhookEvents });
  if (config.clickRetentionDays !== undefined) {
    startClickRetention({ clicks: repos.shortlinkClicks, days: config.clickRetentionDays, clock: systemClock, logger });
  }
  startAuditRetention({ audit: repos.audit, days: config.auditRetentionDays, clock: systemClock, logger });
  startVisitorHashRetention({ salts: repos.clickSalts, clock: systemClock, logger });
  const server = createHttpServer(app, serverLimits(config));
  const listenFailed = (error: NodeJS.ErrnoException) => {
    process.stderr.write(`${listenErrorMessage(error, config.port)}\n`);
    void Promise.allSettled([counters.close(), storage.close()]).finally(() => process.exit(1));
  };
  server.once('error', listenFailed);
  server.listen(config.port, () => {
    server.off('error', listenFailed);
    const data = storage.engine === 'postgres' ? 'data in PostgreSQL' : `data in ${config.dataDir}`;
    logger.info(`Toolvault listening on http://localhost:${config.port} (${data}, rate limits in ${counters.kind})`);
  });
  handleShutdown(
    server,
    { close: () => stopWebhooks().then(() => Promise.allSettled([counters.close(), storage.close()])) },
    logger,
  );
}

/** Held for the life of the process (a collected handle would drop the lock). */
let folderLock: DataFolderLock | undefined;

/**
 * SQLite: this process alone uses the folder (a second server would keep rate limits and guest
 * limits of its own), and its database is private. The lock lasts as long as the process.
 */
function claimDataFolder(config: Config, logger: Logger): void {
  folderLock = lockDataFolder(config.dataDir) ?? undefined;
  if (!folderLock) {
    process.stderr.write(`${folderInUseMessage(config.dataDir)}\n`);
    process.exit(1);
  }
  const warning = permissionWarning(config.dataDir);
  if (warning) logger.warn(warning);
}

/** PostgreSQL when DATABASE_URL is set; the embedded SQLite file in DATA_DIR otherwise. */
function openStorage(config: Config): Storage {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openSqlite(config.dataDir);
}

function loadConfigOrExit() {
  try {
    return loadEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** apps/web/dist beside this app, when the SPA has been built. */
function builtSpa(): string | undefined {
  const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  return fs.existsSync(`${dist}/index.html`) ? dist : undefined;
}

function handleShutdown(server: Server, storage: { close(): Promise<unknown> }, logger: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing in-flight requests`);
    setTimeout(() => {
      logger.error(`Requests still open after ${SHUTDOWN_GRACE_MS / 1000} s; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close(() => {
      void storage.close().then(() => {
        logger.info('Stopped cleanly');
        process.exit(0);
      });
    });
    // Idle keep-alive connections would otherwise hold close() open until they time out.
    server.closeIdleConnections();
  };
  // A keep-alive connection whose last request finishes after SIGTERM turns idle only then: close it at once.
  server.on('request', (_req, res: ServerResponse) => {
    res.once('finish', () => {
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Toolvault could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
