import type { DocumentRecord } from '../../model/documents.js';
import { chainRoot, type MemoryRecord, type MemoryRelation } from '../../model/memories.js';
import type { ProfileBucket } from '../../model/profiles.js';
import type { Tx } from '../../store/database.js';
import { deleteDocumentsAndLinks, type DocumentRemovalScope } from '../../store/document-removal.js';
import {
  copyMemory,
  deleteMemoryRows,
  findLiveStatement,
  lockMemories,
  memoriesLinkedToDocument,
  memoriesRelatedTo,
  memoriesWithSourceCounts,
  memorySimilarities,
  recountSources,
  unlinkDocument,
} from '../../store/memories/lineage.js';
import { listSourceDocuments, listVersions } from '../../store/memories/records.js';
import { linkMemorySources, lockChainHead, updateMemory } from '../../store/memories/writes.js';
import { classifyBuckets } from '../profiles/buckets.js';
import { newId } from '../shared/ids.js';
import { replacesInEditedDocument } from './resolution.js';
import { appendVersion, forgetMemory } from './versioning.js';
import { documentEvent, emit, memoryEvent } from '../webhooks/events.js';
import { groupBy } from '../shared/group-by.js';

/**
 * Lineage: every memory knows the documents it was drawn from (`memory_sources`; the turn, for a
 * conversation), and one rule keeps memories true to them. When a document goes (deleted, deleted
 * at its source, or moved to another tag), every memory version that loses its last source goes
 * with it; a memory another document (or a direct write's document) still supports stays, with its
 * links and `sourceCount` updated. A chain whose latest version goes falls back to its newest
 * version that still has a source. Inferences go with the last of their parents. When a document
 * is extracted again as a whole, what it no longer states is superseded by what replaced it, or
 * forgotten with a reason. Documents are deleted only through `removeDocuments` (the store's
 * document-removal functions are reachable from this module alone).
 */

export const NO_LONGER_STATED = 'no longer stated by its source document';
export const PARENTS_NO_LONGER_STATED = 'the memories it was inferred from are no longer stated';

/** What a change of lineage did to memories. */
export interface LineageOutcome {
  /** Memory rows deleted, every version counted. */
  deletedRows: number;
  /** Memories that were live (latest, not forgotten) and are deleted: what the tag counts lose. */
  deletedMemories: number;
  /** Tags whose memories changed: their profiles are to be rebuilt once the transaction commits. */
  tags: string[];
}

export interface DocumentRemoval extends LineageOutcome {
  documents: { id: string; containerTag: string }[];
}

/** What a whole re-extraction of a document did to what it stated before. */
export interface Restated {
  superseded: number;
  forgotten: number;
  unlinked: number;
}

/** The memory rows one operation deleted and the tags it changed. */
class Changes {
  readonly tags = new Set<string>();

  constructor(readonly now: Date) {}

  deletedRows = 0;
  deletedMemories = 0;

  touch(...tags: string[]): void {
    for (const tag of tags) this.tags.add(tag);
  }

  outcome(): LineageOutcome {
    return { deletedRows: this.deletedRows, deletedMemories: this.deletedMemories, tags: [...this.tags] };
  }
}

/**
 * Deletes the documents of a scope and settles the memories drawn from them. The one way
 * documents are deleted: single and bulk deletes, a tag's deletion, a connection's deletion with
 * its documents, a sync's deletions, an organization's reset.
 */
export async function removeDocuments(tx: Tx, orgId: string, scope: DocumentRemovalScope, now: Date): Promise<DocumentRemoval> {
  const removed = await deleteDocumentsAndLinks(tx, orgId, scope);
  await emit(
    tx,
    removed.documents.map((doc) => documentEvent('document.deleted', { ...doc, orgId })),
    now,
  );
  const changes = new Changes(now);
  await settleUnlinked(tx, orgId, removed.unlinkedMemoryIds, changes);
  return { documents: removed.documents, ...changes.outcome() };
}

/**
 * After memories lost source links: versions left with none are deleted, the others' `sourceCount`
 * follows their links. Inferences are left to their parents.
 */
async function settleUnlinked(tx: Tx, orgId: string, memoryIds: string[], changes: Changes): Promise<void> {
  // Locked before they are read: what an extraction committed meanwhile (a source, a version) is seen.
  await lockMemories(tx, orgId, memoryIds);
  const rows = (await memoriesWithSourceCounts(tx, orgId, memoryIds)).filter((m) => !m.isInference);
  changes.touch(...rows.map((m) => m.containerTag));
  await recountSources(
    tx,
    orgId,
    rows.filter((m) => m.sources > 0).map((m) => m.id),
    changes.now,
  );
  await deleteVersions(
    tx,
    orgId,
    rows.filter((m) => m.sources === 0),
    changes,
  );
}

/**
 * Deletes memory rows and repairs what pointed at them: a chain's later versions follow the
 * nearest earlier one left, a chain left without its latest version falls back to its newest
 * version that still has a source, relations naming them are dropped, and inferences left without
 * any parent are deleted in turn.
 */
async function deleteVersions(tx: Tx, orgId: string, rows: MemoryRecord[], changes: Changes): Promise<void> {
  let pending = rows;
  while (pending.length) {
    await lockMemories(
      tx,
      orgId,
      pending.map((m) => m.id),
    );
    const gone = new Set(pending.map((m) => m.id));
    const tags = [...new Set(pending.map((m) => m.containerTag))];
    const chains = groupBy(await listVersions(tx, orgId, [...new Set(pending.map(chainRoot))]), chainRoot);
    await deleteMemoryRows(tx, orgId, [...gone]);
    // A chain's latest version deleted is the memory deleted; its older versions go unannounced.
    await emit(
      tx,
      pending.filter((m) => m.isLatest).map((m) => memoryEvent('memory.deleted', m)),
      changes.now,
    );
    changes.deletedRows += gone.size;
    changes.deletedMemories += pending.filter((m) => m.isLatest && !m.isForgotten).length;
    changes.touch(...tags);
    for (const chain of chains.values()) {
      const left = chain.filter((v) => !gone.has(v.id));
      if (left.length) await repairChain(tx, orgId, left, gone, changes.now);
    }
    pending = await dropRelationsTo(tx, orgId, tags, gone, changes);
  }
}

/**
 * What is left of a chain after some of its versions were deleted (`left`, oldest first): each
 * version whose parent went follows the nearest earlier one left, and when the first version went,
 * the oldest one left becomes the chain's root.
 */
async function repairChain(tx: Tx, orgId: string, left: MemoryRecord[], gone: Set<string>, now: Date): Promise<void> {
  const rootGone = gone.has(chainRoot(left[0]));
  for (const [i, version] of left.entries()) {
    const patch: Partial<MemoryRecord> = {};
    if (rootGone) patch.rootMemoryId = i === 0 ? null : left[0].id;
    if (version.parentMemoryId && gone.has(version.parentMemoryId)) {
      const parent = left[i - 1];
      patch.parentMemoryId = parent?.id ?? null;
      patch.relations = withoutKeys(version.relations, gone);
      if (parent) patch.relations[parent.id] = 'updates';
    }
    if (Object.keys(patch).length) await updateMemory(tx, orgId, version.id, patch, now);
  }
  if (left.some((v) => v.isLatest)) return;
  const supported = (
    await memoriesWithSourceCounts(
      tx,
      orgId,
      left.map((v) => v.id),
    )
  ).filter((v) => v.sources > 0);
  const newest = supported.sort((a, b) => b.version - a.version)[0];
  // Its source still says it: the version it replaced is the latest again.
  if (newest) await updateMemory(tx, orgId, newest.id, { isLatest: true }, now);
}

/**
 * Drops the relations (`extends`, `derives`) that name memories no longer in these tags. Returns
 * the inferences left without any parent: they are to be deleted in turn.
 */
async function dropRelationsTo(tx: Tx, orgId: string, tags: string[], gone: Set<string>, changes: Changes): Promise<MemoryRecord[]> {
  const orphaned: MemoryRecord[] = [];
  for (const memory of await memoriesRelatedTo(tx, orgId, tags, [...gone])) {
    const relations = withoutKeys(memory.relations, gone);
    const parents = Object.values(relations).filter((r) => r === 'derives').length;
    const derived = Object.values(memory.relations).includes('derives');
    if (memory.isInference && derived && parents === 0) {
      orphaned.push(memory);
      continue;
    }
    await updateMemory(tx, orgId, memory.id, { relations, ...(memory.isInference && derived ? { sourceCount: parents } : {}) }, changes.now);
    changes.touch(memory.containerTag);
  }
  return orphaned;
}

/**
 * A document extracted again as a whole (its content changed): records what the new extraction
 * says of the memories the document supported before, then reconciles the rest (`finish`).
 */
export class DocumentRestatement {
  private readonly restated = new Set<string>();
  private readonly added: MemoryRecord[] = [];

  private constructor(
    private readonly doc: Pick<DocumentRecord, 'id' | 'orgId' | 'containerTag'>,
    private readonly before: MemoryRecord[],
    private readonly now: Date,
  ) {}

  /** Reads the live memories the document states now, before the new extraction is stored. */
  static async begin(tx: Tx, doc: Pick<DocumentRecord, 'id' | 'orgId' | 'containerTag'>, now: Date): Promise<DocumentRestatement> {
    const linked = await memoriesLinkedToDocument(tx, doc.orgId, doc.id, doc.containerTag);
    return new DocumentRestatement(
      doc,
      linked.filter((m) => m.isLatest && !m.isForgotten && !m.isInference),
      now,
    );
  }

  /** The extraction stated this memory again: word for word, or with detail added (`extends`). */
  restates(memoryId: string): void {
    this.restated.add(memoryId);
  }

  /** The extraction stored this statement as a memory of its own (resolution found nothing it repeats or replaces). */
  adds(memory: MemoryRecord): void {
    this.added.push(memory);
  }

  /**
   * Each memory the document stated before and no longer does: one another source still supports
   * loses only this document's link; otherwise a new statement that gives it new values (see
   * `replacesInEditedDocument`) becomes its next version, and without one it is forgotten, with
   * the reason. Inferences whose every parent is forgotten are forgotten too.
   */
  async finish(tx: Tx): Promise<Restated> {
    const { orgId } = this.doc;
    const { now } = this;
    const outcome: Restated = { superseded: 0, forgotten: 0, unlinked: 0 };
    const candidates = this.before.filter((m) => !this.restated.has(m.id));
    if (!candidates.length) return outcome;
    // What this extraction superseded on its own (an update by attribute) is settled already.
    const current = new Map(
      (
        await memoriesWithSourceCounts(
          tx,
          orgId,
          [...candidates, ...this.added].map((m) => m.id),
        )
      ).map((m) => [m.id, m]),
    );
    const live = (m: MemoryRecord) => current.get(m.id)?.isLatest === true && !current.get(m.id)!.isForgotten;
    const dropped = candidates.filter(live);
    if (!dropped.length) return outcome;
    const sources = groupBy(
      await listSourceDocuments(
        tx,
        orgId,
        dropped.map((m) => m.id),
      ),
      (s) => s.memoryId,
    );
    const shared = dropped.filter((m) => (sources.get(m.id) ?? []).some((s) => s.documentId !== this.doc.id));
    const own = dropped.filter((m) => !shared.includes(m));

    const unlinked = await unlinkDocument(tx, orgId, this.doc.id, { containerTag: this.doc.containerTag, memoryIds: shared.map((m) => m.id) });
    await recountSources(tx, orgId, unlinked, now);
    outcome.unlinked = unlinked.length;

    const replacements = await this.replacements(tx, own, this.added.filter(live));
    const forgotten: string[] = [];
    for (const old of own) {
      // Locked: an edit may be adding a version to the same chain right now; then it is no longer ours to settle.
      const head = await lockChainHead(tx, orgId, old.id);
      if (head?.id !== old.id) continue;
      const replacement = replacements.get(old.id);
      if (replacement) {
        await appendVersion(tx, orgId, head, replacement.id, now);
        outcome.superseded++;
      } else {
        await forgetMemory(tx, orgId, old.id, { forgetReason: NO_LONGER_STATED }, now);
        forgotten.push(old.id);
      }
    }
    outcome.forgotten = forgotten.length;
    await forgetInferencesOf(tx, orgId, this.doc.containerTag, forgotten, now);
    return outcome;
  }

  /** Pairs each dropped memory with the new statement that replaces it, closest pairs first, each used once. */
  private async replacements(tx: Tx, dropped: MemoryRecord[], added: MemoryRecord[]): Promise<Map<string, MemoryRecord>> {
    const pairs = await memorySimilarities(
      tx,
      this.doc.orgId,
      dropped.map((m) => m.id),
      added.map((m) => m.id),
    );
    const oldById = new Map(dropped.map((m) => [m.id, m]));
    const newById = new Map(added.map((m) => [m.id, m]));
    const chosen = new Map<string, MemoryRecord>();
    const used = new Set<string>();
    for (const pair of pairs.sort((x, y) => y.similarity - x.similarity)) {
      if (chosen.has(pair.a) || used.has(pair.b)) continue;
      const candidate = newById.get(pair.b)!;
      if (!replacesInEditedDocument(candidate.memory, oldById.get(pair.a)!.memory, pair.similarity)) continue;
      chosen.set(pair.a, candidate);
      used.add(pair.b);
    }
    return chosen;
  }
}

/** Inferences drawn from these memories whose every parent is now forgotten or gone are forgotten too. */
async function forgetInferencesOf(tx: Tx, orgId: string, containerTag: string, memoryIds: string[], now: Date): Promise<void> {
  const inferences = (await memoriesRelatedTo(tx, orgId, [containerTag], memoryIds)).filter((m) => m.isInference && !m.isForgotten);
  for (const inference of inferences) {
    const parents = Object.entries(inference.relations)
      .filter(([, r]) => r === 'derives')
      .map(([id]) => id);
    const live = (await memoriesWithSourceCounts(tx, orgId, parents)).filter((p) => !p.isForgotten);
    if (!live.length) await forgetMemory(tx, orgId, inference.id, { forgetReason: PARENTS_NO_LONGER_STATED }, now);
  }
}

/**
 * A document moved to another tag takes its memories along. A chain of versions only it supports
 * moves as it is; a memory it shares with other documents stays, without this document's link, and
 * the document's own copy of it is written in the new tag (or, when the new tag already states it,
 * that memory gains the document as a source). A moved memory the new tag already states is folded
 * into it, as a merge folds duplicates. Relations across the two tags are dropped.
 */
export async function moveDocumentMemories(
  tx: Tx,
  doc: Pick<DocumentRecord, 'id' | 'orgId' | 'containerTag'>,
  toTag: string,
  buckets: ProfileBucket[],
  now: Date,
): Promise<LineageOutcome> {
  const { orgId, containerTag: fromTag } = doc;
  const changes = new Changes(now);
  const linked = (await memoriesLinkedToDocument(tx, orgId, doc.id, fromTag)).filter((m) => !m.isInference);
  if (!linked.length) return changes.outcome();
  const chains = groupBy(await listVersions(tx, orgId, [...new Set(linked.map(chainRoot))]), chainRoot);
  const versionIds = [...chains.values()].flat().map((v) => v.id);
  const sources = groupBy(await listSourceDocuments(tx, orgId, versionIds), (s) => s.memoryId);
  const onlyThisDocument = (v: MemoryRecord) => (sources.get(v.id) ?? []).every((s) => s.documentId === doc.id);
  const ownChains = [...chains.values()].filter((chain) => chain.every(onlyThisDocument));
  const sharedChains = [...chains.values()].filter((chain) => !chain.every(onlyThisDocument));
  changes.touch(fromTag, toTag);

  const moved = new Set(ownChains.flat().map((v) => v.id));
  for (const version of ownChains.flat()) {
    await updateMemory(
      tx,
      orgId,
      version.id,
      {
        containerTag: toTag,
        buckets: classifyBuckets(version.memory, buckets),
        relations: Object.fromEntries(Object.entries(version.relations).filter(([id]) => moved.has(id))),
      },
      now,
    );
  }
  for (const version of ownChains.flat()) {
    if (!version.isLatest || version.isForgotten) continue;
    const existing = await findLiveStatement(tx, orgId, toTag, version.memory, [...moved]);
    if (!existing) continue;
    await forgetMemory(tx, orgId, version.id, { forgetReason: `duplicate of ${existing.id} after its document moved` }, now);
    await gainSource(tx, orgId, existing.id, doc.id, now);
  }

  for (const chain of sharedChains) {
    const stated = chain.filter((v) => !v.isForgotten && (sources.get(v.id) ?? []).some((s) => s.documentId === doc.id));
    const newest = stated.sort((a, b) => b.version - a.version)[0];
    if (newest) await writeCopy(tx, orgId, newest, doc.id, toTag, buckets, now);
  }

  // What stays behind no longer has this document as a source; nothing stays related to what left.
  const unlinked = await unlinkDocument(tx, orgId, doc.id, { containerTag: fromTag });
  await settleUnlinked(tx, orgId, unlinked, changes);
  const orphaned = await dropRelationsTo(tx, orgId, [fromTag], moved, changes);
  await deleteVersions(tx, orgId, orphaned, changes);
  return changes.outcome();
}

/** The moved document's own copy of a statement it shares with documents staying behind. */
async function writeCopy(tx: Tx, orgId: string, from: MemoryRecord, documentId: string, toTag: string, buckets: ProfileBucket[], now: Date): Promise<void> {
  const existing = await findLiveStatement(tx, orgId, toTag, from.memory);
  if (existing) return gainSource(tx, orgId, existing.id, documentId, now);
  const id = newId();
  await copyMemory(tx, orgId, from.id, { id, containerTag: toTag, buckets: classifyBuckets(from.memory, buckets) }, now);
  await linkMemorySources(tx, orgId, [{ memoryId: id, documentId }]);
}

async function gainSource(tx: Tx, orgId: string, memoryId: string, documentId: string, now: Date): Promise<void> {
  await linkMemorySources(tx, orgId, [{ memoryId, documentId }]);
  await recountSources(tx, orgId, [memoryId], now);
}

function withoutKeys(relations: Record<string, MemoryRelation>, gone: Set<string>): Record<string, MemoryRelation> {
  return Object.fromEntries(Object.entries(relations).filter(([id]) => !gone.has(id)));
}
