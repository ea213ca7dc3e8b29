import { answers, statedAttributes, type AskedAttribute } from '../../ai/text/attributes.js';
import type { MemoryAttribute } from '../../model/memories.js';

/**
 * A memory that states the attribute a question asks for ("Where does Bob work?" → "Bob got a new
 * job at Siemens") answers it, however few of the question's words it shares and however far
 * apart the two embed: the local model places "where does Bob work" nearer to "The user's name is
 * Bob Tanaka" than to the statement about Siemens. Such a memory rises to at least
 * `ATTRIBUTE_FLOOR`, then by `ATTRIBUTE_BOOST`, so it clears the default threshold and ranks above
 * memories that only name the same person.
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

/** Whether a candidate's memory states the attribute asked for, of the subject asked about. */
export function answersAsked(candidate: AttributeCandidate, asked: AskedAttribute): boolean {
  const stated = candidate.attributes ?? (candidate.text ? statedAttributes(candidate.text) : []);
  return stated.some((a) => answers(a, asked));
}

/**
 * Of several memories that state the attribute asked for (two pets, a new job told without saying
 * the old one ended), the one written last rises most: by `RECENCY_STEP` above the one before it.
 */
export const RECENCY_STEP = 0.01;

export function boostAskedAttribute<T extends AttributeCandidate & { writtenAt?: Date | null }>(candidates: T[], asked: AskedAttribute | null): T[] {
  if (!asked) return candidates;
  const answering = candidates.filter((c) => c.text && answersAsked(c, asked));
  const order = [...answering].sort((a, b) => (a.writtenAt?.getTime() ?? 0) - (b.writtenAt?.getTime() ?? 0));
  const lift = new Map(order.map((c, i) => [c, ATTRIBUTE_BOOST + RECENCY_STEP * i]));
  return candidates.map((c) => {
    const by = lift.get(c);
    return by === undefined ? c : { ...c, similarity: Math.min(1, Math.max(c.similarity, ATTRIBUTE_FLOOR) + by) };
  });
}
