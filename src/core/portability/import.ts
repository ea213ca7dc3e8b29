import { tmpdir } from 'node:os';
import type { Embedder } from '../../ai/embeddings/embedder.js';
import type { Db } from '../../store/database.js';
import { isRefusedRow } from '../../store/portability.js';
import type { Principal } from '../../model/access.js';
import { invalidInput } from '../../model/errors.js';
import { assertTagsWritable } from '../tags/merge-guard.js';
import { assertTagInScope } from '../tags/rules.js';
import { BodyLine, type Counts } from './format.js';
import { checkExport, parseLine } from './import-check.js';
import {
  chunksToWrite,
  chunkText,
  memoryText,
  vectorsFor,
  writeChunks,
  writeDocuments,
  writeMemories,
  writeProfile,
  writeSpace,
  type ImportTarget,
} from './import-rows.js';
import { ImportSpool } from './import-spool.js';
import { ImportUndo, type Inserted } from './import-undo.js';
import type { LineLimits, NumberedLine } from './ndjson.js';
import type { Clock } from '../shared/clock.js';
import { announceProfile } from '../profiles/stored-profile.js';
import { emit } from '../webhooks/events.js';
import { readProfile } from '../../store/profiles.js';

export interface ImportContext {
  db: Db;
  clock: Clock;
  embedder: Embedder;
  limits?: Partial<LineLimits>;
  /** Where a body is spooled while it is checked and written (deleted after); the system's temporary directory by default. */
  spoolDir?: string;
  /**
   * After a completed import: refresh what derives from the tag's memories (search statistics, and
   * the profile unless the file restored it as it was).
   */
  onImported: (orgId: string, containerTag: string, profileRestored: boolean) => Promise<void> | void;
}

export interface ImportResult {
  containerTag: string;
  counts: Counts;
  /** Whether the records were re-embedded with this server's model. */
  reembedded: boolean;
}

export const DEFAULT_IMPORT_LIMITS: LineLimits = { maxLineBytes: 128 * 1024 * 1024, maxTotalBytes: 4 * 1024 * 1024 * 1024 };
/** Records per write transaction, and the text they may carry: each transaction stays short. */
const BATCH_LINES = 100;
const BATCH_CHARS = 8 * 1024 * 1024;

type Batch = { first: number; last: number; lines: BodyLine[] };

/**
 * Restores an export into one container tag without holding anything while the client sends: the
 * body is spooled to a file and checked whole first (a bad or cut-short file is refused before
 * any write), then written in short transactions of a batch each, embedding outside them and
 * yielding between them. Should a batch fail (a row the database refuses, an embedding model
 * down), what the earlier batches inserted is deleted again, so the tag is as before. Ids are
 * derived from the target and the exported ids, so a re-run writes nothing new.
 */
export class ImportService {
  private readonly limits: LineLimits;
  /** Imports into one tag write one after another (in this process): one's undo never meets another's rows. */
  private readonly writing = new Map<string, Promise<unknown>>();

  constructor(private readonly ctx: ImportContext) {
    this.limits = { ...DEFAULT_IMPORT_LIMITS, ...ctx.limits };
  }

  async importTag(principal: Principal, containerTag: string, body: AsyncIterable<Uint8Array>): Promise<ImportResult> {
    assertTagInScope(principal, containerTag);
    const orgId = principal.orgId;
    const { db, embedder } = this.ctx;
    // Refused at once rather than after the upload; checked again by every batch.
    await db.transaction((tx) => assertTagsWritable(tx, orgId, [containerTag]));
    const spool = await ImportSpool.open(this.ctx.spoolDir ?? tmpdir(), this.limits);
    try {
      const checked = await spool.receive(body, (lines) => checkExport(lines, { name: embedder.model, dimension: () => embedder.dimension }));
      const target: ImportTarget = { orgId, containerTag, clock: this.ctx.clock, embedder, keepVectors: checked.keepVectors, merged: new Map() };
      await this.oneAtATime(`${orgId}\u0000${containerTag}`, () => this.write(target, spool, checked.counts, !checked.keepVectors));
      await this.ctx.onImported(orgId, containerTag, checked.counts.profiles > 0);
      return { containerTag, counts: checked.counts, reembedded: !checked.keepVectors };
    } finally {
      await spool.dispose();
    }
  }

  private async write(target: ImportTarget, spool: ImportSpool, counts: Counts, reembedded: boolean): Promise<void> {
    const undo = await ImportUndo.begin(this.ctx.db, this.ctx.clock, target.orgId, target.containerTag, spool);
    const inserted = { documents: 0, chunks: 0, memories: 0 };
    try {
      for await (const batch of batches(spool.lines())) {
        const written = await this.writeBatch(target, batch);
        await undo.record(written);
        inserted.documents += written.documents.length;
        inserted.chunks += written.chunks.length;
        inserted.memories += written.memories.length;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await this.announce(target, undo, { counts, inserted, reembedded });
    } catch (error) {
      // Should the undo fail too (the database gone), the rows stay: a re-run of the import completes them.
      await undo.undo().catch(() => undefined);
      throw error;
    }
  }

  /**
   * The import's one event, `container_tag.imported`, once every batch is written (an event per
   * record would flood a receiver with a large file, and announce rows an undo may yet delete), and
   * `profile.changed` when the file restored a profile other than the tag's. A profile rebuilt
   * afterwards (`onImported`) announces its own change.
   */
  private async announce(
    target: ImportTarget,
    undo: ImportUndo,
    data: { counts: Counts; inserted: { documents: number; chunks: number; memories: number }; reembedded: boolean },
  ): Promise<void> {
    const { orgId, containerTag } = target;
    await this.ctx.db.transaction(async (tx) => {
      const now = this.ctx.clock.now();
      await emit(tx, { orgId, type: 'container_tag.imported', containerTag, data: { containerTag, ...data } }, now);
      if (data.counts.profiles > 0) {
        const profile = await readProfile(tx, orgId, containerTag);
        if (profile) await announceProfile(tx, orgId, containerTag, undo.profileBefore, profile, now);
      }
    });
  }

  /** One batch: its vectors first, then its rows in one short transaction. */
  private async writeBatch(target: ImportTarget, batch: Batch): Promise<Inserted> {
    const inserted: Inserted = { documents: [], chunks: [], memories: [], links: [] };
    const { lines } = batch;
    const kind = lines[0].kind;
    const chunks =
      kind === 'chunk'
        ? chunksToWrite(
            target,
            lines.filter((l) => l.kind === 'chunk'),
          )
        : [];
    const memories = lines.filter((l) => l.kind === 'memory');
    const vectors = kind === 'chunk' ? await vectorsFor(target, chunks, chunkText) : await vectorsFor(target, memories, memoryText);
    try {
      await this.ctx.db.transaction(async (tx) => {
        await assertTagsWritable(tx, target.orgId, [target.containerTag]);
        for (const line of lines) {
          if (line.kind === 'space') await writeSpace(tx, target, line);
          if (line.kind === 'profile') await writeProfile(tx, target, line);
        }
        if (kind === 'document')
          Object.assign(
            inserted,
            await writeDocuments(
              tx,
              target,
              lines.filter((l) => l.kind === 'document'),
            ),
          );
        if (kind === 'chunk') Object.assign(inserted, await writeChunks(tx, target, chunks, vectors));
        if (kind === 'memory') Object.assign(inserted, await writeMemories(tx, target, memories, vectors));
      });
    } catch (error) {
      if (!isRefusedRow(error)) throw error;
      const range = batch.first === batch.last ? `line ${batch.first}` : `lines ${batch.first}-${batch.last}`;
      throw invalidInput('Invalid export file', `${range}: refused by the database (a reference to a record missing from the file, or a duplicate)`);
    }
    return inserted;
  }

  private async oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
    const before = this.writing.get(key) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(run);
    const settled = mine.catch(() => undefined);
    this.writing.set(key, settled);
    try {
      return await mine;
    } finally {
      if (this.writing.get(key) === settled) this.writing.delete(key);
    }
  }
}

/** The spooled records (header and end line left out) in batches of one kind, bounded in count and text. */
async function* batches(lines: AsyncGenerator<NumberedLine>): AsyncGenerator<Batch> {
  await lines.next();
  let batch: Batch | undefined;
  let chars = 0;
  for await (const numbered of lines) {
    const line = parseLine(numbered, BodyLine);
    if (line.kind === 'end') break;
    if (batch && (batch.lines[0].kind !== line.kind || batch.lines.length >= BATCH_LINES || chars >= BATCH_CHARS)) {
      yield batch;
      batch = undefined;
    }
    if (!batch) {
      batch = { first: numbered.number, last: numbered.number, lines: [] };
      chars = 0;
    }
    batch.lines.push(line);
    batch.last = numbered.number;
    chars += numbered.text.length;
  }
  if (batch) yield batch;
}
