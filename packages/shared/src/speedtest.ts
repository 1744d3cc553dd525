/** The speed test's sizes are binary megabytes: 1 MB = 1,048,576 bytes. */
export const MEBIBYTE = 1_048_576;

/** Download sizes 1, 5, 10, 25, 50 MB. */
export const SPEEDTEST_DOWNLOAD_SIZES_MB = [1, 5, 10, 25, 50] as const;
export type SpeedtestDownloadSize = (typeof SPEEDTEST_DOWNLOAD_SIZES_MB)[number];

/** Upload sizes 1, 2, 5, 10 MB. */
export const SPEEDTEST_UPLOAD_SIZES_MB = [1, 2, 5, 10] as const;
export type SpeedtestUploadSize = (typeof SPEEDTEST_UPLOAD_SIZES_MB)[number];

/** The upload endpoint accepts up to the largest designed upload size (10 MB); more is refused with 413. */
export const SPEEDTEST_UPLOAD_MAX_BYTES = Math.max(...SPEEDTEST_UPLOAD_SIZES_MB) * MEBIBYTE;

/** 10 ping samples. */
export const SPEEDTEST_PING_SAMPLES = 10;

/** History keeps 10 entries. */
export const SPEEDTEST_HISTORY_LIMIT = 10;

export const SPEEDTEST_SIZE_ERROR = `size must be one of ${SPEEDTEST_DOWNLOAD_SIZES_MB.join(', ')} (MB)`;
export const SPEEDTEST_UPLOAD_TOO_LARGE = `Upload must be at most ${SPEEDTEST_UPLOAD_MAX_BYTES} bytes (${Math.max(
  ...SPEEDTEST_UPLOAD_SIZES_MB,
)} MB)`;

/** `GET /api/speedtest/ping`: the server's clock in milliseconds since the epoch. */
export interface SpeedtestPing {
  t: number;
}

/** `POST /api/speedtest/upload`: how many body bytes the server received (and discarded). */
export interface SpeedtestUpload {
  bytes: number;
}
