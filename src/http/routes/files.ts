import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas/common.js';

/** Sent as the bytes uploaded, under their own media type; the OpenAPI `content` says so. */
const UploadedFile = z.any().meta({
  description: 'The uploaded file, under its own media type',
  content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
});

/** /files/{token}: an uploaded file, through a signed link (no API key). */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { documents, fileLinks } = app.services;

  app.get(
    '/files/:token',
    {
      config: { public: true },
      schema: {
        tags: ['documents'],
        summary: 'Download an uploaded file through a signed link',
        params: z.object({ token: z.string().min(1).max(2000) }),
        response: { 200: UploadedFile, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { orgId, documentId } = fileLinks.verify(request.params.token);
      const file = await documents.fileContent(orgId, documentId);
      const filename = (file.filename ?? 'file').replace(/[^\w.\- ]+/g, '_');
      return reply
        .header('content-type', file.mimeType ?? 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.data));
    },
  );
};
