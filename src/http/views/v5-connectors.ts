import { z } from 'zod';
import type { ConnectionWithRun } from '../../core/connections/connection-service.js';
import type { SyncRunRecord } from '../../model/connections.js';
import { iso } from '../../model/timestamps.js';
import { V5_PROVIDERS } from '../schemas/v5-connectors.js';

/** The answers of the v5 connector operations: a v3 connection in the contract's words. */

const ERROR_CODES = ['auth_expired', 'rate_limited', 'plan_required', 'provider_unavailable', 'internal'] as const;
const RunStatus = z.enum(['running', 'completed', 'failed']);
type ErrorCode = (typeof ERROR_CODES)[number];

const LastSync = z
  .object({
    status: RunStatus,
    errorCode: z.enum(ERROR_CODES).nullable().describe('A code the contract does not name (not_allowed) reads as internal'),
    error: z.string().nullable(),
    startedAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .strict();

const SyncRunV5 = LastSync.extend({
  id: z.string(),
  trigger: z.enum(['event', 'cron', 'manual']),
  itemsProcessed: z.number(),
  itemsFailed: z.number(),
  failures: z
    .array(z.object({ documentId: z.string(), title: z.string().nullable(), errorCode: z.string(), errorMessage: z.string(), failedAt: z.string() }).strict())
    .describe('Always empty: engram counts failed items (itemsFailed) but keeps no list of them'),
}).strict();

export const Connector = z
  .object({
    id: z.string(),
    provider: z.enum(V5_PROVIDERS),
    status: z
      .enum(['pending_authorization', 'active'])
      .describe('pending_authorization until authorized; a connection that needs authorizing again stays active, its lastSync failed'),
    authUrlExpiresAt: z.string().optional().describe('While pending: when its authorization link stops working'),
    namespace: z.string().nullable(),
    account: z.string().nullable(),
    capabilities: z.object({ selectable: z.boolean(), webhooks: z.boolean() }).strict(),
    config: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .nullable()
      .describe('Its non-secret setup; credentials are never answered'),
    selection: z.null().describe('Null: what a code-host connection syncs is read through GET /v3/connections/{id}/resources'),
    documentLimit: z.number().describe('10000 (the most the contract allows) when the connection has no limit of its own'),
    documentCount: z.number(),
    lastSync: LastSync.nullable(),
    lastSyncedAt: z.string().nullable(),
    createdAt: z.string(),
    syncs: z.array(SyncRunV5).optional().describe('With include=syncs: its 10 latest sync runs'),
    picker: z.null().optional().describe('With include=picker: null, engram has no hosted picker'),
  })
  .strict();

export const ConnectorList = z
  .object({
    connectors: z.array(Connector),
    pagination: z.object({ currentPage: z.number(), limit: z.number(), totalItems: z.number(), totalPages: z.number() }).strict(),
  })
  .strict();

export const ConnectorCreated = z
  .object({
    id: z.string(),
    authUrl: z.string().nullable().describe('Where the end user authorizes (OAuth kinds); null for kinds set up by config'),
    authUrlExpiresAt: z.string().nullable(),
  })
  .strict();

export const ConnectorDeleted = z.object({ id: z.string(), deleted: z.literal(true) }).strict();

export const SyncQueued = z.object({ id: z.string(), status: z.literal('queued') }).strict();

/** What the contract's fields need beyond the connection itself. */
export interface ConnectorFacts {
  kind: { provider: string; selectable: boolean; webhooks: boolean };
  documentCount: number;
  lastSyncedAt: Date | null;
  syncs?: SyncRunRecord[];
  picker?: boolean;
}

const NO_LIMIT = 10_000;

function errorCodeOf(code: string | null): ErrorCode | null {
  if (code === null) return null;
  return (ERROR_CODES as readonly string[]).includes(code) ? (code as ErrorCode) : 'internal';
}

function lastSyncView(run: SyncRunRecord): z.infer<typeof LastSync> {
  return {
    status: run.status as z.infer<typeof RunStatus>,
    errorCode: errorCodeOf(run.errorCode),
    error: run.error,
    startedAt: run.startedAt.toISOString(),
    completedAt: iso(run.completedAt),
  };
}

function syncRunView(run: SyncRunRecord): z.infer<typeof SyncRunV5> {
  return {
    ...lastSyncView(run),
    id: run.id,
    trigger: run.trigger as z.infer<typeof SyncRunV5>['trigger'],
    itemsProcessed: run.itemsProcessed,
    itemsFailed: run.itemsFailed,
    failures: [],
  };
}

/** The caller's setup as given, less anything that is not a plain value (credentials were never kept in it). */
function configView(metadata: Record<string, unknown>): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(metadata).filter((entry): entry is [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof entry[1])),
  );
}

export function connectorView({ connection, lastSyncRun }: ConnectionWithRun, facts: ConnectorFacts): z.infer<typeof Connector> {
  const pending = connection.status === 'pending';
  return {
    id: connection.id,
    provider: facts.kind.provider as z.infer<typeof Connector>['provider'],
    status: pending ? 'pending_authorization' : 'active',
    ...(pending && connection.expiresAt ? { authUrlExpiresAt: connection.expiresAt.toISOString() } : {}),
    namespace: connection.containerTag,
    account: connection.email,
    capabilities: { selectable: facts.kind.selectable, webhooks: facts.kind.webhooks },
    config: configView(connection.metadata),
    selection: null,
    documentLimit: connection.documentLimit ?? NO_LIMIT,
    documentCount: facts.documentCount,
    lastSync: lastSyncRun ? lastSyncView(lastSyncRun) : null,
    lastSyncedAt: iso(facts.lastSyncedAt),
    createdAt: connection.createdAt.toISOString(),
    ...(facts.syncs ? { syncs: facts.syncs.map(syncRunView) } : {}),
    ...(facts.picker ? { picker: null } : {}),
  };
}
