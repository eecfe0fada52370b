// Fenestra's service worker (docs/decisions/036). The build writes it to /sw.js with BUILD filled in: the build's id
// and the files of the app shell. No library: the rules below are all it does.
/* global BUILD */

const STATIC_CACHE = `fenestra-static-${BUILD.version}`;
/** What a member read (their bookmarks, the last posts they opened), kept until they sign out. */
const READER_CACHE = 'fenestra-reader';
/** Posts kept readable offline. */
const KEPT_POSTS = 20;
const SHELL = '/index.html';
const OFFLINE = '/offline.html';

// The answers a reading page needs offline. Nothing else from the API is ever kept.
const POST_READ = /^\/api\/posts\/([0-9a-f-]{36})(?:\/(?:replies|helpful-marks|similar))?$/;
const KEPT_READS = /^\/api\/(?:me|config|bookmarks)$/;
// Pages that can be drawn offline from those answers: the rest get the offline page.
const OFFLINE_PAGES = /^\/(?:post\/[0-9a-f-]{36}|bookmarks)\/?$/;
// Signing out (or deleting the account) ends the session: what it read goes with it.
const SESSION_ENDS = /^\/api\/(?:account\/sign-out|settings\/account)$/;

self.addEventListener('install', (event) => {
  // A new build takes over at once; the open page says so ('New version available') and its next navigation is the new build's.
  self.skipWaiting();
  event.waitUntil(caches.open(STATIC_CACHE).then((cache) => cache.addAll(BUILD.precache)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith('fenestra-static-') && n !== STATIC_CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== 'GET') {
    if (SESSION_ENDS.test(url.pathname)) event.respondWith(endSession(request));
    return;
  }
  if (request.mode === 'navigate') return event.respondWith(navigate(event, url));
  if (url.pathname.startsWith('/api/')) {
    const post = POST_READ.exec(url.pathname);
    if (post || KEPT_READS.test(url.pathname)) event.respondWith(readThrough(request, url, post?.[1]));
    return;
  }
  if (url.pathname.startsWith('/assets/') || BUILD.precache.includes(url.pathname))
    event.respondWith(fromBuild(request));
});

/** Hashed files never change: the build's cache first, the network for one it has not kept yet (kept then). */
async function fromBuild(request) {
  const cache = await caches.open(STATIC_CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) await cache.put(request, response.clone());
  return response;
}

/**
 * The network first; offline, the shell for a page drawn from kept answers, else the offline page. A post's page comes
 * drawn by the server with its data inside (never fetched by the page), so its answers are fetched here to be kept.
 */
async function navigate(event, url) {
  try {
    const response = await fetch(event.request);
    const post = /^\/post\/([0-9a-f-]{36})\/?$/.exec(url.pathname);
    if (response.ok && post) event.waitUntil(keepPost(post[1]).catch(() => undefined));
    return response;
  } catch (err) {
    const cache = await caches.open(STATIC_CACHE);
    const page = await cache.match(OFFLINE_PAGES.test(url.pathname) ? SHELL : OFFLINE);
    if (page) return page;
    throw err;
  }
}

/**
 * A reading answer: from the network, kept for offline reading (a post's are moved to the newest of the kept posts,
 * the oldest past KEPT_POSTS dropped); offline, the kept copy. A visitor's /api/me means nobody is signed in: nothing
 * kept is theirs.
 */
async function readThrough(request, url, postId) {
  const session = sessionsEnded;
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    const kept = await caches.match(request, { cacheName: READER_CACHE });
    if (kept) return kept;
    throw err;
  }
  // An answer read before a sign-out that ended meanwhile is not kept: it was the signed-out member's.
  if (response.ok && session === sessionsEnded) {
    const copy = response.clone();
    const keep = async () => {
      if (url.pathname === '/api/me') {
        const { me } = await copy.clone().json();
        if (!me) return caches.delete(READER_CACHE);
      }
      if (session !== sessionsEnded) return;
      const cache = await caches.open(READER_CACHE);
      if (postId && url.pathname === `/api/posts/${postId}`) await cache.delete(request);
      await cache.put(request, copy);
      if (postId) await keepNewestPosts(cache);
    };
    await keep().catch(() => undefined);
  }
  return response;
}

/** A post and its first replies, as the post page asks for them. */
function keepPost(id) {
  return Promise.all(
    [`/api/posts/${id}`, `/api/posts/${id}/replies`].map((path) => {
      const url = new URL(path, self.location.origin);
      return readThrough(new Request(url), url, id);
    }),
  );
}

/** Drops every kept answer of the posts opened before the newest KEPT_POSTS (a cache keeps insertion order). */
async function keepNewestPosts(cache) {
  const requests = await cache.keys();
  const opened = [];
  for (const request of requests) {
    const match = /^\/api\/posts\/([0-9a-f-]{36})$/.exec(new URL(request.url).pathname);
    if (match) opened.push(match[1]);
  }
  const dropped = new Set(opened.slice(0, Math.max(0, opened.length - KEPT_POSTS)));
  if (dropped.size === 0) return;
  await Promise.all(
    requests
      .filter((request) => dropped.has(POST_READ.exec(new URL(request.url).pathname)?.[1]))
      .map((request) => cache.delete(request)),
  );
}

/** Sign-outs seen: an answer fetched before one is never kept after it. */
let sessionsEnded = 0;

async function endSession(request) {
  sessionsEnded++;
  const response = await fetch(request);
  if (response.ok) {
    sessionsEnded++;
    await caches.delete(READER_CACHE);
  }
  return response;
}

// Push (issue 29): the payload is the notification's title, first 120 characters and link (PushPayload).
self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data.json();
  } catch {
    return;
  }
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { url: payload.url },
    }),
  );
});

// A click opens the post at the reply.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPushTarget(event.notification.data?.url ?? '/'));
});

/** In a window of ours already open (focused, and sent there), else a new one; never another site's address. */
async function openPushTarget(url) {
  const target = new URL(url, self.location.origin);
  if (target.origin !== self.location.origin) return null;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(target.href);
  // Focusing needs the click's user activation; without it (or refused) the window is still sent there.
  const focused = await open.focus().catch(() => open);
  return focused.navigate(target.href);
}
