import { z } from './zod';
import { SPEEDTEST_DOWNLOAD_SIZES_MB, SPEEDTEST_SIZE_ERROR, type SpeedtestDownloadSize } from './speedtest';

/**
 * `GET /api/speedtest/download?size=N`: exactly one of the designed sizes,
 * written as a plain integer ("1", never "1.0", "01" or a repeated parameter).
 */
export const ZSpeedtestDownloadQuery = z.object({
  size: z
    .enum(SPEEDTEST_DOWNLOAD_SIZES_MB.map(String) as [`${SpeedtestDownloadSize}`, ...`${SpeedtestDownloadSize}`[]], {
      error: SPEEDTEST_SIZE_ERROR,
    })
    .transform((size) => Number(size) as SpeedtestDownloadSize),
});
export type SpeedtestDownloadQuery = z.infer<typeof ZSpeedtestDownloadQuery>;

const measurement = z.number().finite().nonnegative();

/** Timestamp, download, upload (Mbps), ping, jitter (ms). */
export const ZSpeedTestResult = z.object({
  timestamp: z.iso.datetime(),
  download: measurement,
  upload: measurement,
  ping: measurement,
  jitter: measurement,
});
export type SpeedTestResult = z.infer<typeof ZSpeedTestResult>;
