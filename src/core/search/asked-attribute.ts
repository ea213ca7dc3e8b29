import { answerStrength, statedAttributes, type AskedAttribute } from '../../ai/text/attributes.js';
import type { MemoryAttribute } from '../../model/memories.js';

/**
 * A memory that states the attribute a question asks for ("Where does Bob work?" → "Bob got a new
 * job at Siemens") answers it, however few of the question's words it shares and however far
 * apart the two embed: the local model places "where does Bob work" nearer to "The user's name is
 * Bob Tanaka" than to the statement about Siemens. Such a memory scores `ATTRIBUTE_FLOOR` +
 * `ATTRIBUTE_BOOST` (less for a neighbouring attribute, more the newer it is), so it clears the
 * default threshold and ranks above memories that only name the same person.
 */
export const ATTRIBUTE_FLOOR = 0.6;
export const ATTRIBUTE_BOOST = 0.2;

/** Rows stating the attribute asked for, fetched as candidates besides the vector and lexical ones. */
export const ATTRIBUTE_CANDIDATES = 20;

interface AttributeCandidate {
  similarity: number;
  text?: string | null;
  attributes?: MemoryAttribute[] | null;
}

/** A neighbouring attribute (an employer for "what does X do?") lifts a memory this much less. */
export const NEARBY_PENALTY = 0.1;

/** How well a candidate's memory answers the attribute asked for, of the subject asked about (0, 1 or 2). */
export function answerStrengthOf(candidate: AttributeCandidate, asked: AskedAttribute): number {
  const stated = candidate.attributes ?? (candidate.text ? statedAttributes(candidate.text) : []);
  return Math.max(0, ...stated.map((a) => answerStrength(a, asked)));
}

/**
 * Of several memories that state the attribute asked for (two pets, a new job told without saying
 * the old one ended), the one written last ranks first: each is `RECENCY_STEP` above the one before.
 */
export const RECENCY_STEP = 0.02;

export function boostAskedAttribute<T extends AttributeCandidate & { writtenAt?: Date | null }>(
  candidates: T[],
  asked: AskedAttribute | null,
): Array<T & { answers?: number }> {
  if (!asked) return candidates;
  const strength = new Map(candidates.map((c) => [c, c.text ? answerStrengthOf(c, asked) : 0]));
  const answering = candidates.filter((c) => strength.get(c)! > 0);
  const order = [...answering].sort((a, b) => (a.writtenAt?.getTime() ?? 0) - (b.writtenAt?.getTime() ?? 0));
  const lift = new Map(order.map((c, i) => [c, ATTRIBUTE_BOOST + RECENCY_STEP * i - (strength.get(c) === 2 ? 0 : NEARBY_PENALTY)]));
  // Among the memories that answer, the newest first: its value is the one most likely to hold.
  return candidates.map((c) => {
    const by = lift.get(c);
    return by === undefined ? c : { ...c, similarity: Math.min(1, ATTRIBUTE_FLOOR + by), answers: strength.get(c) };
  });
}

/**
 * In hybrid results, the best memory that fully answers the attribute asked for ranks above every
 * document chunk: it is the version-resolved answer, while a chunk is the text as once written and
 * may state a value since replaced ("going to Crete" in a note, "Sardinia instead" in a later one).
 * The chunks keep their order below it.
 */
export function chunksBelowAnswer<C extends { similarity: number }>(memories: Array<{ similarity: number; answers?: number }>, chunks: C[]): C[] {
  const lead = memories.find((m) => m.answers === 2);
  return lead ? capBelow(chunks, () => lead.similarity) : chunks;
}

/** Each chunk at or above its ceiling (none: left alone) placed just under it. */
function capBelow<C extends { similarity: number }>(chunks: C[], ceilingOf: (chunk: C) => number | undefined): C[] {
  return chunks.map((c) => {
    const ceiling = ceilingOf(c);
    return ceiling !== undefined && c.similarity >= ceiling ? { ...c, similarity: ceiling - 1e-6 } : c;
  });
}

/**
 * A chunk of a document whose statement has a later version elsewhere ranks below that version when
 * both are found: the chunk is the text as once written ("going to Crete"), the memory what holds
 * now ("doing Sardinia instead", from a later note).
 */
export function chunksBelowLaterVersions<C extends { similarity: number; sourceId: string | null }>(
  memories: Array<{ id: string; similarity: number }>,
  chunks: C[],
  laterVersions: Array<{ documentId: string; memoryId: string }>,
): C[] {
  if (!laterVersions.length) return chunks;
  const similarity = new Map(memories.map((m) => [m.id, m.similarity]));
  const ceiling = new Map<string, number>();
  for (const { documentId, memoryId } of laterVersions) {
    const found = similarity.get(memoryId);
    if (found !== undefined) ceiling.set(documentId, Math.max(ceiling.get(documentId) ?? 0, found));
  }
  return capBelow(chunks, (c) => (c.sourceId === null ? undefined : ceiling.get(c.sourceId)));
}
