import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import {
  DEFAULT_PUSH_PREFERENCES,
  MSG,
  NOTIFICATION_TEXT,
  PUSH_PREFERENCE_KEYS,
  type PushPayload,
  type PushSettings,
} from '@fenestra/shared';
import { insertMember, createTestApp, ORIGIN, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';
import { createPushSender } from '../src/adapters/push/push-sender.js';

// web-push-testing: a push service for tests (it keeps each subscription's keys and decrypts what it is sent).
interface PushApiModel {
  notifyUrl: string;
  subscribe(options: { applicationServerKey: string }): Promise<{
    endpoint: string;
    keys: { p256dh: string; auth: string };
    clientHash: string;
  }>;
  expireSubscription(clientHash: string): void;
  getNotifications(body: { clientHash: string }): { messages: string[] };
}
const require = createRequire(import.meta.url);
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => PushApiModel };
const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
  model: PushApiModel,
  port: number,
) => { _app: http.RequestListener; setRequestHandlers(): void };

const tls = (name: string) => readFileSync(new URL(`./fixtures/push-tls/${name}`, import.meta.url));
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const REPLY = 'The balance spring is the spiral kind: measure the tube and count the turns.';

const listen = (server: http.Server | https.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

describe('web push', () => {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@example.com' };
  const model = new PushApiModel();
  const pushService = new WebPushTestingServer(model, 0);
  pushService.setRequestHandlers();
  // The same push service three ways: plain http (allow-listed, as the browser suite's), https with a certificate from
  // the tests' own authority (NODE_EXTRA_CA_CERTS, set by global-setup), and https with a certificate nobody vouches for.
  const servers = [
    http.createServer(pushService._app),
    https.createServer({ key: tls('push.key'), cert: tls('push.pem') }, pushService._app),
    https.createServer({ key: tls('untrusted.key'), cert: tls('untrusted.pem') }, pushService._app),
  ];
  let plainPort: number;
  let trustedPort: number;
  let untrustedPort: number;
  let t: TestApp;

  beforeAll(async () => {
    [plainPort, trustedPort, untrustedPort] = (await Promise.all(servers.map(listen))) as [number, number, number];
    const allow = `localhost:${plainPort},localhost:${trustedPort},localhost:${untrustedPort}`;
    t = await createTestApp(
      { PUSH_ENDPOINT_ALLOW: allow },
      {
        pushSender: createPushSender({
          vapid,
          allow: new Set(allow.split(',')),
          // 'localhost' is the push service; 'inside.example' a public-looking name that points at the server's own network.
          resolve: async (host) => (host === 'localhost' || host === 'inside.example' ? ['127.0.0.1'] : []),
        }),
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  const settingsOf = async (cookie: string) => (await get(t, '/api/settings/push', cookie)).json() as PushSettings;
  /** A browser subscribes at the push service (as PushManager.subscribe does) and hands it to our API. */
  const subscribe = async (cookie: string, scheme: 'http' | 'https' = 'http', port = plainPort) => {
    model.notifyUrl = `${scheme}://localhost:${port}/notify/`;
    const subscription = await model.subscribe({ applicationServerKey: vapid.publicKey });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings/push/devices',
      headers: { origin: ORIGIN, cookie, 'user-agent': CHROME_ANDROID },
      payload: { endpoint: subscription.endpoint, keys: subscription.keys },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...subscription, deviceId: res.json().id as string };
  };
  const pushesTo = (clientHash: string) =>
    model.getNotifications({ clientHash }).messages.map((m) => JSON.parse(m) as PushPayload);
  const runPushJobs = async () => {
    const fanOut = await t.app.services.jobs.runDue('notification-push');
    const sent = await t.app.services.jobs.runDue('push-to-device');
    return { completed: fanOut.completed + sent.completed, failed: fanOut.failed + sent.failed };
  };
  // A new member's first replies wait for review (issue 26): the writers here are trusted.
  const trusted = async (member: Awaited<ReturnType<typeof insertMember>>) => {
    await sqlQuery(t, 'UPDATE profiles SET trust_level = 1 WHERE id = $1', [member.me.id]);
    return member;
  };
  const reply = async (postId: string, cookie: string, content = REPLY) => {
    const res = await post(t, `/api/posts/${postId}/replies`, cookie, { content });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  it('settings: the key, no devices and every kind on; members only', async () => {
    expect((await get(t, '/api/settings/push')).statusCode).toBe(401);
    const member = await insertMember(t);
    expect(await settingsOf(member.cookie)).toEqual({
      publicKey: vapid.publicKey,
      devices: [],
      preferences: DEFAULT_PUSH_PREFERENCES,
    });
    expect(Object.keys(DEFAULT_PUSH_PREFERENCES)).toEqual([...PUSH_PREFERENCE_KEYS]);
  });

  it('refuses endpoints that are not https or name a private address, and keys that are not keys', async () => {
    const member = await insertMember(t);
    const keys = { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) };
    const send = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/settings/push/devices',
        headers: { origin: ORIGIN, cookie: member.cookie },
        payload,
      });
    for (const endpoint of [
      'http://push.example.com/x',
      'https://10.0.0.8/x',
      'https://[::1]/x',
      'ftp://push.example.com/x',
    ]) {
      const res = await send({ endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message).toBe(MSG.pushEndpointRefused);
    }
    expect((await send({ endpoint: 'not an address', keys })).json().message).toBe(MSG.pushEndpointInvalid);
    expect(
      (await send({ endpoint: 'https://push.example.com/x', keys: { p256dh: 'x', auth: 'y' } })).json().message,
    ).toBe(MSG.pushKeysInvalid);
    expect((await settingsOf(member.cookie)).devices).toEqual([]);
  });

  it('a reply is pushed, encrypted for the device: title, the first 120 characters, the link to the reply', async () => {
    const [author, writer] = await Promise.all([
      insertMember(t),
      insertMember(t, { username: 'pushy-writer' }).then(trusted),
    ]);
    const device = await subscribe(author.cookie);
    // The same browser subscribing again (new keys) updates its one device.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/settings/push/devices',
      headers: { origin: ORIGIN, cookie: author.cookie, 'user-agent': CHROME_ANDROID },
      payload: { endpoint: device.endpoint, keys: device.keys },
    });
    expect(again.json().id).toBe(device.deviceId);
    const settings = await settingsOf(author.cookie);
    expect(settings.devices.map((d) => [d.id, d.device, d.endpoint])).toEqual([
      [device.deviceId, 'Chrome on Android', device.endpoint],
    ]);
    const title = `A very long title about a casement window operator that will not close all the way ${'!'.repeat(40)}`;
    const postId = await insertPost(t, { userId: author.me.id, title });
    const replyId = await reply(postId, writer.cookie);

    expect(await runPushJobs()).toEqual({ completed: 2, failed: 0 });
    const message = NOTIFICATION_TEXT.new_reply('pushy-writer', title);
    expect(message.length).toBeGreaterThan(120);
    expect(pushesTo(device.clientHash)).toEqual([
      {
        title: 'New reply to your post',
        body: `${message.slice(0, 117).trimEnd()}...`,
        url: `${ORIGIN}/post/${postId}#reply-${replyId}`,
        tag: expect.any(String),
      },
    ]);
    expect(pushesTo(device.clientHash)[0]!.body.length).toBeLessThanOrEqual(120);
    // The writer is told nothing, and a job run twice sends nothing new.
    expect(await runPushJobs()).toEqual({ completed: 0, failed: 0 });
  });

  it('per kind: a kind turned off is not pushed (its email preference aside), the others are', async () => {
    const [author, writer] = await Promise.all([
      insertMember(t),
      insertMember(t, { username: 'kind-writer' }).then(trusted),
    ]);
    const device = await subscribe(author.cookie);
    const off = { ...DEFAULT_PUSH_PREFERENCES, replies: false };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/push/preferences',
      headers: { origin: ORIGIN, cookie: author.cookie },
      payload: off,
    });
    expect(res.json()).toEqual(off);
    expect((await settingsOf(author.cookie)).preferences).toEqual(off);
    const postId = await insertPost(t, { userId: author.me.id });
    await reply(postId, writer.cookie);
    await runPushJobs();
    expect(pushesTo(device.clientHash)).toEqual([]);

    // A mention is another kind: still pushed.
    const other = await insertPost(t, { userId: writer.me.id });
    await reply(other, writer.cookie, `@${author.me.username} this one looks like yours, is it the same hinge?`);
    await runPushJobs();
    expect(pushesTo(device.clientHash).map((p) => p.title)).toEqual(['You were mentioned']);
  });

  it('a subscription the push service reports gone (410) is removed; a member removes a device, not another’s', async () => {
    const [author, writer, stranger] = await Promise.all([
      insertMember(t),
      insertMember(t).then(trusted),
      insertMember(t),
    ]);
    const gone = await subscribe(author.cookie);
    const kept = await subscribe(author.cookie);
    model.expireSubscription(gone.clientHash);
    await reply(await insertPost(t, { userId: author.me.id }), writer.cookie);
    expect(await runPushJobs()).toEqual({ completed: 3, failed: 0 });
    expect((await settingsOf(author.cookie)).devices.map((d) => d.id)).toEqual([kept.deviceId]);
    expect(pushesTo(kept.clientHash)).toHaveLength(1);

    const remove = (cookie: string, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/settings/push/devices/${id}`, headers: { origin: ORIGIN, cookie } });
    expect((await remove(stranger.cookie, kept.deviceId)).statusCode).toBe(404);
    expect((await remove(author.cookie, 'not-an-id')).json().message).toBe(MSG.pushDeviceNotFound);
    expect((await remove(author.cookie, kept.deviceId)).json()).toEqual({ ok: true });
    expect((await settingsOf(author.cookie)).devices).toEqual([]);
  });

  it('https: a certificate from a known authority is delivered, an unknown one is not (retried); a name that resolves inside is refused', async () => {
    const [author, writer] = await Promise.all([insertMember(t), insertMember(t).then(trusted)]);
    const known = await subscribe(author.cookie, 'https', trustedPort);
    const untrusted = await subscribe(author.cookie, 'https', untrustedPort);
    // Not allow-listed: a public-looking name, resolved at send time to 127.0.0.1. Accepted at subscribe (a name), refused at send.
    const inside = await t.app.inject({
      method: 'POST',
      url: '/api/settings/push/devices',
      headers: { origin: ORIGIN, cookie: author.cookie },
      payload: { endpoint: 'https://inside.example/notify/abc', keys: known.keys },
    });
    expect(inside.statusCode).toBe(200);
    await reply(await insertPost(t, { userId: author.me.id }), writer.cookie);
    expect(await runPushJobs()).toEqual({ completed: 3, failed: 1 });
    expect(pushesTo(known.clientHash)).toHaveLength(1);
    expect(pushesTo(untrusted.clientHash)).toEqual([]);
    const left = (await settingsOf(author.cookie)).devices.map((d) => d.id);
    expect(left.sort()).toEqual([known.deviceId, untrusted.deviceId].sort());
    const [retrying] = (
      await sqlQuery<{ state: string }>(
        t,
        "SELECT state FROM pgboss.job WHERE name = 'push-to-device' AND data->>'subscriptionId' = $1",
        [untrusted.deviceId],
      )
    ).rows;
    expect(retrying?.state).toBe('retry');
  });

  it("a banned member's devices are removed, and nothing is pushed to them", async () => {
    const [member, writer, admin] = await Promise.all([
      insertMember(t),
      insertMember(t).then(trusted),
      insertMember(t),
    ]);
    await makeStaff(t, admin.me.id, 'admin');
    const device = await subscribe(member.cookie);
    const postId = await insertPost(t, { userId: member.me.id });
    await reply(postId, writer.cookie);
    const ban = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.me.id}/ban`,
      headers: { origin: ORIGIN, cookie: admin.cookie },
      payload: { reason: 'Spam', duration: 'permanent' },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    await runPushJobs();
    expect(pushesTo(device.clientHash)).toEqual([]);
    const rows = await sqlQuery(t, 'SELECT id FROM push_subscriptions WHERE user_id = $1', [member.me.id]);
    expect(rows.rows).toEqual([]);
  });
});
