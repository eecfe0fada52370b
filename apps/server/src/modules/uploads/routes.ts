import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { Readable } from 'node:stream';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { LIMITS, MSG, noBodySchema, safeFileName, uploadedFileSchema } from '@fenestra/shared';
import type { Config } from '../../config/env.js';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.js';
import { rateLimitRule } from '../../lib/rate-limit-rule.js';
import { answers, idParams, noContent } from '../../lib/route-contract.js';
import { IMAGE_PURPOSES, IMAGE_RULES, type ImagePurpose, type ReceivedFile, type UploadsService } from './service.js';

interface ReceivedForm {
  fields: Record<string, string>;
  files: Map<string, ReceivedFile[]>;
  /** More file parts arrived than the parser takes. */
  tooManyFiles: boolean;
}

const MAX_FILE_PARTS = 4;

/** Reads a file part to its end, keeping at most `cap` bytes: a bigger file is drained, never buffered. */
async function readCapped(
  stream: Readable & { truncated?: boolean },
  cap: number,
): Promise<{ data: Buffer; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= cap) chunks.push(chunk);
  }
  const tooLarge = size > cap || stream.truncated === true;
  return { data: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge };
}

/**
 * Streams a file part to disk, keeping at most `cap` bytes: a video is never held whole in memory while it
 * arrives. A bigger file is drained and its partial copy left for the caller's folder clean-up.
 */
async function saveCapped(
  stream: Readable & { truncated?: boolean },
  cap: number,
  target: string,
): Promise<{ size: number; tooLarge: boolean }> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(null, size <= cap ? chunk : undefined);
    },
  });
  await pipeline(stream, counter, createWriteStream(target, { mode: 0o600 }));
  return { size, tooLarge: size > cap || stream.truncated === true };
}

/**
 * Reads a whole multipart request: text fields, and files up to their field's cap. The parser's own
 * fileSize limit (the largest cap) stops it buffering more; the rest of an oversize file is discarded.
 * Fields named in `toDisk` are written to files in `tmpDir` instead of memory.
 */
async function readForm(
  app: FastifyInstance,
  request: FastifyRequest,
  caps: Record<string, number>,
  disk?: { fields: string[]; tmpDir: string },
): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw badRequest(MSG.sendMultipart);
  const form: ReceivedForm = { fields: {}, files: new Map(), tooManyFiles: false };
  try {
    const parts = request.parts({ limits: { fileSize: Math.max(...Object.values(caps)) } });
    let n = 0;
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        continue;
      }
      const cap = caps[part.fieldname];
      if (cap === undefined) {
        await readCapped(part.file, 0); // a field we do not take: let it pass
        continue;
      }
      let file: ReceivedFile;
      if (disk?.fields.includes(part.fieldname)) {
        const filePath = path.join(disk.tmpDir, `part-${++n}`);
        const { size, tooLarge } = await saveCapped(part.file, cap, filePath);
        file = { filename: safeFileName(part.filename), data: Buffer.alloc(0), path: filePath, size, tooLarge };
      } else {
        const { data, tooLarge } = await readCapped(part.file, cap);
        file = { filename: safeFileName(part.filename), data, tooLarge };
      }
      form.files.set(part.fieldname, [...(form.files.get(part.fieldname) ?? []), file]);
    }
  } catch (err) {
    if (!(err instanceof app.multipartErrors.FilesLimitError)) throw err;
    form.tooManyFiles = true;
  }
  return form;
}

export async function uploadsRoutes(plainApp: FastifyInstance, opts: { config: Config; uploads: UploadsService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { config, uploads } = opts;
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.video.maxBytes,
      files: MAX_FILE_PARTS,
      fields: 4,
      fieldSize: 1024,
      parts: 8,
      headerPairs: 100,
    },
    throwFileSizeLimit: false,
  });
  const limited = { rateLimit: rateLimitRule(plainApp.services.settings, 'rateLimitUploads') };

  // Visitors get the media message rather than the generic 'sign in' one; banned members are refused as everywhere.
  const uploader = async (request: FastifyRequest) => {
    if (!(await request.member())) throw unauthorized(MSG.signInToUpload);
    return app.requireMember(request);
  };

  // The bodies are multipart forms the routes read part by part (file sizes are checked as they arrive): described
  // for the OpenAPI document, not parsed by a contract.
  const multipartForm = (fields: Record<string, string>) => ({
    consumes: ['multipart/form-data'],
    description: `A multipart form: ${Object.entries(fields)
      .map(([name, what]) => `\`${name}\` (${what})`)
      .join(', ')}.`,
  });
  app.post(
    '/api/uploads/images',
    {
      config: limited,
      schema: {
        summary: 'Upload photos (for a post, a reply or an avatar)',
        ...multipartForm({ files: 'image files', purpose: "'post', 'reply' or 'avatar'" }),
        response: answers({ 200: z.object({ files: z.array(uploadedFileSchema) }) }),
      },
    },
    async (request) => {
      const member = await uploader(request);
      const form = await readForm(app, request, { files: LIMITS.images.maxBytes });
      const purpose = (form.fields.purpose || 'post') as ImagePurpose;
      if (!IMAGE_PURPOSES.includes(purpose)) throw badRequest(MSG.unknownUploadPurpose, 'purpose');
      if ((purpose === 'logo' || purpose === 'favicon') && member.role !== 'admin')
        throw forbidden(MSG.onlyAdminsSettings);
      if (form.tooManyFiles) throw badRequest(MSG.maxFiles(IMAGE_RULES[purpose].maxFiles), 'files');
      return { files: await uploads.uploadImages(member.id, form.files.get('files') ?? [], purpose) };
    },
  );

  // A video goes to a folder of its own under DATA_DIR/tmp while it arrives; the folder goes whatever happens.
  const tmpRoot = path.join(config.dataDir, 'tmp', 'uploads');
  app.post(
    '/api/uploads/video',
    {
      config: limited,
      schema: {
        summary: 'Upload a video (with its poster frame)',
        ...multipartForm({ video: 'the video file', thumbnail: 'a poster image, optional' }),
        response: answers({ 200: z.object({ file: uploadedFileSchema }) }),
      },
    },
    async (request) => {
      const member = await uploader(request);
      await mkdir(tmpRoot, { recursive: true, mode: 0o700 });
      const tmpDir = await mkdtemp(path.join(tmpRoot, 'video-'));
      try {
        const form = await readForm(
          app,
          request,
          { video: LIMITS.video.maxBytes, thumbnail: LIMITS.images.maxBytes },
          { fields: ['video'], tmpDir },
        );
        const videos = form.files.get('video') ?? [];
        const thumbnails = form.files.get('thumbnail') ?? [];
        if (form.tooManyFiles || videos.length > 1) throw badRequest(MSG.maxVideos, 'video');
        if (thumbnails.length > 1) throw badRequest(MSG.failedThumbnail, 'thumbnail');
        return { file: await uploads.uploadVideo(member.id, videos[0], thumbnails[0]) };
      } finally {
        await rm(tmpDir, { recursive: true, force: true });
      }
    },
  );

  app.delete(
    '/api/uploads/:id',
    {
      schema: {
        summary: 'Remove one of the member’s unattached uploads',
        params: idParams,
        response: answers({ 204: noBodySchema }),
      },
    },
    async (request, reply) => {
      const member = await uploader(request);
      await uploads.removeOwn(member.id, request.params.id);
      return noContent(reply);
    },
  );
}
