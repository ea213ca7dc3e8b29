import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConnectionWithRun } from '../../core/connections/connection-service.js';
import type { Principal } from '../../model/access.js';
import { invalidInput, notFound } from '../../model/errors.js';
import { iso } from '../../model/timestamps.js';
import { requestOrigin } from '../file-link-origin.js';
import { principalOf } from '../plugins/auth.js';
import { NamespaceParams, v5ErrorResponses } from '../schemas/v5.js';
import {
  ConnectorDeleteQuery,
  ConnectorGetQuery,
  ConnectorListQuery,
  ConnectorParams,
  CreateConnectorBody,
  PatchConnectorBody,
} from '../schemas/v5-connectors.js';
import { Connector, ConnectorCreated, ConnectorDeleted, ConnectorList, SyncQueued, connectorView } from '../views/v5-connectors.js';
import { pageOfList } from '../views/documents.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['v5'], errors: v5ErrorResponses, config: { validationErrors: 'v5' } });
const SYNCS_SHOWN = 10;

/** The contract's crawl depth is the web crawler's maxDepth; every other config field keeps its name. */
function metadataOf(kind: string, body: { config?: Record<string, unknown>; metadata?: Record<string, unknown> }): Record<string, unknown> {
  const { crawlDepth, ...config } = body.config ?? {};
  const renamed = kind === 'web-crawler' && crawlDepth !== undefined ? { maxDepth: crawlDepth } : crawlDepth === undefined ? {} : { crawlDepth };
  return { ...body.metadata, ...config, ...renamed };
}

/**
 * /connectors and /ns/{namespace}/connectors/…: the v5 face of the v3 connections. A connector is a
 * connection, its namespace the connection's container tag; a connection of another namespace (or
 * one the key cannot reach) is not found here. Creating, changing, syncing and deleting need write
 * access, as on /v3/connections.
 */
export const v5ConnectorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { connections, connectionResources } = app.services;

  const view = async (principal: Principal, found: ConnectionWithRun[], extras: { syncs?: boolean; picker?: boolean } = {}) => {
    const summaries = await connections.syncSummaries(found.map((c) => c.connection.id));
    return Promise.all(
      found.map(async (item) => {
        const summary = summaries.get(item.connection.id)!;
        const syncs = extras.syncs ? (await connectionResources.syncRuns(principal, item.connection.id)).slice(0, SYNCS_SHOWN) : undefined;
        return connectorView(item, { kind: connections.describeKind(item.connection.kind), ...summary, syncs, picker: extras.picker });
      }),
    );
  };

  /** The caller, and the connector the path names (`id` in `namespace`) as its key may see it; not found otherwise. */
  const connectorOf = async (request: FastifyRequest & { params: { namespace: string; id: string } }) => {
    const principal = principalOf(request);
    const { namespace, id } = request.params;
    const found = await connections.get(principal, id);
    if (found.connection.containerTag !== namespace) throw notFound('Connector');
    return { principal, id, found };
  };

  const list = async (principal: Principal, query: { provider?: string; page?: number; limit?: number }, namespace?: string) => {
    const page = query.page ?? 1;
    const limit = query.limit ?? 50;
    const all = (await connections.list(principal, { containerTags: namespace ? [namespace] : [], provider: query.provider }))
      .filter((item) => item.connection.status !== 'pending')
      .sort((a, b) => b.connection.createdAt.getTime() - a.connection.createdAt.getTime() || a.connection.id.localeCompare(b.connection.id));
    const { items, pagination } = pageOfList(all, page, limit);
    return { connectors: await view(principal, items), pagination };
  };

  app.get(
    '/connectors',
    route({
      summary: 'Connectors of every namespace the key reaches, newest first (pending ones are not listed)',
      querystring: ConnectorListQuery,
      response: { 200: ConnectorList },
    }),
    async (request) => list(principalOf(request), request.query),
  );

  app.post(
    '/ns/:namespace/connectors',
    route({
      access: 'write',
      summary: 'Connect a provider to the namespace: an authorization link (OAuth kinds) or a connector that syncs at once',
      description:
        'As POST /v3/connections/{provider} with containerTag: the namespace. config is the v3 metadata (the web crawler’s crawlDepth ' +
        'its maxDepth); metadata is accepted too. A second create of a kind in a namespace authorizes its connector again.',
      params: NamespaceParams,
      body: CreateConnectorBody,
      response: { 201: ConnectorCreated },
    }),
    async (request, reply) => {
      const { provider, redirectUrl, documentLimit } = request.body;
      const kind = connections.kindOf(provider);
      const input = { containerTag: request.params.namespace, metadata: metadataOf(kind, request.body), redirectUrl, documentLimit };
      const created = await connections.create(principalOf(request), provider, input, requestOrigin(request));
      return reply.code(201).send({ id: created.id, authUrl: created.authLink || null, authUrlExpiresAt: iso(created.linkExpiresAt) });
    },
  );

  app.get(
    '/ns/:namespace/connectors',
    route({
      summary: 'The connectors of a namespace, newest first (pending ones are not listed)',
      params: NamespaceParams,
      querystring: ConnectorListQuery,
      response: { 200: ConnectorList },
    }),
    async (request) => list(principalOf(request), request.query, request.params.namespace),
  );

  app.get(
    '/ns/:namespace/connectors/:id',
    route({
      summary: 'A connector; include=syncs adds its latest sync runs',
      params: ConnectorParams,
      querystring: ConnectorGetQuery,
      response: { 200: Connector },
    }),
    async (request) => {
      const include = new Set([request.query.include ?? []].flat().flatMap((value) => value.split(',')));
      const { principal, found } = await connectorOf(request);
      const [connector] = await view(principal, [found], { syncs: include.has('syncs'), picker: include.has('picker') });
      return connector;
    },
  );

  app.patch(
    '/ns/:namespace/connectors/:id',
    route({
      access: 'write',
      summary: 'Change how many documents a connector imports',
      description: 'A selection is refused (400): what a code-host connection syncs is chosen with POST /v3/connections/{id}/configure.',
      params: ConnectorParams,
      body: PatchConnectorBody,
      response: { 200: Connector },
    }),
    async (request) => {
      const { principal, id } = await connectorOf(request);
      if (request.body.selection)
        throw invalidInput('Connector does not support selection', 'choose what a code-host connection syncs with POST /v3/connections/{id}/configure');
      const [connector] = await view(principal, [await connections.update(principal, id, { documentLimit: request.body.documentLimit })]);
      return connector;
    },
  );

  app.delete(
    '/ns/:namespace/connectors/:id',
    route({
      access: 'write',
      summary: 'Disconnect a connector, with its imported documents unless deleteDocuments=false',
      description: 'As DELETE /v3/connections/{id}: syncing stops at once; what it set up at the provider is undone in the background.',
      params: ConnectorParams,
      querystring: ConnectorDeleteQuery,
      response: { 200: ConnectorDeleted },
    }),
    async (request) => {
      const { principal, id } = await connectorOf(request);
      const keep = request.query.deleteDocuments === 'false' || request.query.deleteDocuments === '0';
      await connections.delete(principal, id, !keep);
      return { id, deleted: true as const };
    },
  );

  app.post(
    '/ns/:namespace/connectors/:id/sync',
    route({
      access: 'write',
      summary: 'Sync a connector now',
      description: 'A sync running now answers 409; one already waiting answers queued. A connector not yet authorized answers 400.',
      params: ConnectorParams,
      response: { 202: SyncQueued },
    }),
    async (request, reply) => {
      const { principal, id } = await connectorOf(request);
      await connections.syncNow(principal, id);
      return reply.code(202).send({ id, status: 'queued' as const });
    },
  );
};
