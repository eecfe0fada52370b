// Runs the embedded server for a data folder in a process of its own, as `npm start` would, so a test
// can join it, stop it under the joined process, or freeze it. Prints 'ready' once the server answers.
import { startEmbedded } from '../src/db/embedded.js';

const dataDir = process.argv[2]!;
const quiet = { info: () => {}, warn: () => {} };
const cluster = await startEmbedded(dataDir, quiet, { join: false });
process.removeAllListeners('SIGTERM');
process.on('SIGTERM', () => {
  void cluster.stop().then(() => process.exit(0));
});
process.stdout.write('ready\n');
setInterval(() => {}, 60_000);
