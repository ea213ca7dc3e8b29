import type { SourceItem } from '../../connectors/index.js';
import type { ConnectionRecord } from '../../model/connections.js';
import { listImportedExternalIds, lockImportedDocuments } from '../../store/connection-documents.js';
import { addSyncRunCounts, countConnectionDocuments, lockConnectionShared, updateConnection } from '../../store/connections.js';
import type { Db } from '../../store/database.js';
import { insertFile, type DocumentPatch } from '../../store/documents.js';
import { ensureSpace } from '../../store/tags.js';
import { insertQueuedDocument, requeueDocument } from '../documents/queueing.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { decideSync, type SyncFilterSettings } from '../sync-filter.js';
import { removeDocuments } from '../memories/lineage.js';
import { assertTagsWritable } from '../tags/merge-guard.js';

/** The model filter: whether an item passes the organization's filterPrompt. */
export type RelevanceCheck = (filterPrompt: string, item: { title: string | null; excerpt: string }) => Promise<boolean>;

export interface DecidedItems {
  accepted: SourceItem[];
  /** External ids the filters refused: a document imported for one earlier is deleted. */
  refused: string[];
}

const EXCERPT_BYTES = 4000;

function excerptOf(item: SourceItem): string {
  if ('text' in item.body) return item.body.text.slice(0, EXCERPT_BYTES);
  return '';
}

/** Applies the organization's include/exclude lists and, for what they let through, the model filter. */
export async function decideItems(settings: SyncFilterSettings, isRelevant: RelevanceCheck, items: SourceItem[]): Promise<DecidedItems> {
  const decided: DecidedItems = { accepted: [], refused: [] };
  for (const item of items) {
    const folders = item.filepath?.split('/').slice(0, -1) ?? [];
    const decision = decideSync(settings, {
      title: item.title,
      filename: item.filepath ?? ('filename' in item.body ? item.body.filename : null) ?? item.title,
      mimeType: item.body.mediaType,
      type: item.type,
      folders,
    });
    const accept = decision.accept && (!decision.askModel || (await isRelevant(decision.filterPrompt, { title: item.title, excerpt: excerptOf(item) })));
    if (accept) decided.accepted.push(item);
    else decided.refused.push(item.externalId);
  }
  return decided;
}

export interface PageCounts {
  processed: number;
  failed: number;
  deleted: number;
  /** New items left out because the connection holds its documentLimit. */
  overLimit: number;
}

/** A committed page: its counts, and the tags whose memories its deletions changed. */
export interface CommittedPage {
  counts: PageCounts;
  changedTags: string[];
}

function bodyBytes(item: SourceItem): { data: Uint8Array; mimeType: string | null; filename: string | null } {
  const name = item.filepath?.split('/').pop() ?? null;
  if ('text' in item.body) return { data: new TextEncoder().encode(item.body.text), mimeType: item.body.mediaType, filename: name };
  return { data: item.body.bytes, mimeType: item.body.mediaType, filename: item.body.filename ?? name };
}

/**
 * Commits one page of a sync in one transaction, under a share lock of the connection row: a
 * delete of the connection waits for the page or the page finds it gone (null) and writes nothing.
 * New and changed items are (re)queued for ingest, unchanged ones (same version) left alone,
 * deletions and refused items removed, the cursor stored and the run's counts added. A page that
 * completes a full listing comes with `listed`, every external id the listing showed: the
 * connection's documents it did not show are gone at the source and removed too.
 */
export async function commitPage(
  ctx: { db: Db; clock: Clock; maxJobAttempts: number },
  connectionId: string,
  runId: string,
  page: DecidedItems & { deletions: string[]; cursor: unknown; listed?: ReadonlySet<string>; failed?: number },
): Promise<CommittedPage | null> {
  return ctx.db.transaction(async (tx) => {
    const connection: ConnectionRecord | undefined = await lockConnectionShared(tx, connectionId);
    if (connection?.status !== 'active') return null;
    const { orgId, containerTag } = connection;
    await assertTagsWritable(tx, orgId, [containerTag]);
    await ensureSpace(tx, orgId, containerTag, newId());
    const items = [...new Map(page.accepted.map((item) => [item.externalId, item])).values()];
    const existing = new Map(
      (
        await lockImportedDocuments(
          tx,
          connectionId,
          items.map((i) => i.externalId),
        )
      ).map((doc) => [doc.externalId!, doc]),
    );
    let held = connection.documentLimit === null ? 0 : await countConnectionDocuments(tx, connectionId);
    // Objects the adapter could not read (skipped and reported, not fatal) count as failed.
    const counts: PageCounts = { processed: 0, failed: page.failed ?? 0, deleted: 0, overLimit: 0 };
    for (const item of items) {
      const current = existing.get(item.externalId);
      if (current && current.sourceVersion === item.version) continue;
      if (!current && connection.documentLimit !== null && held >= connection.documentLimit) {
        counts.overLimit += 1;
        continue;
      }
      const fields: DocumentPatch = {
        title: item.title,
        url: item.url,
        filepath: item.filepath,
        type: item.type,
        metadata: item.metadata,
        documentDate: item.updatedAt,
        connectionId,
        connectorSource: connection.kind,
        externalId: item.externalId,
        sourceVersion: item.version,
        source: null,
        hasFile: true,
      };
      const doc = current
        ? await requeueDocument(tx, ctx.clock, ctx.maxJobAttempts, current, fields)
        : await insertQueuedDocument(tx, ctx.clock, ctx.maxJobAttempts, { orgId, containerTag }, fields);
      if (!current) held += 1;
      const file = bodyBytes(item);
      await insertFile(tx, {
        documentId: doc.id,
        orgId,
        filename: file.filename,
        mimeType: file.mimeType,
        forcedType: null,
        size: file.data.byteLength,
        data: file.data,
      });
      counts.processed += 1;
    }
    const unlisted = page.listed ? (await listImportedExternalIds(tx, connectionId)).filter((externalId) => !page.listed!.has(externalId)) : [];
    // Gone at the source (or refused by the filters): the memories drawn only from them go too (lineage).
    const removal = await removeDocuments(
      tx,
      orgId,
      { connectionId, externalIds: [...new Set([...page.deletions, ...page.refused, ...unlisted])] },
      ctx.clock.now(),
    );
    counts.deleted = removal.documents.length;
    await updateConnection(tx, connectionId, { cursor: page.cursor ?? null }, ctx.clock.now());
    await addSyncRunCounts(tx, runId, counts);
    return { counts, changedTags: removal.tags };
  });
}
