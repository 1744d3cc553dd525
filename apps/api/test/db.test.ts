import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createRepositories,
  migrate,
  MIGRATIONS,
  openDatabase,
  openMemoryDatabase,
  schemaVersion,
  type Migration,
} from '../src/db';

const tables = (db: ReturnType<typeof openMemoryDatabase>) =>
  db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all()
    .map((row) => row.name);

describe('migrations', () => {
  it('brings a new database to the latest version, and a second run changes nothing', () => {
    const db = openMemoryDatabase();
    expect(migrate(db)).toEqual({ from: 0, to: MIGRATIONS.length });
    expect(migrate(db)).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length });
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'blog_posts',
        'categories',
        'contact_messages',
        'settings',
        'shortlink_clicks',
        'shortlinks',
      ]),
    );
  });

  it('applies only what is pending', () => {
    const db = openMemoryDatabase();
    migrate(db);
    const next: Migration = {
      version: MIGRATIONS.length + 1,
      name: 'extra',
      up: 'CREATE TABLE extra (id INTEGER PRIMARY KEY)',
    };
    expect(migrate(db, [...MIGRATIONS, next])).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length + 1 });
    expect(tables(db)).toContain('extra');
  });

  it('rolls a failing migration back entirely', () => {
    const db = openMemoryDatabase();
    const broken: Migration = {
      version: MIGRATIONS.length + 1,
      name: 'broken',
      up: 'CREATE TABLE half (id INTEGER); SELECT * FROM missing_table;',
    };
    expect(() => migrate(db, [...MIGRATIONS, broken])).toThrow(/missing_table/);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(tables(db)).not.toContain('half');
  });

  it.each([
    ['a gap', [{ version: 2, name: 'two', up: '' }]],
    [
      'a duplicate',
      [
        { version: 1, name: 'one', up: '' },
        { version: 1, name: 'again', up: '' },
      ],
    ],
  ])('refuses a list with %s', (_label, list: Migration[]) => {
    expect(() => migrate(openMemoryDatabase(), list)).toThrow(/expected/);
  });

  it('refuses a database newer than the code', () => {
    const db = openMemoryDatabase();
    db.pragma(`user_version = ${MIGRATIONS.length + 5}`);
    expect(() => migrate(db)).toThrow(/newer/);
  });
});

describe('openDatabase', () => {
  it('creates the folder and opens toolvault.db in WAL mode with foreign keys and a busy timeout', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-db-'));
    const dataDir = path.join(root, 'nested', 'data');
    const db = openDatabase(dataDir);
    try {
      expect(fs.existsSync(path.join(dataDir, 'toolvault.db'))).toBe(true);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      db.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('repositories', () => {
  it('stores contact messages and lists them newest first as camelCase objects', () => {
    const db = openMemoryDatabase();
    migrate(db);
    const { contact } = createRepositories(db);
    const message = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' };
    const first = contact.insert(message, new Date('2030-01-01T00:00:00Z'));
    contact.insert({ ...message, subject: 'Later' }, new Date('2030-01-02T00:00:00Z'));
    expect(first).toEqual({ id: 1, ...message, createdAt: '2030-01-01T00:00:00.000Z' });
    expect(contact.listNewestFirst().map((m) => m.subject)).toEqual(['Later', 'Hi']);
  });

  it('upserts settings', () => {
    const db = openMemoryDatabase();
    migrate(db);
    const { settings } = createRepositories(db);
    expect(settings.get('jwt_secret')).toBeUndefined();
    settings.set('jwt_secret', 'a', new Date());
    settings.set('jwt_secret', 'b', new Date());
    expect(settings.get('jwt_secret')).toBe('b');
  });
});
