import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import { FetchError, fetchUrl } from '../convert/fetch-url.js';
import { ConversionError, convertToMarkdown, storableText } from '../convert/index.js';
import type { ConvertedDocument, ConvertInput, ConvertProgress } from '../convert/types.js';
import { EmbeddingError, type Embedder } from '../ai/embeddings/embedder.js';
import { chunkEmbeddingText } from '../core/embedding/embedding-text.js';
import type { Clock } from '../core/shared/clock.js';
import { newId } from '../core/shared/ids.js';
import { documentEvent, emit } from '../core/webhooks/events.js';
import type { Db, Tx } from '../store/database.js';
import { dropStagedChunks, embeddedChunks, stageChunks, useStagedChunks } from '../store/chunks.js';
import { getDocument, getDocumentGeneration, updateDocumentGeneration, type DocumentPatch, getFile } from '../store/documents.js';
import { chunkMarkdown, resolveChunkOptions } from '../chunking/index.js';
import type { MemorizeOutcome } from '../core/memories/extraction.js';
import type { MemorizeResult } from './memorize.js';
import { INTERNAL_FAILURE, SupersededError, type JobHandler, type JobLease } from './worker.js';
import type { ProcessingLog, ProcessingStep, DocumentRecord, DocumentStatus, ExtractionReport } from '../model/documents.js';
import type { JobRecord } from '../model/jobs.js';
import { isAvailabilityError } from '../store/errors.js';
import { replaceAttachments } from '../store/attachments.js';
import { ThrottledWrite } from './throttled-write.js';

export interface IngestContext {
  db: Db;
  log: Logger;
  clock: Clock;
  fetch: { allowPrivate: boolean; maxBytes: number; timeoutMs: number };
  /** Org-level chunk size (settings); -1 or null means the default. */
  chunkSizeFor?: (orgId: string) => Promise<number | null>;
  embedder: Embedder;
  /** Runs a conversion (off the event loop, in the server); absent, convertToMarkdown runs in place. */
  convert?: (input: ConvertInput) => Promise<ConvertedDocument>;
  /** The memory stage; absent, documents are only chunked and indexed. */
  memorize?: (doc: DocumentRecord, generation: number, signal: AbortSignal) => Promise<MemorizeResult>;
  /** Most chunks kept of one document; DEFAULT_MAX_CHUNKS when absent. */
  maxChunks?: number;
  /** Told how long each completed stage took (for metrics): extracting, chunking, embedding, indexing, memories. */
  onStage?(stage: string, seconds: number): void;
}

/** About 5 MB of text at the default chunk size. */
export const DEFAULT_MAX_CHUNKS = 5_000;
/** Texts embedded between two checks of the lease and of shutdown. */
const EMBED_SLICE = 32;
/** Chunks written in one statement before the event loop serves others. */
const STAGE_BATCH = 100;

export function ingestHandler(ctx: IngestContext): JobHandler<'ingest'> {
  return {
    run: async (job, lease) => {
      // A duration for the log: the monotonic timer, not the clock.
      const started = performance.now();
      const outcome = await runIngest(ctx, job, lease);
      const ms = Math.round(performance.now() - started);
      const fallback = outcome.extraction?.fallback;
      if (fallback && outcome.extraction?.model) {
        ctx.log.warn(
          { documentId: job.documentId, reason: fallback.reason, parts: fallback.parts, model: outcome.extraction.model },
          `document ${job.documentId}: the chat model gave no usable memories (${fallback.reason}); the offline extractor stood in`,
        );
      }
      ctx.log.info({ documentId: job.documentId, ms, attempt: job.attempts, ...outcome }, `document ${job.documentId} done in ${ms} ms`);
    },
    isTransient: isTransientError,
    isExpected: (error) => error instanceof ConversionError || error instanceof FetchError,
    reason: failureReason,
    onRetry: async (job, reason, error) => {
      await markDocument(ctx, job, { status: 'queued', error: `attempt ${job.attempts} failed, retrying: ${reason}` });
      ctx.log.warn({ documentId: job.documentId, attempt: job.attempts, reason, ...diagnosisOf(error) }, `document ${job.documentId} failed, retrying`);
    },
    onInterrupted: async (job) => {
      await markDocument(ctx, job, { status: 'queued', error: null });
    },
    onFail: async (job, reason, error) => {
      await markFailed(ctx, job, reason);
      ctx.log.warn({ documentId: job.documentId, attempt: job.attempts, reason, ...diagnosisOf(error) }, `document ${job.documentId} failed`);
    },
  };
}

/** Why a URL was refused (a private address, a failed lookup), for the operator; the owner is told only `reason`. */
function diagnosisOf(error: unknown): { diagnosis?: string } {
  return error instanceof FetchError && error.diagnosis ? { diagnosis: error.diagnosis } : {};
}

async function markDocument(ctx: IngestContext, job: JobRecord, patch: DocumentPatch): Promise<void> {
  if (job.documentId) await updateDocumentGeneration(ctx.db, job.orgId, job.documentId, job.generation, patch, ctx.clock.now());
}

/** The document failed for the job's generation, and `document.failed` emitted with it. */
async function markFailed(ctx: IngestContext, job: JobRecord, reason: string): Promise<void> {
  const documentId = job.documentId;
  if (!documentId) return;
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    if (!(await updateDocumentGeneration(tx, job.orgId, documentId, job.generation, { status: 'failed', error: reason }, now))) return;
    const doc = await getDocument(tx, job.orgId, documentId);
    if (doc) await emit(tx, documentEvent('document.failed', doc), now);
  });
}

/** What one ingest made: its chunks and, with the memory stage, what happened to its memories and who extracted them. */
export interface IngestOutcome {
  chunks: number;
  memories?: MemorizeOutcome;
  extraction?: ExtractionReport;
}

/** Runs one ingest job through every stage; each stage commits only for the job's generation. */
export async function runIngest(ctx: IngestContext, job: JobRecord, lease: JobLease): Promise<IngestOutcome> {
  if (!job.documentId) throw new Error('ingest job without a document');
  const documentId = job.documentId;
  const initial = await getDocument(ctx.db, job.orgId, documentId);
  if (!initial || initial.generation !== job.generation) throw new SupersededError();
  const progress = new StageRecorder(ctx.db, ctx.clock, initial, job, lease, ctx.onStage);

  await progress.begin('extracting');
  const source = await loadSource(ctx, initial);
  const convert = ctx.convert ?? convertToMarkdown;
  const converted = await convert({ ...source, onProgress: (step) => progress.report(step), signal: lease.signal });
  // Conversion returns storable text already; every write below is guarded against a converter that does not.
  const markdown = storableText(converted.markdown);
  await ctx.db.transaction(async (tx) => {
    const current = await getDocumentGeneration(tx, job.orgId, documentId);
    if (!current || current.generation !== job.generation) throw new SupersededError();
    await replaceAttachments(
      tx,
      job.orgId,
      documentId,
      converted.attachments.map(({ name, mimeType, bytes }) => ({
        name,
        mimeType,
        data: bytes,
        isDocumentFile: initial.hasFile && sameBytes(bytes, source.bytes),
      })),
    );
  });
  // A connector names the type of what it imports (github_markdown, webpage…); uploads and URLs are typed by their content.
  const typedBySource = !initial.connectionId && (initial.hasFile || initial.url);
  // A caller's title wins, then one the document states, then the file's name, then a guess from the text.
  const stated = converted.titleGuessed ? null : converted.title;
  const title = initial.title ?? stated ?? (initial.hasFile ? source.filename : null) ?? converted.title;
  progress.describeSource(converted.format, converted.mimeType);
  await progress.next(
    'chunking',
    { content: markdown, title: title === null ? null : storableText(title), type: typedBySource ? converted.type : initial.type },
    attachmentCounts(converted),
  );

  const chunkSize = (await ctx.chunkSizeFor?.(job.orgId)) ?? null;
  const maxChunks = ctx.maxChunks ?? DEFAULT_MAX_CHUNKS;
  const all = chunkMarkdown(markdown, resolveChunkOptions(chunkSize));
  // The rest of a document past the limit is neither searchable nor embedded: the chunking step says how much.
  const pieces = all.slice(0, maxChunks).map((piece) => ({
    ...piece,
    content: storableText(piece.content),
    headingPath: piece.headingPath.map(storableText),
    id: newId(),
  }));
  // A grown transcript or an edited document keeps most chunks: their vectors are reused.
  const known = new Map<string, ArrayLike<number>>(
    (await embeddedChunks(ctx.db, documentId)).map((chunk) => [chunkEmbeddingText(chunk.headingPath, chunk.content), chunk.embedding]),
  );
  const dropped = all.length - pieces.length;
  await progress.next('embedding', {}, dropped ? { chunks: pieces.length, chunksDropped: dropped, chunkLimit: maxChunks } : {});

  const texts = pieces.map((piece) => chunkEmbeddingText(piece.headingPath, piece.content));
  const fresh = [...new Set(texts.filter((text) => !known.has(text)))];
  // In slices: a long document's embedding renews its lease and stops when the server does.
  for (let i = 0; i < fresh.length; i += EMBED_SLICE) {
    lease.signal.throwIfAborted();
    await lease.renew();
    const slice = fresh.slice(i, i + EMBED_SLICE);
    const embedded = await ctx.embedder.embed(slice, 'document');
    slice.forEach((text, j) => known.set(text, embedded[j]));
    progress.report({ name: 'texts', done: Math.min(fresh.length, i + EMBED_SLICE), total: fresh.length });
  }

  // The new chunks are written in batches where no search reads them, then replace the old ones in
  // one transaction: until then the document's earlier chunks stay searchable, and a failure before
  // it leaves them as they were. Short statements with turns between them let other requests in.
  await progress.next('indexing');
  const stageId = newId();
  try {
    for (let i = 0; i < pieces.length; i += STAGE_BATCH) {
      lease.signal.throwIfAborted();
      await lease.renew();
      await stageChunks(
        ctx.db,
        pieces.slice(i, i + STAGE_BATCH).map((piece, j) => ({
          id: piece.id,
          stageId,
          documentId: initial.id,
          orgId: initial.orgId,
          position: piece.position,
          content: piece.content,
          headingPath: piece.headingPath,
          metadata: { startOffset: piece.startOffset, endOffset: piece.endOffset },
          embedding: known.get(texts[i + j])!,
        })),
      );
      await nextTurn();
    }
    await ctx.db.transaction(async (tx) => {
      // Locked: a move to another tag waits for these chunks, or they are written under its new tag.
      const current = await getDocumentGeneration(tx, job.orgId, documentId, { forUpdate: true });
      if (!current || current.generation !== job.generation) throw new SupersededError();
      const stored = await useStagedChunks(tx, initial.id, stageId, current.containerTag);
      // Another run of this job (one that lost its lease) switched first and took these drafts away.
      if (stored !== pieces.length) throw new SupersededError();
    });
  } catch (error) {
    await dropStagedChunks(ctx.db, initial.id, stageId).catch(() => undefined);
    throw error;
  }

  // Memories are part of being done: a done document is reliable for search and profiles.
  const memorize = ctx.memorize;
  let memorized: MemorizeResult | undefined;
  if (memorize && initial.taskType !== 'superrag') {
    await progress.step('memories', async () => {
      const current = await getDocument(ctx.db, job.orgId, documentId);
      if (!current || current.generation !== job.generation) throw new SupersededError();
      memorized = await memorize(current, job.generation, lease.signal);
      return { detail: { ...memorized.outcome }, extraction: memorized.extraction };
    });
  }

  await progress.finish();
  return { chunks: pieces.length, ...(memorized ? { memories: memorized.outcome, extraction: memorized.extraction } : {}) };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/** What the extracting step reports about attachments; nothing for a document that has none. */
function attachmentCounts(converted: ConvertedDocument): Record<string, number> {
  const kept = converted.attachments.length;
  const dropped = converted.droppedAttachments;
  if (kept === 0 && dropped === 0) return {};
  return { attachments: kept, ...(dropped ? { attachmentsDropped: dropped } : {}) };
}

async function loadSource(ctx: IngestContext, doc: DocumentRecord): Promise<ConvertInput> {
  if (doc.hasFile) {
    const file = await getFile(ctx.db, doc.orgId, doc.id);
    if (!file) throw new SupersededError();
    // A connector's file keeps the page it came from, so relative links of HTML resolve against it.
    return { bytes: file.data, contentType: file.mimeType, filename: file.filename, fileType: file.forcedType, url: doc.url };
  }
  if (doc.url) {
    const fetched = await fetchUrl(doc.url, ctx.fetch);
    return { bytes: fetched.bytes, contentType: fetched.contentType, url: fetched.finalUrl, filename: new URL(fetched.finalUrl).pathname };
  }
  const bytes = new TextEncoder().encode(doc.source ?? '');
  if (doc.type === 'conversation') return { bytes, fileType: 'conversation' };
  return { bytes, contentType: 'text/markdown' };
}

/** How often progress inside a stage (pages, sheets, slides) is written: never once per page. */
const PROGRESS_INTERVAL_MS = 1_000;

/**
 * Records stage transitions on the document (status + processing log), guarded by generation, and
 * renews the job's lease as each stage begins.
 */
class StageRecorder {
  private readonly log: ProcessingLog;
  // A lost race with newer content shows at the stage's end, which throws SupersededError.
  private readonly progress = new ThrottledWrite(() => this.write({}), PROGRESS_INTERVAL_MS);
  /** When the running step began, on the monotonic timer. */
  private stepStarted = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly doc: DocumentRecord,
    private readonly job: JobRecord,
    private readonly lease: JobLease,
    private readonly onStage?: (stage: string, seconds: number) => void,
  ) {
    this.log = { steps: [], attempts: job.attempts };
  }

  async begin(status: DocumentStatus): Promise<void> {
    await this.lease.renew();
    this.start(status);
    await this.write({ status, error: null });
  }

  /** Ends the running stage with what it changed and reports, and begins the next: one write. */
  async next(status: DocumentStatus, patch: DocumentPatch = {}, detail: Record<string, number> = {}): Promise<void> {
    await this.progress.settled();
    await this.lease.renew();
    this.complete(detail);
    this.start(status);
    await this.write({ ...patch, status, error: null });
  }

  /** Progress inside the current step, as `{pages: 40, pagesTotal: 300}`: kept at once, written throttled. */
  report(progress: ConvertProgress): void {
    const step = this.log.steps.at(-1);
    if (!step) return;
    step.detail = { ...step.detail, [progress.name]: progress.done, [`${progress.name}Total`]: progress.total };
    this.progress.changed();
  }

  describeSource(format: string, mimeType: string): void {
    Object.assign(this.log, { format, mimeType });
  }

  /** A step inside the current status, recorded in the log with what it reports; written by `finish`. */
  async step(name: string, run: () => Promise<Pick<ProcessingStep, 'detail' | 'extraction'>>): Promise<void> {
    await this.lease.renew();
    this.complete();
    const step: ProcessingStep = { name, startedAt: this.clock.now().toISOString(), status: 'running' };
    this.log.steps.push(step);
    this.stepStarted = performance.now();
    // Shown while it runs: a long extraction is told apart from indexing.
    await this.write({});
    const report = await run();
    Object.assign(step, { status: 'completed', finishedAt: this.clock.now().toISOString(), ...report });
    this.onStage?.(name, (performance.now() - this.stepStarted) / 1000);
  }

  /** The document done, and `document.done` emitted, in one transaction. */
  async finish(): Promise<void> {
    this.complete();
    await this.db.transaction(async (tx) => {
      await this.write({ status: 'done', error: null }, tx);
      await emit(tx, documentEvent('document.done', { ...this.doc, status: 'done' }), this.clock.now());
    });
  }

  private start(status: DocumentStatus): void {
    this.log.steps.push({ name: status, startedAt: this.clock.now().toISOString(), status: 'running' });
    this.stepStarted = performance.now();
    this.progress.restart();
  }

  /** Marks the running step completed, with what it reports. */
  private complete(detail: Record<string, number> = {}): void {
    const step = this.log.steps.at(-1);
    if (step?.status !== 'running') return;
    Object.assign(step, { status: 'completed', finishedAt: this.clock.now().toISOString() });
    if (Object.keys(detail).length) step.detail = { ...step.detail, ...detail };
    this.onStage?.(step.name, (performance.now() - this.stepStarted) / 1000);
  }

  private async write(patch: DocumentPatch, tx: Tx = this.db): Promise<void> {
    const ok = await updateDocumentGeneration(
      tx,
      this.doc.orgId,
      this.doc.id,
      this.job.generation,
      {
        ...patch,
        processing: this.log,
      },
      this.clock.now(),
    );
    if (!ok) throw new SupersededError();
  }
}

/** Only availability is worth another attempt: an unknown error would fail the same way again. */
export function isTransientError(error: unknown): boolean {
  if (error instanceof EmbeddingError || error instanceof FetchError) return error.transient;
  return isAvailabilityError(error);
}

/** What the document's owner is told: a cause they can act on, never an internal message. */
export function failureReason(error: unknown): string {
  if (error instanceof ConversionError || error instanceof FetchError || error instanceof EmbeddingError) return error.message;
  if (isAvailabilityError(error)) return 'processing failed: a service it depends on is unavailable';
  return INTERNAL_FAILURE;
}
