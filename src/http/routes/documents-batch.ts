import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addDocumentBatch } from '../../core/documents/batch.js';
import { principalOf } from '../plugins/auth.js';
import { AddDocumentBody, documentFields } from '../schemas/documents.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['documents'] });

const BatchItem = z.union([z.string().min(1), AddDocumentBody]);
const BatchBody = z.object({
  documents: z.array(BatchItem).min(1).max(600),
  ...documentFields,
  content: z.null().optional(),
});
const BatchResult = z.object({
  id: z.string(),
  status: z.string(),
  error: z.string().optional(),
  details: z.string().optional(),
});

/** /v3/documents/batch: add many documents in one request, each accepted or refused on its own. */
export const documentBatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v3/documents/batch',
    route({
      access: 'write',
      summary: 'Add up to 600 documents',
      body: BatchBody,
      response: { 200: z.object({ results: z.array(BatchResult), success: z.number(), failed: z.number() }) },
    }),
    async (request) => {
      const { documents, content: _content, ...defaults } = request.body;
      return addDocumentBatch(app.services.documents, principalOf(request), { documents, defaults });
    },
  );
};
