import type { Server } from 'node:http';
import type { Database } from 'better-sqlite3';

export function floorServer(db: Database): Server;
