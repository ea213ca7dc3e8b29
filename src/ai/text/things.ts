import { IRREGULAR_PAST, isLabelNoun, verbBase } from '../extract/verbs.js';
import { ANY_VALUE, type StatedAttribute } from './attributes/kinds.js';
import { statedAttributes } from './attributes/statements.js';
import { sameSubject, subjectOf } from './attributes/subjects.js';
import { isOpener } from './openers.js';
import { STOPWORDS } from './words.js';

/**
 * What a statement is about, as opposed to the value it sets: "Room 4 is booked for Friday" is
 * about Room 4, "The review is in Room 4" is about the review (Room 4 is where it is). Two
 * statements about different things are never versions or restatements of one another, however
 * alike their wording: "Notes about project 100" and "Notes about project 196", "Room 4" and "Room
 * 12", "version 2.1" and "version 3.0", "Dana Whitfield presented the plan" and "Omar Haddad
 * presented the plan". A changed date is not another thing: "The launch moved to May 10" is news
 * of the same launch.
 */
export interface Things {
  /** Which one of a kind, by its number: "project" → {"100"}, "room" → {"4"}. */
  identifiers: Map<string, Set<string>>;
  /** Quoted titles. */
  titles: Set<string>;
  /** Names, lower-cased word by word. */
  names: Set<string>;
}

/** Words followed by a number that give a date, a time, an age or an amount, never which thing. */
const NOT_A_KIND = new Set(
  (
    'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec ' +
    'monday tuesday wednesday thursday friday saturday sunday year years day days week weeks month months hour hours minute minutes ' +
    'age aged around approximately roughly nearly almost about over under only just least most top page pages number numbers ' +
    'cost costs costing price priced paid pay pays earn earns earned weighs weighed scored score rated rating ' +
    'per plus minus times x'
  ).split(' '),
);

/** "project 100", "Room 4B", "notes number 3", "ticket #212", "v2.1", "JIRA-42". */
// Words start only where no letter precedes, and are short: a long run of letters is read once, not once per letter.
const IDENTIFIER =
  /(?<!\p{L})(\p{L}{2,30})\.?\s+(?:(?:number|no\.?|nr\.?)\s*)?#?\s*(\d+(?:[.\-/]\d+)*\p{L}?)(?![\p{L}\d])|\b[vV](\d+(?:\.\d+)+)\b|\b(\p{Lu}{2,12})-(\d+)\b/gu;
const QUOTED = /"([^"]{2,80})"|“([^”]{2,80})”/g;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const DETERMINER = /^(?:the|a|an|this|that|these|those|my|our|your|his|her|their|its|every|each|some|any|no)$/i;
/** Subjects that say what the statement is about only in its predicate: "These are notes about …", "This document holds …". */
const POINTING = /^(?:this|that|these|those|it|there|here|we|i|you|they|he|she)$/i;
/** "According to Priya, …", "Update: …": what comes before the statement itself. */
const PREAMBLE = /^(?:according to [^,]{1,60},\s*|[\p{L} ]{1,30}:\s+)/iu;

const singular = (noun: string) => noun.toLowerCase().replace(/(?<=\p{L}{3})s$/u, '');

/** The part of a statement that names what it is about: its subject, or all of it when the subject only points. */
export function aboutPhrase(statement: string): string {
  const text = statement.trim().replace(PREAMBLE, '');
  const tokens = text.match(WORD) ?? [];
  // "The user drives …": the word after a subject that opens the statement follows its subject.
  const lead = subjectOf(text);
  const afterLead = lead && text.toLowerCase().startsWith(lead.toLowerCase()) ? (lead.match(WORD) ?? []).length : -1;
  const verb = tokens.findIndex((_, i) => i > 0 && isVerbAfter(tokens.slice(0, i + 1), i === afterLead));
  if (verb < 0) return text;
  const subject = tokens.slice(0, verb);
  if (subject.every((w) => POINTING.test(w) || STOPWORDS.has(w.toLowerCase()))) return text;
  // Up to the subject's last word, in the statement's own spelling.
  let end = 0;
  for (const word of subject) end = text.indexOf(word, end) + word.length;
  return text.slice(0, end);
}

const AUXILIARY =
  /^(?:is|are|was|were|am|be|been|has|have|had|will|would|can|could|should|shall|may|might|must|does|do|did|isn't|wasn't|won't|can't|doesn't|didn't)$/i;
const PRONOUN = /^(?:i|you|we|they|he|she|it|who)$/i;

/**
 * Whether the last of `tokens` is the statement's verb. A word after a determiner is a noun however
 * it could be read ("the review", "the release notes"); a verb follows a name, a number, a pronoun
 * or the subject the statement opens with ("Dana owns", "version 2.1 adds", "they cover").
 */
function isVerbAfter(tokens: string[], afterLead: boolean): boolean {
  const [word, previous, beforeThat] = [tokens.at(-1)!, tokens.at(-2)!, tokens.at(-3) ?? ''];
  if (AUXILIARY.test(word)) return true;
  if (!/^\p{Ll}/u.test(word) || DETERMINER.test(previous)) return false;
  if (IRREGULAR_PAST.has(word) || /^\p{Ll}{3,}ed$/u.test(word)) return true;
  // "The team meets": an "-s" verb after a noun and its determiner, unless it heads a title ("The release notes").
  const afterNoun = DETERMINER.test(beforeThat) && /s$/.test(word) && !isLabelNoun(word);
  const afterSubject = afterLead || afterNoun || /^[\p{Lu}\p{N}]/u.test(previous) || PRONOUN.test(previous);
  return afterSubject && verbBase(word) !== null && !/ing$/.test(word);
}

interface Identifier {
  kind: string;
  id: string;
  /** As the text writes it: "project 100", "Room 4B". */
  phrase: string;
}

function identifiersIn(text: string): Identifier[] {
  const found: Identifier[] = [];
  for (const m of text.matchAll(IDENTIFIER)) {
    if (m[1]) {
      const lower = m[1].toLowerCase();
      if (STOPWORDS.has(lower) || STOPWORDS.has(singular(lower)) || NOT_A_KIND.has(lower)) continue;
      found.push({ kind: singular(lower), id: m[2].toLowerCase(), phrase: m[0] });
    } else if (m[3]) found.push({ kind: 'version', id: m[3], phrase: m[0] });
    else found.push({ kind: m[4].toLowerCase(), id: m[5], phrase: m[0] });
  }
  return found;
}

/** The last thing a text names by its number ("Notes number 3 about project 100" → "project 100"), if any. */
export function lastThingNamed(text: string): string | null {
  return identifiersIn(text).at(-1)?.phrase ?? null;
}

export function thingsOf(statement: string): Things {
  const phrase = aboutPhrase(statement);
  const identifiers = new Map<string, Set<string>>();
  const found = identifiersIn(phrase);
  for (const { kind, id } of found) identifiers.set(kind, (identifiers.get(kind) ?? new Set()).add(id));
  const titles = new Set<string>();
  for (const m of phrase.matchAll(QUOTED)) titles.add((m[1] ?? m[2]).toLowerCase().trim());
  const kinds = new Set(found.map((f) => f.phrase.split(/[\s.#-]/)[0].toLowerCase()));
  return { identifiers, titles, names: namesIn(statement, phrase, kinds) };
}

/** Capitalised words of the phrase, but not ones capitalised only for opening the sentence, nor the kind of an identifier. */
function namesIn(statement: string, phrase: string, identifierWords: Set<string>): Set<string> {
  const names = new Set<string>();
  const subject = subjectOf(statement)?.toLowerCase() ?? '';
  for (const m of phrase.matchAll(WORD)) {
    const word = m[0].replace(/['’]s$/u, '');
    const lower = word.toLowerCase();
    if (!/^\p{Lu}/u.test(word) || isOpener(word) || identifierWords.has(lower) || NOT_A_KIND.has(singular(lower))) continue;
    // The first word is capitalised anyway: a name only when it is the subject ("Maria works …", not "Notes about …").
    if (m.index === 0 && !subject.split(/\s+/).includes(lower)) continue;
    names.add(lower);
  }
  return names;
}

/** "Khruangbin is Lior's favourite band" sets what "Lior's favourite band is Radiohead" did: a name first is its value. */
function setOfOneSubject(stated: StatedAttribute[], b: string): boolean {
  const other = statedAttributes(b);
  // "Rocky passed away" is said of whoever had Rocky.
  if (stated.some((x) => other.some((y) => x.subject === ANY_VALUE || y.subject === ANY_VALUE || sameSubject(x.subject, y.subject)))) return true;
  // "Origami is over for Aiko Sato" ends something of whom "Aiko Sato does origami" is about.
  const subjectOfB = subjectOf(b);
  return !!subjectOfB && stated.some((x) => x.negated && x.subject !== ANY_VALUE && sameSubject(x.subject, subjectOfB));
}

/**
 * Whether two statements are about different things: another number of the same kind, another
 * title, other names. `statedOfA`: what `a` is known to set, where more than its cues say (an
 * attribute read by its meaning: "first week at Riverside Academy done" sets Chloe's school).
 */
export function differentThings(a: string, b: string, statedOfA: StatedAttribute[] = statedAttributes(a)): boolean {
  const x = thingsOf(a);
  const y = thingsOf(b);
  for (const [kind, ids] of x.identifiers) {
    const other = y.identifiers.get(kind);
    if (other && ![...ids].some((id) => other.has(id))) return true;
  }
  if (x.titles.size && y.titles.size && ![...x.titles].some((t) => y.titles.has(t))) return true;
  if (!x.names.size || !y.names.size || setOfOneSubject(statedOfA, b)) return false;
  // "Bob" and "Bob Tanaka" are one person; "Maria and Omar" include Maria.
  const [fewer, more] = x.names.size <= y.names.size ? [x.names, y.names] : [y.names, x.names];
  return ![...fewer].every((n) => more.has(n));
}
