import { type ApiErrorBody } from '@toolvault/shared';
import { API, type HealthBody } from '@toolvault/shared/contract';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { ERRORS } from '../http/errors';

/** One dependency this replica cannot serve without. */
export interface ReadinessCheck {
  /** What the answer calls it: 'database', 'redis'. */
  name: string;
  /** Resolves when the dependency answers. */
  ping(): Promise<void>;
}
export type Readiness = readonly ReadinessCheck[];

/** A dependency that has not answered by then counts as down: a load balancer should not wait longer. */
export const READINESS_TIMEOUT_MS = 2_000;

type CheckState = HealthBody['checks'][string];
export type NotReadyBody = ApiErrorBody & { checks: Record<string, CheckState> };

/**
 * A readiness check for load balancers: 200 when every dependency answers, 503 with a JSON
 * reason when one does not, so the replica is taken out until it recovers.
 */
export function healthRouter(checks: Readiness = []): ContractRouter {
  const { router, add } = contractRoutes('/api/health');
  add(API.health, async (_req, res) => {
    const states = await Promise.all(checks.map(async ({ name, ping }) => [name, await answers(ping)] as const));
    res.set('Cache-Control', 'no-store');
    const down = states.filter(([, state]) => state === 'down').map(([name]) => name);
    const stateOf = Object.fromEntries(states);
    if (down.length === 0) return void res.json({ status: 'ok', checks: stateOf } satisfies HealthBody);
    const body: NotReadyBody = {
      error: `Not ready: ${down.join(' and ')} not answering`,
      code: 'NOT_READY',
      checks: stateOf,
    };
    res.status(ERRORS.NOT_READY.status).json(body);
  });
  return router;
}

async function answers(ping: () => Promise<void>): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => resolve('down'), READINESS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ping().then((): CheckState => 'ok'), timeout]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
