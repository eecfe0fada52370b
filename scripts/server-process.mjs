// How the compiled server and worker are run, by `npm start`, `npm run worker`, the cluster and the benches
// (decision 015).
// - Source maps: stack traces name the .ts lines (~12 MiB of heap).
// - --heap-growing-percent=50: after a full collection V8 lets the old space grow to 1.5 times what survived
//   (plus ~16 MiB) before the next one, instead of the 1.1 to 4 times it picks from how fast collection is
//   against allocation: at 4 times, the ~65 MiB a server keeps live may be joined by ~200 MiB of garbage that stays
//   resident until a collection that an idle server may not run for a long time. It bounds only when the next
//   collection runs, not how much the process may use (unlike --max-old-space-size).
// - --expose-gc: the server runs one full collection once it is quiet after its heap grew (decision 047,
//   apps/server/src/app/collect-when-quiet.ts).
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--heap-growing-percent=50', '--expose-gc'];

/**
 * The environment: two malloc arenas (glibc gives each thread that allocates an arena of its own and keeps there
 * what it frees: the image threads grew the server by ~125 MB under uploads; read only when a process starts),
 * and NODE_ENV=production (libraries pick their production builds by it, React's server renderer among them).
 * Either is kept if already set.
 */
export const serverEnv = (env = process.env) => ({ MALLOC_ARENA_MAX: '2', NODE_ENV: 'production', ...env });
