/**
 * Enough English verb morphology to tell a statement ("Tunde leads the hardware group") from a
 * label, a title or a caption ("Photo: the team at the offsite"), and an instruction to the
 * reader ("See About us and the team") from a fact.
 */

import { isOpener } from '../text/openers.js';

const AUXILIARIES = new Set(
  `is are was were am be been being has have had do does did will would shall should can could may
  might must isn't aren't wasn't weren't hasn't haven't hadn't doesn't don't didn't won't wouldn't
  can't cannot couldn't shouldn't mustn't`.split(/\s+/),
);

const CONTRACTED_AUXILIARY = /^[\p{L}]+'(?:s|re|m|ve|ll|d)$/u;

const SIMPLE_IRREGULAR_PAST = `went got made took saw came knew felt thought found gave told said left met ran bought brought began
  wrote put set let cut hit quit hurt cost shut became built caught chose drew drank drove ate fell fed
  fought flew forgot froze grew held hung kept laid led lent lost meant paid rode rang rose sang sank sat
  slept spoke spent stood stole stuck swam taught tore threw understood woke wore won sent sold shot
  shook struck swore swept dealt dug bent blew broke bred bound forgave hid heard overcame slid spun
  sprang withdrew beat sought`.split(/\s+/);

/** Irregular past forms, and those of the same verbs with a prefix ("outgrew", "overtook", "rebuilt"). */
export const IRREGULAR_PAST = new Set([
  ...SIMPLE_IRREGULAR_PAST,
  // Not of the shortest ("output", "outset" are nouns).
  ...SIMPLE_IRREGULAR_PAST.filter((past) => past.length >= 4).flatMap((past) => ['out', 'over', 'under', 're', 'mis', 'fore'].map((prefix) => prefix + past)),
]);

/**
 * Base forms of verbs common in statements about people and organisations. A statement whose
 * verb is not here is still recognised by its ending ("-s" after a subject, "-ed").
 */
const BASE_VERBS = new Set(
  `accept add admire adopt advise agree aim allow announce answer apply appreciate arrive ask attend
  avoid bake be become begin believe belong borrow break bring build buy call care carry catch celebrate
  change choose clean climb close coach collect come compete consider contact continue cook cost count
  create cycle dance decide deliver depend design develop die dislike do donate draw dream drink drive
  earn eat edit employ enjoy enter explain explore fail fall feel fight find finish fix fly focus follow
  found fund gather get give go grow hate have head hear help hike hire hold hope host hunt imagine
  improve include intend invest invite join jog keep kill know lack launch lead learn leave lend let
  like listen live look lose love maintain make manage marry mean meet mentor miss move need offer open
  operate organize own paint pay perform pick plan plant play practice prefer prepare present produce
  promise protect provide publish pursue put quit raise reach read receive recommend record relocate
  remember rent repair report represent research retire return ride run sail save say see sell send
  serve set share shop show sing sit skate ski sleep speak spend stand start stay stop study support
  swim take talk teach tell tend thank think train travel try turn understand use visit volunteer wait
  walk want watch wear win wish work worry write tutor test code program translate nurse treat fix install
  market engineer analyse analyze audit consult bake clean deliver supervise coordinate organise curate
  photograph illustrate animate model review handle oversee own operate design develop edit head
  commute rehearse perform compose coach mentor sponsor chair attend enrol enroll graduate major
  specialise specialize lecture preach own rent share split stream post blog vlog knit sew garden
  brew roast grill ferment collect end close expire last remain stay hold contain cover involve require
  pack settle sort wrap tidy decorate renovate furnish load prep cram revise queue search interview
  email text babysit scroll juggle hang fill empty clear paint wash iron fold bathe feed walk
  mean cause affect matter seem appear become happen occur belong consist depend exist fit suit
  measure weigh equal exceed reach total amount include list mention describe feature show display
  offer provide supply ship arrive depart leave return begin start finish complete continue resume
  pause delay postpone cancel schedule book reserve renew extend expand grow shrink increase decrease
  rise drop fall improve reduce lower raise double triple cut charge bill invoice pay owe cost earn
  save spend lose gain win beat lead trail host sponsor fund back support oppose approve reject
  accept refuse deny admit confirm claim argue agree disagree decide choose prefer hate love like
  enjoy dislike avoid miss need want wish hope plan intend expect aim try manage fail succeed
  manufacture assemble export import distribute deploy release launch migrate upgrade replace remove
  delete store keep track monitor measure check verify inspect sign send receive forward answer call
  email text message contact visit meet join leave quit retire resign move relocate settle live
  reside commute travel fly drive ride walk run swim cycle hike climb ski surf sail row skate dance
  sing play paint draw write read speak teach learn study research practice volunteer serve
  tie sue use owe lie vie dye eye axe`.split(/\s+/),
);

/** Words that read as a base verb at the start of an instruction ("See …", "Click …", "Please …"). */
const INSTRUCTION_OPENERS = new Set(
  `see click tap read learn view visit go back return skip jump scroll check find explore discover
  browse download subscribe follow share contact call email sign log register join shop order buy get
  try start continue meet please let find`.split(/\s+/),
);

const PRONOUN_SUBJECT = new Set(['i', 'you', 'we', 'they', 'he', 'she', 'it', 'who', 'which', 'that', 'there', 'this', 'these', 'those', 'one']);
const DETERMINER = new Set([
  'the',
  'a',
  'an',
  'our',
  'his',
  'her',
  'their',
  'its',
  'my',
  'your',
  'this',
  'that',
  'these',
  'those',
  'every',
  'each',
  'some',
  'many',
  'most',
  'all',
  'both',
]);
const NOT_S_VERB = /(?:ss|us|is|ics|ous|ness|ps)$/;
const FUNCTION_WORD = /^(?:of|in|on|at|to|for|with|by|from|and|or|but|the|a|an|as|about|into|over|under|than)$/i;
/** Plural nouns that head labels and titles ("Quick facts about …", "Team members: …"). */
const LABEL_NOUNS = new Set(
  `facts notes details points tips things news minutes updates results highlights links resources members contacts
  credits thanks comments photos pictures posts events products services jobs careers projects stories articles
  questions answers reviews ratings specs features hours prices rates terms settings options steps instructions
  ingredients requirements benefits positions openings dates times guidelines rules policies ideas plans goals`.split(/\s+/),
);
const ADVERB =
  /^(?:now|also|still|no|longer|ever|even|hardly|barely|seldom|just|already|recently|currently|often|usually|always|never|finally|sometimes|mostly|really|then|later|soon|rarely|regularly|officially|actually|newly|\p{Ll}{3,}ly)$/u;

/** "is", "had", "won't": a word that helps a verb. */
export function isAuxiliary(word: string): boolean {
  return AUXILIARIES.has(word.toLowerCase());
}

/** "now", "still", "finally": a word that may stand between a subject and its verb. */
export function isAdverb(word: string): boolean {
  return ADVERB.test(word.toLowerCase());
}

/** Whether a plural noun heads labels and titles ("notes", "minutes", "plans") rather than being a verb. */
export function isLabelNoun(word: string): boolean {
  return LABEL_NOUNS.has(word.toLowerCase());
}

/** The word without the "-s", "-es", "-ies", "-ed", "-ied" or "-ing" it was inflected with, when the base is a known verb. */
export function verbBase(word: string): string | null {
  const w = word.toLowerCase();
  if (BASE_VERBS.has(w)) return w;
  const candidates = [
    w.replace(/ies$/, 'y'),
    w.replace(/es$/, ''),
    w.replace(/s$/, ''),
    w.replace(/ied$/, 'y'),
    w.replace(/ed$/, ''),
    w.replace(/d$/, ''),
    w.replace(/(\w)\1ed$/, '$1'),
    w.replace(/ing$/, ''),
    w.replace(/ing$/, 'e'),
    w.replace(/(\w)\1ing$/, '$1'),
  ];
  const known = (c: string) => BASE_VERBS.has(c) || BASE_VERBS.has(c.replace(PREFIX, ''));
  return candidates.find((c) => c !== w && known(c)) ?? null;
}

/** "unpack", "rewrite", "outgrow": a known verb with a prefix is a verb too. */
const PREFIX = /^(?:un|re|over|under|out|mis|pre|dis)(?=[a-z]{3})/;

const tokensOf = (sentence: string) => sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.map((t) => t.replace(/’/g, "'")) ?? [];

/**
 * Whether a sentence has a finite verb: an auxiliary, a past form, or a present form after its
 * subject. Labels, titles and captions have none.
 */
export function hasFiniteVerb(sentence: string): boolean {
  const tokens = tokensOf(sentence);
  for (const [i, token] of tokens.entries()) {
    const lower = token.toLowerCase();
    if (AUXILIARIES.has(lower) || (i > 0 && CONTRACTED_AUXILIARY.test(token) && !/'s$/i.test(token))) return true;
    if (/^(?:he|she|it|that|there|what|who|here)'s$|^(?:i|you|we|they)'(?:m|re|ve|ll|d)$|^(?:he|she|it|that|who)'(?:ll|d)$/i.test(token)) return true;
    if (i === 0) continue;
    if (IRREGULAR_PAST.has(lower)) return true;
    // "Wei Chen now owns …": adverbs may stand between a subject and its verb.
    let j = i - 1;
    while (j > 0 && ADVERB.test(tokens[j])) j--;
    const previous = tokens[j];
    // A name ("Tallyho issues", not "Terraced vineyards"), a pronoun, or a noun after its determiner ("the Lisbon chapter meets").
    // Not after a possessive: "Principal's message" is a noun, not a verb.
    const afterName = /^\p{Lu}/u.test(previous) && !/(?:ed|ing)$/.test(previous) && !/'s$/.test(previous);
    // "Amy's new driving licence shows": a possessive stands where a determiner would.
    const afterNoun = tokens.slice(Math.max(0, j - 3), j).some((t) => DETERMINER.has(t.toLowerCase()) || isPossessive(t));
    const afterSubject = afterName || PRONOUN_SUBJECT.has(previous.toLowerCase()) || afterNoun;
    if (/^\p{Ll}+ed$/u.test(token) && token.length >= 5 && previous.toLowerCase() !== 'by') return true;
    // "Maria prefers", "she designs": a known verb after its subject, or any "-s" word after a pronoun.
    // "Terraced vineyards above Pinhão" has a plural noun, not a verb.
    const pronounBefore = PRONOUN_SUBJECT.has(previous.toLowerCase());
    // "Karim, restores old boats", "Ragnhild Aasen cross-country skis": an "-s" word soon after a
    // name; "Team members: Ana, Bo" is a label.
    const nameNear = tokens.slice(Math.max(0, j - 1), j + 1).some((t) => /^\p{Lu}/u.test(t) && !/(?:ed|ing)$/.test(t));
    // Looked for only when it decides: a search of the sentence per word is quadratic.
    const label = () => new RegExp(`${token}\\s*:`).test(sentence);
    if (/^\p{Ll}+s$/u.test(token) && !NOT_S_VERB.test(lower) && !LABEL_NOUNS.has(lower) && (pronounBefore || (nameNear && !label()))) return true;
    if (/^\p{Ll}/u.test(token) && BASE_VERBS.has(lower) && (afterSubject || /^(?:i|you|we|they)$/i.test(previous) || opensWithPlural(tokens, i))) return true;
    // "Ragnhild Aasen cross-country skis": a known verb a word or two after a name.
    // "Change of plans" is a label: not after a word that only joins ("of", "and", "the").
    const afterWordOfName = nameNear && !FUNCTION_WORD.test(previous) && !LABEL_NOUNS.has(lower) && !label();
    if (/^\p{Ll}/u.test(token) && verbBase(lower) && /(?:s|ed)$/.test(lower) && (afterSubject || afterWordOfName)) return true;
  }
  return false;
}

/**
 * "New members pay a joining fee", "Most residents commute by bus", "Children under eight swim with
 * a parent": a plural noun that opens the sentence with a word before it or a short phrase after
 * it, and the verb with words after it.
 */
function opensWithPlural(tokens: string[], verbAt: number): boolean {
  if (tokens.length - verbAt < 3) return false;
  for (const subjectAt of [0, 1]) {
    const subject = tokens[subjectAt];
    if (!subject || subjectAt >= verbAt || /^\p{Lu}/u.test(subject.slice(1))) continue;
    if (!/^\p{L}\p{Ll}+[^su]s$/u.test(subject) && !IRREGULAR_PLURAL.test(subject)) continue;
    const between = tokens.slice(subjectAt + 1, verbAt);
    // A bare plural opening a chat line is mostly an opinion ("Books help …", "Animals find …"): a word before it or a phrase after it is asked for.
    if ((between.length === 0 && subjectAt === 1) || (between.length > 0 && between.length <= 2 && POST_MODIFIER.test(between[0]))) return true;
  }
  return false;
}

const IRREGULAR_PLURAL = /^(?:children|people|men|women|staff|police|folk)$/i;
/** Words that open a phrase after a noun: "under eight", "over 65", "of the club". */
const POST_MODIFIER = /^(?:under|over|aged|of|from|in|at|with|without)$/i;

/** "Amy's", "Clarke's": a name's possessive, not a contraction ("Let's", "It's", "That's"). */
function isPossessive(token: string): boolean {
  return (
    /^\p{Lu}\p{L}*['’]s$/u.test(token) && !/^(?:let|it|that|what|there|here|he|she|who|where|how|when|everything|nothing|life|today|family)['’]s$/i.test(token)
  );
}

/** Whether a sentence tells the reader to do something ("See the team", "Click here to …"). */
export function isInstruction(sentence: string): boolean {
  const [first, ...rest] = tokensOf(sentence);
  // "Contact: Valentina Greco" is a label and its value.
  if (!first || new RegExp(`^\\s*${first}\\s*:`).test(sentence)) return false;
  const lower = first.toLowerCase();
  if (lower === 'please') return true;
  // "Last week Jonas moved …": a phrase of time, not the verb "last".
  if (isOpener(lower) && !INSTRUCTION_OPENERS.has(lower)) return false;
  if (!INSTRUCTION_OPENERS.has(lower) && !BASE_VERBS.has(lower)) return false;
  // "Visit Lisbon in May" instructs; "Run clubs are popular" or "Love is …" does not.
  return !rest.slice(0, 3).some((t) => /^(?:is|are|was|were|has|have|had)$/i.test(t)) && !/^(?:and|or|of)$/i.test(rest[0] ?? '');
}
