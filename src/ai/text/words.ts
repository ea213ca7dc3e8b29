import { STOPWORDS } from './stopwords.js';

export { STOPWORDS };

const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu;

/** The text as a regular expression that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Lower-cased words in order, possessive endings dropped. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/'s$/, ''));
}

/** Crude English suffix stripping; enough to match "painting" with "paints", not a linguistic stemmer. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  return word.replace(/(?:ies)$/, 'y').replace(/(?:ing|edly|ed|es|s|ly)$/, '') || word;
}

/** Stemmed words that carry topic, in order (repeats kept). */
export function contentWords(text: string): string[] {
  return words(text)
    .filter((w) => !STOPWORDS.has(w))
    .map(stem);
}

/** The text without function and question words ("What did Caroline research?" → "caroline research"); the text itself when nothing else is left. */
export function keywordPhrasing(text: string): string {
  const kept = words(text).filter((w) => !STOPWORDS.has(w));
  return kept.length ? kept.join(' ') : text;
}
