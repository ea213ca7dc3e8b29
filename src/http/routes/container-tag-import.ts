import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../api-error.js';
import { DomainError } from '../../model/errors.js';
import { principalOf } from '../plugins/auth.js';
import { TagParams } from '../schemas/common.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['container-tags'] });
const NDJSON = 'application/x-ndjson';

/** POST /v3/container-tags/{containerTag}/import: restores an export (NDJSON, gzip optional) into a tag, all or nothing (see core/portability/import.ts). */
export const containerTagImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { portability } = app.services;

  // The body is spooled to a file by the import, never buffered whole in memory; the import bounds its size itself.
  app.addContentTypeParser(NDJSON, (_request, payload, done) => done(null, payload));

  app.post(
    '/v3/container-tags/:containerTag/import',
    {
      ...route({
        access: 'write',
        summary: 'Import an export file into a container tag (empty, or merging by customId); re-running it changes nothing',
        params: TagParams,
        response: {
          200: z.object({
            containerTag: z.string(),
            counts: z.object({ spaces: z.number(), documents: z.number(), chunks: z.number(), memories: z.number(), profiles: z.number() }),
            reembedded: z.boolean(),
          }),
        },
      }),
      bodyLimit: Number.MAX_SAFE_INTEGER,
    },
    async (request) => {
      if (!request.headers['content-type']?.toLowerCase().startsWith(NDJSON)) {
        throw new ApiError(415, 'Unsupported media type', `content-type: expected ${NDJSON}`);
      }
      const encoding = request.headers['content-encoding']?.toLowerCase();
      if (encoding && encoding !== 'gzip' && encoding !== 'identity') {
        throw new ApiError(415, 'Unsupported content encoding', 'content-encoding: gzip or none');
      }
      const raw = request.body as Readable;
      const body = encoding === 'gzip' ? raw.pipe(createGunzip()) : raw;
      body.on('error', () => undefined);
      try {
        return await portability.importer.importTag(principalOf(request), request.params.containerTag, body);
      } catch (error) {
        if (error instanceof DomainError) throw error;
        const code = (error as { code?: string }).code;
        if (code?.startsWith('Z_')) throw new ApiError(400, 'Invalid export file', 'body: not valid gzip');
        // The client went away, or stalled past a request timeout: nothing was written, no one is left to answer.
        if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE')
          throw new ApiError(400, 'Invalid export file', 'body: the connection closed before the body was received');
        throw error;
      } finally {
        raw.resume();
      }
    },
  );
};
