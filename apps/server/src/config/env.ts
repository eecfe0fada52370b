import { z } from 'zod';
import path from 'node:path';
import { defaultWebDist } from '../paths.js';
import { parseAllowList } from './allow-list.js';
import { isIP } from 'node:net';
import { editableSiteSettingsSchema, SITE_SETTINGS, type SiteSettings } from '@fenestra/shared';

// A proxy's address, a CIDR range, or one of proxy-addr's names for ranges.
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length || !address || !isIP(address)) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128));
};
// Unset: no proxy is trusted and X-Forwarded-For is ignored. A number: that many hops. Otherwise a list of addresses.
const trustProxy = z.string().transform((value, ctx): number | string[] => {
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every(isProxyAddress)) {
    ctx.addIssue({ code: 'custom', message: 'a hop count or a comma-separated list of IP addresses or CIDR ranges' });
    return z.NEVER;
  }
  return entries;
});

const boolish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The sender when MAIL_FROM is not set: its name is then the site's name from the settings (issue 30). */
export const DEFAULT_MAIL_FROM = 'Fenestra <no-reply@fenestra.local>';
export const DEFAULT_MAIL_ADDRESS = 'no-reply@fenestra.local';

// Every setting the server reads, validated once at start; a bad value stops the server with its name.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  TRUST_PROXY: trustProxy.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default(DEFAULT_MAIL_FROM),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  AUTH_SECRET: z.string().min(32).optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  VIDEO_GUIDES_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RUN_WORKER: boolish.default(true),
  // Search answers kept in the public-read cache until a change drops them (decision 022); false: every search asks the database.
  SEARCH_CACHE: boolish.default(true),
  // Post pages drawn ahead of their first visitor and kept (decision 046); false: drawn when first read (tests).
  DRAW_PAGES_AHEAD: boolish.default(true),
  // Addresses per sitemap page (decision 034): the protocol's 50,000; tests use a few.
  SITEMAP_PAGE_SIZE: z.coerce.number().int().min(1).max(50_000).default(50_000),
  // Where files live: the local disk under DATA_DIR/uploads, or one S3-compatible bucket.
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3-63 lowercase letters, digits, dots and hyphens')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolish.default(false),
  // Where browsers fetch files from (a CDN or the bucket's public address); unset: this app, at /media.
  MEDIA_URL: z
    .url()
    .refine((v) => /^https?:\/\//.test(v) && !/[?#]/.test(v), 'an http(s) address without query or fragment')
    .optional(),
  // Exact host:port pairs the link preview fetcher may reach whatever their address (tests use loopback).
  LINK_PREVIEW_ALLOW: z
    .string()
    .optional()
    .refine((v) => parseAllowList(v) !== null, 'list exact host:port pairs, separated by commas'),
  // Web Push (VAPID): one key pair for every instance; unset, the keys are made on first start into DATA_DIR/vapid.json.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{80,90}$/, 'a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{40,45}$/, 'a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https:// address')
    .optional(),
  // Exact host:port pairs a push may go to whatever their address or scheme (tests run a push service on loopback).
  PUSH_ENDPOINT_ALLOW: z
    .string()
    .optional()
    .refine((v) => parseAllowList(v) !== null, 'list exact host:port pairs, separated by commas'),
  // Requests a client may make in a window, per IP address.
  RATE_LIMIT_AUTH: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_UPLOADS: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_POSTS: z.coerce.number().int().positive().default(10),
  // Replies a member may post in a window (counted per member, not per address).
  RATE_LIMIT_REPLIES: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_PREVIEWS: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  // Detection overrides a staff member may save in a window (per member).
  RATE_LIMIT_OVERRIDES: z.coerce.number().int().positive().default(20),
  // AI detection (DESIGN.md 'AI detection'): local needs no network and no key.
  AI_PROVIDER: z.enum(['local', 'openai', 'off']).default('local'),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_VISION_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_EMBED_MODEL: z.string().min(1).default('text-embedding-3-small'),
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(45),
  // The local provider's own limit for one photo (its OCR runs on this machine's cores, not a remote server).
  AI_LOCAL_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(900).default(120),
  // Photos a remote provider reads at once: one slow answer does not hold every other photo.
  AI_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(3),
  // Whether similar posts also compare detection vectors (on), or words alone (off).
  SIMILAR_VECTORS: boolish.default(true),
  // Questions from trusted members (level 2+) are approved at once; off: every question waits for review (SPEC).
  AUTO_APPROVE_TRUSTED: boolish.default(false),
  // A new account confirms its email before it may ask, reply, like or flag; off: SPEC's sign-up as written.
  REQUIRE_EMAIL_VERIFICATION: boolish.default(false),
  // Unset: /metrics answers 404. Set: a Prometheus scrape sends it as 'Authorization: Bearer <token>'.
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  // Site settings the environment fixes (else an admin sets them at /admin/settings); checked in siteSettingsFromEnv.
  SITE_NAME: z.string().optional(),
  SITE_DESCRIPTION: z.string().optional(),
  ACCENT_COLOR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

/** An S3-compatible bucket's settings (STORAGE=s3). */
export interface S3Settings {
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's default credential chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Addresses as `endpoint/bucket/key` (MinIO, s3rver, most self-hosted stores) rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean;
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Origins allowed to change state: PUBLIC_URL's, or the loopback twins of the port when it is unset. */
  allowedOrigins: string[];
  /** false: X-Forwarded-For is ignored; a hop count or proxy addresses otherwise. */
  trustProxy: false | number | string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  authSecret: string | undefined;
  seed: 'demo' | 'none';
  videoGuidesUrl: string;
  webDist: string;
  logLevel: Env['LOG_LEVEL'];
  runWorker: boolean;
  searchCache: boolean;
  drawPagesAhead: boolean;
  sitemapPageSize: number;
  storage: { kind: 'local' } | { kind: 's3'; s3: S3Settings };
  /** Browsers fetch stored files from here (no trailing slash); null: from this app's /media. */
  mediaUrl: string | null;
  rateLimit: {
    auth: number;
    uploads: number;
    posts: number;
    replies: number;
    previews: number;
    overrides: number;
    windowSeconds: number;
  };
  ai: {
    provider: 'local' | 'openai' | 'off';
    openai: { baseUrl: string; apiKey: string; visionModel: string; embedModel: string; timeoutMs: number } | null;
    /** The configured provider's own time limit for one photo, in seconds. */
    timeoutSeconds: number;
    /** Detections run at once (a remote provider's; the local one reads one photo at a time). */
    concurrency: number;
    similarVectors: boolean;
  };
  linkPreviewAllow: ReadonlySet<string>;
  /** Web Push: VAPID keys from the environment (unset: DATA_DIR/vapid.json) and PUSH_ENDPOINT_ALLOW. */
  push: {
    vapid: { publicKey?: string; privateKey?: string; subject?: string };
    endpointAllow: ReadonlySet<string>;
  };
  /** The community switches as the operator set them (read them through `communitySwitches`). */
  community: CommunitySwitches;
  /** The site settings an environment variable fixes: they win over what admins saved (issue 30). */
  siteSettingsFromEnv: Partial<SiteSettings>;
  metricsToken: string | null;
}

/** The site settings whose environment variable is set, checked by the settings page's own contracts. */
function siteSettingsFromEnv(source: Record<string, string | undefined>): Partial<SiteSettings> {
  const fixed: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, info] of Object.entries(SITE_SETTINGS)) {
    const raw = info.env ? source[info.env] : undefined;
    const schema = editableSiteSettingsSchema.shape[key as keyof typeof editableSiteSettingsSchema.shape];
    if (raw === undefined || !schema) continue;
    const parsed = schema.safeParse(raw);
    if (parsed.success) fixed[key] = parsed.data;
    else problems.push(`  ${info.env}: ${parsed.error.issues[0]?.message}`);
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return fixed as Partial<SiteSettings>;
}

/** The operator's switches of issue 26 (flags, trust levels, email verification). */
export interface CommunitySwitches {
  autoApproveTrusted: boolean;
  requireEmailVerification: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (e.AI_PROVIDER === 'openai' && !e.AI_BASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  AI_PROVIDER=openai needs AI_BASE_URL (and AI_API_KEY when the endpoint asks for one)',
    );
  }
  if (e.STORAGE === 's3' && !e.S3_BUCKET)
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const fromEnv = siteSettingsFromEnv(cleaned);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    allowedOrigins: e.PUBLIC_URL
      ? [new URL(publicUrl).origin]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${e.PORT}`),
    trustProxy: e.TRUST_PROXY ?? false,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER.replace(/\/$/, ''),
          }
        : null,
    authSecret: e.AUTH_SECRET,
    seed: e.SEED,
    videoGuidesUrl: e.VIDEO_GUIDES_URL || '/resources/videos',
    webDist: path.resolve(e.WEB_DIST ?? defaultWebDist),
    logLevel: e.LOG_LEVEL,
    runWorker: e.RUN_WORKER,
    searchCache: e.SEARCH_CACHE,
    drawPagesAhead: e.DRAW_PAGES_AHEAD,
    sitemapPageSize: e.SITEMAP_PAGE_SIZE,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            s3: {
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION,
              bucket: e.S3_BUCKET!,
              credentials:
                e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                  ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                  : undefined,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            },
          }
        : { kind: 'local' },
    mediaUrl: e.MEDIA_URL ? e.MEDIA_URL.replace(/\/+$/, '') : null,
    linkPreviewAllow: parseAllowList(e.LINK_PREVIEW_ALLOW)!,
    push: {
      vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
      endpointAllow: parseAllowList(e.PUSH_ENDPOINT_ALLOW)!,
    },
    community: { autoApproveTrusted: e.AUTO_APPROVE_TRUSTED, requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION },
    siteSettingsFromEnv: fromEnv,
    metricsToken: e.METRICS_TOKEN ?? null,
    rateLimit: {
      auth: e.RATE_LIMIT_AUTH,
      uploads: e.RATE_LIMIT_UPLOADS,
      posts: e.RATE_LIMIT_POSTS,
      replies: e.RATE_LIMIT_REPLIES,
      previews: e.RATE_LIMIT_PREVIEWS,
      overrides: e.RATE_LIMIT_OVERRIDES,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    ai: {
      provider: e.AI_PROVIDER,
      openai:
        e.AI_PROVIDER === 'openai' && e.AI_BASE_URL
          ? {
              baseUrl: e.AI_BASE_URL,
              apiKey: e.AI_API_KEY ?? 'none',
              visionModel: e.AI_VISION_MODEL,
              embedModel: e.AI_EMBED_MODEL,
              timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
            }
          : null,
      // The configured provider's own time limit: a detection job expires 15 s after it.
      timeoutSeconds: e.AI_PROVIDER === 'openai' ? e.AI_TIMEOUT_SECONDS : e.AI_LOCAL_TIMEOUT_SECONDS,
      concurrency: e.AI_PROVIDER === 'openai' ? e.AI_CONCURRENCY : 1,
      similarVectors: e.SIMILAR_VECTORS,
    },
  };
}
