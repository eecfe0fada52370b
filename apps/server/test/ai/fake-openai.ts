import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  path: string;
  body: Record<string, unknown>;
}
/**
 * What the fake answers a request with: JSON, or `raw` text (an HTML error page) with its own headers;
 * 'hang' never answers (a timeout); a promise answers when it settles (a slow server).
 */
export type FakeReply =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { status: number; raw: string; headers?: Record<string, string> }
  | 'hang';
export type FakeAnswer = FakeReply | Promise<FakeReply>;

/** A local stand-in for an OpenAI-compatible API: each request is recorded and answered by `answer`. */
export async function fakeOpenAi(answer: (req: FakeRequest) => FakeAnswer) {
  const requests: FakeRequest[] = [];
  const hanging = new Set<IncomingMessage>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
    const request = { path: req.url ?? '', body };
    requests.push(request);
    hanging.add(req);
    const reply = await answer(request);
    if (reply === 'hang') return;
    hanging.delete(req);
    if ('raw' in reply) {
      res.writeHead(reply.status, { 'content-type': 'text/html', ...reply.headers });
      res.end(reply.raw);
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      for (const req of hanging) req.socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A chat completion whose message is this text. */
export const completion = (content: string) => ({
  status: 200,
  body: {
    id: 'c1',
    object: 'chat.completion',
    created: 0,
    model: 'fake-vision',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
  },
});

export const embeddings = (vectors: number[][]) => ({
  status: 200,
  body: {
    object: 'list',
    model: 'fake-embed',
    data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
  },
});

export const apiError = (status: number, message: string, code: string | null = null) => ({
  status,
  body: { error: { message, type: 'invalid_request_error', code } },
});

/** A chat completion as Ollama's OpenAI-compatible endpoint answers one: the JSON in a code fence, its fingerprint. */
export const ollamaCompletion = (content: object) => ({
  status: 200,
  body: {
    id: 'chatcmpl-417',
    object: 'chat.completion',
    created: 1764200000,
    model: 'llava:7b',
    system_fingerprint: 'fp_ollama',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: `\`\`\`json\n${JSON.stringify(content, null, 2)}\n\`\`\`` },
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 612, completion_tokens: 96, total_tokens: 708 },
  },
});

/** Ollama's embeddings answer (nomic-embed-text). */
export const ollamaEmbeddings = (vectors: number[][]) => ({
  status: 200,
  body: {
    object: 'list',
    data: vectors.map((embedding, index) => ({ object: 'embedding', embedding, index })),
    model: 'nomic-embed-text',
    usage: { prompt_tokens: 4, total_tokens: 4 },
  },
});
