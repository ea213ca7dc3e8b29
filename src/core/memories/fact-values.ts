/**
 * What tells two otherwise alike statements apart: numbers and dates, proper names and quoted
 * strings. "Alice's apartment number is 1234" and "…is 9876" read almost the same to an embedding,
 * yet state different facts.
 */

import { isOpener } from '../../ai/text/openers.js';

interface Word {
  text: string;
  /** A number, date, proper name or quoted word. */
  isValue: boolean;
}

/** A statement as its frame (the words around its values) and its values, grouped into slots. */
export interface FactShape {
  /** The statement with each run of values replaced by `#`. */
  frame: string;
  slots: string[];
  /** How many leading slots name the subject: those before the first auxiliary verb, else the first. */
  subjectSlots: number;
  describesEvent: boolean;
}

const WORD = /[\p{L}\p{N}]+(?:['’.,:/@_+-][\p{L}\p{N}]+)*/gu;
const QUOTED = /"([^"]+)"|“([^”]+)”/g;

/** Capitalised only because they start a sentence or clause, not names. */
const NOT_NAMES = new Set(
  (
    'the a an this that these those it its he she they we i you my our your his her their there here ' +
    'in on at as for and but or if when while after before since during also now then today yesterday ' +
    'tomorrow according every each some all no not both what who which where why how however although ' +
    'because so with from by to of about once last next please yes'
  ).split(' '),
);

/** Left out of the frame: "is now 9876" sets the same attribute as "is 9876". */
const FILLERS = new Set(['now', 'currently', 'still', 'also', 'actually', 'recently', 'just', 'already', 'new', 'updated', 'current', 'latest']);

const PRONOUNS = new Set('it its he his she her they their this that these those there'.split(' '));
const AUXILIARIES = new Set([
  'is',
  'are',
  'was',
  'were',
  'am',
  'be',
  'been',
  'has',
  'have',
  'had',
  'will',
  'would',
  'can',
  'could',
  'should',
  'does',
  'do',
  'did',
]);
const COPULAS = new Set(['is', 'are', 'was', 'were', 'am', 'be', 'been', 'being']);
const IRREGULAR_PAST = new Set(
  'went met saw bought made took gave got came left won lost wrote found sent spent flew drove ate ran began sold built told said became led'.split(' '),
);
const REGULAR_PAST = /^\p{L}{3,}ed$/u;

function normalizeWord(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/['’]s$/u, '')
    .replace(/(\d),(?=\d{3}\b)/g, '$1');
}

function wordsOf(text: string): Word[] {
  const quoted = new Set<string>();
  for (const match of text.matchAll(QUOTED)) {
    for (const w of (match[1] ?? match[2]).match(WORD) ?? []) quoted.add(normalizeWord(w));
  }
  return (text.match(WORD) ?? []).map((raw) => {
    const word = normalizeWord(raw);
    const isName = /^\p{Lu}/u.test(raw) && !NOT_NAMES.has(word) && !isOpener(word);
    // Addresses ("lee@example.com") name one thing as much as a name does.
    return { text: word, isValue: /\p{N}|@/u.test(raw) || isName || quoted.has(word) };
  });
}

/** The values `a` states that `b` does not mention at all. */
export function unsharedValues(a: string, b: string): string[] {
  const other = new Set(wordsOf(b).map((w) => w.text));
  return [
    ...new Set(
      wordsOf(a)
        .filter((w) => w.isValue && !other.has(w.text))
        .map((w) => w.text),
    ),
  ];
}

/** Past actions ("visited", "met") happen again and add up; states ("is", "is led by") are replaced. */
function isPastAction(words: string[], i: number): boolean {
  const word = words[i];
  const past = IRREGULAR_PAST.has(word) || (REGULAR_PAST.test(word) && !word.endsWith('eed'));
  return past && !COPULAS.has(words[i - 1] ?? '');
}

export function factShape(text: string): FactShape {
  const frame: string[] = [];
  const slots: string[] = [];
  let firstAuxiliarySlot = -1;
  for (const word of wordsOf(text)) {
    if (word.isValue) {
      if (frame.at(-1) === '#') slots[slots.length - 1] += ` ${word.text}`;
      else {
        frame.push('#');
        slots.push(word.text);
      }
    } else if (!FILLERS.has(word.text)) {
      if (firstAuxiliarySlot < 0 && AUXILIARIES.has(word.text)) firstAuxiliarySlot = slots.length;
      frame.push(word.text);
    }
  }
  return {
    frame: frame.join(' '),
    slots,
    subjectSlots: firstAuxiliarySlot >= 0 ? firstAuxiliarySlot : Math.min(1, slots.length),
    describesEvent: frame.some((_, i) => isPastAction(frame, i)),
  };
}

/**
 * True when `candidate` gives a new value to the attribute `existing` states: the same words around
 * the values, the same subject, and exactly one other value changed ("Alice's apartment number is
 * 9876" after "…is 1234"). Past actions are not attributes: visiting Rome after Paris adds a visit.
 */
export function setsSameAttribute(candidate: string, existing: string): boolean {
  const a = factShape(candidate);
  const b = factShape(existing);
  if (a.frame !== b.frame || a.describesEvent || a.slots.length !== b.slots.length) return false;
  // "It is due on May 3": whose attribute that is, the statement does not say.
  if (a.subjectSlots === 0 && PRONOUNS.has(a.frame.split(' ')[0])) return false;
  const subject = a.subjectSlots;
  if (a.slots.slice(0, subject).some((slot, i) => slot !== b.slots[i])) return false;
  const changed = a.slots.slice(subject).filter((slot, i) => slot !== b.slots[subject + i]).length;
  return changed === 1;
}
