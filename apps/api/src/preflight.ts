/**
 * `pnpm start` runs this before the build: the checks that would stop the server anyway, done
 * first, so that a bad setting or a busy port costs one line instead of a full build and a stack.
 * The server makes the same checks again when it starts (it can be started without this).
 */
import net from 'node:net';
import { folderInUseMessage, lockDataFolder } from './db/data-folder';
import { EnvError, loadEnv, type Config } from './env';
import { listenErrorMessage } from './http/server-limits';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function config(): Config {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
}

/** Listens on the port for a moment, the way the server will (all interfaces). */
function portProblem(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(listenErrorMessage(error, port)));
    probe.listen(port, () => probe.close(() => resolve(undefined)));
  });
}

const checked = config();
const problem = await portProblem(checked.port);
if (problem) fail(problem);
if (!checked.databaseUrl) {
  try {
    const lock = lockDataFolder(checked.dataDir);
    if (!lock) fail(folderInUseMessage(checked.dataDir));
    lock.release();
  } catch (error) {
    fail(`The data folder ${checked.dataDir} cannot be used: ${(error as Error).message}`);
  }
}
