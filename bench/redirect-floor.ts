/**
 * The redirect bench's floor: floor-server.mjs on the app's own database file, with nothing else in
 * the way. Apart from redirect.bench.ts because it is a server of its own, which a child process
 * of the bench runs in the app's place, while the rest of the bench starts servers and measures them.
 */
import type { AddressInfo } from 'node:net';
import { openSqlite } from '../apps/api/src/db';
import { floorServer } from './floor-server.mjs';

/** The floor listening on a free port of 127.0.0.1, on the database in `dataDir`. */
export async function serveBare(dataDir: string): Promise<{ port: number; close: () => void }> {
  const storage = openSqlite(dataDir);
  const server = floorServer(storage.sqlite!);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.close();
      void storage.close();
    },
  };
}
