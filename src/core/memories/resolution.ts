import { ANY_ATTRIBUTE, ANY_VALUE, isSingleValued, sameSubject, statedAttributes, subjectOf, type StatedAttribute } from '../../ai/text/attributes.js';
import { differentThings } from '../../ai/text/things.js';
import { contentWords, escapeRegExp, stem } from '../../ai/text/words.js';
import { factShape, setsSameAttribute, unsharedValues } from './fact-values.js';
import type { MemoryAttribute, MemoryRelation } from '../../model/memories.js';

/** An existing latest memory of the same tag, with its cosine similarity to the candidate. */
export interface Neighbour {
  id: string;
  memory: string;
  similarity: number;
  /** Already linked to the document the candidate comes from. */
  fromSameDocument: boolean;
  /** The attributes it was stored with; read from its text when not recorded. */
  attributes?: MemoryAttribute[] | null;
  /** Stated by the same source at the same moment as the candidate (`RememberOptions.statedAlongside`). */
  statedAlongside?: boolean;
}

export type Resolution =
  | { action: 'duplicate'; of: Neighbour }
  | { action: 'relate'; to: Neighbour; relation: Extract<MemoryRelation, 'updates' | 'extends'> }
  | { action: 'new' };

export const DUPLICATE_SIMILARITY = 0.95;
export const EXTENDS_SIMILARITY = 0.8;
export const UPDATE_MIN_SIMILARITY = 0.45;
/** How close a statement told as a change ("… instead", "from now on …") must be to the fact it changes. */
export const CHANGE_MIN_SIMILARITY = 0.5;
/** Below this, a statement of an edited document is not taken for the new wording of one it dropped. */
export const REPLACES_MIN_SIMILARITY = 0.7;
/** Of the words of the shorter statement, the share the other must repeat to be its new wording. */
const REPLACES_MIN_SHARED_WORDS = 0.5;

export function normalizeMemoryText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const CONTENT_WORD = /[\p{L}\p{N}]{3,}/gu;

function wordSet(text: string): Set<string> {
  return new Set(normalizeMemoryText(text).match(CONTENT_WORD) ?? []);
}

/** The attributes a memory was stored with, or read from its text when it was stored without them. */
export const storedAttributes = (n: { memory: string; attributes?: MemoryAttribute[] | null }): StatedAttribute[] => n.attributes ?? statedAttributes(n.memory);

function namesSameValue(a: string, b: string): boolean {
  const x = a.toLowerCase().replace(/^the\s+/, '');
  const y = b.toLowerCase().replace(/^the\s+/, '');
  return x === y || new RegExp(`\\b${escapeRegExp(x)}\\b`).test(y) || new RegExp(`\\b${escapeRegExp(y)}\\b`).test(x);
}

/** What comes with a pastime or a thing one has, not the thing itself: "stamp collection", "golf clubs". */
const GEAR = new Set(
  [
    'collection',
    'kit',
    'gear',
    'set',
    'lessons',
    'classes',
    'boots',
    'racket',
    'racquet',
    'clubs',
    'equipment',
    'membership',
    'career',
    'habit',
    'wheel',
    'bat',
    'needles',
    'wings',
    'gloves',
    'uniform',
    'scrubs',
    'helmet',
    'whistle',
    'stethoscope',
  ].map(stem),
);

/** The tools a pastime is done with: "gave his chisels to a neighbour" ends "does woodworking". */
const TOOLS_OF_PASTIME: Record<string, string[]> = {
  woodwork: ['chisel', 'lathe', 'workbench', 'plane', 'router', 'bandsaw'],
  carpentry: ['chisel', 'lathe', 'workbench', 'plane'],
  paint: ['easel', 'brush', 'paintbrush', 'canvas', 'palette', 'watercolour', 'watercolor', 'oils'],
  pottery: ['kiln', 'wheel', 'clay'],
  ceramic: ['kiln', 'wheel', 'clay'],
  knit: ['needle', 'yarn', 'wool'],
  crochet: ['hook', 'yarn'],
  embroidery: ['hoop', 'thread', 'floss'],
  sew: ['sewing machine'],
  photography: ['camera', 'lens', 'tripod'],
  fish: ['rod', 'reel', 'tackle'],
  golf: ['club', 'putter', 'driver'],
  tenni: ['racket', 'racquet'],
  squash: ['racket', 'racquet'],
  badminton: ['racket', 'racquet', 'shuttlecock'],
  ski: ['ski', 'skis'],
  snowboard: ['snowboard'],
  surf: ['surfboard', 'board', 'wetsuit'],
  skat: ['skate', 'skateboard'],
  cycl: ['bike', 'bicycle'],
  climb: ['harness', 'rope', 'chalk bag'],
  box: ['gloves'],
  garden: ['allotment', 'greenhouse', 'spade'],
  bak: ['oven', 'mixer'],
  chess: ['chessboard', 'chess set'],
  astronomy: ['telescope'],
  birdwatch: ['binoculars'],
  stamp: ['album'],
  sail: ['dinghy', 'boat', 'yacht'],
  kayak: ['kayak', 'paddle'],
  row: ['oar', 'scull', 'rowing machine'],
};

function toolOfPastime(thing: string, value: string): boolean {
  const tools = contentWords(thing);
  const lowerThing = thing.toLowerCase();
  return contentWords(value).some((word) =>
    Object.entries(TOOLS_OF_PASTIME).some(
      ([pastime, kit]) =>
        word.startsWith(pastime) &&
        kit.some((tool) => (tool.includes(' ') ? lowerThing.includes(tool) : tools.includes(stem(tool)) || tools.includes(stem(`${tool}s`)))),
    ),
  );
}

/**
 * Whether a thing said to be ended names a value held, by the words they share: "his stamp
 * collection" names "stamps", "the Clio" names "Renault Clio".
 */
function thingNamesValue(thing: string, value: string): boolean {
  if (namesSameValue(thing, value)) return true;
  if (toolOfPastime(thing, value)) return true;
  const thingWords = contentWords(thing).filter((w) => !GEAR.has(w));
  const valueWords = new Set(contentWords(value));
  return thingWords.length > 0 && thingWords.every((w) => valueWords.has(w));
}

/**
 * Whether an ending ends what a memory no attribute was read from says its subject does now, by the
 * thing it names: "packed away his model trains" ends "Pavel builds model trains", "hung up her flight
 * attendant wings" ends "Leilani is a flight attendant". Only a memory told in the present (a habit or
 * a state), never an event: "drove his car to Paris" stays true after the car is sold.
 */
function endsHabitNamed(stated: StatedAttribute[], n: Neighbour): boolean {
  if (storedAttributes(n).length) return false;
  const subject = subjectOf(n.memory);
  if (!subject) return false;
  const predicate = n.memory.slice(n.memory.indexOf(subject) + subject.length).trim();
  if (!PRESENT_PREDICATE.test(predicate)) return false;
  return stated.some(
    (c) => c.attribute === ANY_ATTRIBUTE && !!c.negated && c.subject !== ANY_VALUE && sameSubject(c.subject, subject) && thingNamesValue(c.value, predicate),
  );
}

/** "is a flight attendant", "builds model trains", "has a season ticket": a state or a habit, told in the present. */
const PRESENT_PREDICATE = /^(?:(?:still|now|also|usually|often)\s+)?(?:is|are|has|have|does|\p{Ll}{2,}[^s\s]s)\b/u;

/** "Ramen is the user's favorite" sets whichever favorite the user had named before. */
function sameAttribute(a: string, b: string): boolean {
  if (a === b) return true;
  return (a === 'favorite thing' && b.startsWith('favorite ')) || (b === 'favorite thing' && a.startsWith('favorite '));
}

/**
 * Whether `candidate` gives a new value to an attribute `existing` sets of the same subject: a
 * single-valued attribute with another value ("joined Meta" after "works at Google"), or the
 * value `existing` states said to hold no longer ("left Google").
 */
export function replacesAttribute(candidate: StatedAttribute[], existing: StatedAttribute[]): boolean {
  return candidate.some((c) =>
    existing.some((e) => {
      // "sold his cello" ends "plays the cello"; "Rocky passed away" ends whoever's "beagle called Rocky".
      if (c.attribute === ANY_ATTRIBUTE)
        return !!c.negated && !e.negated && (c.subject === ANY_VALUE || sameSubject(c.subject, e.subject)) && thingNamesValue(c.value, e.value);
      if (!sameAttribute(c.attribute, e.attribute) || !sameSubject(c.subject, e.subject)) return false;
      const sameValue = c.value.toLowerCase() === e.value.toLowerCase();
      // "sold the Golf" ends "drives a grey VW Golf"; "is single again" ends any partner.
      if (c.negated) return !e.negated && (c.value === ANY_VALUE || namesSameValue(c.value, e.value));
      return (isSingleValued(c.attribute) || !!c.replacing) && (!sameValue || !!e.negated);
    }),
  );
}

/** Said as a change of what held before: "… instead", "from now on …", "no longer …", "switched to …". */
const CHANGE =
  /^(?:now|these days|nowadays|from now on|going forward|from here on|henceforth|correction|actually|update|starting|as of|the \w+ after)\b|\bfrom (?:next|this coming|the start of next) \w+|\bnow\s+[a-z]+s\b|\bmoved out\b|\b(?:pushed|slipped|delayed|postponed|bumped)\s+(?:back\s+|forward\s+)?(?:from\s+.{1,40}?\s+)?to\b|\b(?:moved|brought forward|shifted)\s+(?:back\s+|forward\s+)?(?:from\s+.{1,40}?\s+)?to\s+(?:(?:next|the|a|an)\s+)?(?:\d|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|tomorrow|later|week|month|morning|afternoon|evening|spring|summer|autumn|fall|winter|[A-Z][a-z]*\s+Street|[A-Z][a-z]*\s+(?:Road|Avenue|Square|Hall|Room))|\b(?:to correct|i meant|misspoke|not\s+\S+(?:\s+\S+)?\s+but)\b|\b(?:instead|ditched|dropped|scrapped|abandoned|traded|swapped|sold|quit|handed in|stepped down|moved on|took up|picked up|from now on|no longer|not any ?more|anymore|any more|switched|swapped|changed (?:\S+ )?mind|rather than|replaced|gave up|no more|handed (?:\S+ ){1,5}over|moved on from|went back to|now (?:prefers?|plays?|uses?|drinks?|eats?|takes?|works?|lives?|wants?|likes?|goes|drives?|studies|is|has)|is now|are now|has now|these days|nowadays|decided against|cancel+ed|postponed|rescheduled|pushed back|moved (?:it|the \S+) to|reassigned|stopped (?:going to|attending|taking|playing|learning|working (?:at|on|for)|(?:his|her|their|my|the) \S+ (?:course|classes|lessons|training|membership|subscription|job))|ceased|discontinued|retrained)\b/i;

export function toldAsChange(text: string): boolean {
  return CHANGE.test(text);
}

/**
 * Said as a value held from now on: a new one of the things people have one or a few of ("new
 * address", "new employer"; not "new recipes"), a move, a promotion, a first or a last day somewhere.
 */
const NEW_VALUE =
  /\bnew\s+(?:[\p{L}-]+\s+)?(?:address|home|flat|house|apartment|place|city|town|country|job|employer|company|workplace|role|position|title|school|university|college|team|squad|project|car|partner|boyfriend|girlfriend|husband|wife|fianc[eé]e?|pet|dog|cat|puppy|kitten|instrument|hobby|diet)\b|\b(?:relocated|upgraded|transferred|promoted|became|has become|taken up|takes up|taking up|in place of|moved (?:from \S+(?: \S+)? )?to|(?:first|last) (?:day|week|month|term|semester|shift) (?:at|in|as|with|on))\b/iu;

/** Whether a statement says what holds from now on, instead of what held: a change, or a new value. */
export function saysNewValue(text: string): boolean {
  return CHANGE.test(text) || NEW_VALUE.test(text);
}

const INSTEAD =
  /\b(?:instead|in place of|rather than|shift(?:ed|ing|s)?\s+(?:[\p{L}-]+\s+){0,3}?from|swapp(?:ed|ing)|switch(?:ed|ing)|replac(?:ed|ing)|trad(?:ed|ing)|(?:moved|moving|changed|changing|converted) (?:over |across )?to|(?:gone|went) (?:over|across) to)\b/iu;

/**
 * Whether a change ends the values held of an attribute that can have several: only a word of
 * exchange does ("switched to the saxophone" ends the trumpet); a sport taken up, "now" or "won't
 * quit" adds one or says nothing of the others (people play several).
 */
export function replacesHeldValues(text: string): boolean {
  return INSTEAD.test(text);
}

const CHANGE_WORDS = new Set([
  'instead',
  'longer',
  'anymore',
  'switch',
  'swapp',
  'chang',
  'mind',
  'rather',
  'replac',
  'gave',
  'day',
  'nowaday',
  'decid',
  'cancel',
  'cancell',
  'postpon',
  'reschedul',
  'push',
  'back',
]);

/** Whether two statements say something of the same kind: a word of the predicate in common beyond names and change words. */
function samePredicate(candidate: string, existing: string, subject: string): boolean {
  const names = new Set(contentWords(subject));
  const words = (text: string) => new Set(contentWords(text).filter((w) => !names.has(w) && !CHANGE_WORDS.has(w) && !/^\d/.test(w)));
  const other = words(existing);
  return [...words(candidate)].some((w) => other.has(w));
}

/**
 * How an extracted fact relates to what the tag already remembers. Closeness alone never makes a
 * duplicate: a fact naming a number, date or name its neighbour does not is news, either a new
 * value of the neighbour's attribute (`updates`) or a fact of its own. An update is decided by what
 * the statements mean, not how they are worded: the same single-valued attribute of the same
 * subject with another value (`slotMates` are memories found by that attribute however far they
 * embed), the same frame with one value changed, or a statement told as a change of a close one
 * about the same subject. `stated`: the candidate's attributes, read from its cues and, where the
 * caller read them, its meaning (`AttributeReader`). What is about another thing (project 196 after project 100, Room 12 after
 * Room 4) is never either, whatever the wording around it.
 */
export function resolveMemory(
  candidate: string,
  neighbours: Neighbour[],
  slotMates: Neighbour[] = [],
  stated: StatedAttribute[] = statedAttributes(candidate),
): Resolution {
  const normalized = normalizeMemoryText(candidate);
  const sameThing = (n: Neighbour) => !differentThings(candidate, n.memory, stated);
  const ranked = neighbours.filter(sameThing).sort((a, b) => b.similarity - a.similarity);
  const mates = slotMates.filter(sameThing);
  const exact = ranked.find((n) => normalizeMemoryText(n.memory) === normalized);
  if (exact) return { action: 'duplicate', of: exact };
  const restated = ranked.find((n) => n.similarity >= DUPLICATE_SIMILARITY && unsharedValues(candidate, n.memory).length === 0 && !toldAsChange(candidate));
  if (restated) return { action: 'duplicate', of: restated };

  const replaces = (n: Neighbour) => replacesAttribute(stated, storedAttributes(n)) || endsHabitNamed(stated, n);
  const sharesAttribute = (n: Neighbour) =>
    stated.some((c) =>
      storedAttributes(n).some((e) => sameAttribute(e.attribute, c.attribute) && sameSubject(e.subject, c.subject) && isSingleValued(c.attribute)),
    );

  // Detail added to a known fact extends it; only a different value for the same attribute replaces it.
  const words = wordSet(candidate);
  const change = toldAsChange(candidate);
  const extended = ranked.find((n) => {
    // A change told in more words than the old fact ("swapped the cello for the harp") is not added detail.
    if (change || n.similarity < EXTENDS_SIMILARITY || unsharedValues(n.memory, candidate).length > 0 || replaces(n)) return false;
    const old = wordSet(n.memory);
    if (words.size <= old.size) return false;
    let shared = 0;
    for (const w of old) if (words.has(w)) shared++;
    // Of a single-valued attribute, a word of the old statement left out is its old value.
    const needed = sharesAttribute(n) ? 1 : 0.8;
    return shared / Math.max(1, old.size) >= needed;
  });
  if (extended) return { action: 'relate', to: extended, relation: 'extends' };

  // One document states its values side by side (a list of offices, a table of prices): there an
  // alike statement with another value is another fact, not a correction, unless the attribute is
  // one that holds a single value at a time.
  const contradicted =
    ranked.find((n) => n.similarity >= UPDATE_MIN_SIMILARITY && (replaces(n) || (!n.fromSameDocument && setsSameAttribute(candidate, n.memory)))) ??
    mates.find(replaces) ??
    (change
      ? changedFact(
          candidate,
          stated,
          ranked.filter((n) => !n.statedAlongside),
        )
      : undefined);
  if (contradicted) return { action: 'relate', to: contradicted, relation: 'updates' };
  return { action: 'new' };
}

/** Close enough that a statement told as a change of the same subject changes it, with no word of the predicate in common ("switched to decaf" after "drinks three espressos a day"). */
export const CHANGE_TOPIC_SIMILARITY = 0.6;
/** A change said of "we" or of nobody ("We rescheduled the offsite to April") names what it changes; it must be this close. */
export const CHANGE_OBJECT_SIMILARITY = 0.7;

/**
 * The fact a statement told as a change changes: the closest one about the same subject that shares
 * a word of the predicate with it, or is very close and sets no attribute the statement leaves
 * alone ("switched to decaf" never changes where Henrik lives). A change said of "we" changes the
 * close fact it shares its topic with ("We rescheduled the Zalando offsite" → "The Zalando offsite is on 12 March").
 */
function changedFact(candidate: string, stated: StatedAttribute[], ranked: Neighbour[]): Neighbour | undefined {
  const subject = subjectOf(candidate);
  const setsOnlyWhatCandidateSets = (n: Neighbour) =>
    storedAttributes(n).every((e) => e.negated || stated.some((c) => sameAttribute(c.attribute, e.attribute)));
  if (!subject) {
    // Closer, or sharing more of the topic's words.
    return ranked.find(
      (n) =>
        setsOnlyWhatCandidateSets(n) &&
        ((n.similarity >= CHANGE_OBJECT_SIMILARITY && sharedTopicWords(candidate, n.memory) >= 1) ||
          (n.similarity >= CHANGE_MIN_SIMILARITY + 0.15 && sharedTopicWords(candidate, n.memory) >= 2)),
    );
  }
  return ranked.find(
    (n) =>
      n.similarity >= CHANGE_MIN_SIMILARITY &&
      sameSubject(subjectOf(n.memory), subject) &&
      setsOnlyWhatCandidateSets(n) &&
      (samePredicate(candidate, n.memory, subject) || n.similarity >= CHANGE_TOPIC_SIMILARITY),
  );
}

function sharedTopicWords(candidate: string, existing: string): number {
  const words = (text: string) => new Set(contentWords(text).filter((w) => !CHANGE_WORDS.has(w) && !/^\d/.test(w)));
  const other = words(existing);
  return [...words(candidate)].filter((w) => other.has(w)).length;
}

/**
 * Whether `candidate`, stated by a document edited since it stated `old` (which the document no
 * longer states), is `old` with new values: close to it by embedding and by words, about the same
 * subject, and different. "Maria is training for the Porto marathon in May 2027" replaces "Maria is
 * training for the Lisbon marathon in April 2027". Unlike an update between documents, any number
 * of values may change: the document that stated the old values states these instead.
 */
export function replacesInEditedDocument(candidate: string, old: string, similarity: number): boolean {
  if (normalizeMemoryText(candidate) === normalizeMemoryText(old) || differentThings(candidate, old)) return false;
  // The same attribute of the same subject with a new value, however far the two embed.
  if (replacesAttribute(statedAttributes(candidate), statedAttributes(old))) return true;
  if (similarity < REPLACES_MIN_SIMILARITY) return false;
  const a = factShape(candidate);
  const b = factShape(old);
  if (a.slots.slice(0, a.subjectSlots).join('|') !== b.slots.slice(0, b.subjectSlots).join('|')) return false;
  const words = wordSet(candidate);
  const before = wordSet(old);
  let shared = 0;
  for (const w of before) if (words.has(w)) shared++;
  return shared / Math.max(1, Math.min(words.size, before.size)) >= REPLACES_MIN_SHARED_WORDS;
}
