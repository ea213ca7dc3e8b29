import { setsSameAttribute, unsharedValues } from './fact-values.js';
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

const SINGLE_VALUED = [
  'works at',
  'works for',
  'works as',
  'is employed at',
  'lives in',
  'moved to',
  'is based in',
  'is from',
  'is married to',
  'is dating',
  'is engaged to',
  'is single',
  'is years old',
  'name is',
  'favorite',
  'favourite',
  'drives',
  'studies at',
  'is studying',
  'job is',
  'role is',
];

export function normalizeMemoryText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The attribute a fact sets when that attribute holds one value at a time ("Alex works at X"),
 * as `subject|predicate`; two facts with the same slot and different values contradict.
 */
export function factSlot(text: string): string | null {
  const normalized = normalizeMemoryText(text).replace(/\b\d+\b/g, ' ').replace(/\s+/g, ' ');
  for (const predicate of SINGLE_VALUED) {
    const words = predicate.split(' ');
    const gap = words.map((w) => `${w}\\s+`).join('(?:\\S+\\s+)?');
    const match = new RegExp(`^(.{1,80}?)\\s+${gap}(\\S+)?`).exec(`${normalized} `);
    if (!match) continue;
    const before = match[1].split(' ').filter((w) => !ADVERBS.has(w));
    if (before.at(-1) === 's') before.pop();
    const subject = before.at(-1);
    if (!subject) continue;
    // "favorite book" and "favorite color" are different attributes.
    const attribute = predicate.startsWith('favo') && match[2] ? `${predicate} ${match[2]}` : predicate;
    return `${subject}|${attribute}`;
  }
  return null;
}

const ADVERBS = new Set(['now', 'currently', 'still', 'also', 'actually', 'recently', 'just']);

const CONTENT_WORD = /[\p{L}\p{N}]{3,}/gu;

function contentWords(text: string): Set<string> {
  return new Set(normalizeMemoryText(text).match(CONTENT_WORD) ?? []);
}

/**
 * How an extracted fact relates to what the tag already remembers. Closeness alone never makes a
 * duplicate: a fact naming a number, date or name its neighbour does not is news, either a new
 * value of the neighbour's attribute (`updates`) or a fact of its own.
 */
export function resolveMemory(candidate: string, neighbours: Neighbour[]): Resolution {
  const normalized = normalizeMemoryText(candidate);
  const ranked = [...neighbours].sort((a, b) => b.similarity - a.similarity);
  const exact = ranked.find((n) => normalizeMemoryText(n.memory) === normalized);
  if (exact) return { action: 'duplicate', of: exact };
  const restated = ranked.find((n) => n.similarity >= DUPLICATE_SIMILARITY && unsharedValues(candidate, n.memory).length === 0);
  if (restated) return { action: 'duplicate', of: restated };

  // Detail added to a known fact extends it; only a different value for the same attribute replaces it.
  const words = contentWords(candidate);
  const extended = ranked.find((n) => {
    if (n.similarity < EXTENDS_SIMILARITY || unsharedValues(n.memory, candidate).length > 0) return false;
    const old = contentWords(n.memory);
    if (words.size <= old.size) return false;
    let shared = 0;
    for (const w of old) if (words.has(w)) shared++;
    return shared / Math.max(1, old.size) >= 0.8;
  });
  if (extended) return { action: 'relate', to: extended, relation: 'extends' };

  // One document states its values side by side (a list of offices, a table of prices): there an
  // alike statement with another value is another fact, not a correction, unless the attribute is
  // one that holds a single value at a time.
  const slot = factSlot(candidate);
  const contradicted = ranked.find(
    (n) =>
      n.similarity >= UPDATE_MIN_SIMILARITY &&
      ((slot && factSlot(n.memory) === slot) || (!n.fromSameDocument && setsSameAttribute(candidate, n.memory))),
  );
  if (contradicted) return { action: 'relate', to: contradicted, relation: 'updates' };
  return { action: 'new' };
}
