import { dot, type Embedder } from '../../embeddings/embedder.js';
import { isMonthOrDay } from '../openers.js';
import { escapeRegExp, STOPWORDS } from '../words.js';
import { readerPerEmbedder } from './calibrated.js';
import { ANY_ATTRIBUTE, type StatedAttribute } from './kinds.js';
import { ANIMALS, DIETS, INSTRUMENTS, LANGUAGES, ROLE_BY_ENDING, ROLE_NOUNS, SPORTS } from './lexicon.js';
import { PARTNER_WORD, sameSubject } from './subjects.js';

/**
 * The new value a statement told as a change gives to an attribute its subject already has, read by
 * meaning rather than by wording: "Daniel switched to the saxophone" after "Daniel plays the
 * trumpet" names a thing of the same kind as the trumpet, so it is a new instrument; "Isabel's new
 * address is 12 Calle Mayor, Madrid" after "Isabel lives in Seville" names a city like Seville. Each
 * phrase of the statement is scored with the embedder against the value held; the closest, when it
 * is close enough and is not the old value named again ("swapped painting for pottery"), is the new
 * value. The caller reads only statements told as a change, so a mere mention of a thing of the same
 * kind ("flew to Dublin for a wedding" beside "lives in Leeds") changes nothing.
 */

interface Calibration {
  /** Least cosine between a phrase and the value held. */
  min: number;
}

/** Thresholds depend on the vector space; a model not calibrated here reads changes by cues alone. */
const CALIBRATIONS: Record<string, Calibration> = {
  'universal-sentence-encoder-lite': { min: 0.45 },
};

/** Attributes whose values are things of a kind (a city, an instrument, a school), not identifiers. */
const NOT_KINDRED = new Set(['name', 'age', 'phone', 'email', ANY_ATTRIBUTE]);

/** Words that say the change, or when, never what the new value is. */
const NOT_VALUE_WORDS = new Set([
  'now',
  'new',
  'instead',
  'place',
  'switched',
  'swapped',
  'changed',
  'moved',
  'relocated',
  'upgraded',
  'transferred',
  'traded',
  'replaced',
  'started',
  'starting',
  'joined',
  'took',
  'taken',
  'picked',
  'gave',
  'given',
  'became',
  'become',
  'went',
  'gone',
  'got',
  'last',
  'first',
  'week',
  'weeks',
  'month',
  'months',
  'year',
  'years',
  'day',
  'days',
  'today',
  'yesterday',
  'tomorrow',
  'morning',
  'evening',
  'summer',
  'winter',
  'spring',
  'autumn',
  'term',
  'semester',
  'recently',
  'lately',
  'finally',
  'officially',
  'mostly',
  'anymore',
  'longer',
  'rather',
  'ago',
  'since',
]);

const WORD = /[\p{L}][\p{L}'’-]*|\d[\p{L}\d]*/gu;
const TOKEN = /[\p{L}][\p{L}'’-]*|\d[\p{L}\d]*|[^\s\p{L}\d]/gu;
const WORD_START = /^\p{L}/u;
const DETERMINER = /^(?:a|an|the|his|her|their|my|our|its)\s+/i;

export class KindredValueReader {
  private constructor(
    private readonly embedder: Embedder,
    private readonly calibration: Calibration,
  ) {}

  /** The reader for an embedder, or null when its model has no calibration. */
  static readonly for: (embedder: Embedder) => KindredValueReader | null = readerPerEmbedder(
    CALIBRATIONS,
    (embedder, calibration) => new KindredValueReader(embedder, calibration),
  );

  /**
   * The attribute `statement`, told as a change of `subject`, gives a new value of, among those
   * `held` of that subject, with the phrase that names the new value; [] when it names none.
   */
  async read(statement: string, subject: string, held: StatedAttribute[]): Promise<StatedAttribute[]> {
    const olds = held.filter((a) => !a.negated && !NOT_KINDRED.has(a.attribute) && sameSubject(a.subject, subject));
    if (!olds.length) return [];
    const successor = olds.flatMap((old) => {
      const value = successorOf(statement, old);
      return value ? [{ subject: old.subject, attribute: old.attribute, value }] : [];
    });
    if (successor.length) return successor.slice(0, 1);
    const candidates = phrasesOf(statement, subject);
    if (!candidates.length) return [];
    const forms = olds.map((a) => formsOf(a.value));
    const texts = [...new Set([...candidates, ...forms.flat()])];
    const vectors = await this.embedder.embed(texts, 'document');
    const vectorOf = (text: string) => vectors[texts.indexOf(text)];
    let best: { attribute: StatedAttribute; phrase: string; score: number } | null = null;
    for (const [k, old] of olds.entries()) {
      for (const phrase of candidates) {
        if (namesValue(phrase, old.value) || !fits(old.attribute, phrase)) continue;
        const score = Math.max(...forms[k].map((form) => dot(vectorOf(phrase), vectorOf(form))));
        if (score >= this.calibration.min && (!best || score > best.score)) best = { attribute: old, phrase, score };
      }
    }
    if (!best) return [];
    return [{ subject: best.attribute.subject, attribute: best.attribute.attribute, value: best.phrase }];
  }
}

/** Where a successor's phrase ends: a preposition or conjunction that starts what follows, or punctuation. */
const SUCCESSOR = `(?:(?:the|a|an)\\s+)?(?<next>[^,.;!?]{2,60}?)(?=\\s+(?:in|on|at|for|with|after|before|since|this|last|next|because|and|but|when|while|as)\\b|\\s*[,.;!?(]|$)`;
/** Verbs that let go of a thing for another ("gave up crosswords for sudoku", "left Leeds for Bristol"). */
const LET_GO = '(?:gave up|given up|swapped|traded|exchanged|dropped|ditched|abandoned|left|quit|sold|replaced)';
const DETERMINED = '(?:(?:the|a|an|his|her|their|my|our)\\s+)?';
/** Words of how long, how sure or why, which name no successor ("for good", "for a few years", "for health reasons"). */
const NOT_A_SUCCESSOR = new Set(
  'good ever while bit few couple several decade decades hours minutes one two three four five six seven eight nine ten reasons reason health family money personal'.split(
    ' ',
  ),
);

/**
 * What a statement says came after the value held: "shifted from the Atlas migration to the Orion
 * launch", "rolled off the Phoenix project and onto the Sparrow migration", "gave up crosswords for
 * sudoku" give the thing after, whatever it is close to in meaning.
 */
function successorOf(statement: string, old: StatedAttribute): string | null {
  const held = escapeRegExp(formsOf(old.value)[0]);
  const forms = [
    `\\bfrom\\s+${DETERMINED}${held}\\s+to\\s+${SUCCESSOR}`,
    `\\b(?:off|out of)\\s+${DETERMINED}${held}(?:\\s+(?<gear>\\p{Ll}+))?\\s+(?:and\\s+)?(?:onto|on to|into)\\s+${SUCCESSOR}`,
    `\\b${LET_GO}\\s+${DETERMINED}${held}(?:\\s+(?<gear>\\p{Ll}+))?\\s+for\\s+${SUCCESSOR}`,
  ];
  for (const form of forms) {
    const m = new RegExp(form, 'iu').exec(statement);
    // "swapped her tennis racket for a padel racket": the thing after, without the kit both share.
    const gear = m?.groups?.gear;
    const value = m?.groups?.next?.trim().replace(gear ? new RegExp(`\\s+${escapeRegExp(gear)}$`, 'iu') : /$^/, '');
    if (!value || /\d/.test(value) || isMonthOrDay(value.split(/\s+/)[0]) || !fits(old.attribute, value) || namesValue(value, old.value)) continue;
    const words = value.toLowerCase().match(WORD) ?? [];
    if (words.every((w) => STOPWORDS.has(w) || NOT_VALUE_WORDS.has(w) || NOT_A_SUCCESSOR.has(w)) || NOT_A_SUCCESSOR.has(words.at(-1) ?? '')) continue;
    return value;
  }
  return null;
}

/** Words of a trip or an outing: a place or a firm named on one says nothing of where one lives or works. */
const OUTING =
  /\b(?:flew|flying|fly|drove|driving|travel+ed|travel+ing|trip|visit(?:ed|ing|s)?|holiday|vacation|conference|wedding|funeral|weekend|stayed|staying|tour|toured|day out|lunch|dinner|coffee|drinks|meeting|met)\b/i;

/**
 * Whether a statement names a value its subject holds beside another thing, off any trip or outing:
 * "Priscilla's focus has shifted from the Atlas migration to the Orion launch", "Lars does the books
 * for Hopworks after leaving KPMG". Such a statement is about the value held and may give its
 * successor, however it words the change.
 */
export function namesHeldValue(statement: string, subject: string, held: StatedAttribute[]): boolean {
  if (OUTING.test(statement)) return false;
  const words = new Set((statement.toLowerCase().match(WORD) ?? []).map(stem));
  return held.some((a) => {
    if (a.negated || NOT_KINDRED.has(a.attribute) || !sameSubject(a.subject, subject)) return false;
    const valueWords = (formsOf(a.value).at(-1)?.toLowerCase().match(WORD) ?? []).filter((w) => !STOPWORDS.has(w));
    return valueWords.length > 0 && valueWords.every((w) => words.has(stem(w)));
  });
}

/** Attributes whose value is a proper name (a company, a city, a person, a school, a make of car). */
const NAMED = new Set(['employer', 'residence', 'origin', 'partner', 'school', 'car']);
const ending = (words: string) => new RegExp(`(?:^|\\s)(?:${words})$`, 'iu');
/** A line of work: a role noun, or a word of one's trade ("pharmacist", "solicitor", "technician"). */
const ROLE_WORD = ending(`(?:${ROLE_NOUNS}|${ROLE_BY_ENDING}|\\p{Ll}{3,}(?:tor|sor))s?`);
/** Words of the kinds whose values are listed (a thing of the kind names one of them, last). */
const LISTED: Record<string, RegExp> = {
  pet: ending(ANIMALS),
  instrument: ending(INSTRUMENTS),
  diet: ending(DIETS),
  sport: ending(SPORTS),
  language: ending(LANGUAGES),
};

/**
 * Whether a phrase has the shape of a value of the attribute, so that a phrase only close in meaning
 * to the value held ("joy" to "grateful", "others" to "partner") is never read as a new one: a name
 * where values are names, a role for a line of work, a word of its kind where the kinds are listed
 * (a pet may also be called by its name), and otherwise a thing, not a name.
 */
function fits(attribute: string, phrase: string): boolean {
  const named = /^\p{Lu}/u.test(phrase);
  if (NAMED.has(attribute)) return named;
  if (attribute === 'job') return !named && ROLE_WORD.test(phrase) && !PARTNER_WORD.test(phrase.split(/\s+/).at(-1) ?? '');
  if (attribute === 'pet') return named || LISTED.pet.test(phrase);
  // "the Orion launch", "fraud detection": a project goes by a name or by what it does.
  if (attribute === 'project') return true;
  return LISTED[attribute] ? LISTED[attribute].test(phrase) : !named;
}

/** A value as the thing it names: "a paralegal" → "paralegal"; "paints watercolours" also as "watercolours". */
function formsOf(value: string): string[] {
  const bare = value.replace(DETERMINER, '');
  const object = /^\p{Ll}+s\s+(.+)$/u.exec(bare)?.[1]?.replace(DETERMINER, '');
  return object ? [bare, object] : [bare];
}

/** Whether a phrase names the value held again ("painting" of "paints watercolours", "chess" of "chess"). */
function namesValue(phrase: string, value: string): boolean {
  const stems = new Set((value.toLowerCase().match(WORD) ?? []).map(stem));
  return (phrase.toLowerCase().match(WORD) ?? []).some((w) => stems.has(stem(w)));
}

const stem = (word: string) => word.slice(0, 5);

/**
 * The phrases of a statement that could name a value: runs of up to three words that are neither
 * its subject's name, nor function words, nor words of change or time, and every
 * part of each ("pottery classes" → "pottery classes", "pottery", "classes").
 */
export function phrasesOf(statement: string, subject: string): string[] {
  const subjectWords = new Set((subject.toLowerCase().match(WORD) ?? []).filter((w) => w !== 'the' && w !== 'user'));
  const runs: string[][] = [];
  let run: string[] = [];
  // Punctuation ends a run as a word that names nothing does: "12 Calle Mayor, Madrid" is two places.
  for (const [token] of statement.matchAll(TOKEN)) {
    const word = token.replace(/(?:'s|’s)$/, '');
    const lower = word.toLowerCase();
    const content =
      WORD_START.test(token) &&
      (lower.length >= 3 || /^\p{Lu}{2}$/u.test(word)) &&
      !STOPWORDS.has(lower) &&
      !NOT_VALUE_WORDS.has(lower) &&
      !subjectWords.has(lower) &&
      !isMonthOrDay(word);
    if (content) run.push(word);
    if (!content || word !== token) {
      if (run.length) runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  const phrases = new Set<string>();
  for (const words of runs) {
    const kept = words.slice(-3);
    // A name is one value ("Calle Mayor", "Politecnico di Milano"); other runs are read in parts too.
    if (kept.every((w) => /^\p{Lu}/u.test(w))) phrases.add(kept.join(' '));
    else for (let from = 0; from < kept.length; from++) for (let to = from + 1; to <= kept.length; to++) phrases.add(kept.slice(from, to).join(' '));
  }
  return [...phrases];
}
