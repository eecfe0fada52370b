import { z } from 'zod';
import path from 'node:path';
import { defaultWebDist } from '../paths.js';
import { parseAllowList } from '../adapters/link-preview/address-rules.js';
import { isIP } from 'node:net';
import type { S3Settings } from '../adapters/storage/s3.js';

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
  const entries = value.split(',').map((v) => v.trim()).filter(Boolean);
  if (entries.length === 0 || !entries.every(isProxyAddress)) {
    ctx.addIssue({ code: 'custom', message: 'a hop count or a comma-separated list of IP addresses or CIDR ranges' });
    return z.NEVER;
  }
  return entries;
});

const boolish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

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
  MAIL_FROM: z.string().default('Fenestra <no-reply@fenestra.local>'),
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
  // Where files live: the local disk under DATA_DIR/uploads, or one S3-compatible bucket.
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3-63 lowercase letters, digits, dots and hyphens').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolish.default(false),
  // Where browsers fetch files from (a CDN or the bucket's public address); unset: this app, at /media.
  MEDIA_URL: z.url().refine((v) => /^https?:\/\//.test(v) && !/[?#]/.test(v), 'an http(s) address without query or fragment').optional(),
  // Exact host:port pairs the link preview fetcher may reach whatever their address (tests use loopback).
  LINK_PREVIEW_ALLOW: z.string().optional().refine((v) => parseAllowList(v) !== null, 'list exact host:port pairs, separated by commas'),
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
  // Whether similar posts also compare detection vectors (on), or words alone (off).
  SIMILAR_VECTORS: boolish.default(true),
});

export type Env = z.infer<typeof envSchema>;

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
  storage: { kind: 'local' } | { kind: 's3'; s3: S3Settings };
  /** Browsers fetch stored files from here (no trailing slash); null: from this app's /media. */
  mediaUrl: string | null;
  rateLimit: { auth: number; uploads: number; posts: number; replies: number; previews: number; overrides: number; windowSeconds: number };
  ai: {
    provider: 'local' | 'openai' | 'off';
    openai: { baseUrl: string; apiKey: string; visionModel: string; embedModel: string; timeoutMs: number } | null;
    timeoutSeconds: number;
    similarVectors: boolean;
  };
  linkPreviewAllow: ReadonlySet<string>;
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
    throw new ConfigError('Invalid configuration:\n  AI_PROVIDER=openai needs AI_BASE_URL (and AI_API_KEY when the endpoint asks for one)');
  }
  if (e.STORAGE === 's3' && !e.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
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
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER.replace(/\/$/, '') }
      : null,
    authSecret: e.AUTH_SECRET,
    seed: e.SEED,
    videoGuidesUrl: e.VIDEO_GUIDES_URL || '/resources/videos',
    webDist: path.resolve(e.WEB_DIST ?? defaultWebDist),
    logLevel: e.LOG_LEVEL,
    runWorker: e.RUN_WORKER,
    searchCache: e.SEARCH_CACHE,
    storage: e.STORAGE === 's3'
      ? {
        kind: 's3',
        s3: {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET!,
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        },
      }
      : { kind: 'local' },
    mediaUrl: e.MEDIA_URL ? e.MEDIA_URL.replace(/\/+$/, '') : null,
    linkPreviewAllow: parseAllowList(e.LINK_PREVIEW_ALLOW)!,
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
      openai: e.AI_PROVIDER === 'openai' && e.AI_BASE_URL
        ? {
          baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY ?? 'none', visionModel: e.AI_VISION_MODEL, embedModel: e.AI_EMBED_MODEL,
          timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
        }
        : null,
      timeoutSeconds: e.AI_TIMEOUT_SECONDS,
      similarVectors: e.SIMILAR_VECTORS,
    },
  };
}
