import { pipeline } from 'node:stream/promises';
import type { NextFunction, Request, Response } from 'express';
import {
  MEBIBYTE,
  SPEEDTEST_UPLOAD_MAX_BYTES,
  SPEEDTEST_UPLOAD_TOO_LARGE,
  type SpeedtestDownloadQuery,
  type SpeedtestUpload,
} from '@toolvault/shared';
import { API } from '@toolvault/shared/contract';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { AppError } from '../http/errors';
import { localLimiterDeps, type LimiterDeps } from '../http/rate-limit';
import { silentLogger } from '../logger';
import type { SpeedtestService } from '../services/speedtest.service';

/**
 * Nothing here may be cached or transformed on the way: a cached or
 * compressed answer would measure the cache or the compressor, not the link.
 * `no-transform` also makes the `compression` middleware leave a response alone.
 */
const NO_STORE = 'no-store, no-transform';

const UPLOAD_NOT_RAW = 'Send the upload as a raw body (application/octet-stream)';

export function speedtestRouter({
  speedtest,
  limits = localLimiterDeps(silentLogger),
}: {
  speedtest: SpeedtestService;
  /** Where the rate limiter counts (the app's counter store) and reports its problems. */
  limits?: LimiterDeps;
}): ContractRouter {
  const ping = (_req: Request, res: Response) => {
    res.set('Cache-Control', NO_STORE).json(speedtest.ping());
  };

  const download = (req: Request, res: Response) => {
    const { size } = req.query as unknown as SpeedtestDownloadQuery;
    res.set({
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(size * MEBIBYTE),
      'Cache-Control': NO_STORE,
      'Content-Encoding': 'identity',
    });
    // A client that aborts closes the response early: pipeline then destroys the source and nothing more is written.
    pipeline(speedtest.download(size), res).catch(() => undefined);
  };

  const upload = async (req: Request, res: Response, next: NextFunction) => {
    const tooLarge = () => {
      // The rest of the body is never read, so this connection cannot carry another request.
      res.set('Connection', 'close');
      next(new AppError('PAYLOAD_TOO_LARGE', SPEEDTEST_UPLOAD_TOO_LARGE));
    };
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > SPEEDTEST_UPLOAD_MAX_BYTES) return tooLarge();
    // express.json only reads application/json; such a body is gone by now and cannot be counted.
    if (req.readableEnded) return next(new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_NOT_RAW));

    const counted = await speedtest.countUpload(req, SPEEDTEST_UPLOAD_MAX_BYTES);
    if (counted.ok) {
      const body: SpeedtestUpload = { bytes: counted.value };
      res.set('Cache-Control', NO_STORE).json(body);
    } else if (counted.error === 'TOO_LARGE') tooLarge();
    // ABORTED: the client is gone; there is nobody to answer.
    else res.destroy();
  };

  const { router, add } = contractRoutes('/api/speedtest', { limits });
  add(API.speedtestPing, ping);
  add(API.speedtestDownload, download);
  add(API.speedtestUpload, upload);
  return router;
}
