import type { MemoryAttribute } from '../../model/memories.js';
import type { Db, Tx } from '../../store/database.js';
import { memoriesStatingEach, nearestMemoriesOfEach, similaritiesAmong, type MemoryNeighbour } from '../../store/memories/neighbours.js';
import { committedNow, tagChangedSince, type CommittedAt } from '../../store/memories/tag-changes.js';
import { attributesToFind, LIVE_READS, NEIGHBOURS, SLOT_MATES, type Remembered, type StatementScope, type TagReads } from './remember.js';
import { storedAttributes } from './resolution.js';

/** Nearest memories read ahead for each statement: this many, so that a few retired on the way still leave five. */
const NEAREST_AHEAD = NEIGHBOURS + 5;
/** Past this many statements an extraction is resolved with reads in its transaction (the similarities among them grow as their square). */
export const MAX_STATEMENTS_READ_AHEAD = 64;

type StatingRow = { id: string; memory: string; attributes: MemoryAttribute[] | null };

/** A memory this extraction stored, as the reads would find it, and the statement whose vector it was stored with. */
interface Stored {
  statement: number;
  neighbour: Omit<MemoryNeighbour, 'similarity'>;
}

/**
 * What resolving an extraction reads of its tag (each statement's nearest memories, the memories
 * that set the attributes the statements set), read before the memory step's transaction, so the
 * transaction holds the embedded database's one connection only to write. Inside it, `holds()`
 * checks that no transaction the read-ahead did not see has changed its memories or their links
 * and committed since (`memory_tag_changes`, the tag's recent rows only; else every read is made in
 * the transaction, as without a snapshot: the same committed state its reads would see); then
 * each statement's reads are answered from what was read ahead and what the statements before it
 * stored and retired (`record`), with the similarities the database gives, computed ahead too. A
 * read the snapshot cannot answer exactly (more retired than were read ahead) is made in the
 * transaction.
 */
export class TagSnapshot {
  private readonly stored: Stored[] = [];
  /** Memories retired or forgotten by the statements stored so far. */
  private readonly gone = new Set<string>();
  /** Memories the statements stored so far gave this document as a source. */
  private readonly linked = new Set<string>();

  private constructor(
    private readonly scope: Pick<StatementScope, 'orgId' | 'containerTag' | 'documentId'>,
    private readonly since: CommittedAt,
    private readonly nearestAhead: MemoryNeighbour[][],
    private readonly among: number[][],
    private readonly statingAhead: Map<string, StatingRow[]>,
  ) {}

  /**
   * Reads ahead, outside any transaction, what the statements will be resolved against. Undefined
   * when there is nothing to read, or too many statements for it.
   */
  static async read(
    db: Db,
    scope: Pick<StatementScope, 'orgId' | 'containerTag' | 'documentId'>,
    statements: { vector: ArrayLike<number>; stated: { memory: string; attributes?: MemoryAttribute[] | null; meant?: MemoryAttribute[] } }[],
  ): Promise<TagSnapshot | undefined> {
    if (!statements.length || statements.length > MAX_STATEMENTS_READ_AHEAD) return undefined;
    const vectors = statements.map((s) => s.vector);
    const attributes = [...new Set(statements.flatMap((s) => attributesToFind([...storedAttributes(s.stated), ...(s.stated.meant ?? [])])))];
    // The moment first: whatever commits after it is a change it did not see, and `holds()` sees that.
    const since = await committedNow(db);
    const nearest = await nearestMemoriesOfEach(db, scope, vectors, NEAREST_AHEAD);
    const among = await similaritiesAmong(db, vectors);
    const stating = await memoriesStatingEach(db, scope.orgId, scope.containerTag, attributes, SLOT_MATES);
    return new TagSnapshot(scope, since, nearest, among, stating);
  }

  /**
   * Inside the transaction, before anything is written: whether the tag is still as it was read,
   * as far as what is committed goes. The caller holds the tag's memory lock (`lockTagMemories`),
   * so no other resolving writer of the tag commits while this one runs; an edit or a delete still
   * may on PostgreSQL, as it could when this transaction made every read itself (READ COMMITTED).
   * The embedded database runs one transaction at a time.
   */
  async holds(tx: Tx, scope: Pick<StatementScope, 'orgId' | 'containerTag' | 'documentId'>): Promise<boolean> {
    if (scope.orgId !== this.scope.orgId || scope.containerTag !== this.scope.containerTag || scope.documentId !== this.scope.documentId) return false;
    return !(await tagChangedSince(tx, scope.orgId, scope.containerTag, this.since));
  }

  /** The reads of statement `i`. */
  readsOf(i: number): TagReads {
    return {
      nearest: async (tx, scope, vector, limit) => this.nearest(i, limit) ?? LIVE_READS.nearest(tx, scope, vector, limit),
      stating: async (tx, scope, attribute, limit) => this.stating(attribute, limit) ?? LIVE_READS.stating(tx, scope, attribute, limit),
    };
  }

  /** What statement `i` stored, so the statements after it read it. */
  record(i: number, remembered: Remembered): void {
    if (remembered.action === 'duplicate') {
      this.linked.add(remembered.memory.id);
      return;
    }
    const { memory } = remembered;
    this.stored.push({
      statement: i,
      neighbour: {
        id: memory.id,
        memory: memory.memory,
        version: memory.version,
        rootMemoryId: memory.rootMemoryId,
        sourceCount: memory.sourceCount,
        fromSameDocument: true,
        attributes: memory.attributes,
      },
    });
    if (remembered.action === 'updates') {
      this.gone.add(remembered.of);
      for (const id of remembered.retired) this.gone.add(id);
    }
  }

  private current<T extends { id: string; sourceCount?: number; fromSameDocument?: boolean }>(row: T): T {
    if (!this.linked.has(row.id) || row.fromSameDocument !== false) return row;
    return { ...row, sourceCount: (row.sourceCount ?? 0) + 1, fromSameDocument: true };
  }

  /** Statement `i`'s nearest memories now; undefined when what was read ahead cannot tell. */
  private nearest(i: number, limit: number): MemoryNeighbour[] | undefined {
    const ahead = this.nearestAhead[i];
    if (!ahead) return undefined;
    const merged = [
      ...ahead.filter((n) => !this.gone.has(n.id)).map((n) => this.current(n)),
      ...this.stored
        .filter((s) => !this.gone.has(s.neighbour.id))
        .map((s) => this.current({ ...s.neighbour, similarity: this.among[i]?.[s.statement] ?? Number.NaN })),
    ];
    if (merged.some((n) => Number.isNaN(n.similarity))) return undefined;
    merged.sort((a, b) => b.similarity - a.similarity);
    const top = merged.slice(0, limit);
    // What was not read ahead is no closer than the last read: when more were read than came back, they are all.
    const complete = ahead.length < NEAREST_AHEAD;
    const farthestRead = ahead.at(-1)?.similarity ?? Number.NEGATIVE_INFINITY;
    if (!complete && (top.length < limit || top.at(-1)!.similarity < farthestRead)) return undefined;
    return top;
  }

  /** The memories that set `attribute` now, newest first; undefined when it was not read ahead or not whole. */
  private stating(attribute: string, limit: number): StatingRow[] | undefined {
    const ahead = this.statingAhead.get(attribute);
    if (!ahead || ahead.length >= SLOT_MATES || limit > SLOT_MATES) return undefined;
    const storedNow = this.stored
      .filter((s) => !this.gone.has(s.neighbour.id) && (s.neighbour.attributes ?? []).some((a) => a.attribute === attribute))
      .reverse()
      .map(({ neighbour }) => ({ id: neighbour.id, memory: neighbour.memory, attributes: neighbour.attributes }));
    return [...storedNow, ...ahead.filter((row) => !this.gone.has(row.id))].slice(0, limit);
  }
}
