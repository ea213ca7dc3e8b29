import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentLinker } from '../file-link-origin.js';
import { addDocumentBatch } from '../../core/documents/batch.js';
import { principalOf } from '../plugins/auth.js';
import { readUpload, readUploadForm } from '../upload.js';
import type { UploadOptions } from './documents-upload.js';
import {
  AddDocumentBodyV5,
  BatchAnswerV5,
  BatchBodyV5,
  DeleteDocumentsAnswer,
  DeleteDocumentsBody,
  DocumentInclude,
  NamespaceDocumentParams,
  NamespaceParams,
  PatchDocumentBodyV5,
  ProcessingQuery,
  V5_UPLOAD_FIELDS,
  V5_UPLOAD_FORM,
  v5ErrorResponses,
  WriteAnswer,
} from '../schemas/v5.js';
import { DocumentV5, publicDocumentId, toDocumentV5 } from '../views/v5.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['v5'], errors: v5ErrorResponses, config: { validationErrors: 'v5' } });

type WriteFields = Pick<z.infer<typeof PatchDocumentBodyV5>, 'supportingContext' | 'metadata' | 'date' | 'taskType' | 'dreaming'>;

/** The v5 fields a document is written with, as the document service reads them. */
function documentFieldsOf(body: WriteFields, query: z.infer<typeof ProcessingQuery>) {
  return {
    ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
    ...(body.supportingContext !== undefined ? { entityContext: body.supportingContext } : {}),
    ...(body.date !== undefined ? { documentDate: body.date } : {}),
    ...((body.taskType ?? query.taskType) ? { taskType: body.taskType ?? query.taskType } : {}),
  };
}

/** A v5 add as the document service takes it: in the namespace, appended to the document of its id when it names one. */
function addedDocumentOf(item: WriteFields & { content: string; id?: string }, namespace: string, query: z.infer<typeof ProcessingQuery>) {
  return {
    content: item.content,
    containerTag: namespace,
    ...(item.id !== undefined ? { customId: item.id, append: true } : {}),
    ...documentFieldsOf(item, query),
  };
}

/**
 * /ns/{namespace}/document (add, delete by ids), /ns/{namespace}/document/batch,
 * /ns/{namespace}/document/file (upload) and /ns/{namespace}/document/{id} (get, patch): the v5
 * face of the document service, the namespace being the container tag.
 */
export const v5DocumentRoutes: FastifyPluginAsyncZod<UploadOptions> = async (app, options) => {
  const { documents } = app.services;

  app.post(
    '/ns/:namespace/document',
    route({
      access: 'write',
      summary: 'Add a document (text or URL) to a namespace',
      description:
        'With the id of a text document of the namespace (its caller-defined id), the content is appended to that document ' +
        '(content that starts with the stored text replaces it: a whole transcript sent again) and only what was added is ' +
        'extracted; a URL or file document is replaced. The answer names the document by the id given, else by the id engram gave it.',
      params: NamespaceParams,
      querystring: ProcessingQuery,
      body: AddDocumentBodyV5,
      response: { 200: WriteAnswer },
    }),
    async (request) => {
      const { body, query, params } = request;
      const written = await documents.add(principalOf(request), addedDocumentOf(body, params.namespace, query));
      return { id: body.id ?? written.id, status: WriteAnswer.shape.status.parse(written.status) };
    },
  );

  app.route({
    method: 'POST',
    url: '/ns/:namespace/document/file',
    ...route({
      access: 'write',
      summary: 'Upload a file to a namespace (multipart/form-data, field "file")',
      description:
        'As POST /v3/documents/file: the same conversion, limits and processing; the form’s fields are spelt as v5 spells them ' +
        '(supportingContext, date), metadata JSON-encoded.',
      consumes: ['multipart/form-data'],
      uploadForm: V5_UPLOAD_FORM,
      params: NamespaceParams,
      response: { 200: WriteAnswer },
    }),
    handler: async (request) => {
      const upload = await readUpload(request, options.maxFileBytes, V5_UPLOAD_FIELDS);
      const written = await documents.addFile(principalOf(request), { ...upload, containerTag: request.params.namespace });
      return { id: written.id, status: WriteAnswer.shape.status.parse(written.status) };
    },
  });

  for (const [method, whole] of [
    ['POST', true],
    ['PATCH', false],
  ] as const) {
    app.route({
      method,
      url: '/ns/:namespace/document/file/:id',
      ...route({
        access: 'write',
        summary: whole
          ? 'Replace a document of a namespace with a file, keeping its id'
          : 'Give a document of a namespace a new file, keeping the fields not given',
        description: whole
          ? 'The file and the fields given replace the document’s content and fields, as a new upload would (metadata {} when none is given); it is processed again.'
          : 'The file, when one is sent, replaces the content and the document is processed again; the fields given ' +
            '(metadata, supportingContext, date, taskType) change, the others stay. Without a file only the fields change.',
        consumes: ['multipart/form-data'],
        uploadForm: V5_UPLOAD_FORM,
        params: NamespaceDocumentParams,
        response: { 200: WriteAnswer },
      }),
      handler: async (request) => {
        const { namespace, id } = request.params;
        const principal = principalOf(request);
        const form = whole
          ? { file: await readUpload(request, options.maxFileBytes, V5_UPLOAD_FIELDS) }
          : await readUploadForm(request, options.maxFileBytes, V5_UPLOAD_FIELDS);
        const written =
          'file' in form
            ? await documents.replaceWithFile(principal, id, namespace, form.file, whole)
            : await documents.update(principal, (await documents.get(principal, id, namespace)).id, form.fields);
        return {
          id: publicDocumentId(await documents.get(principal, written.id, namespace)),
          status: WriteAnswer.shape.status.parse(written.status),
        };
      },
    });
  }

  app.post(
    '/ns/:namespace/document/batch',
    route({
      access: 'write',
      summary: 'Add up to 600 documents (text or URL) to a namespace',
      description:
        'Each document as a single add takes it (an existing id is appended to), accepted or refused on its own, as ' +
        'POST /v3/documents/batch does. Results: the accepted ones first, in request order, then the refused ones.',
      params: NamespaceParams,
      querystring: ProcessingQuery,
      body: BatchBodyV5,
      response: { 200: BatchAnswerV5 },
    }),
    async (request) => {
      const { body, query, params } = request;
      const processing = { taskType: body.taskType ?? query.taskType };
      const inputs = body.documents.map((item) => addedDocumentOf({ ...item, ...processing }, params.namespace, {}));
      const { results } = await addDocumentBatch(documents, principalOf(request), { documents: inputs, defaults: { containerTag: params.namespace } });
      const answered = results.map((result, index): z.infer<typeof BatchAnswerV5>['results'][number] => {
        const item = body.documents[index]!;
        if (result.status !== 'error') return { id: item.id ?? result.id, status: WriteAnswer.shape.status.parse(result.status) };
        const url = /^https?:\/\//i.test(item.content.trim()) ? { url: item.content.trim() } : {};
        return {
          id: item.id ?? '',
          status: 'error',
          ...(result.error ? { error: result.error } : {}),
          ...(result.details ? { details: result.details } : {}),
          ...url,
        };
      });
      const accepted = answered.filter((result) => result.status !== 'error');
      const refused = answered.filter((result) => result.status === 'error');
      return { results: [...accepted, ...refused], count: accepted.length, failed: refused.length };
    },
  );

  app.delete(
    '/ns/:namespace/document',
    route({
      access: 'write',
      summary: 'Delete documents of a namespace by id',
      description:
        'Each id is looked up in the namespace on its own: one not found is reported in `errors` and the others are deleted. ' +
        'Memories drawn only from a deleted document go with it, as DELETE /v3/documents/bulk describes.',
      params: NamespaceParams,
      body: DeleteDocumentsBody,
      response: { 200: DeleteDocumentsAnswer },
    }),
    async (request) => {
      const { deletedCount, errors } = await documents.deleteBulk(principalOf(request), {
        ids: request.body.ids,
        containerTag: request.params.namespace,
      });
      return { count: deletedCount, errors: errors ?? [] };
    },
  );

  app.get(
    '/ns/:namespace/document/:id',
    route({
      summary: 'Get a document of a namespace, with its chunks or memories when asked',
      params: NamespaceDocumentParams,
      querystring: z.object({ include: DocumentInclude }),
      response: { 200: DocumentV5 },
    }),
    async (request) => {
      const principal = principalOf(request);
      const include = request.query.include;
      const { namespace, id } = request.params;
      const { document, memories } = include.has('memories')
        ? await documents.getWithMemories(principal, id, namespace)
        : { document: await documents.get(principal, id, namespace), memories: undefined };
      const linked = attachmentLinker(app.services.fileLinks, request, principal.orgId);
      const chunks = include.has('chunks')
        ? (await documents.chunks(principal, document.id)).chunks.map((chunk) => ({ ...chunk, content: linked(document.id, chunk.content) }))
        : undefined;
      return toDocumentV5(document, linked(document.id, document.content), { chunks, memories });
    },
  );

  app.patch(
    '/ns/:namespace/document/:id',
    route({
      access: 'write',
      summary: 'Update a document of a namespace',
      description:
        'New content replaces the document’s and is processed again; its memories follow it as PATCH /v3/documents/{id} ' +
        'describes. Fields left out stay as they are.',
      params: NamespaceDocumentParams,
      querystring: ProcessingQuery,
      body: PatchDocumentBodyV5,
      response: { 200: WriteAnswer },
    }),
    async (request) => {
      const principal = principalOf(request);
      const { namespace, id } = request.params;
      const document = await documents.get(principal, id, namespace);
      const written = await documents.update(principal, document.id, {
        ...(request.body.content !== undefined ? { content: request.body.content } : {}),
        ...documentFieldsOf(request.body, request.query),
      });
      return { id: publicDocumentId(document), status: WriteAnswer.shape.status.parse(written.status) };
    },
  );
};
