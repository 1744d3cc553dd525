import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsFresh, writeStamp } from './build-stamp.mjs';

let root;
const write = (file, text) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-stamp-'));
  write('apps/web/src/main.tsx', 'one');
  write('apps/web/src/main.test.tsx', 'test');
  write('packages/shared/src/index.ts', 'shared');
  write('pnpm-lock.yaml', 'lock');
  write('apps/web/dist/index.html', '<html>');
  write('apps/api/src/server.ts', 'server');
  write('apps/api/dist/server.mjs', 'compiled');
  writeStamp(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('pnpm start reuses the build only while it matches the sources', () => {
  it('is fresh right after a build', () => {
    expect(buildIsFresh(root)).toBe(true);
  });

  it.each([
    ['a web source changes', 'apps/web/src/main.tsx', 'two'],
    ['a web source is added', 'apps/web/src/extra.ts', 'new'],
    ['the shared package changes', 'packages/shared/src/index.ts', 'changed'],
    ['an API source changes', 'apps/api/src/server.ts', 'changed server'],
    ['the lockfile changes', 'pnpm-lock.yaml', 'other lock'],
  ])('is stale when %s', (_label, file, text) => {
    write(file, text);
    expect(buildIsFresh(root)).toBe(false);
  });

  it.each([
    ['a test changes', 'apps/web/src/main.test.tsx', 'other test'],
    ['the output itself changes', 'apps/web/dist/extra.js', 'x'],
    ['a dependency changes on disk', 'apps/web/node_modules/x/index.js', 'x'],
    ['an API test changes', 'apps/api/test/x.test.ts', 'x'],
    ['the database in a data folder changes', 'apps/api/data/toolvault.db', 'x'],
  ])('stays fresh when %s', (_label, file, text) => {
    write(file, text);
    expect(buildIsFresh(root)).toBe(true);
  });

  it('is stale without the compiled server', () => {
    fs.rmSync(path.join(root, 'apps/api/dist'), { recursive: true });
    expect(buildIsFresh(root)).toBe(false);
  });

  it('is stale without a build or without a stamp', () => {
    fs.rmSync(path.join(root, 'apps/web/dist/.build-stamp'));
    expect(buildIsFresh(root)).toBe(false);
    fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(buildIsFresh(root)).toBe(false);
  });

  it.each([
    [
      'a VITE_ setting is added',
      { VITE_FOLLOW_US_URL: 'https://example.com/us', VITE_SOURCE_CODE_URL: 'https://example.com/src' },
      false,
    ],
    ['a VITE_ setting is removed', {}, false],
    ['a VITE_ setting changes', { VITE_FOLLOW_US_URL: 'https://example.com/other' }, false],
    ['only other variables change', { VITE_FOLLOW_US_URL: 'https://example.com/us', PATH: '/elsewhere' }, true],
  ])('the web build bakes in VITE_* settings: %s → fresh %s', (_label, env, fresh) => {
    writeStamp(root, { VITE_FOLLOW_US_URL: 'https://example.com/us', PATH: '/usr/bin' });
    expect(buildIsFresh(root, env)).toBe(fresh);
  });
});
