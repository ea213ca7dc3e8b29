import type { Db } from '../../store/database.js';
import { deleteImportedChunks, deleteImportedLinks, deleteImportedMemories } from '../../store/portability.js';
import { deleteProfiles, readProfile, saveProfile } from '../../store/profiles.js';
import { deleteSpaces, getSpace, upsertSpace } from '../../store/tags.js';
import { removeDocuments } from '../memories/lineage.js';
import { newId } from '../shared/ids.js';
import type { ImportSpool } from './import-spool.js';
import type { Clock } from '../shared/clock.js';

/** What one committed batch inserted (rows that were there already are not listed: they are not the import's). */
export interface Inserted {
  documents: string[];
  chunks: string[];
  memories: string[];
  links: { memoryId: string; documentId: string }[];
}

const UNDO_BATCH = 500;
type Kind = 'l' | 'm' | 'c' | 'd';

/**
 * How a tag is put back as it was when an import fails after some of its batches committed: every
 * row a batch inserted is logged (in the spool, not in memory) and deleted again, newest kind
 * first, and the tag settings and profile the import overwrote are restored from the copies taken
 * before its first write.
 */
export class ImportUndo {
  private constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly orgId: string,
    private readonly containerTag: string,
    private readonly spool: ImportSpool,
    private readonly before: { space: Awaited<ReturnType<typeof getSpace>>; profile: Awaited<ReturnType<typeof readProfile>> },
  ) {}

  static async begin(db: Db, clock: Clock, orgId: string, containerTag: string, spool: ImportSpool): Promise<ImportUndo> {
    const [space, profile] = [await getSpace(db, orgId, containerTag), await readProfile(db, orgId, containerTag)];
    return new ImportUndo(db, clock, orgId, containerTag, spool, { space, profile });
  }

  /** The tag's profile before the import. */
  get profileBefore(): Awaited<ReturnType<typeof readProfile>> {
    return this.before.profile;
  }

  /** Logs a batch's inserts; called once its transaction committed. */
  async record(inserted: Inserted): Promise<void> {
    await this.spool.record([
      ...inserted.documents.map((id) => `d:${id}`),
      ...inserted.chunks.map((id) => `c:${id}`),
      ...inserted.memories.map((id) => `m:${id}`),
      ...inserted.links.map((l) => `l:${l.memoryId}:${l.documentId}`),
    ]);
  }

  /** Deletes what the import inserted and restores what it overwrote, in short transactions. */
  async undo(): Promise<void> {
    const { db, orgId, containerTag } = this;
    const now = this.clock.now();
    await this.each('l', (entries) =>
      deleteImportedLinks(
        db,
        orgId,
        entries.map((e) => ({ memoryId: e.split(':')[0], documentId: e.split(':')[1] })),
      ),
    );
    await this.each('m', (ids) => deleteImportedMemories(db, orgId, ids));
    await this.each('c', (ids) => deleteImportedChunks(db, orgId, ids));
    // Their links and memories are gone already: lineage has nothing left to settle.
    await this.each('d', (ids) => db.transaction((tx) => removeDocuments(tx, orgId, { ids }, now)));
    const { space, profile } = this.before;
    await db.transaction(async (tx) => {
      if (space) {
        const { name, entityContext, memoryFilesystemPaths, profileBuckets } = space;
        await upsertSpace(tx, orgId, containerTag, newId(), { name, entityContext, memoryFilesystemPaths, profileBuckets }, now);
      } else {
        await deleteSpaces(tx, orgId, [containerTag]);
      }
      if (profile) await saveProfile(tx, orgId, containerTag, profile, now);
      else await deleteProfiles(tx, orgId, [containerTag]);
    });
  }

  /** Hands the logged entries of one kind to `remove`, a bounded number at a time. */
  private async each(kind: Kind, remove: (entries: string[]) => Promise<unknown>): Promise<void> {
    let batch: string[] = [];
    for await (const entry of this.spool.recorded()) {
      if (!entry.startsWith(`${kind}:`)) continue;
      batch.push(entry.slice(2));
      if (batch.length >= UNDO_BATCH) {
        await remove(batch);
        batch = [];
      }
    }
    if (batch.length) await remove(batch);
  }
}
