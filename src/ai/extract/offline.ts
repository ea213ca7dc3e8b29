import { reportedStatement } from './reported.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { classify, RELATIVES, type Classification } from './classify.js';
import { anchorDates, formatDay, type ResolvedDate } from './dates.js';
import { Antecedents, personInTitle, personNamed } from './coreference.js';
import { readField } from './fields.js';
import { withoutFurniture } from './furniture.js';
import { contentWords, isFirstPerson, isNoise, stripInterjections } from './noise.js';
import { resolvePerson } from './person.js';
import {
  fragmentFact,
  markdownToPlain,
  normalizeText,
  profileFacts,
  splitAppositions,
  splitClauses,
  splitPredicates,
  splitSentences,
  withoutTables,
} from './sentences.js';
import { selfIntroducedName, utterancesOf, type Utterance } from './transcript.js';
import type { ExtractedMemory, ExtractionInput, Extractor } from './types.js';
import { hasFiniteVerb, IRREGULAR_PAST, isInstruction, verbBase } from './verbs.js';
import { isLasting, statedAttributes } from '../text/attributes.js';
import { isMonthOrDay, isOpener } from '../text/openers.js';
import { lastThingNamed } from '../text/things.js';

/**
 * Rule-based extraction that needs no model: each informative clause becomes one memory with its
 * speaker named and its dates made absolute. Filter prompts cannot be honoured without a model and
 * are ignored here.
 */
export class OfflineExtractor implements Extractor {
  readonly name = 'offline';

  /** Reads a long text in slices of the event loop's time, stopping when `input.signal` is aborted. */
  async extract(input: ExtractionInput): Promise<ExtractedMemory[]> {
    const memories = new Memories();
    let sliceStarted = Date.now();
    for (const _sentence of extraction(input, memories)) {
      if (Date.now() - sliceStarted < SLICE_MS) continue;
      await nextTurn();
      input.signal?.throwIfAborted();
      sliceStarted = Date.now();
    }
    return memories.all();
  }
}

/** How long the extractor reads before it lets the event loop serve others. */
const SLICE_MS = 20;

export function extractOffline(input: ExtractionInput): ExtractedMemory[] {
  const memories = new Memories();
  for (const _sentence of extraction(input, memories));
  return memories.all();
}

/** What was found, one memory per wording (the most confident). */
class Memories {
  private readonly byKey = new Map<string, ExtractedMemory>();

  keep(memory: ExtractedMemory): void {
    const key = memory.content
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
    const existing = this.byKey.get(key);
    if (!existing || existing.confidence < memory.confidence) this.byKey.set(key, memory);
  }

  all(): ExtractedMemory[] {
    return [...this.byKey.values()];
  }
}

/** Extracts into `memories`, yielding after each sentence so a caller can pause or stop between them. */
function* extraction(input: ExtractionInput, memories: Memories): Generator<void> {
  for (const utterance of utterancesOf(input)) {
    const out: ExtractedMemory[] = [];
    for (const _sentence of fromUtterance(utterance, out)) {
      for (const memory of out.splice(0)) memories.keep(memory);
      yield;
    }
    for (const memory of out) memories.keep(memory);
  }
}

/** A line this long that ends without punctuation was wrapped, not ended ("… taught at Rotorua\nGirls' High School"). */
const WRAPPED_LINE_CHARS = 60;
/** Words no sentence ends in: a line ending in one goes on in the next ("Anouk Visser leads the\nTactile Lab"). */
const ENDS_UNFINISHED = /\b(?:the|a|an|of|to|in|at|for|and|or|with|on|by|from|his|her|their|its|our|my|is|are|was|were)$/i;

/**
 * A document's lines with those wrapped mid-sentence joined to the next: a line before a lowercase
 * one that ends without a full stop, a line ending in a word no sentence ends in, a long line ending
 * without punctuation. A short line before a capital (a heading) stays apart.
 */
function joinWrappedLines(text: string): string {
  return text.replace(/^([^\n]*)\n(?=(\S))/gmu, (line, body: string, next: string) => (isWrapped(body, next) ? `${body} ` : line));
}

function isWrapped(line: string, next: string): boolean {
  if (/[^.!?:;]$/.test(line) && /\p{Ll}/u.test(next)) return true;
  if (ENDS_UNFINISHED.test(line)) return true;
  return line.length >= WRAPPED_LINE_CHARS && /[^\s.!?:;,)\]"'”]$/.test(line) && /[\p{L}\p{N}]/u.test(next);
}

function* fromUtterance(u: Utterance, out: ExtractedMemory[]): Generator<void> {
  const names = [u.speaker, u.listener].filter((n): n is string => !!n && !n.startsWith('the '));
  const document = u.speaker === null;
  const plain = normalizeText(markdownToPlain(withoutTables(document ? withoutFurniture(u.text) : u.text)));
  const text = document ? joinWrappedLines(plain) : plain;
  const antecedents = new Antecedents(document ? personInTitle(u.text) : null);
  let topic: string | null = null;
  // The thing the document last named by its number ("project 100"), first in its title, whose owner a role field names.
  let thing: string | null = document ? lastThingNamed(u.text.trim().split('\n')[0]) : null;
  for (const sentence of splitSentences(text)) {
    yield;
    thing = lastThingNamed(sentence) ?? thing;
    // Titles, labels, captions and instructions to the reader state no fact.
    // "Employer: Hawaiian Airlines" on a card about someone says where they work.
    const field = document ? readField(sentence, antecedents.currentPerson, thing) : null;
    if (field && 'person' in field) antecedents.observeLabel(field.person);
    if (field) {
      if ('statement' in field) out.push(...fromClause(field.statement, u));
      continue;
    }
    // "Quick facts about my nephew Oisín: he is 8, …": a label names who the rest is about.
    // "Animal Crossing: New Horizons is calming" is a name with a colon, not a label.
    const labelled = document ? LABEL.exec(sentence) : null;
    const labelPerson = labelled && !hasFiniteVerb(labelled[1]) ? personNamed(labelled[1]) : null;
    const profile = labelPerson ? profileFacts(labelPerson, labelled![2]) : null;
    const body = labelled && !hasFiniteVerb(labelled[1]) && hasFiniteVerb(labelled[2]) ? labelled[2] : sentence;
    if (body !== sentence || profile) antecedents.observeLabel(labelled![1]);
    if (document && !profile && !hasFiniteVerb(body)) {
      // A terse note says facts without verbs ("Allergic to sesame."); a title says none.
      const fact = isInstruction(body) ? null : fragmentFact(body, antecedents.currentPerson);
      if (fact) {
        antecedents.observe(fact);
        out.push(...fromClause(fact, u));
      } else antecedents.observeTitle(body);
      continue;
    }
    if (document && isInstruction(body)) continue;
    // "Friends say Mateo and Lucia divorced and he has remarried": the report is the whole sentence.
    const reported = profile ? null : reportedStatement(body);
    for (const rawClause of profile ?? splitClauses(reported ?? body)) {
      // "Her teacher says Elena … has moved …": the fact is what is reported, about whom it names.
      let clause = stripInterjections(rawClause, names);
      clause = reportedStatement(clause) ?? clause;
      const resolved = withAntecedent(clause, topic);
      // Clauses that go on about "it" keep the topic; a clause about something else ends it.
      if (resolved === clause && !/\bit\b/i.test(clause)) topic = topicOf(clause);
      clause = resolved;
      if (u.speaker) clause = restoreSubject(clause);
      // A note about someone drops their name before a verb ("Works from a shared studio").
      else if (antecedents.currentPerson && /^\p{Lu}\p{Ll}+s\s/u.test(clause) && verbBase(clause.split(/\s+/)[0]) !== null) {
        clause = `${antecedents.currentPerson} ${lowerFirstWord(clause.charAt(0).toLowerCase() + clause.slice(1))}`;
      }
      // "He joined Falcon": the person named before. A document's "he" with nobody named is dropped;
      // in a conversation it may be someone named in an earlier turn, and stays.
      const named = antecedents.resolve(clause);
      if (named === null && document) continue;
      clause = named ?? clause;
      antecedents.observe(clause);
      for (const part of splitAppositions(clause).flatMap(splitPredicates)) {
        if (isNoise(part)) continue;
        out.push(...fromClause(part, u));
      }
    }
    // "Mayor Priya Desai announced that Bristol will … She said …": who spoke is whom a next "she" stands for.
    // A speaker named in full only: "Friends say …" names nobody.
    const speaker = reported ? personNamed(body.slice(0, body.length - reported.length)) : null;
    if (speaker && /\s/.test(speaker)) antecedents.observeLabel(speaker);
  }
}

/** "Label: what follows", and a lead-in before a dash ("Change of plans - the family is doing Kumasi instead"). */
const LABEL = /^([^:]{3,80}?)(?::|\s+-)\s+((?:\p{Ll}|(?:I|We|He|She|They|It|The|A|An|Our|My|His|Her|Their)\b|\d).*)$/u;

/** The memories of one clause: a self-introduction, the fact itself, and the relatives it names. */
function fromClause(clause: string, u: Utterance): ExtractedMemory[] {
  const out: ExtractedMemory[] = [];
  const introduced = selfIntroducedName(clause);
  if (introduced && introduced === (u.speaker ?? u.author)) {
    // A document's writer naming themselves is who its "I" is, not a fact of its own.
    if (u.speaker) out.push(nameMemory(introduced, u));
    // "My name is Sam and I work as a nurse", "i'm Dilnoza btw, just moved here": what follows the name is a fact of its own.
    const rest = stripInterjections(clause.slice(clause.indexOf(introduced) + introduced.length).replace(/^[\s,;:.!-]*(?:(?:and|but|so)\s+)?/i, ''), [
      introduced,
    ]);
    clause = restoreSubject(rest.replace(/^(?:btw|by the way|lol|haha)[\s,]*/i, ''));
    // "I'm Rosa Lindqvist, a midwife in Uppsala": the name's apposition says what they are.
    if (/^(?:a|an)\s/i.test(clause)) clause = `I'm ${clause}`;
    if (isNoise(clause)) return out;
  }
  const memory = toMemory(clause, u);
  if (memory) out.push(memory);
  if (u.speaker) out.push(...namedRelatives(clause, u));
  return out;
}

function toMemory(clause: string, u: Utterance): ExtractedMemory | null {
  const classification = classify(clause);
  const anchored = anchorDates(clause, u.date, classification.tense);
  let { kind, isStatic, confidence } = classification;
  if (kind === 'fact' && anchored.dates.length > 0) {
    const past = classification.tense === 'past' || (u.date !== null && anchored.dates.every((d) => d.end < u.date!));
    kind = past ? 'event' : 'plan';
  }
  let content = resolvePerson(anchored.text, { speaker: u.speaker ?? u.author, listener: u.listener });
  const eventDates = anchored.dates.map((d) => d.iso);
  // Where someone works or lives, whom they are with, what they play: lasting facts of a profile.
  if (classification.tense !== 'future' && statedAttributes(content).some((a) => !a.negated && isLasting(a.attribute))) isStatic = true;
  // In a conversation, what someone tells of their life without a date of its own holds by the day
  // it was said ("just got accepted", "is swamped with work"): there the day is part of the fact.
  // A document's date is when it was written, kept beside the memory, never stamped on its text;
  // lasting facts (a name, an employer) are not stamped either.
  if (u.speaker && u.date && anchored.dates.length === 0 && !isStatic) {
    const now = isAsOfNow(clause, classification);
    if (now || kind === 'event' || kind === 'fact') content = `${content.replace(/[\s,;:!.]+$/, '')} (as of ${formatDay(u.date)})`;
    if (now && kind === 'event') eventDates.push(u.date.toISOString().slice(0, 10));
  }
  const named = [u.speaker, u.listener].some((n) => n && mentions(content, n));
  if (u.speaker && !isFirstPerson(clause) && !named) {
    content = `According to ${u.speaker}, ${lowerFirstWord(content)}`;
    // A passing remark about "it" or "that" ("it was magical") can still answer a question later,
    // but ranks below statements that name something specific.
    const vague = contentWords(clause).length < 3 && !/[A-Z0-9]/.test(clause.slice(1));
    confidence = Math.min(confidence, vague ? 0.3 : 0.45);
  }
  content = tidy(content);
  if (!content) return null;
  return {
    content,
    isStatic,
    kind,
    eventDates: [...new Set(eventDates)],
    forgetAfter: forgetAfter(classification, anchored.dates, u.date),
    speaker: u.speaker,
    turnIndex: u.turnIndex,
    confidence,
  };
}

/** "I'm Priya Raman": the name ties what "the user" said elsewhere to Priya Raman. */
function nameMemory(name: string, u: Utterance): ExtractedMemory {
  return {
    content: `The user's name is ${name}`,
    isStatic: true,
    kind: 'identity',
    eventDates: [],
    forgetAfter: null,
    speaker: u.speaker,
    turnIndex: u.turnIndex,
    confidence: 0.9,
  };
}

function isAsOfNow(clause: string, c: Classification): boolean {
  if (/\b(?:currently|right now|at the moment|these days|nowadays|lately)\b/i.test(clause)) return true;
  return c.tense === 'past' && /\b(?:just|recently|finally)\b/i.test(clause);
}

/** Time-bound facts expire once the last date they are about has passed; lasting facts never do. */
function forgetAfter(c: Classification, dates: ResolvedDate[], reference: Date | null): string | null {
  if (!reference || dates.length === 0 || c.tense === 'past' || c.isStatic) return null;
  const startOfReference = Date.UTC(reference.getUTCFullYear(), reference.getUTCMonth(), reference.getUTCDate());
  if (dates.some((d) => d.end.getTime() < startOfReference)) return null;
  return new Date(Math.max(...dates.map((d) => d.end.getTime()))).toISOString();
}

const ELIDED_BE =
  /^(?:(?:so|really|super|pretty|kinda|very|always|just) )?(?:going to|glad|happy|excited|thrilled|stoked|proud|grateful|thankful|feeling|planning|hoping|thinking|working|trying|looking forward|currently|still|busy|tired|lucky|blessed|not (?:a |an )?\w+(?: any ?more)?\b|no longer|single|engaged|married|pregnant|vegan|vegetarian|back (?:in|at|home|from))\b/i;
const ELIDED_I =
  /^(?:(?:just|really|also|totally|finally|recently) )?(?:love|loved|like|liked|hope|think|thought|went|got|had|made|did|took|started|finished|tried|need|want|wish|miss|missed|can't|couldn't|saw|met|bought|found|visited|joined|learned|decided|signed|picked|spent|heard|adopted|painted|wrote|read|watched|played|ran|won)\b(?! (?:is|was|are|were)\b)/i;
const ELIDED_HAVE =
  /^(?:(?:just|finally|recently|also|now|officially) )?(?:been|gone|become|seen|taken|given|grown|begun|known|written|eaten|driven|fallen|flown|ridden|shown|chosen|forgotten|spoken|broken|stolen|worn|thrown|swum|sung)\b/i;
const GERUND_SUBJECT = /^\w+ing\b[^,;]*\b(?:is|was|are|were|has|makes|made|helps|keeps|can|will|feels|gives|brings)\b/i;
const PHOTO =
  /^(?:here(?:'s| is| are)|check out|look at|this is) (?:a |an |the |my |this |some |another )?(?:quick )?(?:pic|picture|photo|snap|shot|image|selfie)s?\b/i;

const ELIDED_MY =
  /^(?:(?:new |current |updated |old )?(?:address|home address|number|phone number|email|job|role|title|school|office|flat|apartment|house|place|commute|boss|manager|team|project|favou?rite \w+)\s+(?:is|'s|was)\b|(?:first|last|final) (?:day|days|week|month|shift|term|semester|year) (?:at|in|with|as|on)\b)/i;

const SHOWING = /^(?:take a look at|have a look at|look at|check out) (?=(?:this|my|our|these|the) \w+ \w)/i;

/** Chat often drops the subject ("Been busy with work", "Glad to be part of it") or shows a photo. */
function restoreSubject(clause: string): string {
  if (PHOTO.test(clause)) return clause.replace(PHOTO, 'I shared a photo');
  if (SHOWING.test(clause)) return clause.replace(SHOWING, 'I shared ');
  const suggestion = /^(?:how about|what about|why not try) (.+?)\?*$/i.exec(clause);
  if (suggestion) return `I suggest ${suggestion[1]}`;
  // "gone full keto since January", "been vegan for years": a participle alone stands for "I've …".
  if (ELIDED_HAVE.test(clause)) return `I've ${lowerVerb(clause)}`;
  // "new address is Dolní náměstí 12", "first week at Riverside done": whose goes without saying.
  if (ELIDED_MY.test(clause)) return `my ${clause}`;
  // "Trying local seafood is a must": a gerund with a verb after it is the subject, not an elided "I'm".
  if ((ELIDED_BE.test(clause) || opensWithGerund(clause)) && !GERUND_SUBJECT.test(clause)) return `I'm ${lowerVerb(clause)}`;
  if (ELIDED_I.test(clause) || opensWithPastVerb(clause)) return `I ${lowerVerb(clause)}`;
  return clause;
}

/** "Handed in my notice", "Sold the Golf": chat drops the "I" before a verb in the past. */
function opensWithPastVerb(clause: string): boolean {
  // "finaly got into …": an adverb, however spelled, may come first.
  const words = clause.split(/\s+/);
  const [first, second] = /^(?:[a-z]+l+y|just|also|then|recently|finally)$/i.test(words[0] ?? '') ? words.slice(1) : words;
  if (!first || !second || /^(?:by|is|was|are|were|and|of)$/i.test(second)) return false;
  const word = first.toLowerCase();
  return IRREGULAR_PAST.has(word) || (/^[a-z]{3,}ed$/.test(word) && !/^(?:need|feed|seed|speed|bed|red|shed)$/.test(word));
}

/** "starting in September", "working part time at …": chat drops "I'm" before a verb in -ing. */
function opensWithGerund(clause: string): boolean {
  const [first, second] = clause.split(/\s+/);
  // "speaking of helping out, I had an idea": a phrase before a clause with its own subject.
  if (/,\s+(?:I|we|he|she|they|you)\b/i.test(clause)) return false;
  return !!second && /^[a-z]{3,}ing$/.test(first) && verbBase(first) !== null && !/^(?:is|was|are|were|has|makes|helps)$/.test(second);
}

const LINKING_VERB =
  '(?:is|was|has|had|looks|looked|means|meant|reminds|reminded|feels|felt|seems|seemed|stands|represents|symbolizes|makes|made|brings|brought|gives|gave|helps|helped|keeps|kept|shows|showed|changed|took|takes)';
/** "This necklace is special", "The training was intense": a thing a later "it" can stand for. */
const TOPIC = new RegExp(`^(this|that|my|our|the) ((?:[a-z][a-z'-]* ){0,2}[a-z][a-z-]*) ${LINKING_VERB}\\b`, 'i');
/** Heads that name a time, a person or a plural rather than a thing "it" would refer to. */
const NOT_A_TOPIC = new RegExp(
  `(?:^|\\s)(?:week|weekend|month|year|day|time|night|morning|evening|summer|winter|spring|fall|thing|one|way|idea|point|reason|best|worst|most|rest|whole|same|other|family|people|guy|${RELATIVES})$|[^s]s$`,
  'i',
);
/**
 * Verbs after which "it" is worth resolving. "It was great" only judges, and resolved ("my favorite
 * memory was great") it would read as a new value of the topic's attribute.
 */
const IT_SUBJECT =
  /^it(?= (?:looks|looked|means|meant|reminds|reminded|feels|felt|seems|seemed|stands|stood|represents|represented|symbolizes|symbolized|makes|made|brings|brought|gives|gave|helps|helped|keeps|kept|shows|showed|changed|took|takes)\b)/i;

/** The thing a clause starts out talking about, if a following "it" could mean it. */
function topicOf(clause: string): string | null {
  const m = TOPIC.exec(clause);
  if (!m || NOT_A_TOPIC.test(m[2])) return null;
  return `${/^(?:my|our)$/i.test(m[1]) ? m[1].toLowerCase() : 'the'} ${m[2]}`;
}

/**
 * "This necklace is special to me. It stands for love": the "it" that opens the next clause is
 * the necklace, said so the memory can be found by what it is about.
 */
function withAntecedent(clause: string, topic: string | null): string {
  if (!topic) return clause;
  return clause.replace(IT_SUBJECT, topic).replace(/^[a-z]/, (c) => c.toUpperCase());
}

/** "my sister Anna …" also says who Anna is, which is worth a memory of its own. */
function namedRelatives(clause: string, u: Utterance): ExtractedMemory[] {
  const found: ExtractedMemory[] = [];
  const patterns = [
    // "my girlfriend Lucía": a name is letters of any alphabet, accented ones too.
    new RegExp(`\\b[Mm]y (${RELATIVES})(?:,| named| called|'s name is)? (\\p{Lu}\\p{Ll}+)(?![\\p{L}])`, 'gu'),
    new RegExp(`(?<![\\p{L}])(\\p{Lu}\\p{Ll}+),? (?:is |was )?my (${RELATIVES})\\b`, 'gu'),
  ];
  for (const [i, re] of patterns.entries()) {
    for (const m of clause.matchAll(re)) {
      const [relative, name] = i === 0 ? [m[1], m[2]] : [m[2], m[1]];
      if (isMonthOrDay(name) || isOpener(name) || name === u.speaker) continue;
      found.push({
        content: `${name} is ${possessive(u.speaker!)} ${relative}`,
        isStatic: true,
        kind: 'relation',
        eventDates: [],
        forgetAfter: null,
        speaker: u.speaker,
        turnIndex: u.turnIndex,
        confidence: 0.8,
      });
    }
  }
  return found;
}

function possessive(name: string): string {
  return /s$/.test(name) ? `${name}'` : `${name}'s`;
}

function mentions(content: string, name: string): boolean {
  return content.toLowerCase().includes(name.toLowerCase());
}

const COMMON_FIRST_WORD =
  /^(?:The|A|An|It|It's|Its|This|That|These|Those|There|There's|Here|He|She|They|Some|Every|Everything|Nothing|Something|Someone|Everyone|His|Her|Their|What|When|Where|Being|Having|Going|Seeing|Getting|Making|Family|Life|Now|Then|Just|Not|No|All|One|Both|Each|Such|So|Even|Also|Still|Plus|If|Because|Since|As|After|Before|While|With|For|In|On|At|To|From|By|Of|Glad|Happy|Excited|Love|Loved|Like|Liked|Hope|Been|Went|Got|Had|Made|Did|Took|Started|Finished|Tried|Need|Want|Wish|Miss|Missed|Saw|Met|Bought|Found|Visited|Joined|Learned|Decided|Feeling|Planning|Hoping|Thinking|Working|Trying|Looking|Really|Super|Pretty|Kinda|Very|Busy|Tired|Lucky|Proud|Grateful|Thankful|Currently|Recently|Finally|Totally|Can't|Cannot|Can|Could|Would|Will|Should)\b/;

/** The first word in lower case, where it is known to be a verb or an adverb ("Turned in my laptop"), unless it is an acronym. */
function lowerVerb(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function lowerFirstWord(text: string): string {
  return COMMON_FIRST_WORD.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function tidy(text: string): string {
  const t = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/^[\s,.;:!-]+/, '')
    .replace(/[\s,;:!.-]+$/, '')
    .replace(/([!?.]){2,}/g, '$1')
    .trim();
  return t ? t.charAt(0).toUpperCase() + t.slice(1) : t;
}
