import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memoriesPath, withLegacyPaths } from '../alias-routes.js';
import { principalOf } from '../plugins/auth.js';
import { IdParams, WriteResponse } from '../schemas/documents.js';
import { readUpload } from '../upload.js';
import { requestOrigin } from '../file-link-origin.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['documents'] });

export interface UploadOptions {
  /** Largest file accepted, in bytes. */
  maxFileBytes: number;
}

/** /v3/documents/file (also /v3/memories/file): upload a file; /v3/documents/{id}/file-url: a signed link to it. */
export const documentUploadRoutes: FastifyPluginAsyncZod<UploadOptions> = async (app, options) => {
  const { documents, fileLinks } = app.services;

  withLegacyPaths(app, memoriesPath).route({
    method: 'POST',
    url: '/v3/documents/file',
    ...route({
      access: 'write',
      summary: 'Upload a file (multipart/form-data, field "file")',
      consumes: ['multipart/form-data'],
      response: { 200: WriteResponse },
    }),
    handler: async (request) => documents.addFile(principalOf(request), await readUpload(request, options.maxFileBytes)),
  });

  app.get(
    '/v3/documents/:id/file-url',
    route({ summary: 'Signed, expiring URL of the uploaded file', params: IdParams, response: { 200: z.object({ url: z.string(), expiresAt: z.string() }) } }),
    async (request) => {
      const principal = principalOf(request);
      const doc = await documents.file(principal, request.params.id);
      const { url, expiresAt } = fileLinks.link(principal.orgId, doc.id, requestOrigin(request));
      return { url, expiresAt: expiresAt.toISOString() };
    },
  );
};
