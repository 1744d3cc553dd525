import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { ADMIN_PASSWORD, JWT_SECRET } from './helpers';
import { freePort } from './servers';

/**
 * The real server as a child process, for the tests that need one (crash, shutdown, start-up checks).
 *
 * It runs as `node --import tsx src/server.ts`: one process, so its pid is the server's own and a
 * signal sent to it reaches the server (the `tsx` command would put a wrapper process in between,
 * and SIGKILL to the wrapper leaves the server running). It also leads its own process group, so
 * `kill` can reach anything it might start, and every server started here is checked by
 * `assertNoSurvivors`, which a suite calls in afterAll.
 */
export const API_DIR = path.resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 60_000;

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Signals the server's whole process group. */
  kill: (signal: NodeJS.Signals) => void;
}

const started: ServerProcess[] = [];

/** The environment of a production start on `folder`, with the test credentials. */
export function serverEnv(folder: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: folder,
    INIT_CWD: API_DIR,
    ADMIN_PASSWORD,
    JWT_SECRET,
    TRUST_PROXY: '0',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** Spawns `node --import tsx <script>` in apps/api without waiting for anything. */
export function spawnServer(env: NodeJS.ProcessEnv, script = 'src/server.ts'): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: API_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout?.on('data', (part: Buffer) => (log += part.toString()));
  child.stderr?.on('data', (part: Buffer) => (log += part.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const port = Number(env.PORT);
  const running: ServerProcess = {
    child,
    base: `http://127.0.0.1:${port}`,
    port,
    output: () => log,
    exited,
    kill: (signal) => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // the group is gone already
      }
    },
  };
  started.push(running);
  return running;
}

/** Starts the server on `folder` and waits until /api/health answers. */
export async function startServer(
  folder: string,
  { port, env = {} }: { port?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<ServerProcess> {
  const running = spawnServer(serverEnv(folder, port ?? (await freePort()), env));
  await waitForHealth(running);
  return running;
}

/** Polls /api/health until the server answers (or fails the test with its output). */
async function waitForHealth({ child, base, output }: ServerProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer /api/health in time:\n${output()}`);
}

/** Resolves with the connection error code (ECONNREFUSED, …), or 'connected'. */
export function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      resolve('connected');
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * For afterAll: fails when a server this file started is still running or its port still answers,
 * after killing it so that the failure does not leave it behind.
 */
export async function assertNoSurvivors(): Promise<void> {
  const survivors: string[] = [];
  for (const server of started.splice(0)) {
    const pid = server.child.pid;
    const running = pid !== undefined && server.child.exitCode === null && server.child.signalCode === null;
    const listening = (await tryConnect(server.port)) === 'connected';
    if (running || listening || (pid !== undefined && alive(pid))) {
      survivors.push(`pid ${pid} on port ${server.port}`);
      server.kill('SIGKILL');
      await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
  }
  if (survivors.length > 0) throw new Error(`server processes outlived the suite: ${survivors.join(', ')}`);
}
