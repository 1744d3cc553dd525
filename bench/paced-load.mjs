/**
 * A worker thread (`new Worker(...)`, workerData below) that sends `rate` requests a second to one
 * URL for `duration` seconds, spread over the second, and posts back every answer's latency.
 *
 * autocannon's own rate is a budget per connection per second, each spent as fast as the server
 * answers from the start of the second: 500 req/s over 20 connections arrives as 20 concurrent
 * request chains that keep the server saturated for the first fifth of every second, then nothing.
 * Visitors do not arrive like that. Here the load is `streams` autocannon instances of one
 * connection each, started 1000 / streams ms apart: each spends its share of the rate at its own
 * moment of the second, so a new short run of requests starts every few milliseconds and no more
 * than a couple are ever in flight at once.
 *
 * workerData: { url, headers, rate, duration, streams, expect } where `expect` is the status every
 * answer should have. Posts { latencies (ms, one per answer with that status), rate (answers a
 * second), unexpected (answers with another status), errors }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, headers, rate, duration, streams, expect } = workerData;
const latencies = [];
let unexpected = 0;
let errors = 0;

const instances = Array.from(
  { length: streams },
  (_, index) =>
    new Promise((resolve, reject) => {
      setTimeout(
        () => {
          const instance = autocannon(
            {
              url,
              headers,
              connections: 1,
              overallRate: Math.floor(rate / streams) + (index < rate % streams ? 1 : 0),
              duration,
              // Each answer recorded once, as it came (see scale-redirects.ts on autocannon's back-fill).
              ignoreCoordinatedOmission: true,
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          );
          instance.on('response', (_client, statusCode, _bytes, responseTime) => {
            if (statusCode === expect) latencies.push(responseTime);
            else unexpected += 1;
          });
          instance.on('reqError', () => {
            errors += 1;
          });
        },
        (index * 1000) / streams,
      );
    }),
);

// Each instance's answers a second, summed: the rate the server was given. (In a worker thread
// autocannon hands back its histograms encoded, not summarised, so the counts are read instead.)
const rateAnswered = (await Promise.all(instances)).reduce(
  (sum, result) => sum + result.totalCompletedRequests / result.duration,
  0,
);
parentPort.postMessage({ latencies, rate: rateAnswered, unexpected, errors });
