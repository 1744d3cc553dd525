import type { TestStorage } from './engines';

/**
 * The query plans of the SQLite statements `pick` selects, each explained with the parameters it
 * ran with, as they run (none on PostgreSQL).
 */
export function recordPlans(storage: TestStorage['storage'], pick: (source: string) => boolean): string[] {
  const plans: string[] = [];
  const sqlite = storage.sqlite;
  if (!sqlite) return plans;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    if (!pick(source)) return statement;
    return new Proxy(statement, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== 'all' || typeof value !== 'function') {
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return (...params: unknown[]) => {
          const plan = prepare(`EXPLAIN QUERY PLAN ${source}`).all(...params) as { detail: string }[];
          plans.push(plan.map((step) => step.detail).join('; '));
          return (value as (...args: unknown[]) => unknown).apply(target, params);
        };
      },
    });
  }) as typeof sqlite.prepare;
  return plans;
}
