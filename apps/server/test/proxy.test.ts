import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS, MSG } from '@fenestra/shared';
import { createTestApp, freePort, multipart, type TestApp } from './helpers.js';
import { insertPost } from './post-fixtures.js';

// docs/deploy/nginx.conf as written, in front of a forum (issue 30): only its ports, addresses and file paths are
// changed. CI installs Debian's nginx (.ci/run); on a machine without it this file is skipped outside CI.

const NGINX = '/usr/sbin/nginx';
const root = fileURLToPath(new URL('../../..', import.meta.url));
const CONF = path.join(root, 'docs/deploy/nginx.conf');
// This run's ports, free as it starts (fixed ones once met an interrupted run's nginx, with another certificate):
// HTTPS, the HTTP redirect, the IPv6 twins' stand-ins, the forum.
let HTTPS_PORT = 0;
let HTTP_PORT = 0;
let SECOND_HTTP_PORT = 0;
let SECOND_HTTPS_PORT = 0;
let APP_PORT = 0;
let ORIGIN = '';

async function choosePorts() {
  const taken = new Set<number>();
  const another = async () => {
    let port = await freePort();
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    return port;
  };
  HTTPS_PORT = await another();
  HTTP_PORT = await another();
  SECOND_HTTP_PORT = await another();
  SECOND_HTTPS_PORT = await another();
  APP_PORT = await another();
  ORIGIN = `https://127.0.0.1:${HTTPS_PORT}`;
}

/** The file with its ports, addresses and paths changed; each must be found exactly as written. */
function templated(work: string): string {
  let conf = readFileSync(CONF, 'utf8');
  const change = (from: string, to: string) => {
    expect(conf, from).toContain(from);
    conf = conf.split(from).join(to);
  };
  change('server 127.0.0.1:3000;', `server 127.0.0.1:${APP_PORT};`);
  change('listen 80;', `listen 127.0.0.1:${HTTP_PORT};`);
  change('listen [::]:80;', `listen 127.0.0.1:${SECOND_HTTP_PORT};`);
  change('listen 443 ssl http2;', `listen 127.0.0.1:${HTTPS_PORT} ssl http2;`);
  change('listen [::]:443 ssl http2;', `listen 127.0.0.1:${SECOND_HTTPS_PORT} ssl http2;`);
  change('/etc/letsencrypt/live/forum.example.com/fullchain.pem', path.join(work, 'cert.pem'));
  change('/etc/letsencrypt/live/forum.example.com/privkey.pem', path.join(work, 'key.pem'));
  change('/var/cache/nginx/fenestra', path.join(work, 'cache'));
  return conf;
}

/** nginx's own top-level file for the test (the part a Debian install already has), including the site's file. */
function mainConf(work: string, site: string): string {
  const temp = (name: string) => path.join(work, 'temp', name);
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(temp(name), { recursive: true });
  return [
    process.getuid?.() === 0 ? 'user root;' : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(work, 'nginx.pid')};`,
    `error_log ${path.join(work, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${temp('body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${site};`,
    '}',
    '',
  ].join('\n');
}

/**
 * Resolves once nginx has written its pid file, which it does after binding its ports (an event, watched: no
 * polling); fails at once if it exits first, with what it said.
 */
function untilStarted(pidFile: string, nginx: ChildProcess, log: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(path.dirname(pidFile), () => {
      if (existsSync(pidFile)) settle();
    });
    const exited = () => settle(new Error(`nginx exited: ${log()}`));
    function settle(error?: Error) {
      watcher.close();
      nginx.off('exit', exited);
      if (error) reject(error);
      else resolve();
    }
    nginx.once('exit', exited);
    if (existsSync(pidFile)) settle();
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe.skipIf(!existsSync(NGINX) && !process.env.CI)('docs/deploy/nginx.conf in front of the forum', () => {
  let work: string;
  let t: TestApp;
  let nginx: ChildProcess;
  let ca: Buffer;

  /** One request through nginx over TLS, from a loopback address of the test's choosing (a client's own). */
  const send = (
    method: string,
    url: string,
    opts: { from?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const request = https.request(
        `${ORIGIN}${url}`,
        { method, ca, localAddress: opts.from ?? '127.0.0.4', headers: { origin: ORIGIN, ...opts.headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
          );
        },
      );
      request.on('error', reject);
      request.end(opts.body);
    });
  const json = (body: unknown) => ({
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  beforeAll(async () => {
    await choosePorts();
    work = mkdtempSync(path.join(tmpdir(), 'fenestra-nginx-'));
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(work, 'key.pem'),
      '-out',
      path.join(work, 'cert.pem'),
    ]);
    expect(made.status, made.stderr?.toString()).toBe(0);
    ca = readFileSync(path.join(work, 'cert.pem'));
    t = await createTestApp({ TRUST_PROXY: '1', PUBLIC_URL: ORIGIN, RATE_LIMIT_AUTH: '3' });
    await t.app.listen({ port: APP_PORT, host: '127.0.0.1' });
    writeFileSync(path.join(work, 'fenestra.conf'), templated(work));
    writeFileSync(path.join(work, 'nginx.conf'), mainConf(work, path.join(work, 'fenestra.conf')));
    let log = '';
    nginx = spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stderr!.on('data', (d) => (log += d));
    await untilStarted(
      path.join(work, 'nginx.pid'),
      nginx,
      () => log + (existsSync(path.join(work, 'error.log')) ? readFileSync(path.join(work, 'error.log'), 'utf8') : ''),
    );
  }, 60_000);
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('redirects plain HTTP to HTTPS', async () => {
    const res = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const request = net.connect(HTTP_PORT, '127.0.0.1', () =>
        request.end('GET /questions HTTP/1.1\r\nHost: forum.example.com\r\nConnection: close\r\n\r\n'),
      );
      let raw = '';
      request.on('data', (d) => (raw += d));
      request.on('end', () =>
        resolve({ status: Number(raw.split(' ')[1]), location: /\r\nLocation: (\S+)/i.exec(raw)?.[1] }),
      );
      request.on('error', reject);
    });
    expect(res).toEqual({ status: 301, location: 'https://forum.example.com/questions' });
  });

  it('signs in, takes the largest video allowed, and passes a reply on live at once', async () => {
    const signUp = await send(
      'POST',
      '/api/account/sign-up',
      json({ email: 'proxy@example.com', password: 'Correct-Horse9' }),
    );
    expect(signUp.status, signUp.body).toBe(200);
    const signIn = await send(
      'POST',
      '/api/account/sign-in',
      json({ email: 'proxy@example.com', password: 'Correct-Horse9' }),
    );
    expect(signIn.status).toBe(200);
    const cookie = ([signIn.headers['set-cookie']].flat() as string[]).map((c) => c.split(';')[0]).join('; ');
    const me = JSON.parse((await send('GET', '/api/me', { headers: { cookie } })).body).me;
    expect(me.email).toBe('proxy@example.com');

    // The 2-second clip, padded with an MP4 'free' box to exactly the largest size a video may have.
    const clip = readFileSync(fileURLToPath(new URL('./fixtures/clip-2s.mp4', import.meta.url)));
    const pad = Buffer.alloc(LIMITS.video.maxBytes - clip.length);
    pad.writeUInt32BE(pad.length, 0);
    pad.write('free', 4, 'latin1');
    const video = Buffer.concat([clip, pad]);
    expect(video.length).toBe(LIMITS.video.maxBytes);
    const form = await multipart([['video', video, 'largest.mp4']]);
    const upload = await send('POST', '/api/uploads/video', {
      headers: { cookie, 'content-type': form.contentType },
      body: form.payload,
    });
    expect(upload.status, upload.body).toBe(200);
    expect(JSON.parse(upload.body).file.fileSize).toBe(LIMITS.video.maxBytes);

    // A visitor's live stream through the proxy, watching a question; a reply posted through the proxy reaches it.
    const postId = await insertPost(t, { status: 'open' });
    const heard = new Promise<string>((resolve, reject) => {
      const request = https.get(
        `${ORIGIN}/api/events?posts=${postId}`,
        { ca, localAddress: '127.0.0.5', headers: { accept: 'text/event-stream' } },
        (res) => {
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            buffer += chunk;
            if (buffer.includes('event: stream.ready')) streamReady();
            const created = /event: reply\.created\ndata: (.*)\n/.exec(buffer);
            if (created) {
              resolve(created[1]!);
              request.destroy();
            }
          });
        },
      );
      request.on('error', reject);
    });
    let streamReady!: () => void;
    await new Promise<void>((resolve) => (streamReady = resolve));
    const reply = await send('POST', `/api/posts/${postId}/replies`, {
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Through the proxy: the keeper plate is cracked.' }),
    });
    expect(reply.status, reply.body).toBe(201);
    // A proxy that buffered the stream would hold this small event back until the test's timeout.
    const payload = await heard;
    expect(JSON.parse(payload)).toMatchObject({ postId, replyId: JSON.parse(reply.body).id });
  });

  it('keeps the rate limit per client address, not per proxy, whatever X-Forwarded-For a client sends', async () => {
    const attempt = (from: string, spoof: string) =>
      send('POST', '/api/account/sign-in', {
        from,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': spoof },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-Guess1' }),
      });
    for (let i = 0; i < 3; i++) expect((await attempt('127.0.0.2', `198.51.100.${i}`)).status).toBe(401);
    const limited = await attempt('127.0.0.2', '198.51.100.77');
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body).message).toBe(MSG.tooManyRequests);
    // Another client behind the same proxy is not held back.
    expect((await attempt('127.0.0.3', '198.51.100.1')).status).toBe(401);
  });
});
