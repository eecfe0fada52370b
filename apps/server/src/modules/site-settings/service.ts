import {
  MSG,
  SITE_SETTINGS,
  SITE_SETTINGS_DEFAULTS,
  editableSiteSettingsSchema,
  type SaveSiteSettings,
  type SiteSettingKey,
  type SiteSettings,
  type SiteSettingsAnswer,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { Config } from '../../config/env.js';
import { badRequest } from '../../lib/errors.js';
import type { MemberRow } from '../../lib/member.js';
import type { EventListener } from '../../realtime/listener.js';
import { publishEvent } from '../../realtime/bus-event.js';
import { parsePublicUrl, removeStoredFiles, type MediaAddress, type Storage } from '../../adapters/storage/storage.js';
import { claimUploads } from '../uploads/service.js';
import { writeLog } from '../moderation/service.js';
import { runningVersion } from '../../config/version.js';
import * as repo from './repo.js';

type Picture = 'logoUrl' | 'faviconUrl';
const PICTURES: Record<'logo' | 'favicon', Picture> = { logo: 'logoUrl', favicon: 'faviconUrl' };

/** What admins saved, read leniently: a value this build no longer accepts falls back to its default. */
function parseStored(values: Record<string, unknown>): Partial<SiteSettings> {
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(SITE_SETTINGS) as SiteSettingKey[]) {
    if (!(key in values)) continue;
    if (key === 'logoUrl' || key === 'faviconUrl') {
      if (values[key] === null || typeof values[key] === 'string') kept[key] = values[key];
      continue;
    }
    const parsed = editableSiteSettingsSchema.shape[key].safeParse(values[key]);
    if (parsed.success) kept[key] = parsed.data;
  }
  return kept as Partial<SiteSettings>;
}

/**
 * The settings in force read from the database now, for a process without the event listener (a lone worker's
 * jobs): one row's read, so a job that sends an email or computes trust levels applies the latest save.
 */
export async function readSiteSettings(db: Db, fromEnv: Partial<SiteSettings>): Promise<SiteSettings> {
  return { ...SITE_SETTINGS_DEFAULTS, ...parseStored(await repo.readStored(db)), ...fromEnv };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const shown = (value: unknown) => (typeof value === 'string' ? `“${value}”` : JSON.stringify(value));

/**
 * The site settings (issue 30): defaults, then what admins saved, then the environment, which wins. Every instance
 * keeps them in memory and reads them again when `settings.changed` arrives (or its event feed came back), so a
 * change made on one instance applies on all of them without a restart.
 */
export function siteSettingsService(deps: {
  db: Db;
  config: Config;
  storage: Storage;
  media: MediaAddress;
  log: { warn(obj: object, msg: string): void };
}) {
  const { db, config, storage, media, log } = deps;
  const fromEnv = config.siteSettingsFromEnv;
  let stored: Partial<SiteSettings> = {};
  // The reading now under way: a request after an event waits for it, so it never answers with the old values.
  let reading: Promise<void> = Promise.resolve();

  const effective = (values: Partial<SiteSettings>): SiteSettings => ({
    ...SITE_SETTINGS_DEFAULTS,
    ...values,
    ...fromEnv,
  });

  function reload(): Promise<void> {
    reading = repo
      .readStored(db)
      .then((values) => {
        stored = parseStored(values);
      })
      .catch((err: unknown) => log.warn({ err }, 'could not read the site settings'));
    return reading;
  }

  /** The settings in force, with the pictures' addresses as browsers fetch them. */
  const current = (): SiteSettings => {
    const now = effective(stored);
    return { ...now, logoUrl: media(now.logoUrl), faviconUrl: media(now.faviconUrl) };
  };

  const fixedByEnv = (): Record<string, string> =>
    Object.fromEntries(
      (Object.keys(fromEnv) as SiteSettingKey[]).map((key) => [key, SITE_SETTINGS[key].env!] as const),
    );

  const answer = (): SiteSettingsAnswer => ({
    settings: current(),
    fixedByEnv: fixedByEnv(),
    version: runningVersion(),
  });

  return {
    /** Follows changes from every instance: subscribed before the streams, so a client told of one reads it. */
    follow(listener: EventListener): void {
      listener.subscribe({
        event: (event) => {
          if (event.type === 'settings.changed') void reload();
        },
        resumed: () => void reload(),
      });
    },
    /** Reads the saved settings (at start). */
    load: reload,
    current,
    /** The settings once any reading started by an event has finished. */
    async settled(): Promise<SiteSettings> {
      await reading;
      return current();
    },
    answer,

    /** Saves what changed, in one transaction with its log row (before and after) and the event; files after. */
    async save(actor: MemberRow, input: SaveSiteSettings): Promise<SiteSettingsAnswer> {
      for (const key of Object.keys(input) as (keyof SaveSiteSettings)[]) {
        const setting = key in PICTURES ? PICTURES[key as 'logo'] : (key as SiteSettingKey);
        if (input[key] !== undefined && setting in fromEnv) {
          const info = SITE_SETTINGS[setting];
          throw badRequest(MSG.settingFixedByEnv(info.label, info.env!), key);
        }
      }
      const { next, oldFiles } = await db.transaction(async (tx) => {
        const saved = parseStored(await repo.lockStored(tx));
        const next: Partial<SiteSettings> = { ...saved };
        const { logo, favicon, ...values } = input;
        Object.assign(next, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)));
        const oldFiles: string[] = [];
        for (const [field, change] of [
          ['logo', logo],
          ['favicon', favicon],
        ] as const) {
          if (change === undefined) continue;
          const key = PICTURES[field];
          const before = saved[key] ?? null;
          if (change === null) next[key] = null;
          else {
            const [upload] = await claimUploads(tx, actor.id, [change.uploadId], 'avatar');
            await repo.releaseUpload(tx, upload!.id);
            next[key] = upload!.publicUrl;
          }
          if (before && before !== next[key]) oldFiles.push(before);
        }
        const before = effective(saved);
        const after = effective(next);
        const changed = (Object.keys(after) as SiteSettingKey[]).filter((key) => !same(before[key], after[key]));
        if (changed.length === 0) return { next: saved, oldFiles: [] };
        await repo.writeStored(tx, next, actor.id);
        await writeLog(tx, {
          actorId: actor.id,
          actorUsername: actor.username,
          action: 'settings_change',
          targetType: 'settings',
          targetId: 'site',
          targetLabel: 'Site settings',
          reason: changed
            .map((key) => `${SITE_SETTINGS[key].label}: ${shown(before[key])} → ${shown(after[key])}`)
            .join('; ')
            .slice(0, 2000),
          details: {
            before: Object.fromEntries(changed.map((key) => [key, before[key]])),
            after: Object.fromEntries(changed.map((key) => [key, after[key]])),
          },
        });
        await publishEvent(tx, { type: 'settings.changed' });
        return { next, oldFiles };
      });
      stored = next;
      // A replaced or removed logo leaves no file behind (nor its smaller copies).
      const files = oldFiles.flatMap((url) => parsePublicUrl(url) ?? []);
      if (files.length) await removeStoredFiles(storage, files, log);
      return answer();
    },
  };
}

export type SiteSettingsService = ReturnType<typeof siteSettingsService>;
