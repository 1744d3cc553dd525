/**
 * The memory bench's floor (`node bench/memory-floor.mjs <data dir> <port> [threads]`): the least a
 * server needs for the same requests (floor-server.mjs) on one better-sqlite3 connection to the
 * same toolvault.db, under bare `node`. With `threads` it also starts
 * that many worker threads, each holding a read-only connection to the file as the server's do, so
 * that what one such thread costs can be read off its RSS. Prints "LISTENING <port>" once it is.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { floorServer } from './floor-server.mjs';

const require = createRequire(path.resolve(import.meta.dirname, '../apps/api/package.json'));
const Database = require('better-sqlite3');

const [dataDir, portText, threadsText] = process.argv.slice(2);
const file = path.join(dataDir, 'toolvault.db');
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');

for (let i = 0; i < Number(threadsText ?? 0); i += 1) {
  const worker = new Worker(
    `const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
     const db = new Database(${JSON.stringify(file)}, { readonly: true, fileMustExist: true });
     db.prepare('SELECT count(*) FROM shortlinks').get();
     require('node:worker_threads').parentPort.on('message', () => {});`,
    { eval: true },
  );
  worker.unref();
}

const server = floorServer(db);
server.listen(Number(portText), '127.0.0.1', () => process.stdout.write(`LISTENING ${portText}\n`));
process.once('SIGTERM', () => server.close(() => (db.close(), process.exit(0))));
