import type { QueryExpansion } from '../../ai/rewrite/query-rewriter.js';
import { otherFormsOf } from '../../ai/rewrite/synonyms.js';
import { STOPWORDS } from '../../ai/text/words.js';
import type { LexicalTerm } from '../../store/search/candidates.js';

const WORD = /[\p{L}\p{N}]+/gu;
/** Bounds the size of the SQL a pathological query can produce. */
const MAX_WORDS = 48;
/**
 * Irregular forms of a query word ("fly" → "flew", "flown") stand in for it as its stem would:
 * the full-text stemmer strips suffixes and cannot connect them. Just under the word itself, so
 * the word's own rarity stays the measure of its group.
 */
const IRREGULAR_FORM_WEIGHT = 0.9;

/** Lower-cased words of a text, letters and digits only, first occurrence order, no repeats. */
export function queryWords(text: string): string[] {
  const words = text.toLowerCase().match(WORD) ?? [];
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * The words the lexical retriever looks for: each query word is a group of its own; a synonym
 * joins the group of the word it stands for, a new keyword starts a group.
 */
export function lexicalTerms(query: string, expansion?: QueryExpansion): LexicalTerm[] {
  const terms: LexicalTerm[] = [];
  const groups = new Map<string, number>();
  for (const word of queryWords(query)) {
    groups.set(word, groups.size);
    terms.push({ word, group: groups.get(word)!, weight: 1 });
  }
  let nextGroup = groups.size;
  const seen = new Set(terms.map((t) => t.word));
  for (const [word, group] of groups) {
    if (STOPWORDS.has(word)) continue;
    for (const form of otherFormsOf(word)) {
      if (seen.has(form) || terms.length >= MAX_WORDS * 2) continue;
      seen.add(form);
      terms.push({ word: form, group, weight: IRREGULAR_FORM_WEIGHT });
    }
  }
  for (const term of expansion?.terms ?? []) {
    const standsFor = term.stands ? queryWords(term.stands)[0] : undefined;
    for (const word of queryWords(term.word)) {
      if (seen.has(word) || terms.length >= MAX_WORDS * 2) continue;
      seen.add(word);
      const group = standsFor !== undefined && groups.has(standsFor) ? groups.get(standsFor)! : nextGroup++;
      terms.push({ word, group, weight: Math.max(0.05, Math.min(0.95, term.weight)) });
    }
  }
  return terms;
}
