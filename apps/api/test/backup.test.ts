import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase, backupFileName, databasePath } from '../src/db/backup';
import { createRepositories, migrate, openSqlite } from '../src/db';

const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolvault-backup-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('backupFileName', () => {
  it.each([
    ['2026-11-22T01:30:00.000Z', 'toolvault-2026-11-22T01-30-00Z.db'],
    ['2024-01-15T23:59:59.999Z', 'toolvault-2024-01-15T23-59-59Z.db'],
  ])('%s → %s', (iso, name) => {
    expect(backupFileName(new Date(iso))).toBe(name);
  });
});

describe('backupDatabase', () => {
  it('copies a live WAL database, including writes not yet checkpointed, while it stays open', async () => {
    const dataDir = tempDir();
    const storage = openSqlite(dataDir);
    await migrate(storage);
    const repos = createRepositories(storage);
    await repos.contact.insert(
      { name: 'Ada', email: 'ada@example.com', subject: 'Backup', message: 'Still in the WAL' },
      new Date('2026-11-22T00:00:00.000Z'),
    );
    const destination = path.join(tempDir(), 'copy.db');
    await backupDatabase(storage.sqlite!, destination);
    // Private like the database itself: it holds the same secrets.
    expect(statSync(destination).mode & 0o777).toBe(0o600);
    // The source is still usable after the backup.
    expect(await repos.contact.listNewestFirst()).toHaveLength(1);
    await storage.close();

    const copy = new Database(destination, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.prepare('SELECT subject FROM contact_messages').all()).toEqual([{ subject: 'Backup' }]);
    copy.close();
    expect(databasePath(dataDir)).toBe(path.join(dataDir, 'toolvault.db'));
  });
});
