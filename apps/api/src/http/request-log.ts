import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

/** One line per request once it is answered: method, path, status, duration. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // originalUrl without the query string: queries may carry data we do not want in logs.
      const path = req.originalUrl.split('?')[0];
      logger.info(`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}
