import http from 'node:http';
import sharp from 'sharp';
import { E2E_LINK_PAGES_PORT } from './env';

export const LINK_PAGES_ORIGIN = `http://127.0.0.1:${E2E_LINK_PAGES_PORT}`;

/** A parts page on loopback with Open Graph tags and a picture, for the server's link preview fetcher. */
export async function startLinkPages(): Promise<{ close(): Promise<void> }> {
  const picture = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#2f6f4f' } })
    .jpeg()
    .toBuffer();
  const server = http.createServer((req, res) => {
    if (req.url === '/hinge.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(picture);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Parts</title>
      <meta property="og:title" content="Stainless friction hinge, 12 inch">
      <meta property="og:description" content="A 4-hole friction stay for casement windows, sold in pairs.">
      <meta property="og:image" content="/hinge.jpg"></head><body>Parts</body></html>`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(E2E_LINK_PAGES_PORT, '127.0.0.1', resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
