/**
 * A worker thread (`new Worker(...)`, workerData below) that times requests other clients make while
 * the bench's main thread sends an import: each probe asks for its URL, waits 5 ms, and asks again,
 * until the thread is sent 'stop'. Then it posts each probe's waits (ms) and the longest its own
 * event loop was held.
 *
 * On a thread of its own because those clients are other people: in the thread that sends the
 * import's 3 MB body, the probes' answers waited for the upload too (that thread's loop was held up
 * to 21 ms), and the bench counted the wait against the server.
 *
 * workerData: { base, probes: [{ route, headers }] }. Posts 'ready' once every probe has had an
 * answer, then on 'stop' { waits: number[][] (one array per probe, in order), loopMaxMs }.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { base, probes } = workerData;
let running = true;
let measuring = false;
const waits = probes.map(() => []);
const loop = monitorEventLoopDelay({ resolution: 1 });

const firstAnswers = [];
const loops = probes.map(({ route, headers }, index) => {
  let answered;
  firstAnswers.push(new Promise((resolve) => (answered = resolve)));
  return (async () => {
    while (running) {
      const start = performance.now();
      await (await fetch(`${base}${route}`, { headers, redirect: 'manual' })).arrayBuffer();
      if (measuring) waits[index].push(performance.now() - start);
      answered();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
});

await Promise.all(firstAnswers);
parentPort.once('message', async () => {
  running = false;
  await Promise.all(loops);
  loop.disable();
  parentPort.postMessage({ waits, loopMaxMs: loop.max / 1e6 });
});
measuring = true;
loop.enable();
parentPort.postMessage('ready');
