import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders, LiveUpdates } from './app/providers';
import type { Me } from '@fenestra/shared';
import { AppRoutes, NOT_FOUND_PATH, drawnParts } from './app/router';
import { asQueryData, seedQueries, serverReads, type ServerData, type ServerRead } from './app/server-data';
import { createQueryClient } from './lib/query-client';

// The server's renderer (built by `vite build --ssr` into dist-ssr/, loaded by the server's plugins/spa.ts): the same
// components as the browser, rendered with the API's answers already in the query cache (docs/decisions/013).

export { serverReads, type ServerRead };

export interface Rendered {
  /** What goes inside <div id="root">. */
  html: string;
  /** The queries' data, JSON for <script type="application/json" id="fenestra-data"> (never executed). */
  state: string;
}

/** Escapes '<' so no text in the data can end the <script> element that carries it. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

/** Renders `url` (path and query) from the answers of its `serverReads`, given in the same order. */
export async function render(
  url: string,
  reads: readonly ServerRead[],
  answers: readonly unknown[],
): Promise<Rendered> {
  // Every lazy part the page shows is loaded first, so it renders in one pass: the HTML is whole, with no Suspense
  // boundary left to fill in by script (the CSP runs no inline script). The browser loads the same ones (drawnParts)
  // before it hydrates; LiveUpdates (outside the router, it draws nothing) after.
  const data: ServerData[] = reads.map((read, i) => ({ key: read.key, data: asQueryData(read, answers[i]) }));
  const me = (data[reads.findIndex((read) => read.as === 'me')]?.data ?? null) as Me | null;
  await Promise.all([LiveUpdates, ...drawnParts(url.split('?')[0]!, me)].map((part) => part.preload()));
  const client = createQueryClient();
  seedQueries(client, data);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders queryClient={client}>
        <StaticRouter location={url}>
          <AppRoutes drawnAt={url === NOT_FOUND_PATH ? NOT_FOUND_PATH : undefined} />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // One pass, inline: React would otherwise send a large part (the list) after the rest, put in place by an inline
    // script, which the CSP refuses.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  // A part that failed would be left for the browser to draw: the server answers with the plain shell instead.
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  let html = '';
  for await (const chunk of prelude)
    html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  client.clear();
  return { html, state: scriptSafe(JSON.stringify(data)) };
}
