import { describe, it, expect } from 'vitest';
import path from 'node:path';
import { ConfigError, loadConfig } from './env.js';

const errorOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  return null;
};

describe('configuration', () => {
  it('starts with nothing set: a local forum on port 3000 with demo content', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      env: 'production',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
      trustProxy: false,
      smtpUrl: undefined,
      mailFrom: 'Fenestra <no-reply@fenestra.local>',
      google: null,
      authSecret: undefined,
      seed: 'demo',
      videoGuidesUrl: '/resources/videos',
      webDist: expect.stringMatching(/apps\/web\/dist$/),
      logLevel: 'info',
      runWorker: true,
      searchCache: true,
      drawPagesAhead: true,
      storage: { kind: 'local' },
      mediaUrl: null,
      linkPreviewAllow: new Set(),
      rateLimit: { auth: 10, uploads: 30, posts: 10, replies: 10, previews: 20, overrides: 20, windowSeconds: 60 },
      ai: { provider: 'local', openai: null, timeoutSeconds: 120, concurrency: 1, similarVectors: true },
      sitemapPageSize: 50_000,
      push: { vapid: { publicKey: undefined, privateKey: undefined, subject: undefined }, endpointAllow: new Set() },
      community: { autoApproveTrusted: false, requireEmailVerification: false },
      siteSettingsFromEnv: {},
      metricsToken: null,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: '8080',
      HOST: '0.0.0.0',
      TRUST_PROXY: '1',
      DATA_DIR: '/srv/fenestra',
      DATABASE_URL: 'postgres://forum:pw@db.internal:5432/fenestra',
      PUBLIC_URL: 'https://forum.example.com/',
      SMTP_URL: 'smtp://relay.example.com:587',
      MAIL_FROM: 'Forum <forum@example.com>',
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'client-secret',
      GOOGLE_ISSUER: 'https://issuer.example.com/',
      AUTH_SECRET: 'x'.repeat(32),
      SEED: 'none',
      VIDEO_GUIDES_URL: 'https://videos.example.com/guides',
      WEB_DIST: '/srv/web',
      LOG_LEVEL: 'warn',
      RUN_WORKER: 'false',
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_REGION: 'eu-west-3',
      S3_BUCKET: 'fenestra-files',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'key-secret',
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_URL: 'https://cdn.example.com/files/',
      LINK_PREVIEW_ALLOW: 'pages.test:8080, 127.0.0.1:9000',
      RATE_LIMIT_AUTH: '5',
      RATE_LIMIT_UPLOADS: '6',
      RATE_LIMIT_POSTS: '7',
      RATE_LIMIT_REPLIES: '9',
      RATE_LIMIT_PREVIEWS: '8',
      RATE_LIMIT_OVERRIDES: '4',
      RATE_LIMIT_WINDOW_SECONDS: '120',
      AI_PROVIDER: 'openai',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_API_KEY: 'sk-test',
      AI_VISION_MODEL: 'llava',
      AI_EMBED_MODEL: 'nomic-embed-text',
      AI_TIMEOUT_SECONDS: '20',
      AI_CONCURRENCY: '2',
      AI_LOCAL_TIMEOUT_SECONDS: '90',
      SIMILAR_VECTORS: 'false',
      SEARCH_CACHE: 'false',
      DRAW_PAGES_AHEAD: 'false',
      SITEMAP_PAGE_SIZE: '1000',
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'k'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@example.com',
      PUSH_ENDPOINT_ALLOW: '127.0.0.1:5710',
      AUTO_APPROVE_TRUSTED: 'true',
      REQUIRE_EMAIL_VERIFICATION: '1',
      METRICS_TOKEN: 'm'.repeat(16),
      SITE_NAME: 'Window Clinic',
      SITE_DESCRIPTION: 'Parts for old windows.',
      ACCENT_COLOR: '#2563eb',
    });
    expect(config).toEqual({
      env: 'development',
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/fenestra',
      databaseUrl: 'postgres://forum:pw@db.internal:5432/fenestra',
      publicUrl: 'https://forum.example.com',
      allowedOrigins: ['https://forum.example.com'],
      trustProxy: 1,
      smtpUrl: 'smtp://relay.example.com:587',
      mailFrom: 'Forum <forum@example.com>',
      google: { clientId: 'client-id', clientSecret: 'client-secret', issuer: 'https://issuer.example.com' },
      authSecret: 'x'.repeat(32),
      seed: 'none',
      videoGuidesUrl: 'https://videos.example.com/guides',
      webDist: '/srv/web',
      logLevel: 'warn',
      runWorker: false,
      searchCache: false,
      drawPagesAhead: false,
      storage: {
        kind: 's3',
        s3: {
          endpoint: 'http://127.0.0.1:4569',
          region: 'eu-west-3',
          bucket: 'fenestra-files',
          credentials: { accessKeyId: 'key-id', secretAccessKey: 'key-secret' },
          forcePathStyle: true,
        },
      },
      mediaUrl: 'https://cdn.example.com/files',
      linkPreviewAllow: new Set(['pages.test:8080', '127.0.0.1:9000']),
      rateLimit: { auth: 5, uploads: 6, posts: 7, replies: 9, previews: 8, overrides: 4, windowSeconds: 120 },
      ai: {
        provider: 'openai',
        openai: {
          baseUrl: 'http://127.0.0.1:11434/v1',
          apiKey: 'sk-test',
          visionModel: 'llava',
          embedModel: 'nomic-embed-text',
          timeoutMs: 20_000,
        },
        // The remote provider's limit, not the local one's.
        timeoutSeconds: 20,
        concurrency: 2,
        similarVectors: false,
      },
      sitemapPageSize: 1000,
      push: {
        vapid: { publicKey: 'B'.repeat(87), privateKey: 'k'.repeat(43), subject: 'mailto:ops@example.com' },
        endpointAllow: new Set(['127.0.0.1:5710']),
      },
      community: { autoApproveTrusted: true, requireEmailVerification: true },
      // Each RATE_LIMIT_* fixes its setting too (the settings page shows it as set by the environment).
      siteSettingsFromEnv: {
        siteName: 'Window Clinic',
        siteDescription: 'Parts for old windows.',
        accentColor: '#2563eb',
        rateLimitAuth: 5,
        rateLimitUploads: 6,
        rateLimitPosts: 7,
        rateLimitReplies: 9,
        rateLimitPreviews: 8,
        rateLimitOverrides: 4,
        rateLimitWindowSeconds: 120,
        autoApproveTrusted: true,
        requireEmailVerification: true,
      },
      metricsToken: 'm'.repeat(16),
    });
  });

  it('follows PORT in the default public address, and treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '3102' }).publicUrl).toBe('http://localhost:3102');
    expect(loadConfig({ PORT: '', SEED: '', PUBLIC_URL: '' })).toMatchObject({
      port: 3000,
      seed: 'demo',
      publicUrl: 'http://localhost:3000',
    });
  });

  it('refuses the openai provider without an endpoint, and an unknown provider', () => {
    expect(errorOf({ AI_PROVIDER: 'openai' })).toContain('AI_PROVIDER=openai needs AI_BASE_URL');
    expect(errorOf({ AI_PROVIDER: 'gpt' })).toContain('AI_PROVIDER');
  });

  it('refuses an S3 store without a bucket, half a key pair, or a media address that is not a plain http(s) one', () => {
    expect(errorOf({ STORAGE: 's3' })).toContain('S3_BUCKET: required when STORAGE=s3');
    expect(errorOf({ STORAGE: 's3', S3_BUCKET: 'b' })).toContain('S3_BUCKET');
    expect(errorOf({ STORAGE: 'gcs' })).toContain('STORAGE');
    expect(errorOf({ STORAGE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'k' })).toContain(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
    expect(errorOf({ MEDIA_URL: 'ftp://files.example.com' })).toContain('MEDIA_URL');
    expect(errorOf({ MEDIA_URL: 'https://cdn.example.com/?v=1' })).toContain('MEDIA_URL');
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'files' }).storage).toEqual({
      kind: 's3',
      s3: { endpoint: undefined, region: 'us-east-1', bucket: 'files', credentials: undefined, forcePathStyle: false },
    });
  });

  it('reads RUN_WORKER as true, false, 1 or 0', () => {
    expect(['true', '1', 'false', '0'].map((v) => loadConfig({ RUN_WORKER: v }).runWorker)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it.each([
    ['NODE_ENV', 'staging'],
    ['PORT', '70000'],
    ['PORT', 'eighty'],
    ['PORT', '-1'],
    ['DATABASE_URL', 'not a url'],
    ['PUBLIC_URL', 'forum.example.com'],
    ['SMTP_URL', 'relay'],
    ['GOOGLE_ISSUER', 'accounts'],
    ['AUTH_SECRET', 'too-short'],
    ['SEED', 'lots'],
    ['LOG_LEVEL', 'loud'],
    ['RUN_WORKER', 'yes'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.1/99'],
    ['LINK_PREVIEW_ALLOW', 'pages.test'],
    ['LINK_PREVIEW_ALLOW', 'pages.test:99999'],
    ['RATE_LIMIT_AUTH', '0'],
    ['RATE_LIMIT_UPLOADS', '2.5'],
    ['RATE_LIMIT_POSTS', 'many'],
    ['RATE_LIMIT_PREVIEWS', '0'],
    ['RATE_LIMIT_REPLIES', '-1'],
    ['RATE_LIMIT_WINDOW_SECONDS', '-60'],
  ])('refuses %s=%s and names it', (name, value) => {
    expect(errorOf({ [name]: value })).toMatch(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('names every bad variable at once', () => {
    const message = errorOf({ PORT: 'x', SEED: 'y' });
    expect(message).toContain('  PORT: ');
    expect(message).toContain('  SEED: ');
  });

  it('wants the Google id and secret together', () => {
    const expected = 'Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together';
    expect(errorOf({ GOOGLE_CLIENT_ID: 'id' })).toBe(expected);
    expect(errorOf({ GOOGLE_CLIENT_SECRET: 'secret' })).toBe(expected);
  });
});
