import type { Engine } from '../database';
import type { Dialect } from './dialect';
import { postgresDialect } from './postgres';
import { sqliteDialect } from './sqlite';

export type { Dialect } from './dialect';

/** The engine's dialect: picked once, where the repositories are made. */
export function dialectFor(engine: Engine): Dialect {
  return engine === 'sqlite' ? sqliteDialect : postgresDialect;
}
