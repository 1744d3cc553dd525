/**
 * `pnpm backup [folder]`: an online backup of the database under DATA_DIR,
 * safe while the server is running. Writes ./backups/toolvault-<time>.db by default.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { backupDatabase, backupFileName, databasePath } from '../src/db/backup';
import { loadEnv } from '../src/env';

const config = loadEnv();
const source = databasePath(config.dataDir);
if (!existsSync(source)) {
  console.error(`No database at ${source} (check DATA_DIR).`);
  process.exit(1);
}
const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? 'backups');
// A backup holds the same secrets as the database: private to this user, like the data folder.
mkdirSync(folder, { recursive: true, mode: 0o700 });
const db = new Database(source, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const written = await backupDatabase(db, path.join(folder, backupFileName(new Date())));
db.close();
console.info(`Backed up ${source} to ${written}`);
