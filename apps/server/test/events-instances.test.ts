import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { insertMember, createTestApp, freePort, freshDatabase, ORIGIN, type TestApp } from './helpers.js';
import { insertPost, post } from './post-fixtures.js';
import { EventStream } from './event-stream.js';
import { DatabaseLink } from './database-link.js';
import { startS3 } from './s3-server.js';
import sharp from 'sharp';
import { SERVER_NODE_ARGS } from '../../../scripts/server-process.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const TEXT = 'The keeper plate is cracked: replace it before the latch.';

const listen = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
};

/**
 * A second API instance in its own process, on the same database, compiled as `npm start` runs it (global-setup.ts
 * builds it); resolves once it says it is ready.
 */
async function startInstance(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fenestra-instance-'));
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED: 'none',
      LOG_LEVEL: 'warn',
      RUN_WORKER: 'false',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      output += d;
      if (output.includes('Fenestra is ready')) resolve(`http://127.0.0.1:${port}`);
    });
    child.stderr!.on('data', (d) => (output += d));
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}: ${output}`)));
  });
  return { child, url, dataDir };
}

// Files on each instance's own disk, and in one S3 bucket (s3rver) as a fleet keeps them.
describe.each(['local', 's3'] as const)('two API instances on one PostgreSQL, STORAGE=%s', (storage) => {
  let t: TestApp;
  let base: string;
  let other: Awaited<ReturnType<typeof startInstance>>;
  let otherUrl: string;
  let s3: Awaited<ReturnType<typeof startS3>> | null = null;

  beforeAll(async () => {
    const databaseUrl = await freshDatabase();
    s3 = storage === 's3' ? await startS3() : null;
    t = await createTestApp({ DATABASE_URL: databaseUrl, ...s3?.env });
    base = await listen(t);
    // The same secret and public address, as instances behind one load balancer have.
    other = await startInstance({
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: t.config.authSecret!,
      PUBLIC_URL: ORIGIN,
      ...s3?.env,
    });
    otherUrl = other.url;
  }, 60_000);
  afterAll(async () => {
    if (other?.child.exitCode === null) {
      other.child.kill('SIGTERM');
      await new Promise((r) => other.child.once('exit', r));
    }
    if (other) rmSync(other.dataDir, { recursive: true, force: true });
    await t?.close();
    await s3?.close();
  });

  it.runIf(storage === 's3')('serves a photo uploaded through one instance from the other', async () => {
    const author = await insertMember(t);
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#8a5a2b' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(photo)]), 'latch.png');
    const res = await fetch(`${base}/api/uploads/images`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: author.cookie },
      body: form,
    });
    expect(res.status).toBe(200);
    const [file] = ((await res.json()) as { files: { publicUrl: string }[] }).files;
    const served = await fetch(`${otherUrl}${file!.publicUrl}`);
    expect(served.status).toBe(200);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 32,
      height: 24,
    });
  });

  it('delivers a reply posted through one instance to a stream held by the other', async () => {
    const author = await insertMember(t);
    const postId = await insertPost(t, { userId: author.me.id });
    const stream = await EventStream.open(base);
    // The tab says what it shows through the other instance: the bus carries it to the stream's holder.
    const watched = await fetch(`${otherUrl}/api/events/${stream.streamId}/posts`, {
      method: 'PUT',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ postIds: [postId] }),
    });
    expect(watched.status).toBe(204);
    // A post change through this instance proves the watch arrived before the reply is sent.
    await post(t, `/api/posts/${postId}/like`, author.cookie);
    await stream.next('post.changed');

    const res = await fetch(`${otherUrl}/api/posts/${postId}/replies`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: author.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: TEXT }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string };
    expect(await stream.next('reply.created')).toEqual({ postId, replyId: created.id });
    stream.close();
  });
});

describe('the LISTEN connection', () => {
  let link: DatabaseLink;
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const proxied = await DatabaseLink.to(await freshDatabase());
    link = proxied.link;
    t = await createTestApp({ DATABASE_URL: proxied.url }, { listenerRetryMs: { first: 20, max: 200 } });
    base = await listen(t);
  });
  afterAll(async () => {
    if (!link.isOpen) await link.open();
    await t?.close();
    await link.cut();
  });

  it('reconnects after it is cut, tells clients to refetch, and events flow again', async () => {
    const author = await insertMember(t);
    const postId = await insertPost(t, { userId: author.me.id });
    const stream = await EventStream.open(base, { posts: [postId] });

    await link.cut();
    await link.open();
    await stream.next('stream.refetch');

    const created = await post(t, `/api/posts/${postId}/replies`, author.cookie, { content: TEXT });
    expect(created.statusCode).toBe(201);
    expect(await stream.next('reply.created')).toEqual({ postId, replyId: created.json().id });
    stream.close();
  });
});
