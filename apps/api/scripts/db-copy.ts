/**
 * `pnpm db:copy --to postgres://user@host/db`: copies the embedded SQLite database under DATA_DIR
 * (or `--from file.db`) into an empty PostgreSQL database, in one transaction, and prints the row
 * counts and click sums of both sides. The SQLite file is opened read-only and left as it was.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { databasePath } from '../src/db/backup';
import { copySqliteToPostgres, CopyRefused } from '../src/db/copy';
import { openPostgres } from '../src/db/database';
import { EnvError, loadEnv } from '../src/env';

const USAGE = 'usage: pnpm db:copy --to postgres://user:pass@host:5432/db [--from path/to/toolvault.db]';

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const { values } = (() => {
  try {
    return parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } }, strict: true });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
})();
if (!values.to || !/^postgres(?:ql)?:\/\/\S+$/.test(values.to)) fail(`--to must be a postgres:// URL\n${USAGE}`);

let sourceFile: string;
try {
  sourceFile = values.from
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from)
    : databasePath(loadEnv().dataDir);
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  fail(error.message);
}
if (!existsSync(sourceFile!)) fail(`No SQLite database at ${sourceFile!} (check DATA_DIR or --from).`);

const source = new Database(sourceFile!, { readonly: true, fileMustExist: true });
source.pragma('busy_timeout = 5000');
const target = openPostgres(values.to!, { max: 1 });
const shown = values.to!.replace(/:[^:@/]*@/, ':***@');
console.info(`Copying ${sourceFile!} into ${shown} (one transaction)…`);
try {
  const report = await copySqliteToPostgres({
    source,
    target,
    onTable: (table, rows) => console.info(`  ${table}: ${rows} rows written`),
  });
  const width = Math.max(...report.tables.map(({ table }) => table.length), 'clicks (sum)'.length);
  console.info(`\n${'table'.padEnd(width)}  ${'SQLite'.padStart(9)}  ${'PostgreSQL'.padStart(10)}`);
  for (const { table, source: from, target: to } of report.tables)
    console.info(`${table.padEnd(width)}  ${String(from).padStart(9)}  ${String(to).padStart(10)}`);
  console.info(
    `${'clicks (sum)'.padEnd(width)}  ${String(report.clickSum.source).padStart(9)}  ${String(report.clickSum.target).padStart(10)}`,
  );
  console.info('\nAll counts match; committed. The SQLite file was not changed.');
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof CopyRefused ? message : `Copy failed, nothing was written: ${message}`);
  process.exitCode = 1;
} finally {
  source.close();
  await target.close();
}
