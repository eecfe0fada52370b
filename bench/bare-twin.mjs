// The bench's bare server (bench/run.ts): a Fastify answering /bare/<i> with the i-th recorded answer's bytes and
// headers from memory, in a process of its own started as the forum's is, so the two are compared alike.
// Reads the answers from the JSON file named by its argument; prints its port when it listens.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const copies = JSON.parse(readFileSync(process.argv[2], 'utf8')).map((c) => ({
  headers: c.headers,
  body: Buffer.from(c.body, 'base64'),
}));
const bare = Fastify({ logger: false });
copies.forEach((copy, i) => bare.get(`/bare/${i}`, (_request, reply) => reply.headers(copy.headers).send(copy.body)));
await bare.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: bare.server.address().port }));
// Ends with the bench (its IPC channel closes).
process.on('disconnect', () => process.exit(0));
// Stopped by the bench: exiting (not killed by the signal) writes a --cpu-prof profile.
process.on('SIGTERM', () => process.exit(0));
