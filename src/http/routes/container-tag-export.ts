import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../plugins/auth.js';
import { TagParams, nonJsonAnswer } from '../schemas/common.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['container-tags'] });

/** NDJSON, written as it is read from the database; docs/export-format.md describes the lines. */
const NdjsonStream = nonJsonAnswer('One JSON object per line: the header, the records, the end line (see docs/export-format.md)', 'application/x-ndjson');

const ExportQuery = z.object({
  embeddings: z.enum(['true', 'false']).default('false').describe('Include the stored vectors and the model that made them'),
});

/** Streams export lines as an NDJSON download named `filename`. */
function sendNdjson(reply: FastifyReply, filename: string, lines: AsyncIterable<string>) {
  return reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(lines));
}

/** /v3/container-tags/{containerTag}/export and /v3/export: a tag, or the whole organization, as a stream of NDJSON lines. */
export const containerTagExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { portability } = app.services;

  app.get(
    '/v3/container-tags/:containerTag/export',
    route({
      summary: 'Export a container tag (documents, files, memories with their versions, settings, profile) as NDJSON',
      params: TagParams,
      querystring: ExportQuery,
      response: { 200: NdjsonStream },
    }),
    async (request, reply) => {
      const lines = await portability.exporter.exportTag(principalOf(request), request.params.containerTag, {
        embeddings: request.query.embeddings === 'true',
      });
      return sendNdjson(reply, `${request.params.containerTag}.ndjson`, lines);
    },
  );

  app.get(
    '/v3/export',
    route({
      access: 'admin',
      summary: 'Export every container tag of the organization as NDJSON (admin keys only)',
      querystring: ExportQuery,
      response: { 200: NdjsonStream },
    }),
    async (request, reply) => {
      const lines = portability.exporter.exportOrg(principalOf(request), { embeddings: request.query.embeddings === 'true' });
      return sendNdjson(reply, 'export.ndjson', lines);
    },
  );
};
