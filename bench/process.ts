// What the benches that run the server in a process of its own share: a free port and the process's memory.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { ChildProcess } from 'node:child_process';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Resident memory of a process now and at its peak, in MiB, from /proc. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** CPU time a process has used so far (user and system), in milliseconds, from /proc. */
export function cpuOf(pid: number): number {
  // The fields after the command's name (which may hold spaces): utime and stime are the 12th and 13th, in ticks of 10 ms.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The PostgreSQL CPU time used since `before` (pgCpuByBackend's), in milliseconds: each backend's own growth, so one
 * that exited meanwhile (a pool closing an idle connection) takes away only what it did in between, never its past.
 */
export function pgCpuSince(database: string, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, cpu] of pgCpuByBackend(database)) total += cpu - (before.get(pid) ?? 0);
  return total;
}

/**
 * The CPU time so far of each PostgreSQL backend serving `database`, in milliseconds, by process id, from /proc: every
 * process whose title is `postgres: [cluster: ]<user> <database> <client>` (a backend's title names its database).
 * The server's background processes and other databases' backends are not counted.
 */
export function pgCpuByBackend(database: string): Map<number, number> {
  const backends = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!title.startsWith('postgres: ')) continue;
      const words = title
        .slice('postgres: '.length)
        .replace(/^\S+: /, '')
        .split(' ');
      if (words[1] === database) backends.set(Number(entry), cpuOf(Number(entry)));
    } catch {
      // The process ended while the folder was read.
    }
  }
  return backends;
}

/** The database a connection string names. */
export const databaseNameOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** What bench/memory-probe.mjs reports, in MiB: resident memory by kind, and V8's heap. */
export interface MemoryProbe {
  rss: number;
  anonymous: number;
  file: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  v8Malloced: number;
  v8Physical: number;
  spaces: Record<string, { used: number; committed: number }>;
}

/** The "--import" that lets the bench ask a server started with it about its memory. */
export const MEMORY_PROBE = ['--import', new URL('./memory-probe.mjs', import.meta.url).href];

let probes = 0;
/** Asks a process started with MEMORY_PROBE (and an IPC channel) about its memory; with gc, after full collections. */
export function probeMemory(child: ChildProcess, gc = false): Promise<MemoryProbe> {
  const id = ++probes;
  return new Promise((resolve) => {
    const answer = (message: { type?: string; id?: number; memory?: MemoryProbe }) => {
      if (message?.type !== 'fenestra:memory' || message.id !== id) return;
      child.off('message', answer);
      resolve(message.memory!);
    };
    child.on('message', answer);
    child.send({ type: 'fenestra:memory', id, gc });
  });
}

/** One line of a probe: resident memory, anonymous and file-backed, and what V8 says of its heap and beyond it. */
export function describeMemory(m: MemoryProbe): string {
  const f = (n: number) => n.toFixed(0);
  const old = m.spaces.old_space;
  return (
    `rss ${f(m.rss)} (anonymous ${f(m.anonymous)}, files ${f(m.file)}); V8 heap ${f(m.heapUsed)} used of ${f(m.heapTotal)}` +
    ` (old space ${old ? `${f(old.used)} of ${f(old.committed)}` : '?'}), external ${f(m.external)} (array buffers ${f(m.arrayBuffers)}),` +
    ` V8 malloc ${f(m.v8Malloced)}; the rest (malloc, stacks, native) ${f(m.anonymous - m.v8Physical - m.arrayBuffers)}`
  );
}
