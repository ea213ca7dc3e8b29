import type { Embedder } from '../../ai/embeddings/embedder.js';
import {
  AttributeReader,
  canonicalText,
  endedByContrast,
  isSingleValued,
  KindredValueReader,
  namesHeldValue,
  statedAttributes,
  soleOwnerOf,
  subjectOf,
  type StatedAttribute,
} from '../../ai/text/attributes.js';
import { chainRoot, type MemoryAttribute, type MemoryRecord } from '../../model/memories.js';
import type { ProfileBucket } from '../../model/profiles.js';
import type { Db, Tx } from '../../store/database.js';
import { memoriesMentioning } from '../../store/memories/neighbours.js';
import { insertMemories, retireVersion, updateMemory, type MemoryInsert } from '../../store/memories/writes.js';
import { classifyBuckets } from '../profiles/buckets.js';
import { replacesHeldValues, saysNewValue, storedAttributes } from './resolution.js';
import { newId } from '../shared/ids.js';
import { emit, memoryEvent, supersededEvent } from '../webhooks/events.js';

/**
 * A memory about to be stored: what it says and where it came from. Its id, organization and
 * profile buckets are given when it is stored.
 */
export interface MemoryDraft extends Omit<MemoryInsert, 'id' | 'orgId' | 'buckets'> {
  /** The documents it was taken from, linked as its sources. */
  sources: string[];
  /** Attributes its meaning sets (`readAttributes`): they find what it updates, and are not stored. */
  meant?: MemoryAttribute[];
  /** The turn of the conversation (its first source) it was said in. */
  sourceTurn?: number | null;
}

/** The latest version of a chain, which a new version follows. */
export interface ChainHead {
  id: string;
  version: number;
  rootMemoryId: string | null;
}

/**
 * Stores memories inside the caller's transaction: each classified into the profile buckets
 * given and linked to the documents it came from. Every path that creates memories (extraction,
 * edits, direct writes) stores them here.
 */
export async function insertMemoriesWithSources(tx: Tx, orgId: string, drafts: MemoryDraft[], buckets: ProfileBucket[], now: Date): Promise<MemoryRecord[]> {
  const stored = drafts.map(({ sources: _sources, sourceTurn: _turn, meant: _meant, ...draft }) => {
    const attributes = draft.attributes ?? attributesOf(draft.memory);
    return { ...draft, attributes, canonical: canonicalText(attributes) || null, id: newId(), orgId, buckets: classifyBuckets(draft.memory, buckets) };
  });
  // Written with their source links in one statement.
  const rows = await insertMemories(
    tx,
    stored,
    stored.flatMap((row, i) =>
      drafts[i].sources.map((documentId, j) => ({ memoryId: row.id, documentId, turn: j === 0 ? (drafts[i].sourceTurn ?? null) : null })),
    ),
  );
  // A first version is created; a next version (supersede) updates its chain.
  await emit(
    tx,
    rows.map((row, i) => memoryEvent(row.parentMemoryId ? 'memory.updated' : 'memory.created', row, { sourceDocumentIds: drafts[i].sources })),
    now,
  );
  return rows;
}

/** The attributes a memory's text sets (employer, residence, diet, …), recorded with it. */
export function attributesOf(memory: string): MemoryAttribute[] {
  return statedAttributes(memory);
}

/** What a statement sets: by its cues (stored with it), and by its meaning where no cue reads any. */
export interface ReadAttributes {
  stated: MemoryAttribute[];
  /** Read with the embedder: used to find the memory the statement gives a new value of, never stored. */
  meant: MemoryAttribute[];
}

/** The attributes the tag's memories state of a subject, for reading what a change of it changes. */
export type HeldAttributes = (subject: string) => Promise<StatedAttribute[]>;

/** How many of a tag's memories naming a subject are read for the attributes held of it. */
const HELD_MEMORIES = 30;

/**
 * The attributes a tag's live memories state of a subject, found by its first name ("Chloe" of
 * "Chloe Martin"), read once per name: the statements of one extraction are read before any is stored.
 */
export function heldAttributesIn(db: Db, orgId: string, containerTag: string): HeldAttributes {
  const read = new Map<string, Promise<StatedAttribute[]>>();
  return (subject) => {
    const name = subject.split(/\s+/)[0] === 'the' ? subject : subject.split(/\s+/)[0];
    let held = read.get(name);
    if (!held) {
      held = memoriesMentioning(db, orgId, containerTag, [name], HELD_MEMORIES).then((rows) => rows.flatMap(storedAttributes));
      read.set(name, held);
      // A failed read is tried again by the next statement that needs it.
      held.catch(() => read.delete(name));
    }
    return held;
  };
}

/**
 * The attributes each statement sets: by its cues, and where no cue names one, by its meaning
 * (read with the embedder, so before any transaction is opened): the attribute its sentence is
 * closest to, or, for a statement told as a change, the attribute `held` of its subject whose value
 * one of its phrases is of the same kind as; and a statement nothing is read from that names a value
 * held beside one that gives its attribute another value ends it (`endedByContrast`). When the
 * embedder fails, by cues alone.
 */
export async function readAttributes(embedder: Embedder, statements: string[], held?: HeldAttributes): Promise<ReadAttributes[]> {
  const read = statements.map((text) => ({ stated: asChangeOf(text, attributesOf(text)), meant: [] as MemoryAttribute[] }));
  const reader = AttributeReader.for(embedder);
  const unread = statements.flatMap((_, i) => (read[i].stated.length ? [] : [i]));
  if (reader && unread.length) {
    const meant = await reader.read(unread.map((i) => statements[i])).catch(() => unread.map(() => []));
    for (const [k, i] of unread.entries()) read[i].meant = meant[k];
  }
  const kindred = KindredValueReader.for(embedder);
  if (!held) return read;
  // A statement that only ends values ("gave up crosswords for sudoku") may still name the one that follows.
  const onlyEnds = (i: number) => read[i].stated.every((a) => a.negated);
  // "A pottery wheel has replaced the embroidery hoop in Hana's spare room": about the one whose room it is.
  const subjects = statements.map((text, i) => (onlyEnds(i) ? (subjectOf(text) ?? soleOwnerOf(text)) : null));
  const heldOf = await Promise.all(subjects.map((subject) => (subject ? held(subject).catch(() => []) : Promise.resolve([]))));
  for (const [i, subject] of subjects.entries()) {
    if (!kindred || read[i].meant.length || !subject) continue;
    if (!saysNewValue(statements[i]) && !namesHeldValue(statements[i], subject, heldOf[i])) continue;
    const changed = await kindred.read(statements[i], subject, heldOf[i]).catch(() => []);
    read[i].meant = asChangeOf(statements[i], changed);
  }
  // "Jake's knees ended his basketball career, so he took to rowing": the old value named beside the new one is over.
  const contrasted = endedByContrast(
    statements,
    read.map((r) => [...r.stated, ...r.meant]),
    heldOf,
  );
  for (const [i, ended] of contrasted.entries()) if (ended.length) read[i].meant = ended;
  return read;
}

/** A change that ends the values held ("switched to the saxophone") replaces them, even of an attribute that can hold several. */
function asChangeOf(text: string, attributes: MemoryAttribute[]): MemoryAttribute[] {
  if (!replacesHeldValues(text)) return attributes;
  return attributes.map((a) => (isSingleValued(a.attribute) || a.negated ? a : { ...a, replacing: true }));
}

/** Where the version after `previous` stands in its chain: the next number, `previous` as parent, and that it updates it. */
function nextVersionOf(previous: ChainHead) {
  return {
    version: previous.version + 1,
    parentMemoryId: previous.id,
    rootMemoryId: chainRoot(previous),
    relations: { [previous.id]: 'updates' as const },
  };
}

/**
 * Stores `draft` as the next version of the chain `previous` heads: version + 1, the same root,
 * `previous` as parent with an `updates` relation to it, and `previous` no longer the latest. The
 * unique (root, version) index refuses a second next version (DuplicateKeyError), so of two
 * concurrent supersessions of one version only the first succeeds.
 */
export async function supersede(tx: Tx, orgId: string, previous: ChainHead, draft: MemoryDraft, buckets: ProfileBucket[], now: Date): Promise<MemoryRecord> {
  const [row] = await insertMemoriesWithSources(tx, orgId, [{ ...draft, ...nextVersionOf(previous) }], buckets, now);
  await retireVersion(tx, orgId, previous.id, now);
  await emit(tx, supersededEvent(orgId, previous, row), now);
  return row;
}

/**
 * Makes `memoryId`, stored as a memory of its own, the next version of the chain `previous` heads,
 * as `supersede()` would have written it: a re-extracted document's new statement is known to
 * replace its old one only once the whole extraction is stored (`core/memories/lineage.ts`).
 * The caller holds `previous` locked (`lockChainHead`).
 */
export async function appendVersion(tx: Tx, orgId: string, previous: ChainHead, memoryId: string, now: Date): Promise<void> {
  const appended = await updateMemory(tx, orgId, memoryId, nextVersionOf(previous), now);
  await retireVersion(tx, orgId, previous.id, now);
  if (appended) await emit(tx, [memoryEvent('memory.updated', appended), supersededEvent(orgId, previous, appended)], now);
}

/**
 * Forgets a memory (soft: it stays, hidden from search and profiles) with the reason and any other
 * change given, and emits `memory.forgotten`: every way a memory is forgotten goes through here.
 */
export async function forgetMemory(
  tx: Tx,
  orgId: string,
  memoryId: string,
  patch: { forgetReason: string | null } & Partial<Pick<MemoryRecord, 'metadata'>>,
  now: Date,
): Promise<MemoryRecord | undefined> {
  const forgotten = await updateMemory(tx, orgId, memoryId, { ...patch, isForgotten: true }, now);
  if (forgotten) await emit(tx, memoryEvent('memory.forgotten', forgotten), now);
  return forgotten;
}
