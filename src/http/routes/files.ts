import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeOptions } from '../route-options.js';
import { BYTES, nonJsonAnswer } from '../schemas/common.js';

const route = routeOptions({ tags: ['documents'], config: { public: true } });

/** Sent as the bytes stored, under their own media type; the OpenAPI `content` says so. */
const StoredFile = nonJsonAnswer('The uploaded file or attachment, under its own media type', '*/*', BYTES);

/** Images a browser shows in place; anything else (SVG included: it can carry script) is a download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** /files/{token}: an uploaded file or an attachment of a document, through a signed link (no API key). */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { documents, fileLinks } = app.services;

  app.get(
    '/files/:token',
    route({
      summary: 'Download an uploaded file or a document attachment through a signed link',
      params: z.object({ token: z.string().min(1).max(2000) }),
      response: { 200: StoredFile },
    }),
    async (request, reply) => {
      const { orgId, documentId, attachment } = fileLinks.verify(request.params.token);
      const file = attachment
        ? await documents.attachmentContent(orgId, documentId, attachment).then((a) => ({ ...a, filename: a.name }))
        : await documents.fileContent(orgId, documentId);
      const mimeType = file.mimeType ?? 'application/octet-stream';
      const filename = (file.filename ?? 'file').replace(/[^\w.\- ]+/g, '_');
      const disposition = attachment && INLINE_TYPES.has(mimeType) ? 'inline' : 'attachment';
      return reply
        .header('content-type', mimeType)
        .header('content-disposition', `${disposition}; filename="${filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(Buffer.from(file.data));
    },
  );
};
