/**
 * Where a process's resident memory is, from /proc/<pid>/smaps: the `node` binary's own pages, the
 * anonymous pages (the V8 heaps of its isolates, thread stacks, other mapped buffers), malloc's heap
 * and every other mapped file. The memory bench prints it for the app and the floor left idle long
 * enough for V8's memory reducer (which runs a fixed 8 s after start-up's last full collection) to
 * give back the young generation start-up grew: the steady state that the idle figure, read as soon
 * as the RSS holds still for 2 s, comes before.
 */
import { readFileSync } from 'node:fs';

export interface MemoryParts {
  totalKb: number;
  binaryKb: number;
  anonymousKb: number;
  mallocKb: number;
  filesKb: number;
}

/** The resident kB of one process by kind of mapping; all zero once it is gone. */
export function memoryParts(pid: number): MemoryParts {
  const parts: MemoryParts = { totalKb: 0, binaryKb: 0, anonymousKb: 0, mallocKb: 0, filesKb: 0 };
  let smaps = '';
  try {
    smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return parts;
  }
  let kind: Exclude<keyof MemoryParts, 'totalKb'> = 'anonymousKb';
  for (const line of smaps.split('\n')) {
    // A mapping's header: address range, permissions, offset, device, inode, then its path if any.
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const name = header[1] ?? '';
      kind =
        name === '[heap]'
          ? 'mallocKb'
          : name === process.execPath || name.endsWith('/bin/node')
            ? 'binaryKb'
            : name.startsWith('/')
              ? 'filesKb'
              : 'anonymousKb';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) {
      parts[kind] += Number(rss[1]);
      parts.totalKb += Number(rss[1]);
    }
  }
  return parts;
}

/** `total = binary + anonymous + malloc + files`, in MB. */
export function partsLine(parts: MemoryParts): string {
  const mb = (kb: number) => (kb / 1024).toFixed(1);
  return (
    `${mb(parts.totalKb)} MB = node binary ${mb(parts.binaryKb)} + anonymous ${mb(parts.anonymousKb)} ` +
    `(V8 heaps, stacks) + malloc ${mb(parts.mallocKb)} + other files ${mb(parts.filesKb)}`
  );
}
