// Bench-only (node --import): answers the bench's question "what is this process's memory made of?" over the IPC
// channel `npm start` already opens, so the server's own code carries nothing for it. With `gc: true` it first
// runs full collections (what V8 would do at its next major GC), so live memory is told from the collector's slack.
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

const MiB = 1024 * 1024;
const round = (bytes) => Math.round((bytes / MiB) * 10) / 10;

function rollup() {
  // Resident memory by kind, in MiB: anonymous (heaps: V8's and malloc's) and file-backed (the binary, libraries).
  const text = readFileSync('/proc/self/smaps_rollup', 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0) / 1024;
  return { rss: kb('Rss'), anonymous: kb('Anonymous'), file: kb('Rss') - kb('Anonymous') };
}

function snapshot() {
  const usage = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const spaces = Object.fromEntries(
    v8
      .getHeapSpaceStatistics()
      .map((s) => [s.space_name, { used: round(s.space_used_size), committed: round(s.physical_space_size) }]),
  );
  return {
    ...rollup(),
    heapUsed: round(usage.heapUsed),
    heapTotal: round(usage.heapTotal),
    external: round(usage.external),
    arrayBuffers: round(usage.arrayBuffers),
    // V8's own malloc'd memory (compiler zones, tables) and what it has been told lives outside the heap.
    v8Malloced: round(heap.malloced_memory),
    v8Physical: round(heap.total_physical_size),
    spaces,
  };
}

let collect;
process.on('message', (message) => {
  if (!message || message.type !== 'fenestra:memory') return;
  if (message.gc) {
    if (!collect) {
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc');
    }
    // Twice: what the first frees can let go of more (weak references, finalizers).
    collect();
    collect();
  }
  process.send({ type: 'fenestra:memory', id: message.id, memory: snapshot() });
});
// The channel does not keep the process alive on its own account.
process.channel?.unref();
