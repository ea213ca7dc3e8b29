import type { DocumentRecord } from '../../model/documents.js';
import type { ConnectionRecord, SyncRunRecord } from '../../model/connections.js';
import type { MemoryRecord } from '../../model/memories.js';
import type { WebhookEventDraft, WebhookEventType } from '../../model/webhooks.js';
import type { Tx } from '../../store/database.js';
import { insertWebhookEvents } from '../../store/webhooks.js';
import { newId } from '../shared/ids.js';

/** A memory's text is inlined up to this many characters; a longer one is read by its id. */
export const MAX_INLINE_TEXT = 2_000;

/**
 * Writes events in the caller's transaction: they are delivered once it commits, and a change
 * rolled back emits nothing. Every change that has an event type calls this with the rows it
 * wrote; the payloads name content by id and inline only what is small.
 */
export async function emit(tx: Tx, events: WebhookEventDraft | WebhookEventDraft[], now: Date): Promise<void> {
  const list = Array.isArray(events) ? events : [events];
  if (!list.length) return;
  await insertWebhookEvents(
    tx,
    list.map((event) => ({ ...event, id: `evt_${newId()}` })),
    () => newId(),
    now,
  );
}

export type DocumentEventType = Extract<WebhookEventType, `document.${string}`>;

/** A document event: the document's id and what names it, never its content. */
export function documentEvent(
  type: DocumentEventType,
  doc: Pick<DocumentRecord, 'id' | 'orgId' | 'containerTag'> & Partial<DocumentRecord>,
): WebhookEventDraft {
  return {
    orgId: doc.orgId,
    type,
    containerTag: doc.containerTag,
    data: {
      id: doc.id,
      ...(doc.customId !== undefined ? { customId: doc.customId } : {}),
      ...(doc.title !== undefined ? { title: inline(doc.title) } : {}),
      ...(doc.status !== undefined ? { status: doc.status } : {}),
      ...(doc.type !== undefined ? { type: doc.type } : {}),
      ...(doc.connectionId ? { connectionId: doc.connectionId } : {}),
      ...(type === 'document.failed' && doc.error ? { error: inline(doc.error) } : {}),
    },
  };
}

export type MemoryEventType = Extract<WebhookEventType, `memory.${string}`>;

/** A memory event: the version, its chain and its text (cut at MAX_INLINE_TEXT, `truncated` then). */
export function memoryEvent(type: MemoryEventType, memory: MemoryRecord, extra: Record<string, unknown> = {}): WebhookEventDraft {
  const text = memory.memory.length > MAX_INLINE_TEXT ? { memory: memory.memory.slice(0, MAX_INLINE_TEXT), truncated: true } : { memory: memory.memory };
  return {
    orgId: memory.orgId,
    type,
    containerTag: memory.containerTag,
    data: {
      id: memory.id,
      ...text,
      version: memory.version,
      parentMemoryId: memory.parentMemoryId,
      rootMemoryId: memory.rootMemoryId ?? memory.id,
      isInference: memory.isInference,
      ...(memory.isForgotten ? { forgetReason: memory.forgetReason } : {}),
      ...extra,
    },
  };
}

/** The version a new one replaced: no longer the latest of its chain. */
export function supersededEvent(orgId: string, previous: { id: string; version: number; rootMemoryId: string | null }, by: MemoryRecord): WebhookEventDraft {
  return {
    orgId,
    type: 'memory.superseded',
    containerTag: by.containerTag,
    data: { id: previous.id, version: previous.version, rootMemoryId: previous.rootMemoryId ?? previous.id, supersededBy: by.id },
  };
}

export type ConnectionEventType = Extract<WebhookEventType, `connection.${string}`>;

/** A connection event: the connection, its provider and status, and for a sync's end the run's counts. */
export function connectionEvent(
  type: ConnectionEventType,
  connection: Pick<ConnectionRecord, 'id' | 'orgId' | 'kind' | 'containerTag' | 'status'>,
  run?: SyncRunRecord,
): WebhookEventDraft {
  return {
    orgId: connection.orgId,
    type,
    containerTag: connection.containerTag,
    data: {
      id: connection.id,
      provider: connection.kind,
      status: connection.status,
      ...(run
        ? {
            run: {
              id: run.id,
              trigger: run.trigger,
              status: run.status,
              itemsProcessed: run.itemsProcessed,
              itemsDeleted: run.itemsDeleted,
              itemsFailed: run.itemsFailed,
              errorCode: run.errorCode,
              error: inline(run.error),
            },
          }
        : {}),
    },
  };
}

function inline(text: string | null): string | null {
  return text && text.length > MAX_INLINE_TEXT ? text.slice(0, MAX_INLINE_TEXT) : text;
}
