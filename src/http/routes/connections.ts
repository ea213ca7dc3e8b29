import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidInput } from '../../model/errors.js';
import { principalOf } from '../plugins/auth.js';
import {
  ConnectionParams,
  CreateConnectionBody,
  CreatedConnection,
  DeletedConnection,
  OptionalTagsBody,
  PlainText,
  ProviderParams,
  RequiredTagsBody,
  TagsBody,
} from '../schemas/connections.js';
import {
  Connection,
  ConnectionCleanup,
  ConnectorKind,
  ConnectionDocument,
  connectionCleanupView,
  connectionDocumentView,
  connectionView,
} from '../views/connections.js';
import { requestOrigin } from '../file-link-origin.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['connections'] });

/** `?deleteDocuments=`: true unless `false` (or `0`) is given. */
const DeleteQuery = z.object({
  deleteDocuments: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .describe('Default true: the imported documents are deleted, with the memories drawn only from them; false keeps both'),
});

/**
 * /v3/connections: create, list, read, delete and import connections; `{provider}` takes the
 * spec's kind ids and the SDK's names. DELETE /v3/connections/{x} deletes by provider and tags
 * when `x` names a provider, else by connection id.
 */
export const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { connections } = app.services;

  app.post(
    '/v3/connections/list',
    route({
      access: 'read',
      summary: 'List connections, by container tags and optionally provider',
      body: TagsBody.nullable().optional(),
      response: { 200: z.array(Connection) },
    }),
    async (request) => (await connections.list(principalOf(request), request.body ?? {})).map(connectionView),
  );

  app.post(
    '/v3/connections/:provider',
    route({
      access: 'write',
      summary: 'Create a connection: an authorization link (OAuth kinds), or a direct connection that syncs at once (web-crawler)',
      params: ProviderParams,
      body: CreateConnectionBody.nullable().optional(),
      response: { 200: CreatedConnection },
    }),
    async (request) => {
      const { linkExpiresAt: _v5Only, ...created } = await connections.create(
        principalOf(request),
        request.params.provider,
        request.body ?? {},
        requestOrigin(request),
      );
      return created;
    },
  );

  app.get(
    '/v3/connections/kinds',
    route({
      summary: 'The connector kinds this server has, with the SDK names for each and how an account is authorized',
      response: { 200: z.object({ kinds: z.array(ConnectorKind) }) },
    }),
    async () => ({ kinds: connections.kinds() }),
  );

  app.get(
    '/v3/connections/cleanups',
    route({
      access: 'admin',
      summary: 'Deleted connections whose cleanup at the provider has not succeeded: waiting, retrying, or given up',
      description:
        'Deleting a connection (or resetting the organization) stops its channels and subscriptions, removes its repository ' +
        'hooks and revokes its grant at the provider in the background, retried with backoff. This lists those not done: a ' +
        'failed one gave up, and its access is best removed at the provider by hand (each attempt is logged too).',
      response: { 200: z.array(ConnectionCleanup) },
    }),
    async (request) => (await connections.cleanups(principalOf(request))).map(connectionCleanupView),
  );

  app.post(
    '/v3/connections/cleanups/:connectionId/retry',
    route({
      access: 'admin',
      summary: 'Try a cleanup that gave up again, from its first attempt',
      description:
        "For a cleanup listed as failed, once what stopped it is fixed (for example the organization's own OAuth application " +
        'configured again). A cleanup still waiting or retrying answers 409; one of an unknown connection 404.',
      params: ConnectionParams,
      response: { 200: ConnectionCleanup },
    }),
    async (request) => connectionCleanupView(await connections.retryCleanup(principalOf(request), request.params.connectionId)),
  );

  app.delete(
    '/v3/connections/cleanups/:connectionId',
    route({
      access: 'admin',
      summary: 'Dismiss a cleanup: it is never tried again',
      description: 'For a cleanup whose access was removed at the provider by hand. A cleanup running at this moment answers 409.',
      params: ConnectionParams,
      response: { 200: z.object({ connectionId: z.string(), dismissed: z.literal(true) }) },
    }),
    async (request) => {
      await connections.dismissCleanup(principalOf(request), request.params.connectionId);
      return { connectionId: request.params.connectionId, dismissed: true as const };
    },
  );

  app.get(
    '/v3/connections/:connectionId',
    route({ summary: 'A connection with its last sync run', params: ConnectionParams, response: { 200: Connection } }),
    async (request) => connectionView(await connections.get(principalOf(request), request.params.connectionId)),
  );

  app.post(
    '/v3/connections/:provider/connection',
    route({
      access: 'read',
      summary: 'The connection of a provider in the container tags',
      params: ProviderParams,
      body: RequiredTagsBody,
      response: { 200: Connection },
    }),
    async (request) => connectionView(await connections.getByTag(principalOf(request), request.params.provider, request.body.containerTags)),
  );

  app.delete(
    '/v3/connections/:connectionId',
    route({
      access: 'write',
      summary: 'Delete a connection by id (deleteDocuments, default true), or by provider and containerTags (body)',
      description:
        'Syncing stops at once. With its documents (the default, and always when deleting by provider) the memories drawn ' +
        'only from them are deleted too; memories another document or a direct write also supports stay, with their ' +
        'documentIds and sourceCount updated. What the connection set up at the provider is undone in the background by a ' +
        'durable job, retried until the provider answers: its push channel or subscription stopped, its repository hooks ' +
        'removed, its grant revoked (Google, GitHub, Notion) unless another connection uses the same account.',
      params: z.object({ connectionId: z.string().min(1).max(64).describe('A connection id, or a provider with containerTags in the body') }),
      querystring: DeleteQuery,
      body: OptionalTagsBody,
      response: { 200: DeletedConnection },
    }),
    async (request) => {
      const principal = principalOf(request);
      const { connectionId } = request.params;
      if (connections.isProvider(connectionId)) {
        const containerTags = request.body?.containerTags;
        if (!containerTags?.length) throw invalidInput('Invalid body', 'containerTags: required to delete by provider');
        return connections.deleteByProvider(principal, connectionId, containerTags);
      }
      const keep = request.query.deleteDocuments === 'false' || request.query.deleteDocuments === '0';
      return connections.delete(principal, connectionId, !keep);
    },
  );

  app.post(
    '/v3/connections/:provider/import',
    route({
      access: 'write',
      summary: 'Sync now: every connection of the provider, or those of the container tags',
      params: ProviderParams,
      body: OptionalTagsBody,
      response: { 202: PlainText },
    }),
    async (request, reply) => {
      const count = await connections.import(principalOf(request), request.params.provider, request.body?.containerTags);
      return reply
        .code(202)
        .type('text/plain; charset=utf-8')
        .send(`Sync queued for ${count} connection${count === 1 ? '' : 's'}`);
    },
  );

  app.post(
    '/v3/connections/:provider/documents',
    route({
      access: 'read',
      summary: 'Documents a provider imported, in the container tags',
      params: ProviderParams,
      body: OptionalTagsBody,
      response: { 200: z.array(ConnectionDocument) },
    }),
    async (request) =>
      (await connections.listDocuments(principalOf(request), request.params.provider, request.body?.containerTags)).map(connectionDocumentView),
  );
};
