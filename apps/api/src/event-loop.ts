import { setImmediate } from 'node:timers/promises';

/**
 * Lets every request that is waiting run before the caller goes on. Long work on the one event loop
 * (an import of 10,000 links, parsing its body, analytics over many months) awaits this between
 * pieces, so redirects are never held behind it.
 */
export const yieldToEventLoop = (): Promise<void> => setImmediate();

/**
 * A function to call between two small pieces of work: it yields once `budgetMs` have passed since
 * the last turn. Counted in time rather than pieces: a piece costs ten times more on a busy machine
 * than on an idle one, and yielding after every piece would make the work itself slow.
 */
export function timeSlices(budgetMs: number): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await yieldToEventLoop();
    since = performance.now();
  };
}

/**
 * Deletes in batches: calls `deleteBatch` (which removes at most `batchSize` rows and answers how
 * many) until one comes back short, letting waiting requests have the database and the event loop
 * between two batches; answers the total. A long prune then never holds a redirect's write.
 */
export async function deleteInBatches(deleteBatch: () => Promise<number>, batchSize: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = await deleteBatch();
    deleted += count;
    if (count < batchSize) return deleted;
    await yieldToEventLoop();
  }
}
