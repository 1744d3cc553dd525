import type { Logger } from './logger';

/** The part of `process` the guards use: a test hands in its own. */
export interface GuardedProcess {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  exit(code: number): void;
  stderr: { write(text: string): unknown };
}

/**
 * What the server does with an error that no code caught.
 *
 * - A rejected promise that nobody handles is logged, and the server keeps serving. Node's default
 *   ends the process: one request's broken promise chain (a header Node refuses, a throw inside a
 *   `.then`) would end every other visitor's request too, and a link that causes it would take down
 *   each replica it is visited on, one after the other.
 * - An exception that nothing catches (in an event listener, a timer) leaves the process in a state
 *   nobody knows, which is the one case in which it stops: with exit code 1 and one line on stderr
 *   saying why and where, for the supervisor that starts a fresh one.
 */
export function guardProcess(logger: Logger, target: GuardedProcess = process): void {
  target.on('unhandledRejection', (reason) => {
    logger.error('A promise was rejected and nothing handled it; the server keeps serving', reason);
  });
  target.on('uncaughtException', (error) => {
    target.stderr.write(`${stopLine(error)}\n`);
    target.exit(1);
  });
}

/** `Toolvault stopped: an uncaught exception (TypeError: x is not a function) at file:line:column`. */
export function stopLine(error: unknown): string {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const frame = error instanceof Error ? /\n\s+at (.+)/.exec(error.stack ?? '')?.[1] : undefined;
  const line = `Toolvault stopped: an uncaught exception (${what})${frame ? ` at ${frame}` : ''}`;
  return line.replace(/\s*\n\s*/g, ' ');
}
