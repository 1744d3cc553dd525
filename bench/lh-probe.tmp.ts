// Temporary experiment (not committed): Lighthouse on a few routes of a server already running at LH_BASE.
import { withLighthouse } from './support';
const base = process.env.LH_BASE!;
const routes = (process.env.LH_ROUTES ?? '/blog,/about,/').split(',');
const runs = Number(process.env.LH_RUNS ?? 2);
await withLighthouse(async (audit) => {
  for (let i = 0; i < runs; i++)
    for (const route of routes) {
      const r = await audit(base + route, ['performance']);
      console.log(route, r.scores.performance, r.metrics, r.runtimeError ?? '');
    }
});
