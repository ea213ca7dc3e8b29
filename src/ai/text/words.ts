/** English function words and question words: they carry no topic. */
export const STOPWORDS = new Set(
  (
    'a an the and or but if of to in on at for with by from as into onto over under about above below between through during ' +
    'before after since until while than then so too very just also only even still yet again ever never not no nor ' +
    'is am are was were be been being do does did doing done have has had having will would shall should can could may might must ' +
    'i me my mine myself you your yours yourself he him his himself she her hers herself it its itself we us our ours ourselves ' +
    'they them their theirs themselves this that these those there here what which who whom whose when where why how ' +
    'all any both each few more most other some such own same s t don now up down out off once get got like ' +
    'tell know think say said ones one thing things something anything kind lot really'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu;

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
