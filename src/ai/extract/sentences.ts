import { leadingSubject } from '../text/attributes.js';
import { LANGUAGES } from '../text/attributes/lexicon.js';
import { IRREGULAR_PAST, hasFiniteVerb, isAdverb, isAuxiliary, verbBase } from './verbs.js';

const ABBREVIATIONS = /\b(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|vs|e\.g|i\.e|approx|No|Inc|Ltd|Co)\.$/i;
/** Shortened words a lowercase word may follow mid-sentence ("incl. tax", "etc. and so on"). */
const SHORTENED = /\b(?:incl|excl|etc|dept|est|misc|fig|vol|ref|min|max|avg|ext|tel)\.$/i;
/** A full stop after a word, then a lowercase sentence of the kind chat writes: "… Friday. starting at …", ". now I …". */
const LOWERCASE_NEXT = /(?<=\p{Ll}{3})\.\s+(?=(?:\p{Ll}{2,}ing|i|we|he|she|they|my|our|new|first|last|finally|now|just|so|also|still|then)\s+\p{L})/gu;

/** Plain text from markdown: no code, links reduced to their text, no emphasis, headings or bullets. */
export function markdownToPlain(markdown: string): string {
  return withoutListMarkers(markdown)
    .replace(/```[\s\S]*?```/g, '\n')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}#{1,6}\s+.*$/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/gm, '')
    .replace(/\*\*|__|(?<![\w*])\*(?!\s)|(?<!\s)\*(?![\w*])/g, '')
    .replace(/https?:\/\/\S+/g, '');
}

const LIST_MARKER = /^\s*(?:[-*+]|(\d+)[.)])\s+/;

/**
 * Lines without their list markers. As in CommonMark, a numbered item other than the first cannot
 * interrupt a paragraph: after a line of text, "2025. It employs 430 crew" goes on a sentence a PDF
 * wrapped ("… the Isle of Wight in"), and its year is kept.
 */
function withoutListMarkers(markdown: string): string {
  const lines = markdown.split('\n');
  return lines
    .map((line, i) => {
      const m = LIST_MARKER.exec(line);
      if (!m) return line;
      const previous = lines[i - 1] ?? '';
      if (m[1] && m[1] !== '1' && previous.trim() && !LIST_MARKER.test(previous) && !/^\s{0,3}#/.test(previous)) return line;
      return line.slice(m[0].length);
    })
    .join('\n');
}

const JSON_LINE = /^\s*(?:[{}[\]],?|"[^"]*"\s*:.*)\s*$/;

function csvFields(line: string): number {
  if (/[.!?]["')]*\s*$/.test(line) || !line.includes(',')) return 0;
  const fields = line.split(',');
  return fields.every((f) => f.trim().split(/\s+/).length <= 5) ? fields.length : 0;
}

/**
 * Text without its tables: markdown and tab-separated rows, runs of comma-separated lines with the
 * same number of fields, and JSON lines. A row states no fact a sentence would; the rows stay
 * searchable as chunks of their document.
 */
export function withoutTables(text: string): string {
  const lines = text.split('\n');
  const fields = lines.map(csvFields);
  return lines
    .filter((line, i) => {
      if ((line.match(/\|/g) ?? []).length >= 2 || /\S\t+\S/.test(line) || JSON_LINE.test(line)) return false;
      const n = fields[i];
      return n < 2 || (fields[i - 1] !== n && fields[i + 1] !== n);
    })
    .join('\n');
}

const WEEKDAY_ABBREVIATIONS: Record<string, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  tues: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  thur: 'Thursday',
  thurs: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Language names written in lowercase; "polish" is more often the verb. */
const LOWERCASE_LANGUAGE = new RegExp(
  `\\b(?:${LANGUAGES.split('|')
    .filter((name) => /^\p{Lu}\p{Ll}+$/u.test(name) && name !== 'Polish')
    .map((name) => name.toLowerCase())
    .join('|')})\\b`,
  'gu',
);

/** Typographic quotes to ASCII and chat contractions spelled out, so one set of patterns fits all. */
export function normalizeText(text: string): string {
  return (
    text
      .replace(/[\u2018\u2019\u02bc`]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/\u2026/g, '...')
      // A dash between spaces joins clauses; "Piraeus–Chios", "2019–2022" keep theirs as a hyphen.
      .replace(/\s+[\u2013\u2014]\s*|[\u2013\u2014]\s+/g, ' - ')
      .replace(/[\u2013\u2014]/g, '-')
      .replace(/\bgonna\b/gi, 'going to')
      .replace(/\bwanna\b/gi, 'want to')
      .replace(/'ve gotta\b/gi, "'ve got to")
      .replace(/\bgotta\b/gi, 'have to')
      .replace(/\b(fave|fav)\b/gi, 'favorite')
      // Lowercase chat: "i rent a room and im a sous-chef", "i dont touch meat".
      .replace(/\bi\b(?!\.)/g, 'I')
      .replace(/\b(?:i'm|im)\b/gi, "I'm")
      .replace(/\bive\b/gi, "I've")
      .replace(/\b(do|does|did|ca|wo|is|was|are|were|have|has|had|could|would|should)nt\b/gi, "$1n't")
      .replace(/\bdont\b/gi, "don't")
      .replace(/\bu\b/g, 'you')
      // Lowercase chat names languages in lowercase: "french is on hold" is about French.
      .replace(LOWERCASE_LANGUAGE, (name) => name.charAt(0).toUpperCase() + name.slice(1))
      .replace(
        /\b(last|next|this|on|past) (mon|tues?|wed|thu|thurs?|fri|sat|sun)\b\.?/gi,
        (_m, lead: string, day: string) => `${lead} ${WEEKDAY_ABBREVIATIONS[day.toLowerCase()]}`,
      )
      .replace(/[ \t]+/g, ' ')
  );
}

/**
 * The longest sentence read as one statement. Prose rarely runs past a few hundred characters; a
 * text without punctuation would otherwise be one "sentence" of megabytes, which the rules below
 * read in time that grows faster than its length.
 */
export const MAX_SENTENCE_CHARS = 1_000;

/** A sentence past MAX_SENTENCE_CHARS as pieces within it, each cut at a space where there is one. */
function boundedSentences(sentence: string): string[] {
  if (sentence.length <= MAX_SENTENCE_CHARS) return [sentence];
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > MAX_SENTENCE_CHARS) {
    const space = rest.lastIndexOf(' ', MAX_SENTENCE_CHARS);
    let cut = space > MAX_SENTENCE_CHARS / 2 ? space : MAX_SENTENCE_CHARS;
    if (/[\uD800-\uDBFF]/.test(rest.charAt(cut - 1))) cut--;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  pieces.push(rest);
  return pieces;
}

/**
 * Splits text into sentences on terminal punctuation and line breaks, respecting common
 * abbreviations; none longer than MAX_SENTENCE_CHARS.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  // "last year.She tests apps": a full stop with no space before the next sentence. "finally
  // moved! new address is …", "RIP Daifuku 😢 Ayumi adopted …": chat ends sentences without capitals.
  const spaced = text
    .replace(/(?<=\p{Ll}{2})([.!?])(?=\p{Lu}\p{Ll})/gu, '$1 ')
    .replace(/([!?]+)\s+(?=\p{Ll}+\s+\p{Ll})/gu, '$1\n')
    // "last day at Ericsson was Friday. starting at Nokia on Monday": chat starts the next one lowercase too.
    .replace(LOWERCASE_NEXT, (stop, offset: number, whole: string) =>
      ABBREVIATIONS.test(whole.slice(0, offset + 1)) || SHORTENED.test(whole.slice(0, offset + 1)) ? stop : '.\n',
    )
    // biome-ignore lint/suspicious/noMisleadingCharacterClass: the joiner and the variation selector are listed to be matched one by one
    .replace(/\s*(\p{Extended_Pictographic}[\p{Extended_Pictographic}\u200d\ufe0f]*)\s+(?=\p{Lu}|(?:i|we|he|she|they|my|our)\s)/gu, ' $1\n');
  for (const line of spaced.split(/\n+/)) {
    let start = 0;
    const boundary = /[.!?]+["')\]]*(?=\s+["'([]?[A-Z0-9])|[.!?]+["')\]]*\s*$/g;
    for (let m = boundary.exec(line); m; m = boundary.exec(line)) {
      const end = m.index + m[0].length;
      const candidate = line.slice(start, end);
      if (m[0].startsWith('.') && (ABBREVIATIONS.test(candidate.trimEnd()) || isInitial(candidate.trimEnd(), line.slice(end)))) continue;
      sentences.push(candidate);
      start = end;
    }
    sentences.push(line.slice(start));
  }
  return sentences.flatMap((s) => boundedSentences(s.trim())).filter((s) => /[A-Za-z0-9]/.test(s));
}

/** Words that open a sentence far more often than they follow an initial ("J. Smith"). */
const SENTENCE_OPENER =
  /^(?:The|A|An|This|That|These|Those|It|Its|He|She|They|We|I|You|His|Her|Their|Our|My|Your|There|Then|But|And|So|In|On|At|After|Before|When|While|If|As|Also|Both|Each|Every|Some|No|Not)\b/;

/**
 * Whether the capital letter and period ending `before` are an initial ("J.K. Rowling", "John F.
 * Kennedy") rather than a one-letter word ending a sentence ("prefers Python over R. Maria has …").
 * An initial follows a name or another initial, and a name follows it.
 */
function isInitial(before: string, after: string): boolean {
  const m = /(?:^|\s|\.)([A-Z])\.$/.exec(before);
  if (!m) return false;
  const previous = before.slice(0, m.index + (m[0].length - 2)).trimEnd();
  const afterInitial = /(?:^|\s)[A-Z]\.$/.test(previous) || /[A-Z]\.$/.test(previous);
  const afterName = /(?:^|\s)[A-Z][\p{L}'-]*$/u.test(previous) && !/(?:^|\s)(?:I|A)$/.test(previous);
  const startsLine = previous === '';
  const next = after.trimStart();
  // "A. K. Ramanujan": an initial goes on to another.
  if (/^[A-Z]\.\s/.test(next)) return true;
  return (afterInitial || afterName || startsLine) && /^[A-Z]/.test(next) && !SENTENCE_OPENER.test(next);
}

/** Either case of a word's first letter: the split below is case-sensitive, since a name is told by its capital. */
const either = (words: string) =>
  words
    .split('|')
    .map((w) => `[${w[0].toUpperCase()}${w[0]}]${w.slice(1)}`)
    .join('|');
const NEW_SUBJECT = `(?:I|I'm|I've|I'd|I'll|${either("we|we're|we've|it|it's|he|she|they|that|this|you|you're")}|(?:${either('his|her|their|my|our')})\\s+\\p{Ll}+(?:\\s+\\p{Lu}\\p{Ll}+)?\\s+\\p{Ll}+(?:s|ed)|(?:${either('a|an|the')})\\s+\\p{Ll}+(?:\\s+(?:called|named)\\s+\\p{Lu}\\p{Ll}+)?\\s+(?!(?:called|named)\\b)\\p{Ll}+(?:s|ed)(?=\\s)|\\p{Lu}\\p{Ll}+(?:\\s+\\p{Lu}\\p{Ll}+)?\\s+(?:has|had|is|was|got|just|also|\\p{Ll}+ed|\\p{Ll}+s)(?=\\s))`;

/**
 * Splits a sentence into clauses where a conjunction starts a new subject ("… yesterday and it was
 * great", "…; I'm so relieved"), so each clause can carry its own fact.
 */
export function splitClauses(sentence: string): string[] {
  // Captured: the separator (group 1) and the conjunction (group 2) each part follows.
  const parts = sentence
    .split(
      new RegExp(
        `(\\s+-\\s+|;\\s*|,\\s+(?=(?:${either('he|she|they|his|her|their')}|I|I'm|I've|I'd|I'll|${either("we|we're|we've")})\\s+\\p{Ll}))|,?\\s+((?:${either('and|but|so|plus')})\\s+)(?=${NEW_SUBJECT}\\b)`,
        'u',
      ),
    )
    .map((p) => p ?? '');
  // "My mom and I made dinner": a short left part is a compound subject, not a clause of its own.
  const clauses: string[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    const separator = parts[i - 2];
    const conjunction = parts[i - 1];
    const previous = clauses[clauses.length - 1];
    const compoundSubject =
      /^and\s+$/i.test(conjunction ?? '') && /^(?:I|we)\b/i.test(parts[i]) && /(?:\b(?:my|our|the|his|her|their) [a-z]+|\b[A-Z][a-z]+)$/.test(previous ?? '');
    const semicolon = separator?.startsWith(';');
    if (conjunction && previous !== undefined && (compoundSubject || previous.trim().split(/\s+/).length <= 3)) {
      clauses[clauses.length - 1] = `${previous} ${conjunction}${parts[i]}`;
    } else if (separator?.startsWith(',') && previous !== undefined && !hasFiniteVerb(previous)) {
      // "Yesterday, I went …": a phrase before the comma opens the clause after it.
      clauses[clauses.length - 1] = `${previous}${separator}${parts[i]}`;
    } else if (!conjunction && previous !== undefined && isFragment(parts[i]) && !(semicolon && hasFiniteVerb(parts[i]))) {
      // "It's special to me - a gift from my grandma": a part without a verb says more of the one before.
      // After a semicolon a part with a verb of its own ("the payout went on a Mazda") is a clause.
      clauses[clauses.length - 1] = `${previous}${semicolon ? ';' : ' -'} ${parts[i]}`;
    } else {
      clauses.push(parts[i]);
    }
  }
  return clauses.map((p) => p.trim()).filter((p) => /[A-Za-z]/.test(p));
}

const FINITE_VERB =
  /\b(?:I|we|you|he|she|they|it|that|this|there|is|are|was|were|am|be|been|has|have|had|do|does|did|will|would|can|could|should|must|may|might|let's|\w+'(?:s|re|m|ve|ll|d))\b|\b\w{3,}ed\b/i;

/** A part of a sentence with no subject or finite verb of its own: a list, an apposition, a phrase. */
function isFragment(part: string): boolean {
  if (!/[A-Za-z]/.test(part) || FINITE_VERB.test(part)) return false;
  // "his daughter Sofia plays the violin" has a subject and its verb; "a thriller set in a small town" has neither.
  return !(/^\s*(?:his|her|their|my|our|\p{Lu})/u.test(part) && hasFiniteVerb(part));
}

/** The subject a statement opens with: a pronoun, or a name with its owner ("Noor's brother Idris"). */
function subjectPhrase(clause: string): string | null {
  const pronoun = /^(?:I|we|he|she|they|you)\b/i.exec(clause)?.[0];
  if (pronoun) return pronoun;
  const subject = leadingSubject(clause);
  // A subject is followed by its verb, perhaps after an adverb or auxiliary.
  if (!subject || !/^\s+(?:(?:just|also|then|now|recently|later|still|has|had|have|is|was)\s+)?\p{Ll}/u.test(clause.slice(subject.length))) return null;
  // "Family's love grounds us": a possessive is whose the subject is, not the subject.
  if (/['’]s$/.test(subject)) return null;
  // "Annual membership costs £120": a capital word that opens the sentence, before a noun, is not the subject.
  const next = /^\s+(\p{Ll}[\p{L}'-]*)/u.exec(clause.slice(subject.length))?.[1];
  return !/\s/.test(subject) && next && !isVerbal(next) ? (nounPhraseSubject(clause) ?? subject) : subject;
}

/** A word that may stand right after a subject: a verb, an auxiliary or an adverb. */
function isVerbal(word: string): boolean {
  const lower = word.toLowerCase();
  return isAuxiliary(lower) || isAdverb(lower) || IRREGULAR_PAST.has(lower) || verbBase(lower) !== null || /ed$/.test(lower);
}

/** "Annual membership costs £120", "Young players train on Fridays": a few words before the first verb that agrees with them. */
function nounPhraseSubject(clause: string): string | null {
  const words = clause.split(/\s+/);
  for (let i = 1; i <= 3 && i < words.length; i++) {
    const word = words[i].toLowerCase();
    if (/[,;:]$/.test(words[i - 1]) || !/^\p{L}[\p{L}'-]*$/u.test(words[i - 1])) return null;
    const plural = /[^su]s$/.test(words[i - 1]);
    const finite =
      isAuxiliary(word) || IRREGULAR_PAST.has(word) || (verbBase(word) !== null && (/(?:s|ed)$/.test(word) || (plural && verbBase(word) === word)));
    if (finite) return words.slice(0, i).join(' ');
  }
  return null;
}

/**
 * One fact per statement: a subject with two predicates ("Tunde joined Falcon in 2021 and works
 * from Lagos", "I left Google and joined Meta") becomes two statements of the same subject.
 */
export function splitPredicates(clause: string): string[] {
  const subject = subjectPhrase(clause);
  if (!subject) return [clause];
  const parts: string[] = [];
  let rest = clause;
  for (let guard = 0; guard < 4; guard++) {
    // "was pulled off the Kestrel redesign and put on the Falcon rollout": a second participle is passive too.
    const passive = PASSIVE_OPENING.exec(rest.slice(rest.indexOf(subject) + subject.length));
    // "… and now trains for triathlons": the "now" stays with its predicate, which it tells as a change.
    const m = /,?\s+(?:and|but)\s+(?:then\s+|also\s+)?((?:now\s+)?([\p{L}']+))\b/gu;
    let split: { at: number; from: number } | null = null;
    for (let hit = m.exec(rest); hit; hit = m.exec(rest)) {
      // "found this spot in a park and took this pic": a predicate about "this" or "it" needs the first.
      const after = rest
        .slice(hit.index + hit[0].length)
        .split(/\s+/)
        .slice(0, 3)
        .join(' ');
      if (/\b(?:it|this|that|these|those|them|there)\b/i.test(after)) continue;
      // "to stay true and be a leader": a second infinitive, not a second predicate.
      if (/\bto\s+\S+(?:\s+\S+){0,3}$/.test(rest.slice(0, hit.index)) && verbBase(hit[2]) === hit[2].toLowerCase()) continue;
      const passiveToo = !!passive && PASSIVE_ONLY.test(rest.slice(hit.index + hit[0].length - hit[1].length));
      if ((startsPredicate(hit[2], subject) || passiveToo) && hasFiniteVerb(rest.slice(0, hit.index))) {
        split = { at: hit.index, from: hit.index + hit[0].length - hit[1].length };
        break;
      }
    }
    if (!split) break;
    parts.push(rest.slice(0, split.at));
    const second = rest.slice(split.from);
    rest = passive && PASSIVE_ONLY.test(second) ? `${subject} ${passive[1]} ${second}` : `${subject} ${second}`;
  }
  parts.push(rest);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** A predicate in the passive: its auxiliary, then a participle ("was pulled off", "has been moved to"). */
const PASSIVE_OPENING =
  /^\s+((?:was|were|is|are|has been|have been|had been|got|gets|has|have)(?:\s+(?:just|then|also|recently|suddenly|quietly))?)\s+(?:\p{Ll}+ed|put|set|made|sent|given|taken|moved|brought)\b/u;
/** Participles that after a passive predicate are passive too: whom something is done to. */
const PASSIVE_ONLY =
  /^(?:put|placed|assigned|reassigned|seconded|posted|sent|named|appointed|made|given|handed|elected|promoted|hired|recruited|drafted|offered|awarded|transferred|redeployed|moved|shifted|added|asked|invited|chosen|picked|selected|switched)\s+(?!(?:it|them|her|him|the|a|an|his|their|my|our)\s+(?:up|down|in|out|off|on|away|back)\b)/u;

/** Whether a word after "and" opens a second predicate of the subject rather than a second object. */
function startsPredicate(word: string, subject: string): boolean {
  const lower = word.toLowerCase();
  if (/^(?:is|was|has|had|will|would|can|could|does|did|lives|works)$/.test(lower)) return true;
  if (/^(?:are|were|have|do)$/.test(lower)) return /^(?:I|we|they|you)$/i.test(subject);
  if (IRREGULAR_PAST.has(lower)) return true;
  const base = verbBase(lower);
  if (!base) return false;
  if (/(?:s|ed)$/.test(lower) && lower !== base) return true;
  // "Swimmers train … and compete …": a plural subject takes the base form.
  return (/^(?:I|we|they|you)$/i.test(subject) || /[^su]s$/.test(subject)) && lower === base;
}

const APPOSED_NAME = "\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+){0,3}";
const PARENTHESIS = new RegExp(`^(${APPOSED_NAME})\\s*\\((?:who is\\s+)?((?:a|an|the)\\s+[^)]{3,80})\\)\\s+(\\p{Ll}.*)$`, 'u');
const INTRODUCED = new RegExp(`^(?:our|the|my|their|his|her|this)\\s+[\\p{L} -]{2,30},\\s+(${APPOSED_NAME}),\\s+(\\p{Ll}.*)$`, 'iu');
const APPOSITION = new RegExp(`^(${APPOSED_NAME}),\\s+((?:a|an|the)\\s+[^,]{3,80}),\\s+(\\p{Ll}.*)$`, 'u');

/**
 * "Rustam Karimov (a cardiologist at the Tashkent Medical Academy) restores old motorcycles": what
 * a name is, said in passing, is a fact of its own beside what the sentence goes on to say.
 */
export function splitAppositions(clause: string): string[] {
  // "Our guest, Parisa Ahmadi, is a glaciologist": the name is the subject.
  const introduced = INTRODUCED.exec(clause);
  if (introduced) return [`${introduced[1]} ${introduced[2]}`];
  const m = PARENTHESIS.exec(clause) ?? APPOSITION.exec(clause);
  if (!m) return [clause];
  return [`${m[1]} is ${m[2]}`, `${m[1]} ${m[3]}`];
}

const COUNT_ONLY = /^\d{1,3}$/;
const VERB_FIRST = /^\p{Ll}+s\b|^(?:has|is|was|had)\b/u;

/**
 * "Ioana Stan: 41, pharmacist, lives in Cluj, drives a Dacia Duster, allergic to cats": a profile
 * line, each piece a fact of the person its label names.
 */
export function profileFacts(person: string, body: string): string[] | null {
  const pieces = body
    .replace(/[.!]+$/, '')
    .split(/\s*,\s*/)
    .filter(Boolean);
  if (pieces.length < 2) return null;
  const facts = pieces.map((piece) => {
    if (COUNT_ONLY.test(piece)) return `${person} is ${piece} years old`;
    if (VERB_FIRST.test(piece)) return `${person} ${piece}`;
    if (/^(?:a|an|the)\s/i.test(piece)) return `${person} is ${piece}`;
    if (/^(?:allergic|married|engaged|single|vegan|vegetarian|retired|fluent|based|originally)\b/i.test(piece)) return `${person} is ${piece}`;
    if (/^\p{Ll}[\p{L}-]*(?:\s+\p{Ll}[\p{L}-]*){0,2}$/u.test(piece)) return `${person} is ${/^[aeiou]/i.test(piece) ? 'an' : 'a'} ${piece}`;
    return null;
  });
  return facts.every((f): f is string => f !== null) ? facts : null;
}

const ADJECTIVE_OPENING =
  /^(?:allergic|based|married|engaged|born|fluent|vegan|vegetarian|pescatarian|retired|single|originally|currently|intolerant|lactose|gluten|qualified|certified|licensed|trained|responsible|available|away|keen|good|great|bad|afraid|scared)\b/i;
const PLACE_OPENING = /^(?:class|year|grade|form|room|ward|team|group|section|unit)\s+\w+\s+(?:at|of|in)\b/i;
const DEGREE =
  /^(PhD|DPhil|MSc|MA|MBA|MPhil|MEng|MFA|LLM|LLB|BSc|BA|BEng|BFA|MD|Master'?s|Bachelor'?s|Doctorate|Diploma)(?:\s+(?:in|of)\s+([^,]{3,60}))?,\s+([^,]*\b(?:University|College|Institute|School|Academy|Polytechnic|Conservatory|Universidad|Université|Universität|Università)\b[^,]*)(?:,\s*(\d{4}))?$/;
const AGE_FRAGMENT = /^(?:aged?|age:?)\s+(\d{1,3})$/i;

/**
 * A terse note's sentence without a verb, as a statement: "Allergic to sesame." about the person
 * the note is about → "Amaru Quispe is allergic to sesame"; "Payment terms: 30 days." and "Meeting
 * at the Ivy House at 7 pm." stay as written. Null for what reads as a heading or a label alone.
 */
export function fragmentFact(fragment: string, person: string | null): string | null {
  const text = fragment.trim().replace(/[.!]+$/, '');
  if (!/[.!]$/.test(fragment.trim()) || text.split(/\s+/).length < 3) return null;
  const named = /^(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,3}),\s+(?:aged?|age)\s+(\d{1,3})$/u.exec(text);
  if (named) return `${named[1]} is ${named[2]} years old`;
  const age = AGE_FRAGMENT.exec(text);
  if (age) return person ? `${person} is ${age[1]} years old` : null;
  // "Yuki Tanaka — illustrator.": a name and what they are.
  const role = /^(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,3})\s+-\s+((?:a|an|the)\s+)?(\p{Ll}[\p{L}-]*(?:\s+\p{Ll}[\p{L}-]*){0,3})$/u.exec(text);
  if (role) return `${role[1]} is ${role[2] ?? (/^[aeiou]/i.test(role[3]) ? 'an ' : 'a ')}${role[3]}`;
  // "PhD in marine ecology, University of Queensland, 2017." on a CV.
  const degree = DEGREE.exec(text);
  if (person && degree)
    return `${person} has ${/^[aeiouAEIOU]|^M[A-Z]|^MBA/.test(degree[1]) ? 'an' : 'a'} ${degree[1]}${degree[2] ? ` in ${degree[2]}` : ''} from ${degree[3]}${degree[4] ? ` (${degree[4]})` : ''}`;
  if (person && ADJECTIVE_OPENING.test(text)) return `${person} is ${lowerFirst(text)}`;
  // "Lives in Osaka.", "Works at the port.": the verb of the person the note is about.
  if (person && /^\p{Lu}\p{Ll}+s\s+(?:in|at|for|with|on|the|a|an|as|to|from)\b/u.test(text) && verbBase(text.split(/\s+/)[0]) !== null)
    return `${person} ${lowerFirst(text)}`;
  if (person && PLACE_OPENING.test(text)) return `${person} is in ${text}`;
  // "Payment terms: 30 days", "Meeting at the Ivy House pub at 7 pm": a short label and its value, or an -ing phrase.
  if (/^[\p{L}][\p{L} ]{1,30}:\s+\S/u.test(text) || /^\p{Lu}\p{Ll}+ing\s+(?:at|in|on|with|for|to)\b/u.test(text)) return text;
  return null;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
