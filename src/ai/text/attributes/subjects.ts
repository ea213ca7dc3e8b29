import { isMonthOrDay, isOpener, isPreposition, MONTH_OR_DAY, opensAPhrase } from '../openers.js';

/** Who a statement is about: the name it opens with, and whose relative that is. */

/** A capitalised word; "O'Brien" is one, "Mei's" is Mei and a possessive. */
const CAPITALISED = "\\p{Lu}[\\p{L}-]*(?:['’]\\p{L}{2,}[\\p{L}-]*)?";
/** Lowercase particles inside a family name: "Anneke de Vries", "Ludwig van der Berg", "Omar bin Said". */
const NAME_PARTICLES = '(?:(?:de|da|di|del|della|van|von|der|den|du|dos|das|bin|ibn|al|ter|ten|le|la)\\s+){1,2}';
export const SUBJECT_NAME = `${CAPITALISED}(?:\\s+(?:${NAME_PARTICLES})?(?:${CAPITALISED}|\\p{Lu}\\.))*`;
const RELATIONS =
  'other half|better half|hubby|wifey|missus|wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|sister|brother|sibling|mom|mum|mother|dad|father|parents?|son|daughter|kids?|children|child|baby|friend|best friend|cousin|aunt|uncle|grandma|grandpa|grandmother|grandfather|niece|nephew|boss|manager|coworker|co-worker|colleague|roommate|flatmate|neighbou?r|mentor|teacher|dog|cat|puppy|kitten|pet|team|company|family';
export const PARTNER_WORD = /^(?:wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|half|hubby|wifey|missus)$/;
/** "Project 100", "Room 4B", "Release #12": a number names which one. */
const IDENTIFIER = '\\s+(?:#\\s*)?\\d[\\p{L}\\d.-]*(?<!\\.)';
/** A phrase of time or manner before the subject: "From now on, Zoe …", "These days the user …". */
const PHRASE_OPENER =
  '(?:From|These|Nowadays|Since|In|Now|Today|Recently|Lately|Currently|Starting|As|After|Before|Last|This|Next|On|At|By|Over|During|Until|Once|When|While|Yesterday|Tomorrow|Earlier|Later|Back|Soon|Eventually|Finally|Meanwhile|Also|However|Still|So|Well|Anyway|Actually|Honestly)\\b[^,]{0,40},\\s+';
/** "On Monday, 30 November 2026 …": a day as dates are written out in memories. */
const TIME_OPENER = `(?:[Tt]hese days|[Nn]owadays|[Ff]rom now on|[Nn]ow|[Cc]urrently|[Ll]ately|[Rr]ecently|[Tt]oday|[Ss]ince then|[Aa]t the moment|[Rr]ight now|(?:[Ss]ince|[Ii]n|[Ff]rom|[Bb]y|[Uu]ntil)\\s+(?:\\p{Lu}\\p{Ll}+\\s+)?\\d{4}|[Oo]n\\s+(?:${MONTH_OR_DAY},?\\s+)?\\d{1,2}\\s+${MONTH_OR_DAY}\\s+\\d{4}),?\\s+`;
const LEADING_SUBJECT = new RegExp(
  `^(?:According to [^,]+,\\s+)?(?:[\\p{L} ]{1,30}:\\s+)?(?:${PHRASE_OPENER}|${TIME_OPENER})?(?:([Tt]he user|[Tt]he assistant)|((?:[Tt]he\\s+)?${SUBJECT_NAME}(?:\\s+(?:family|household|couple|twins|kids|team|group|band|club)|${IDENTIFIER})?))(?:(?:'s|’s)\\s+((?:[\\p{Ll}-]+\\s+)?(?:${RELATIONS}))\\b(?:,?\\s+(${SUBJECT_NAME}))?)?(?=(?:'s|’s|(?<=s)['’])?\\s|,|$)`,
  'u',
);
/**
 * A phrase of time or manner before the subject, without a comma: "Yesterday Omar …", "Last week
 * Jonas …", "During the summer Kim …". A preposition takes at least one word ("In Berlin Dana ran"
 * names no subject it could be told from).
 */
const BARE_OPENER = new RegExp(`^(\\p{L}+)((?:\\s+(?:[\\p{Ll}\\d][\\p{L}\\d'-]*|${MONTH_OR_DAY})){0,6})\\s+(?=\\p{Lu})`, 'u');

interface Subject {
  /** Whom the statement is about ("Anna" in "Mei's sister Anna is a nurse", "Maria's husband"). */
  subject: string | null;
  /** Whose relative the subject is, when the statement opens with a possessive. */
  owner: string | null;
  /** The relative ("sister", "husband"). */
  relation: string | null;
}

/** The words a statement's subject takes at its start ("Noor's brother Idris", "The user"), or null. */
export function leadingSubject(text: string): string | null {
  const m = LEADING_SUBJECT.exec(text);
  if (!m || !subjectAndOwner(text).subject) return null;
  // Only the subject itself: no "According to …," or "Update:" before it.
  return m.index === 0 && text.startsWith(m[1] ?? m[2]) ? m[0] : null;
}

/** "Project Orion is Daniel Kim's now": a thing said to be someone's is a statement about them. */
const OWNER_OF_THING = new RegExp(
  `^(?:[Tt]he\\s+)?[^,;]+?\\s+(?:is|are)\\s+(?:now\\s+)?(${SUBJECT_NAME})['’]s?(?:\\s+(?:now|these days|nowadays|again))?\\s*[.!]?$`,
  'u',
);

/** Who a statement is about: the name it opens with ("Bob Tanaka", "the user", "Maria's husband"), or null. */
export function subjectOf(text: string): string | null {
  return subjectAndOwner(text).subject;
}

const OWNER_INSIDE = new RegExp(`(?<![\\p{L}'’])(${SUBJECT_NAME})(?:['’]s|(?<=s)['’])(?=\\s)`, 'gu');

/**
 * Whom a statement about a thing is about when it opens with no one, by the one person whose
 * thing it names: "A pottery wheel has replaced the embroidery hoop in Hana Novak's spare room" is
 * about Hana Novak. Null when it names no one's or more than one person's.
 */
export function soleOwnerOf(text: string): string | null {
  const owners = new Set([...text.matchAll(OWNER_INSIDE)].map((m) => m[1]).filter((name) => !/^(?:The|A|An)\b/.test(name)));
  return owners.size === 1 ? [...owners][0] : null;
}

export function subjectAndOwner(text: string): Subject {
  const none = { subject: null, owner: null, relation: null };
  // "Project Orion is Daniel Kim's now": about whose the thing is.
  const possessor = OWNER_OF_THING.exec(text.trim());
  if (possessor) return { subject: possessor[1], owner: null, relation: null };
  const m = LEADING_SUBJECT.exec(text.trim());
  if (!m) return none;
  const owner = m[1] ? m[1].toLowerCase() : m[2];
  const first = owner.replace(/^the\s+/i, '').split(/\s+/)[0];
  if (!m[1] && isOpener(first)) return afterOpener(text.trim());
  // "Meeting at Chinedu's flat …": a capitalised -ing word opens a phrase, not a name.
  if (!m[1] && /^\p{Lu}\p{Ll}{3,}ing$/u.test(first) && !owner.includes(' ')) return none;
  // "The Hermes project": "the" and a capitalised word name a thing only with a family, a team …
  if (!m[1] && /^the\s/i.test(owner) && !/\s(?:family|household|couple|twins|kids|team|group|band|club)$/.test(owner)) return none;
  const relation = m[3] ?? null;
  if (!relation) return { subject: owner, owner: null, relation: null };
  // "Mei's sister Anna": about Anna; "Maria's husband": about him, whose name it does not give.
  return { subject: m[4] ?? `${owner}'s ${relation}`, owner, relation: relation.split(/\s+/).at(-1)! };
}

/** The subject after a phrase of time or manner said without a comma ("Last week Jonas moved …"). */
function afterOpener(text: string): Subject {
  const none = { subject: null, owner: null, relation: null };
  const m = BARE_OPENER.exec(text);
  const words = m ? m[2].trim().split(/\s+/).filter(Boolean) : [];
  // "After the party at Zoe's house Mia left": the capitalised word after a preposition is in the phrase.
  if (!m || !opensAPhrase(m[1]) || (isPreposition(m[1]) && !words.length) || isPreposition(words.at(-1) ?? '')) return none;
  // "We rescheduled the Zalando offsite": a verb after the first word makes it the subject.
  if (words.some((w) => /^\p{Ll}{2,}ed$/u.test(w))) return none;
  const rest = text.slice(m[0].length);
  const next = rest.split(/\s+/)[0];
  return isOpener(next) || isMonthOrDay(next) ? none : subjectAndOwner(rest);
}

/**
 * "Bob" and "Bob Tanaka" name one person; "the user" is whoever the tag belongs to. Someone's
 * relative or thing is someone else: "Jonas Weber's parents" is not "Jonas Weber".
 */
export function sameSubject(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  const [ownerA, ofA] = ownedBy(a);
  const [ownerB, ofB] = ownedBy(b);
  if (ofA !== ofB) return false;
  const words = (s: string) => s.toLowerCase().split(/\s+/).filter(Boolean);
  const x = words(ownerA);
  const y = words(ownerB);
  const [shorter, longer] = x.length <= y.length ? [x, y] : [y, x];
  return shorter.length > 0 && shorter.every((w) => longer.includes(w));
}

/** "Jonas Weber's parents" → ["Jonas Weber", "parents"]; "Maria's" and "Maria" → ["Maria", ""]. */
function ownedBy(subject: string): [string, string] {
  const m = /^(.*?)['’]s(?:\s+(.*))?$/su.exec(subject.trim());
  return m ? [m[1], (m[2] ?? '').toLowerCase().trim()] : [subject, ''];
}
