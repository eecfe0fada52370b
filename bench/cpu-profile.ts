// Reads a V8 CPU profile (node --cpu-prof) and says where the time went: by package or part of Node, and the
// functions that took the most time themselves. `npm run bench` prints it for BENCH_PROFILE=1; by hand:
// `npx tsx bench/cpu-profile.ts <file.cpuprofile> [rows]`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives: a package, Node itself, our server, or V8's own entries ((garbage collector), (idle)). */
function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node';
  if (/apps\/server\/(dist|src)\//.test(url)) return 'server';
  return url;
}

export function summarise(file: string, rows = 25): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self]
    .filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)')
    .reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, time] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    const place = placeOf(url, functionName);
    places.set(place, (places.get(place) ?? 0) + time);
    const key = `${functionName || '(anonymous)'}  ${place}${url ? `:${lineNumber + 1}` : ''}`;
    functions.set(key, (functions.get(key) ?? 0) + time);
  }
  // Total time: a function's own and its callees', each sample counted once per function however deep the recursion.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const totals = new Map<string, number>();
  for (const [id, time] of self) {
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      if (!url) continue;
      const key = `${functionName || '(anonymous)'}  ${placeOf(url, functionName)}:${lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      totals.set(key, (totals.get(key) ?? 0) + time);
    }
  }
  const pct = (t: number) => `${((t / busy) * 100).toFixed(1).padStart(5)}%`;
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, t]) => `  ${pct(t)}  ${k}`);
  return [
    `CPU profile ${file}: ${(busy / 1e6).toFixed(1)} s busy of ${(total / 1e6).toFixed(1)} s (self time, share of busy)`,
    'By place:',
    ...top(places, 12),
    'By function, own time:',
    ...top(functions, rows),
    'By function, with what it calls:',
    ...top(totals, rows),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(summarise(process.argv[2]!, Number(process.argv[3] ?? 25)));
}
