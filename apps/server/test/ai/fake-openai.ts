import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest { path: string; body: Record<string, unknown> }
/** What the fake answers a request with; 'hang' never answers (a timeout). */
export type FakeAnswer = { status: number; body: unknown } | 'hang';

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
    const reply = answer(request);
    if (reply === 'hang') {
      hanging.add(req);
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json' });
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
  body: { id: 'c1', object: 'chat.completion', created: 0, model: 'fake-vision', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] },
});

export const embeddings = (vectors: number[][]) => ({
  status: 200,
  body: { object: 'list', model: 'fake-embed', data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })) },
});

export const apiError = (status: number, message: string, code: string | null = null) =>
  ({ status, body: { error: { message, type: 'invalid_request_error', code } } });
