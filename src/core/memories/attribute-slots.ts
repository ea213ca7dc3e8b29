/**
 * Attributes a person has one value of at a time, and the many ways a statement sets them: "lives
 * in Toronto", "moved to Vancouver" and "relocated to Oslo" all set where someone lives. Two
 * statements that set the same attribute of the same subject contradict; the newer is the update.
 */

interface Phrasing {
  /** Predicate words as they follow the subject; a gap of one word is allowed between them. */
  words: string;
  /** The value must be a name (capitalised): "joined Stripe" is an employer, "joined a club" is not. */
  named?: boolean;
}

const p = (words: string, named = false): Phrasing => ({ words, named });

const ATTRIBUTES: Record<string, Phrasing[]> = {
  residence: [
    p('lives in'), p('lives at'), p('is living in'), p('now lives in'), p('resides in'), p('is based in'), p('home is in'),
    p('moved to', true), p('moved back to', true), p('relocated to', true), p('settled in', true), p('has moved to', true),
  ],
  origin: [p('is from'), p('comes from'), p('grew up in'), p('was born in'), p('is originally from')],
  employer: [
    p('works at'), p('works for'), p('is working at'), p('is working for'), p('is employed at'), p('is employed by'),
    p('employer is', true), p('company is', true), p('new job is at'), p('started a new job at'), p('started a job at'),
    p('started working at'), p('started working for'), p('got a job at'), p('got a new job at'), p('accepted a job at'),
    p('accepted an offer from'), p('landed a job at'), p('was hired by'), p('got hired at'), p('got hired by'),
    p('new job at'), p('joined', true),
  ],
  job: [
    p('works as'), p('is working as'), p('is employed as'), p('job is'), p('role is'), p('title is'),
    p('profession is'), p('occupation is'), p('started working as'), p('got promoted to'), p('was promoted to'),
  ],
  partner: [
    p('is married to'), p('is dating'), p('is engaged to'), p('is seeing', true), p('is in a relationship with'),
    p('partner is'), p('wife is'), p('husband is'), p('girlfriend is'), p('boyfriend is'), p('fiance is'),
    p('fiancee is'), p('got married to'), p('married', true), p('got engaged to'), p('is single'), p('broke up with'),
  ],
  school: [
    p('studies at'), p('is studying at'), p('attends', true), p('is enrolled at'), p('enrolled at'), p('enrolled in', true),
    p('transferred to', true), p('is a student at'), p('goes to school at'), p('school is', true), p('university is', true),
  ],
  major: [p('majors in'), p('is majoring in'), p('major is'), p('switched majors to')],
  diet: [p('diet is'), p('stopped being'), p('eats meat again'), p('started eating meat')],
  age: [p('is years old'), p('age is')],
  name: [p('name is'), p('goes by')],
  car: [p('drives'), p('car is')],
  phone: [p('phone number is'), p('phone is')],
  email: [p('email is'), p('email address is')],
  address: [p('address is')],
};

/** "went vegan", "is vegetarian now": the diet is the value, not a word after it. */
const DIET = /\b(?:is|went|became|turned|has been|switched to being|is now|is a|became a|is strictly|is fully|went fully)\s+(?:\S+\s+)?(?:vegan|vegetarian|pescatarian|carnivore|keto|paleo|flexitarian|omnivore)\b/i;

const PERSON_AFTER = /^(?:\S+\s+)?(?:for|at|on|with|to|and)\b/i;

/** "turned 30": an age only with its number. */
const TURNED = /\b(?:just )?turned \d{1,3}\b/i;

const SUBJECT_FILLERS = new Set(['now', 'currently', 'still', 'also', 'actually', 'recently', 'just', 'finally', 'officially', 'has', 'have']);

interface CompiledPhrasing {
  attribute: string;
  pattern: RegExp;
  named: boolean;
  /** The predicate's first word, " moved ": a statement without it is not tried. */
  lead: string;
}

const compiled: CompiledPhrasing[] = Object.entries(ATTRIBUTES)
  .flatMap(([attribute, phrasings]) =>
    phrasings.map(({ words, named }) => ({
      attribute,
      named: !!named,
      words: words.split(' '),
    })),
  )
  // Longer phrasings first: "moved back to" before "moved to", "phone number is" before "number is".
  .sort((a, b) => b.words.length - a.words.length)
  .map(({ attribute, named, words }) => ({
    attribute,
    named,
    lead: ` ${words[0]} `,
    pattern: new RegExp(`^(.{1,80}?)\\s+${words.map((w) => `${w}\\s+`).join('(?:\\S+\\s+)?')}(\\S+)?`, 'i'),
  }));

/** Lowercase words and possessives ("user's dog"), numbers dropped; case kept to tell names apart. */
function wordsOf(text: string): string {
  return `${text
    .replace(/[’']s\b/g, ' s')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\b\d+\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** The subject before a predicate: its last word, with its owner when possessive ("user's sister"). */
function subjectOf(before: string): string | null {
  const words = before.toLowerCase().split(' ').filter((w) => w && !SUBJECT_FILLERS.has(w));
  if (words.at(-1) === 's') words.pop();
  const last = words.at(-1);
  if (!last) return null;
  return words.at(-2) === 's' && words.at(-3) ? `${words.at(-3)}'s ${last}` : last;
}

/**
 * The single-valued attribute a statement sets, as `subject|attribute` ("user|residence" for "The
 * user moved to Vancouver"); null when it sets none.
 */
export function attributeSlot(text: string): string | null {
  const words = wordsOf(text);
  let best: { index: number; slot: string } | null = null;
  const lower = ` ${words.toLowerCase()}`;
  for (const { attribute, pattern, named, lead } of compiled) {
    if (!lower.includes(lead)) continue;
    const match = pattern.exec(words);
    if (!match) continue;
    if (named && !/^\p{Lu}/u.test(match[2] ?? '')) continue;
    // "joined Caroline for dinner": a person met, not a place of work.
    if (attribute === 'employer' && named && PERSON_AFTER.test(words.slice(match[0].length).trimStart())) continue;
    const subject = subjectOf(match[1]);
    if (!subject) continue;
    // The first predicate is the statement's own; later ones belong to its clauses.
    if (!best || match[1].length < best.index) best = { index: match[1].length, slot: `${subject}|${attribute}` };
  }
  if (best) return best.slot;
  // "favorite book" and "favorite color" are different attributes.
  const favourite = /^(.{1,80}?)\s+favou?rite\s+(\S+)/i.exec(words);
  if (favourite) {
    const subject = subjectOf(favourite[1]);
    if (subject) return `${subject}|favorite ${favourite[2].toLowerCase()}`;
  }
  for (const [attribute, pattern] of [['diet', DIET], ['age', TURNED]] as const) {
    const match = pattern.exec(text);
    const subject = match ? subjectOf(wordsOf(text.slice(0, match.index)).trim()) : null;
    if (subject) return `${subject}|${attribute}`;
  }
  return null;
}
