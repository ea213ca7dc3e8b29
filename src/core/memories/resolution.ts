import { attributeSlot } from './attribute-slots.js';
import { factShape, setsSameAttribute, unsharedValues } from './fact-values.js';
import type { MemoryRelation } from '../../model/memories.js';

/** An existing latest memory of the same tag, with its cosine similarity to the candidate. */
export interface Neighbour {
  id: string;
  memory: string;
  similarity: number;
  /** Already linked to the document the candidate comes from. */
  fromSameDocument: boolean;
}

export type Resolution =
  | { action: 'duplicate'; of: Neighbour }
  | { action: 'relate'; to: Neighbour; relation: Extract<MemoryRelation, 'updates' | 'extends'> }
  | { action: 'new' };

export const DUPLICATE_SIMILARITY = 0.95;
export const EXTENDS_SIMILARITY = 0.8;
export const UPDATE_MIN_SIMILARITY = 0.45;
/** Below this, a statement of an edited document is not taken for the new wording of one it dropped. */
export const REPLACES_MIN_SIMILARITY = 0.7;
/** Of the words of the shorter statement, the share the other must repeat to be its new wording. */
const REPLACES_MIN_SHARED_WORDS = 0.5;

export function normalizeMemoryText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const CONTENT_WORD = /[\p{L}\p{N}]{3,}/gu;

function contentWords(text: string): Set<string> {
  return new Set(normalizeMemoryText(text).match(CONTENT_WORD) ?? []);
}

/**
 * How an extracted fact relates to what the tag already remembers. Closeness alone never makes a
 * duplicate: a fact naming a number, date or name its neighbour does not is news, either a new
 * value of the neighbour's attribute (`updates`) or a fact of its own. `slotMates` are memories of
 * the same subject, newest first, that may set the same single-valued attribute in other words.
 */
export function resolveMemory(candidate: string, neighbours: Neighbour[], slotMates: Neighbour[] = []): Resolution {
  const normalized = normalizeMemoryText(candidate);
  const ranked = [...neighbours].sort((a, b) => b.similarity - a.similarity);
  const exact = ranked.find((n) => normalizeMemoryText(n.memory) === normalized);
  if (exact) return { action: 'duplicate', of: exact };
  const restated = ranked.find((n) => n.similarity >= DUPLICATE_SIMILARITY && unsharedValues(candidate, n.memory).length === 0);
  if (restated) return { action: 'duplicate', of: restated };

  // Detail added to a known fact extends it; only a different value for the same attribute replaces it.
  const words = contentWords(candidate);
  const slot = attributeSlot(candidate);
  const extended = ranked.find((n) => {
    if (n.similarity < EXTENDS_SIMILARITY || unsharedValues(n.memory, candidate).length > 0) return false;
    const old = contentWords(n.memory);
    if (words.size <= old.size) return false;
    let shared = 0;
    for (const w of old) if (words.has(w)) shared++;
    // Of a single-valued attribute, a word of the old statement left out is its old value.
    const needed = slot && attributeSlot(n.memory) === slot ? 1 : 0.8;
    return shared / Math.max(1, old.size) >= needed;
  });
  if (extended) return { action: 'relate', to: extended, relation: 'extends' };

  // One document states its values side by side (a list of offices, a table of prices): there an
  // alike statement with another value is another fact, not a correction, unless the attribute is
  // one that holds a single value at a time. Those are matched by slot however far apart they embed.
  const contradicted =
    ranked.find(
      (n) =>
        n.similarity >= UPDATE_MIN_SIMILARITY &&
        ((slot && attributeSlot(n.memory) === slot) || (!n.fromSameDocument && setsSameAttribute(candidate, n.memory))),
    ) ?? (slot ? slotMates.find((n) => attributeSlot(n.memory) === slot) : undefined);
  if (contradicted) return { action: 'relate', to: contradicted, relation: 'updates' };
  return { action: 'new' };
}

/**
 * Whether `candidate`, stated by a document edited since it stated `old` (which the document no
 * longer states), is `old` with new values: close to it by embedding and by words, about the same
 * subject, and different. "Maria is training for the Porto marathon in May 2027" replaces "Maria is
 * training for the Lisbon marathon in April 2027". Unlike an update between documents, any number
 * of values may change: the document that stated the old values states these instead.
 */
export function replacesInEditedDocument(candidate: string, old: string, similarity: number): boolean {
  if (similarity < REPLACES_MIN_SIMILARITY || normalizeMemoryText(candidate) === normalizeMemoryText(old)) return false;
  const a = factShape(candidate);
  const b = factShape(old);
  if (a.slots.slice(0, a.subjectSlots).join('|') !== b.slots.slice(0, b.subjectSlots).join('|')) return false;
  const words = contentWords(candidate);
  const before = contentWords(old);
  let shared = 0;
  for (const w of before) if (words.has(w)) shared++;
  return shared / Math.max(1, Math.min(words.size, before.size)) >= REPLACES_MIN_SHARED_WORDS;
}
