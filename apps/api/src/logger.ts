import type { LogLevel } from './env';

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** Always shown on stdout whatever the level: messages the operator must see once (the generated password). */
  notice(text: string): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(
  level: LogLevel,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Logger {
  const line = (stream: NodeJS.WritableStream, at: LogLevel, message: string) => {
    if (RANK[at] >= RANK[level]) stream.write(`${new Date().toISOString()} ${at.toUpperCase()} ${message}\n`);
  };
  return {
    debug: (message) => line(out, 'debug', message),
    info: (message) => line(out, 'info', message),
    warn: (message) => line(err, 'warn', message),
    error: (message, error) => line(err, 'error', error === undefined ? message : `${message}\n${formatError(error)}`),
    notice: (text) => void out.write(`${text}\n`),
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {}, notice() {} };

function formatError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
