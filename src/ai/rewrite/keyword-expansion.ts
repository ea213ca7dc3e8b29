import { STOPWORDS, words } from '../text/words.js';
import type { ExpansionTerm, QueryExpansion, QueryRewriter } from './query-rewriter.js';
import { otherFormsOf, synonymsOf } from './synonyms.js';

const SYNONYM_WEIGHT = 0.6;
const FORM_WEIGHT = 0.9;

/**
 * Offline query rewrite: adds synonyms and irregular word forms of the query's words (as
 * alternatives for those words), and a keywords-only phrasing of the query for vector search,
 * which embeds closer to short statements than a full question does.
 */
export class KeywordExpansionRewriter implements QueryRewriter {
  readonly name = 'keyword-expansion';

  async rewrite(query: string): Promise<QueryExpansion> {
    const all = words(query);
    const keywords = all.filter((w) => !STOPWORDS.has(w));
    const terms: ExpansionTerm[] = [];
    for (const word of keywords) {
      for (const form of otherFormsOf(word)) terms.push({ word: form, stands: word, weight: FORM_WEIGHT });
      for (const synonym of synonymsOf(word)) terms.push({ word: synonym, stands: word, weight: SYNONYM_WEIGHT });
    }
    const keywordPhrase = keywords.join(' ');
    const variants = keywords.length && keywords.length < all.length ? [keywordPhrase] : [];
    return { variants, terms };
  }
}
