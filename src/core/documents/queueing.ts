import type { DocumentRecord } from '../../model/documents.js';
import { notFound } from '../../model/errors.js';
import type { Tx } from '../../store/database.js';
import { deleteFile, insertDocument, updateDocument, type DocumentPatch } from '../../store/documents.js';
import { cancelPendingJobs, enqueueJob } from '../../store/jobs.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { documentEvent, emit } from '../webhooks/events.js';

/** A new document, `queued`, with its ingest job, in the caller's transaction. */
export async function insertQueuedDocument(
  tx: Tx,
  clock: Clock,
  maxJobAttempts: number,
  target: { orgId: string; containerTag: string },
  fields: DocumentPatch,
): Promise<DocumentRecord> {
  const row = await insertDocument(tx, {
    ...fields,
    id: newId(),
    orgId: target.orgId,
    containerTag: target.containerTag,
    status: 'queued',
    generation: 1,
    processing: { steps: [] },
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
  await enqueueJob(tx, { id: newId(), orgId: target.orgId, documentId: row.id, generation: 1, maxAttempts: maxJobAttempts });
  await emit(tx, documentEvent('document.queued', row), clock.now());
  return row;
}

/** New content for an existing document: its generation is bumped so in-flight work for the old one is dropped. */
export async function requeueDocument(tx: Tx, clock: Clock, maxJobAttempts: number, doc: DocumentRecord, fields: DocumentPatch): Promise<DocumentRecord> {
  const generation = doc.generation + 1;
  const now = clock.now();
  await cancelPendingJobs(tx, doc.id, now);
  // Text replacing an upload: the file must not stay stored behind it.
  if (doc.hasFile && fields.hasFile === false) await deleteFile(tx, doc.orgId, doc.id);
  const row = await updateDocument(
    tx,
    doc.orgId,
    doc.id,
    {
      ...fields,
      generation,
      status: 'queued',
      error: null,
      processing: { steps: [] },
    },
    now,
  );
  if (!row) throw notFound('Document');
  await enqueueJob(tx, { id: newId(), orgId: doc.orgId, documentId: doc.id, generation, maxAttempts: maxJobAttempts });
  await emit(tx, documentEvent('document.queued', row), now);
  return row;
}
