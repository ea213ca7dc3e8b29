/**
 * Words capitalised only because they open a sentence or clause: determiners, pronouns,
 * prepositions, conjunctions and adverbs of time or manner. "In 2019 Dana ran …", "Yesterday Omar
 * …", "Last week Jonas …": none of them is ever a person's name or what a statement is about.
 */
const OPENERS = new Set(
  // determiners and pronouns
  (
    'the a an this that these those it its he she they we i you my our your his her their there here ' +
    'some every each all both either neither no any another such what who whom whose which where why how ' +
    // prepositions
    'in on at as for by to of from with without within into onto over under above below across along around about ' +
    'after before since during until till upon toward towards through throughout between among amid despite per ' +
    'via beyond behind beside besides near past than unlike following according ' +
    // conjunctions
    'and but or nor so yet if when whenever while whilst although though because unless whereas once whether ' +
    // adverbs of time, order and manner
    'yesterday today tomorrow tonight then now later earlier soon recently lately currently eventually finally ' +
    'meanwhile also still however anyway actually honestly maybe perhaps afterwards afterward previously initially ' +
    'originally sometimes usually often always never already again last next first second third lastly thus hence ' +
    'therefore instead otherwise overall moreover furthermore nevertheless nonetheless luckily unfortunately ' +
    'fortunately sadly hopefully basically apparently obviously clearly suddenly eventually ultimately ' +
    'not please yes just even only almost nearly soon sooner going moving starting beginning henceforth nowadays thereafter'
  ).split(' '),
);

/** A month or a day of the week, capitalised: never a name, never a subject. */
export const MONTH_OR_DAY =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const WHOLE_MONTH_OR_DAY = new RegExp(`^${MONTH_OR_DAY}$`);

export function isMonthOrDay(word: string): boolean {
  return WHOLE_MONTH_OR_DAY.test(word);
}

/** Whether a word ("In", "yesterday", "Last") is one that opens a sentence rather than names someone or something. */
export function isOpener(word: string): boolean {
  return OPENERS.has(word.toLowerCase());
}

const PHRASE = /^(\p{L}+)((?:\s+[\p{Ll}\d][\p{L}\d'’-]*)*)\s*,?\s*$/u;
const PREPOSITION =
  /^(?:in|on|at|from|to|by|for|with|of|into|onto|over|under|near|across|around|about|after|before|since|during|until|through|between|among)$/i;

/** Pronouns and determiners open a clause's subject ("Our CTO", "We rescheduled"), never a phrase before it. */
const STARTS_A_SUBJECT = /^(?:I|We|You|He|She|It|They|The|A|An|My|Our|Your|His|Her|Its|Their|There|Here)$/i;

/** Whether an opener word can start a phrase of time or manner before the subject ("Last week", "In 2019", "Afterwards"). */
export function opensAPhrase(word: string): boolean {
  return isOpener(word) && !STARTS_A_SUBJECT.test(word);
}

export function isPreposition(word: string): boolean {
  return PREPOSITION.test(word);
}

/**
 * Whether the words before a name are only a phrase of time or manner ("In 2019 ", "Afterwards ",
 * "During the summer, "), so the name is the sentence's subject. A preposition takes at least one
 * word and the phrase does not end in one: "In Berlin", "at Zoe's house" place a name, not a subject.
 */
export function isOpeningPhrase(before: string): boolean {
  const m = PHRASE.exec(before.trim() === '' ? '' : before);
  if (!m || !opensAPhrase(m[1])) return false;
  const words = m[2].trim().split(/\s+/).filter(Boolean);
  if (words.length > 4 || PREPOSITION.test(words.at(-1) ?? '')) return false;
  return !PREPOSITION.test(m[1]) || words.length > 0;
}
