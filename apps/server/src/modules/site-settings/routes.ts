import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG,
  SITE_SETTINGS_DEFAULTS,
  runningVersionSchema,
  saveSiteSettingsSchema,
  siteSettingsAnswerSchema,
} from '@fenestra/shared';
import { runningVersion } from '../../config/version.js';
import fp from 'fastify-plugin';
import { forbidden } from '../../lib/errors.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { answers, staffOnly, verified } from '../../lib/route-contract.js';
import type { SiteSettingsService } from './service.js';

/** The site settings are for admins alone: a moderator is refused whatever they send. */
async function adminsOnly(request: FastifyRequest) {
  await staffOnly(request);
  if (verified(request).role !== 'admin') throw forbidden(MSG.onlyAdminsSettings);
}

// /admin/settings: what the forum applies now, and which values the environment fixes; saving logs before and after.
export async function siteSettingsRoutes(plainApp: FastifyInstance, opts: { settings: SiteSettingsService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { settings } = opts;

  app.get(
    '/api/admin/settings',
    {
      preValidation: adminsOnly,
      schema: {
        summary: 'The site settings (admins)',
        response: answers({ 200: siteSettingsAnswerSchema }),
      },
    },
    async () => {
      await settings.settled();
      return settings.answer();
    },
  );

  // The dashboard's 'running version' line: every staff member sees it.
  app.get(
    '/api/admin/version',
    {
      preValidation: staffOnly,
      schema: { summary: 'The running release and build (staff)', response: answers({ 200: runningVersionSchema }) },
    },
    async () => runningVersion(),
  );

  app.put(
    '/api/admin/settings',
    {
      preValidation: adminsOnly,
      schema: {
        summary: 'Change site settings (admins); only the fields sent change',
        body: saveSiteSettingsSchema,
        response: answers({ 200: siteSettingsAnswerSchema }),
      },
    },
    async (request) => settings.save(verified(request), request.body),
  );
}

/**
 * The installable app's manifest (the build's file, served by the web app's static files) with the site's name,
 * description and accent once they differ from the defaults, so an installed forum carries its own name. A hook in
 * front of the static route, which owns the address.
 */
export const siteManifest = fp(
  async (app: FastifyInstance, opts: { settings: SiteSettingsService; webDist: string }) => {
    const manifestFile = path.join(opts.webDist, 'manifest.webmanifest');
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || request.url !== '/manifest.webmanifest') return;
      const site = await opts.settings.settled();
      const renamed = site.siteName !== SITE_SETTINGS_DEFAULTS.siteName;
      const described = site.siteDescription !== SITE_SETTINGS_DEFAULTS.siteDescription;
      if (!renamed && !described && !site.accentColor) return;
      let built: Record<string, unknown>;
      try {
        built = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, unknown>;
      } catch {
        return;
      }
      const manifest = {
        ...built,
        ...(renamed ? { name: site.siteName, short_name: site.siteName.slice(0, 30) } : {}),
        ...(described ? { description: site.siteDescription } : {}),
        ...(site.accentColor ? { theme_color: site.accentColor } : {}),
      };
      return reply.type('application/manifest+json').header('Cache-Control', 'no-cache').send(JSON.stringify(manifest));
    });
  },
);
