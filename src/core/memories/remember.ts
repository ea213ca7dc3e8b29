import { ANY_ATTRIBUTE, type StatedAttribute } from '../../ai/text/attributes.js';
import { differentThings } from '../../ai/text/things.js';
import type { MemoryAttribute, MemoryRecord } from '../../model/memories.js';
import type { ProfileBucket } from '../../model/profiles.js';
import type { Tx } from '../../store/database.js';
import { memoriesMentioning, memoriesStating, nearestMemories, type MemoryNeighbour } from '../../store/memories/neighbours.js';
import { findLatestMemory } from '../../store/memories/records.js';
import { bumpSourceCount, lockChainHead } from '../../store/memories/writes.js';
import { replacesAttribute, resolveMemory, storedAttributes, type Neighbour } from './resolution.js';
import { forgetMemory, insertMemoriesWithSources, supersede, type MemoryDraft } from './versioning.js';
import { emit, supersededEvent } from '../webhooks/events.js';

export const NEIGHBOURS = 5;
/** Memories of one tag searched for another phrasing of the attribute a statement sets. */
export const SLOT_MATES = 300;

export interface StatementScope {
  orgId: string;
  containerTag: string;
  /** The document the statement comes from; it becomes a source of what the statement is stored as. */
  documentId: string;
  /** When it is remembered. */
  now: Date;
}

export type Remembered =
  /** The tag already held it: `memory` gained the document as a source (unless it had it). */
  | { action: 'duplicate'; memory: Pick<MemoryRecord, 'id'> }
  /** Stored as the next version of `of`'s chain; `retired` other memories that said only the value it replaced. */
  | { action: 'updates'; memory: MemoryRecord; of: string; retired: string[] }
  /** Stored beside `of`, which it adds detail to. */
  | { action: 'extends'; memory: MemoryRecord; of: string }
  | { action: 'new'; memory: MemoryRecord };

export interface RememberOptions {
  /** Whether the same text already remembered counts as the same memory (a direct write with its own metadata does not). */
  mergeDuplicates?: (existing: Neighbour) => boolean;
  /**
   * Memories the same source stated at the same moment (earlier statements of one document, or of
   * one turn): they hold side by side, so a statement worded as a change is never a new version of one.
   */
  statedAlongside?: ReadonlySet<string>;
  /** Where the tag's memories are read from: the database (the default), or what was read of it before the transaction (`TagSnapshot`). */
  reads?: TagReads;
}

/** The reads that resolve a statement against its tag. */
export interface TagReads {
  nearest(tx: Tx, scope: StatementScope, vector: number[], limit: number): Promise<MemoryNeighbour[]>;
  stating(tx: Tx, scope: StatementScope, attribute: string, limit: number): Promise<{ id: string; memory: string; attributes: MemoryAttribute[] | null }[]>;
}

/** The tag's memories as they are now, read inside the caller's transaction. */
export const LIVE_READS: TagReads = {
  nearest: (tx, scope, vector, limit) => nearestMemories(tx, scope, vector, limit),
  stating: (tx, scope, attribute, limit) => memoriesStating(tx, scope.orgId, scope.containerTag, attribute, limit),
};

/**
 * Stores one statement the way every memory is stored, inside the caller's transaction: resolved
 * against what its tag already remembers (the same fact → one more source, a new value of what an
 * existing memory states → its next version, added detail → `extends`, else a memory of its own).
 */
export async function rememberStatement(
  tx: Tx,
  scope: StatementScope,
  draft: MemoryDraft,
  buckets: ProfileBucket[],
  options: RememberOptions = {},
): Promise<Remembered> {
  const alongside = options.statedAlongside;
  const reads = options.reads ?? LIVE_READS;
  const neighbours = (await reads.nearest(tx, scope, draft.embedding ?? [], NEIGHBOURS)).map((n) =>
    alongside?.has(n.id) ? { ...n, statedAlongside: true } : n,
  );
  const stated = [...storedAttributes(draft), ...(draft.meant ?? [])];
  const mates = await slotMates(tx, scope, stated, reads);
  const resolution = resolveMemory(draft.memory, neighbours, mates, stated);
  if (resolution.action === 'duplicate' && (options.mergeDuplicates?.(resolution.of) ?? true)) {
    if (!resolution.of.fromSameDocument) await bumpSourceCount(tx, scope.orgId, resolution.of.id, scope.documentId, scope.now);
    return { action: 'duplicate', memory: resolution.of };
  }
  if (resolution.action === 'relate' && resolution.relation === 'extends') {
    const [memory] = await insertMemoriesWithSources(
      tx,
      scope.orgId,
      [{ ...draft, relations: { ...draft.relations, [resolution.to.id]: 'extends' } }],
      buckets,
      scope.now,
    );
    return { action: 'extends', memory, of: resolution.to.id };
  }
  // Locked: an edit or another document may be adding a version to the same chain right now.
  const previous = resolution.action === 'relate' ? await lockChainHead(tx, scope.orgId, resolution.to.id) : undefined;
  if (previous) {
    const memory = await supersede(
      tx,
      scope.orgId,
      previous,
      withConfirmedMeaning(draft, resolution.action === 'relate' ? resolution.to : undefined),
      buckets,
      scope.now,
    );
    const retired = await retireRestatements(
      tx,
      scope,
      memory,
      mates.filter((m) => m.id !== previous.id),
    );
    return { action: 'updates', memory, of: previous.id, retired };
  }
  const [memory] = await insertMemoriesWithSources(tx, scope.orgId, [draft], buckets, scope.now);
  return { action: 'new', memory };
}

/**
 * An attribute read by meaning is stored once the statement turned out to give a new value of it:
 * the memory it updates states that attribute by its cues.
 */
function withConfirmedMeaning(draft: MemoryDraft, updated: Neighbour | undefined): MemoryDraft {
  const old = updated ? storedAttributes(updated) : [];
  const confirmed = (draft.meant ?? []).filter((m) => old.some((a) => a.attribute === m.attribute));
  return confirmed.length ? { ...draft, attributes: [...storedAttributes(draft), ...confirmed] } : draft;
}

/**
 * Other memories that said only the value a new statement replaced ("Omar is Lina's boyfriend"
 * beside "Lina's boyfriend Omar moved in with her", once Lina is seeing Yusuf) are forgotten with
 * the reason (`memory.forgotten`, and `memory.superseded` naming the new memory): the profile then
 * shows the latest value alone. A memory that says more than that value stays.
 */
async function retireRestatements(tx: Tx, scope: StatementScope, memory: MemoryRecord, mates: Neighbour[]): Promise<string[]> {
  const stated = storedAttributes(memory);
  const retiredIds: string[] = [];
  for (const mate of mates) {
    const said = storedAttributes(mate);
    if (differentThings(memory.memory, mate.memory) || !replacesAttribute(stated, said) || said.some((a) => !stated.some((s) => s.attribute === a.attribute)))
      continue;
    const retired = await forgetMemory(tx, scope.orgId, mate.id, { forgetReason: `replaced by a newer value (memory ${memory.id})` }, scope.now);
    // Not of the new version's chain, yet replaced by it all the same: a subscriber hears both.
    if (retired) {
      retiredIds.push(retired.id);
      await emit(tx, supersededEvent(scope.orgId, retired, memory), scope.now);
    }
  }
  return retiredIds;
}

/** The stored record a duplicate was folded into, for answers that show it. */
export async function rememberedRecord(tx: Tx, scope: StatementScope, remembered: Remembered): Promise<MemoryRecord | undefined> {
  return remembered.action === 'duplicate' ? findLatestMemory(tx, scope.orgId, scope.containerTag, { id: remembered.memory.id }) : remembered.memory;
}

/** The attributes whose memories `slotMates` reads for a statement that sets `stated`. */
export function attributesToFind(stated: StatedAttribute[]): string[] {
  return [...new Set(stated.flatMap((a) => (a.attribute === ANY_ATTRIBUTE ? [] : [a.attribute])))];
}

/** Memories that set an attribute the statement sets, however they phrase it and however far they embed. */
async function slotMates(tx: Tx, scope: StatementScope, stated: StatedAttribute[], reads: TagReads): Promise<Neighbour[]> {
  const mates: Neighbour[] = [];
  for (const attribute of attributesToFind(stated)) {
    const rows = await reads.stating(tx, scope, attribute, SLOT_MATES);
    mates.push(...rows.map((row) => ({ ...row, similarity: 0, fromSameDocument: false })));
  }
  // An ending names the thing, not the attribute: the memories that mention it.
  for (const ended of stated.filter((a) => a.attribute === ANY_ATTRIBUTE)) {
    const rows = await memoriesMentioning(tx, scope.orgId, scope.containerTag, [ended.value], SLOT_MATES);
    mates.push(...rows.map((row) => ({ ...row, similarity: 0, fromSameDocument: false })));
  }
  return mates;
}
