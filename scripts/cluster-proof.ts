// npm run cluster:proof: starts a fresh fleet (npm run cluster's, in a temporary folder) and proves it.
// Members sign in through the balancer, ask with photos, reply and like; live updates cross instances; a
// photo uploaded through one instance is served by the other. Then, under load, one API instance is
// killed with -9: only requests in flight on it may fail, nothing acknowledged is lost, and the survivor
// serves everything. PROOF_CLIENTS (8) members load it for PROOF_SECONDS (30); the kill comes at a third.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { EventStream } from '../apps/server/test/event-stream.js';
import { freePort, root, startCluster, type Cluster } from './cluster/cluster.js';

const CLIENTS = Number(process.env.PROOF_CLIENTS ?? 8);
const SECONDS = Number(process.env.PROOF_SECONDS ?? 30);
const PASSWORD = 'Proof-Fleet-Password-9';

interface Sample {
  at: number;
  ms: number;
  kind: string;
  status: number;
  error?: string;
}

const photo = (seed: number) =>
  sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 },
    },
  })
    .jpeg()
    .toBuffer();

function check(ok: boolean, what: string, failures: string[]) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'fenestra-fleet-'));
  // Run as root, PostgreSQL runs as `postgres`, which must reach its folder inside this one.
  chmodSync(dir, 0o755);
  const log = (line: string) => console.log(`[cluster] ${line}`);
  const cluster: Cluster = await startCluster({
    dir,
    port: Number(process.env.CLUSTER_PORT ?? (await freePort())),
    serverUrl: process.env.CLUSTER_DATABASE_URL || undefined,
    seed: 'none',
    output: 'files',
    // The proof's members all come from 127.0.0.1: the per-address limits would throttle the load itself.
    env: {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH: '100000',
      RATE_LIMIT_UPLOADS: '100000',
      RATE_LIMIT_POSTS: '100000',
      RATE_LIMIT_REPLIES: '100000',
      RATE_LIMIT_PREVIEWS: '100000',
    },
    log,
  });
  const failures: string[] = [];
  try {
    await prove(cluster, failures, dir);
  } catch (err) {
    failures.push(`the proof stopped: ${err instanceof Error ? err.stack : String(err)}`);
    console.error(err);
  } finally {
    await cluster.stop();
  }
  if (failures.length) {
    console.log(`\n${failures.length} check(s) failed; logs in ${dir}/logs`);
    process.exit(1);
  }
  rmSync(dir, { recursive: true, force: true });
}

async function prove(cluster: Cluster, failures: string[], dir: string) {
  const base = cluster.balancerUrl;
  const origin = cluster.publicUrl;
  const call = async (
    url: string,
    init: { method?: string; cookie?: string; json?: unknown; form?: FormData; at?: string } = {},
  ) => {
    const headers: Record<string, string> = { origin };
    if (init.cookie) headers.cookie = init.cookie;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${init.at ?? base}${url}`, {
      method: init.method ?? (init.json !== undefined || init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
    });
    return res;
  };
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  const uploadPhotos = async (cookie: string, seeds: number[], at?: string) => {
    const form = new FormData();
    for (const s of seeds)
      form.append('files', new Blob([new Uint8Array(await photo(s))], { type: 'image/jpeg' }), `photo-${s}.jpg`);
    const res = await call('/api/uploads/images', { cookie, form, at });
    if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { files: { id: string; publicUrl: string }[] }).files;
  };

  // An admin (as an operator makes one), then members who sign up and sign in through the balancer.
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'apps/server/src/cli/user-create.ts'),
        '--email',
        'admin@fleet.test',
        '--role',
        'admin',
      ],
      {
        cwd: root,
        env: { ...process.env, ...cluster.env, DATA_DIR: path.join(dir, 'cli'), USER_PASSWORD: PASSWORD },
        stdio: 'ignore',
      },
    );
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`user:create exited with ${code}`))));
  });
  const signIn = async (email: string) => {
    const res = await call('/api/account/sign-in', { json: { email, password: PASSWORD } });
    if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
    return cookieOf(res);
  };
  const admin = await signIn('admin@fleet.test');
  const members: { email: string; cookie: string; liked: Set<string> }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const email = `member${i}@fleet.test`;
    const up = await call('/api/account/sign-up', { json: { email, password: PASSWORD } });
    if (up.status !== 200) throw new Error(`sign-up answered ${up.status}: ${await up.text()}`);
    members.push({ email, cookie: await signIn(email), liked: new Set() });
  }
  check(members.length === CLIENTS, `${CLIENTS} members signed up and signed in through the balancer`, failures);

  // Each asks with two photos; the admin approves through the balancer.
  const postIds: string[] = [];
  const photoUrls: string[] = [];
  for (const [i, m] of members.entries()) {
    const files = await uploadPhotos(m.cookie, [i * 2, i * 2 + 1]);
    photoUrls.push(...files.map((f) => f.publicUrl));
    const asked = await call('/api/posts', {
      cookie: m.cookie,
      json: {
        topic: 'doors',
        title: `Sticking storm door latch number ${i}`,
        description: 'The latch sticks half-way and the closer slams it: which part wears out first on these doors?',
        tags: [],
        imageUploadIds: files.map((f) => f.id),
      },
    });
    if (asked.status !== 201) throw new Error(`ask answered ${asked.status}: ${await asked.text()}`);
    const { id } = (await asked.json()) as { id: string };
    const approved = await call(`/api/admin/posts/${id}/approve`, { cookie: admin, method: 'POST' });
    if (approved.status >= 300) throw new Error(`approve answered ${approved.status}: ${await approved.text()}`);
    postIds.push(id);
  }
  check(postIds.length === CLIENTS, `${CLIENTS} posts asked with 2 photos each and approved`, failures);

  // Across instances, straight to each: a photo stored through one is served by the other; a reply posted
  // through one reaches a stream held by the other.
  const api1 = cluster.member('api-1').url;
  const api2 = cluster.member('api-2').url;
  const [crossPhoto] = await uploadPhotos(members[0]!.cookie, [999], api1);
  const fromOther = await fetch(`${api2}${crossPhoto!.publicUrl}`);
  const sameBytes = Buffer.from(await fromOther.arrayBuffer()).equals(
    Buffer.from(await (await fetch(`${api1}${crossPhoto!.publicUrl}`)).arrayBuffer()),
  );
  check(
    fromOther.status === 200 && sameBytes,
    'a photo uploaded through api-1 is served, byte for byte, by api-2',
    failures,
  );
  for (const [holder, poster] of [
    [api1, api2],
    [api2, api1],
  ] as const) {
    const stream = await EventStream.open(holder, { posts: [postIds[0]!] });
    const res = await call(`/api/posts/${postIds[0]}/replies`, {
      cookie: members[1]!.cookie,
      json: { content: 'Same latch here: the spring was the culprit.' },
      at: poster,
    });
    const { id } = (await res.json()) as { id: string };
    const event = await Promise.race([
      stream.next('reply.created', (e) => e.replyId === id),
      new Promise((r) => setTimeout(() => r(null), 10_000)),
    ]);
    stream.close();
    check(
      event !== null,
      `a reply posted through ${poster === api1 ? 'api-1' : 'api-2'} arrives live on a stream held by ${holder === api1 ? 'api-1' : 'api-2'}`,
      failures,
    );
  }

  // Load: every member reads lists and posts, replies, likes and now and then asks with a photo.
  const samples: Sample[] = [];
  const replies: { postId: string; id: string }[] = [];
  const likes: { postId: string; member: number }[] = [];
  const asked: { postId: string; cookie: string; photos: string[] }[] = [];
  const start = Date.now();
  const end = start + SECONDS * 1000;
  const killAt = start + (SECONDS * 1000) / 3;
  let killedAt = 0;
  let inFlightAtKill = 0;
  let streamReconnectMs: number | null = null;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

  // Two visitors' live streams through the balancer, opened back to back (round robin: one on each
  // instance). The one whose instance dies reconnects, as a browser does, and hears replies again.
  const visitors = [await EventStream.open(base, { posts: postIds }), await EventStream.open(base, { posts: postIds })];
  let liveAfterReconnect = false;
  const visitorWatch = Promise.all(
    visitors.map(async (_, i) => {
      await Promise.race([visitors[i]!.closed, new Promise((r) => setTimeout(r, end - Date.now()))]);
      if (Date.now() >= end) return;
      const lost = Date.now();
      visitors[i] = await EventStream.open(base, { posts: postIds });
      streamReconnectMs = Date.now() - lost;
      const heard = await Promise.race([
        visitors[i]!.next('reply.created').then(() => true),
        new Promise((r) => setTimeout(() => r(false), 15_000)),
      ]);
      liveAfterReconnect = heard === true;
    }),
  );

  const timed = async (kind: string, work: () => Promise<Response>) => {
    const at = Date.now();
    try {
      const res = await work();
      samples.push({ at, ms: Date.now() - at, kind, status: res.status });
      return res;
    } catch (err) {
      samples.push({
        at,
        ms: Date.now() - at,
        kind,
        status: 0,
        error: err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err),
      });
      return null;
    }
  };
  let seq = 0;
  const client = async (n: number) => {
    const me = members[n]!;
    while (Date.now() < end) {
      const roll = Math.random();
      if (roll < 0.45) {
        const res = await timed('list', () => call('/api/posts?sort=recent', { cookie: me.cookie }));
        await res?.arrayBuffer();
      } else if (roll < 0.65) {
        const res = await timed('post', () => call(`/api/posts/${pick(postIds)}`, { cookie: me.cookie }));
        await res?.arrayBuffer();
      } else if (roll < 0.85) {
        const postId = pick(postIds);
        const res = await timed('reply', () =>
          call(`/api/posts/${postId}/replies`, {
            cookie: me.cookie,
            json: { content: `Reply ${++seq} from member ${n}: check the keeper.` },
          }),
        );
        if (res?.status === 201) replies.push({ postId, id: ((await res.json()) as { id: string }).id });
        else await res?.arrayBuffer();
      } else if (roll < 0.95) {
        const postId = postIds.find((id) => !me.liked.has(id));
        if (!postId) continue;
        me.liked.add(postId);
        const res = await timed('like', () => call(`/api/posts/${postId}/like`, { cookie: me.cookie, method: 'POST' }));
        if (res?.status === 200 && ((await res.json()) as { active: boolean }).active)
          likes.push({ postId, member: n });
      } else {
        const at = Date.now();
        try {
          const files = await uploadPhotos(me.cookie, [++seq]);
          const res = await call('/api/posts', {
            cookie: me.cookie,
            json: {
              topic: 'windows',
              title: `Fogged double glazing unit ${seq}`,
              description: 'Condensation between the panes of a sealed unit: replace the glass or the whole sash?',
              tags: [],
              imageUploadIds: files.map((f) => f.id),
            },
          });
          samples.push({ at, ms: Date.now() - at, kind: 'ask', status: res.status });
          if (res.status === 201)
            asked.push({
              postId: ((await res.json()) as { id: string }).id,
              cookie: me.cookie,
              photos: files.map((f) => f.publicUrl),
            });
        } catch (err) {
          samples.push({
            at,
            ms: Date.now() - at,
            kind: 'ask',
            status: 0,
            error: err instanceof Error ? err.message : String(err),
          });
        }
      }
    }
  };
  const killer = (async () => {
    await new Promise((r) => setTimeout(r, killAt - Date.now()));
    inFlightAtKill = cluster.balancer.stats.active['api-2']!;
    killedAt = Date.now();
    cluster.member('api-2').child.kill('SIGKILL');
  })();
  await Promise.all([...members.map((_, n) => client(n)), killer]);
  await visitorWatch;
  for (const v of visitors) v.close();
  const loadEnded = Date.now();

  // Figures.
  const failed = samples.filter((s) => s.status === 0 || s.status >= 500);
  const before = samples.filter((s) => s.at < killedAt);
  const after = samples.filter((s) => s.at >= killedAt);
  const rate = (list: Sample[], ms: number) => (list.length / (ms / 1000)).toFixed(1);
  const pct = (list: Sample[], p: number) => {
    const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  };
  const lastFailure = failed.length ? Math.max(...failed.map((s) => s.at + s.ms)) : killedAt;
  const firstSuccessAfter = after
    .filter((s) => s.status > 0 && s.status < 500)
    .map((s) => s.at + s.ms)
    .sort((a, b) => a - b)[0];
  const figures = {
    clients: CLIENTS,
    seconds: SECONDS,
    requests: samples.length,
    'req/s before kill': rate(before, killedAt - start),
    'req/s after kill': rate(after, loadEnded - killedAt),
    'p50/p99 ms before kill': `${pct(before, 50)}/${pct(before, 99)}`,
    'p50/p99 ms after kill': `${pct(after, 50)}/${pct(after, 99)}`,
    'in flight on api-2 at the kill (sampled)': inFlightAtKill,
    // What api-2 had received when it died, those accepted by its socket in the instant the kernel took to close it included.
    'requests api-2 received and never answered': cluster.balancer.stats.cut['api-2'],
    'failed requests': failed.length,
    failures: failed.map((s) => `${s.kind} ${s.status || s.error} at +${s.at - killedAt} ms`),
    'recovery (kill to last failure), ms': failed.length ? lastFailure - killedAt : 0,
    'kill to first success after it, ms': firstSuccessAfter ? firstSuccessAfter - killedAt : null,
    'balancer retries (refused, sent to api-1)': cluster.balancer.stats.retried,
    'visitor stream reconnect, ms': streamReconnectMs,
    'acknowledged replies': replies.length,
    'acknowledged likes': likes.length,
    'acknowledged asks with a photo': asked.length,
    'load average': (await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
  console.log('\nFigures:');
  for (const [k, v] of Object.entries(figures))
    console.log(`  ${k}: ${Array.isArray(v) ? (v.length ? `\n    ${v.join('\n    ')}` : 'none') : v}`);
  writeFileSync(path.join(dir, 'proof.json'), JSON.stringify(figures, null, 2));

  const cut = cluster.balancer.stats.cut['api-2']!;
  check(
    failed.length <= cut && failed.every((s) => s.at + s.ms >= killedAt),
    `only requests in flight on the killed instance failed (${failed.length} failed; it died with ${cut} unanswered, the GETs among them retried)`,
    failures,
  );
  check(
    cluster.balancer.upstreams().find((u) => u.name === 'api-2')?.up === false,
    'the balancer took the killed instance out',
    failures,
  );
  check(
    liveAfterReconnect,
    'the live stream cut by the kill reconnected through the balancer and hears replies again',
    failures,
  );

  // Nothing acknowledged is lost, and the survivor (the only instance left) serves it all.
  const seenReplies = new Set<string>();
  for (const postId of postIds) {
    let cursor: string | null = null;
    do {
      const res = await call(`/api/posts/${postId}/replies${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      const page = (await res.json()) as { replies: { id: string }[]; nextCursor: string | null };
      for (const r of page.replies) seenReplies.add(r.id);
      cursor = page.nextCursor;
    } while (cursor);
  }
  const lostReplies = replies.filter((r) => !seenReplies.has(r.id));
  check(
    lostReplies.length === 0,
    `every acknowledged reply is there (${replies.length - lostReplies.length}/${replies.length})`,
    failures,
  );
  let likesKept = 0;
  for (const like of likes) {
    const res = await call(`/api/posts/${like.postId}`, { cookie: members[like.member]!.cookie });
    if (((await res.json()) as { liked: boolean }).liked) likesKept++;
  }
  check(likesKept === likes.length, `every acknowledged like is there (${likesKept}/${likes.length})`, failures);
  let asksKept = 0;
  for (const a of asked) if ((await call(`/api/posts/${a.postId}`, { cookie: a.cookie })).status === 200) asksKept++;
  check(asksKept === asked.length, `every acknowledged ask is there (${asksKept}/${asked.length})`, failures);
  const allPhotos = [...photoUrls, ...asked.flatMap((a) => a.photos), crossPhoto!.publicUrl];
  let served = 0;
  for (const url of allPhotos) {
    const res = await fetch(`${base}${url}`);
    await res.arrayBuffer();
    if (res.status === 200) served++;
  }
  check(
    served === allPhotos.length,
    `the survivor serves every photo, those stored through the killed instance too (${served}/${allPhotos.length})`,
    failures,
  );

  // The worker ran the jobs the load asked for (notification e-mails and the like).
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const due = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
      )
    ).rows[0]!.n;
  const drainStart = Date.now();
  while ((await due()) > 0 && Date.now() - drainStart < 60_000) await new Promise((r) => setTimeout(r, 500));
  const { rows } = await db.query<{ name: string; state: string; n: number }>(
    `SELECT name, state, count(*)::int AS n FROM pgboss.job GROUP BY name, state ORDER BY name, state`,
  );
  const left = await due();
  await db.end();
  console.log(
    `  jobs ${left ? `(${left} still due 60 s after the load)` : `(all done ${((Date.now() - drainStart) / 1000).toFixed(1)} s after the load)`}: ${rows.map((r) => `${r.name} ${r.state} ${r.n}`).join(', ') || 'none'}`,
  );
  // Image detection (OCR on this machine's cores) may still be working through its queue: a backlog, not a loss.
  const names = new Set(rows.map((r) => r.name));
  const ranEveryKind = [...names].every((name) => rows.some((r) => r.name === name && r.state === 'completed'));
  check(
    ranEveryKind && !rows.some((r) => r.state === 'failed'),
    'the worker ran jobs of every kind the load asked for, and none failed',
    failures,
  );
}

await main();
