import { DelegatingEmbedder, type EmbeddingPurpose } from '../ai/embeddings/embedder.js';
import type { DocumentRecord, ExtractionReport } from '../model/documents.js';
import {
  embedLikelyInferences,
  extractMemories,
  readTagAhead,
  rememberExtraction,
  type ExtractionContext,
  type MemorizeOutcome,
} from '../core/memories/extraction.js';
import { getDocument, updateDocumentGeneration } from '../store/documents.js';
import { lockTagMemories } from '../store/memories/tag-changes.js';
import { SupersededError } from './worker.js';

export interface MemorizeContext extends ExtractionContext {
  /** After memories of a tag changed (profile rebuild, cached counts). */
  onChanged(orgId: string, containerTag: string): Promise<void>;
}

/** What the memory step did, and who extracted the memories at what cost. */
export interface MemorizeResult {
  outcome: MemorizeOutcome;
  extraction: ExtractionReport;
}

/**
 * What is embedded while the memory step's transaction is open (the memories it infers) goes in
 * the query lane: the transaction holds the embedded database's one connection, so every request
 * waits for it meanwhile, and the document lane is busy with ingest's bulk work at a lower priority.
 */
class HoldingTheDatabase extends DelegatingEmbedder {
  override embed(texts: string[], _purpose?: EmbeddingPurpose): Promise<Float32Array[]> {
    return this.inner.embed(texts, 'query');
  }
}

/**
 * The memory step of an ingest job: extracts memories from what is new in the document, reads
 * what they are resolved against in its tag, then stores them and the document's new extraction
 * cursor in one transaction, only while the document still holds the generation the job was
 * queued for (and reads in it again what changed in the tag since it was read).
 */
export async function memorizeDocument(ctx: MemorizeContext, doc: DocumentRecord, generation: number, signal?: AbortSignal): Promise<MemorizeResult> {
  const extraction = await extractMemories(ctx, doc, signal);
  // What the statements are resolved against is read before the transaction, which then only checks it still holds and writes.
  const ahead = await readTagAhead(ctx.db, doc, extraction);
  const inferenceVectors = await embedLikelyInferences(ctx, doc, extraction);
  signal?.throwIfAborted();
  const inTransaction = { ...ctx, embedder: new HoldingTheDatabase(ctx.embedder) };
  let containerTag = doc.containerTag;
  const outcome = await ctx.db.transaction(async (tx) => {
    // Locked: a move to another tag (or a delete) waits for this, or this finds it done.
    const current = await getDocument(tx, doc.orgId, doc.id, { forUpdate: true });
    if (!current || current.generation !== generation) throw new SupersededError();
    // Stored in the tag the document is in now: it may have moved since the job read it.
    containerTag = current.containerTag;
    await lockTagMemories(tx, current.orgId, current.containerTag);
    const snapshot = ahead && (await ahead.holds(tx, { orgId: current.orgId, containerTag: current.containerTag, documentId: current.id })) ? ahead : undefined;
    const stored = await rememberExtraction(inTransaction, tx, current, extraction, signal, { snapshot, inferenceVectors });
    const cursor = extraction.plan.cursor;
    if (cursor && !(await updateDocumentGeneration(tx, doc.orgId, doc.id, generation, { memoryCursor: cursor }, ctx.clock.now()))) {
      throw new SupersededError();
    }
    return stored;
  });
  const changed = outcome.created || outcome.duplicates || outcome.inferences || outcome.superseded || outcome.forgotten || outcome.unlinked;
  if (changed) await ctx.onChanged(doc.orgId, containerTag);
  return { outcome, extraction: extraction.report };
}
