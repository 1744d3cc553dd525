/**
 * Loaded into a server the memory bench measures (`node --import ./bench/memory-probe.mjs …`), and
 * so, as worker threads inherit the process's options, into each of its threads. On SIGUSR2 the
 * main thread asks every thread for its V8 heap over a BroadcastChannel and writes, to
 * MEMORY_PROBE_FILE as JSON, its own `process.memoryUsage()` and each thread's heap: what the RSS
 * of the process is made of, without a route in the app for it.
 */
import { rename, writeFile } from 'node:fs/promises';
import v8 from 'node:v8';
import { isMainThread, threadId } from 'node:worker_threads';

const CHANNEL = 'toolvault-memory-probe';
const file = process.env.MEMORY_PROBE_FILE;

const heap = () => {
  const stats = v8.getHeapStatistics();
  return {
    threadId,
    totalHeapSize: stats.total_heap_size,
    usedHeapSize: stats.used_heap_size,
    physicalSize: stats.total_physical_size,
    externalMemory: stats.external_memory,
  };
};

if (file) {
  const channel = new BroadcastChannel(CHANNEL);
  // Never what keeps a thread or the process alive.
  channel.unref();
  if (!isMainThread) {
    channel.onmessage = (event) => {
      if (event.data === 'ask') channel.postMessage(heap());
    };
  } else {
    let threads = [];
    channel.onmessage = (event) => {
      if (event.data && typeof event.data === 'object') threads.push(event.data);
    };
    process.on('SIGUSR2', () => {
      threads = [];
      channel.postMessage('ask');
      // The threads answer within a few milliseconds unless one is busy with a query.
      setTimeout(() => {
        const report = JSON.stringify({ at: Date.now(), memory: process.memoryUsage(), main: heap(), threads });
        void writeFile(`${file}.tmp`, report).then(() => rename(`${file}.tmp`, file));
      }, 500).unref();
    });
  }
}
