import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { MEBIBYTE, type SpeedtestDownloadSize, type SpeedtestPing } from '@toolvault/shared';
import type { Clock } from '../lib/clock';
import { fail, ok, type Result } from '../lib/result';

/** Why an upload was not counted to its end. */
export type UploadRefusal = 'TOO_LARGE' | 'ABORTED';

export interface SpeedtestService {
  /** The server's clock, for `GET /api/speedtest/ping`. */
  ping(): SpeedtestPing;
  /** A stream of exactly `sizeMb` × 1,048,576 random bytes that only produces data as fast as it is read. */
  download(sizeMb: SpeedtestDownloadSize): Readable;
  /**
   * Reads `body` to its end, counting and discarding it. Stops reading (and
   * answers TOO_LARGE) as soon as more than `limit` bytes arrived; ABORTED when
   * the body ends early (client gone). Never holds more than one chunk.
   */
  countUpload(body: Readable, limit: number): Promise<Result<number, UploadRefusal>>;
}

export function createSpeedtestService({
  clock,
  chunk = randomBytes(MEBIBYTE),
}: {
  clock: Clock;
  /** The 1 MiB block every download repeats; random once per app so responses do not compress. */
  chunk?: Buffer;
}): SpeedtestService {
  if (chunk.length !== MEBIBYTE) throw new Error(`download chunk must be ${MEBIBYTE} bytes`);
  return {
    ping: () => ({ t: clock().getTime() }),
    download: (sizeMb) => repeat(chunk, sizeMb),
    countUpload,
  };
}

/**
 * `times` copies of one buffer. read() runs only when the consumer has room,
 * so piping into a slow socket pauses here (backpressure) and memory stays at
 * the one shared buffer however large the download.
 */
function repeat(chunk: Buffer, times: number): Readable {
  let pushed = 0;
  return new Readable({
    read() {
      if (pushed === times) {
        this.push(null);
        return;
      }
      pushed += 1;
      this.push(chunk);
    },
  });
}

function countUpload(body: Readable, limit: number): Promise<Result<number, UploadRefusal>> {
  return new Promise((resolve) => {
    let bytes = 0;
    const settle = (result: Result<number, UploadRefusal>) => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onAbort);
      body.off('close', onAbort);
      resolve(result);
    };
    const onData = (data: Buffer) => {
      bytes += data.length;
      if (bytes > limit) {
        // Stop reading: the rest of the body stays unread and the connection is closed after the 413.
        body.pause();
        settle(fail('TOO_LARGE'));
      }
    };
    const onEnd = () => settle(ok(bytes));
    // 'close' before 'end', or a socket error: the client went away mid-body.
    const onAbort = () => settle(fail('ABORTED'));
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', onAbort);
    body.once('close', onAbort);
  });
}
