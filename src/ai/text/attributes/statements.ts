import { AT_ONES_PLACES, CUES, FAVORITE, FAVORITE_OBJECT, HOME_NOUNS } from './cues.js';
import { ANY_ATTRIBUTE, ANY_VALUE, isSingleValued, sameValue, type StatedAttribute } from './kinds.js';
import { MONTH_OR_DAY } from '../openers.js';
import { endedForSomeone, mourned, statedEndings, statedReplacements } from './endings.js';
import { statedLeaders } from './leaders.js';
import { ANIMAL_GONE, ANIMALS } from './lexicon.js';
import { PARTNER_WORD, SUBJECT_NAME, sameSubject, subjectAndOwner } from './subjects.js';

/** The attributes a statement sets of its subject, read with the cues. */

const TRAILING_NOT_VALUE = new RegExp(`\\s+(?:in|on|at|last|this|next|since|for|from|and|with|to|by|the|as)$|\\s+${MONTH_OR_DAY}(?:\\s+\\d{4})?$`, 'i');
const NOT_A_VALUE = new RegExp(
  `^(?:the\\s+)?(?:I|We|You|He|She|They|It|Me|Him|Her|Us|Them|The|A|An|My|Our|His|Their|This|That|Mr|Mrs|Ms|Dr|${MONTH_OR_DAY}(?:\\s+\\d{4})?|Christmas|Easter|Thanksgiving|Halloween|Today|Tomorrow|Yesterday|Instead|Now)$`,
  'i',
);

function cleanValue(raw: string): string | null {
  let value = raw
    .trim()
    .replace(/[,;:.!?)'"’]+$/, '')
    .replace(/^(?:our|their|his|her|my|its|your)\s+/i, '');
  for (let i = 0; i < 3 && TRAILING_NOT_VALUE.test(value); i++) value = value.replace(TRAILING_NOT_VALUE, '');
  value = value.replace(/^the\s+(?=\p{Ll})/u, 'the ');
  if (!value || NOT_A_VALUE.test(value) || value.length > 80) return null;
  return value;
}

/** A proper name fit to be an attribute's value ("Tesla Model Y", "Klarna"), cleaned; null for a word that only looks like one. */
export function namedValue(raw: string): string | null {
  const value = cleanValue(raw.replace(/(?:'s|’s)$/, ''));
  return value && isProperName(value) ? value : null;
}

/** Case matters for names; the patterns ignore it, so a named value is checked here. */
function isProperName(value: string): boolean {
  const core = value.replace(/^the\s+/i, '');
  return /^[\p{Lu}\p{N}]/u.test(core);
}

const UNREAL_BEFORE =
  /\b(?:will|won't|would|might|may|could|should|going to|plans? to|planning to|hopes? to|hoping to|wants? to|wanted to|would like to|wishes to|about to|considering|thinking (?:of|about)|dreams? of|applied for|applies for|applying for|interviewed for|interviewing for|turned down|declined|rejected for|if|unless|whether|not|never|didn't|doesn't|don't|isn't|wasn't|hasn't|haven't|hadn't)\s+(?:\S+\s+){0,2}$/i;

const TIME_SPENT =
  /\b(?:spent|spends|spending|spend)\s+(?:a|an|one|two|three|four|five|six|a few|a couple of|several|the)\s+(?:days?|weeks?|months?|weekends?|nights?|summer|winter|holidays?)\b|\b(?:stayed|stays|staying|slept|crashed)\b[^.;]{0,60}?\bfor\s+(?:a|an|one|two|three|four|five|six|a few|a couple of|several|the)\s+(?:days?|weeks?|weekends?|nights?|holidays?)\b/i;

const HELD_ONCE = /\b(?:lived|worked|studied|attended|taught|played|was|were|used to)\b/i;
const PAST_TIME = /\b(?:1[89]\d\d|20\d\d)\b|\b(?:until|till|before|back in|as a (?:child|kid|teenager|student))\b|\bfrom\s+\S+\s+to\b/i;
/** "previously taught at Rotorua", "formerly worked for Arup": a value that held before the one now, whatever the verb. */
const EARLIER = /\b(?:previously|formerly|once|earlier|originally)\s+(?:\p{Ll}+\s+)?$/iu;

/**
 * "Lucia, who played the flute for years, has taken up the saxophone": an aside in the past tells
 * what held before, not what the statement says holds now. Where one was born or grew up holds still.
 */
const PAST_ASIDE =
  /,\s+(?:who|which)\s+(?!(?:was|were)\s+(?:born|raised)\b|grew up\b)(?:(?:once|formerly|previously|originally)\s+)?(?:used to|\p{Ll}+ed|was|were|had|taught|left|grew|drove|ran|led|held|won|spent|went|wrote|sang|rode|swam|studied)\b[^,;]*,\s*/gu;

const PET_WORD = new RegExp(`^(?:${ANIMALS}|pet)$`);
const DIED = new RegExp(`\\b${ANIMAL_GONE}\\b`);
const PARTNER_OF = new RegExp(
  `^(${SUBJECT_NAME})\\s+(?:is|was|is now)\\s+(${SUBJECT_NAME})['’]s\\s+(?:new\\s+)?(?:wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?)\\b`,
  'u',
);
/**
 * "A pair of budgies, Pip and Kiwi, now live with Hugo Blanc", "a ferret shares Ivy's flat", "a
 * puppy named Biscuit joined Grace Kim's family": the animals are their pets.
 */
const PETS_LIVE_WITH = new RegExp(
  `^(?:(?:a|an|the|two|three|four|some|a pair of|a couple of|our|their|his|her|my|new)\\s+)+(?:[\\p{Ll}-]+\\s+)?(${ANIMALS})(?:s|es)?(?:,?\\s+(?:(?:named|called)\\s+)?(\\p{Lu}[\\p{L}'’-]*(?:(?:,\\s+|\\s+and\\s+)\\p{Lu}[\\p{L}'’-]*)*),?)?\\s+(?:now\\s+)?(?:(?:live|lives|living|stay|stays|are staying|is staying|have moved in|has moved in)\\s+with\\s+(${SUBJECT_NAME})|(?:share|shares|sharing)\\s+(${SUBJECT_NAME})['’]s?\\s+(?:flat|home|house|apartment|room|bed|sofa|garden)|(?:has\\s+)?(?:joined|came into|has come into)\\s+(${SUBJECT_NAME})['’]s?\\s+(?:family|household|home))`,
  'u',
);
/** "The double bass is Jonas's instrument now", "Project Orion is his project": a thing said to be someone's, by what it is to them. */
const OWNED_AS = new RegExp(
  `^(?:[Tt]he\\s+)?(.+?)\\s+(?:is|are)\\s+(?:now\\s+)?(${SUBJECT_NAME})['’]s?\\s+(?:new\\s+|main\\s+|current\\s+|only\\s+)?(instrument|sport|project|car|employer|school|job|pet|partner|language|hobby|home|city|team)(?:\\s+(?:now|these days|nowadays))?\\s*$`,
  'u',
);
const OWNED_AS_ATTRIBUTE: Record<string, string> = { home: 'residence', city: 'residence' };

/** "Stripe poached Raj Malhotra from Monzo", "Arup hired Lena", "Klarna has Maja starting Monday": whom an organisation takes on works there. */
const TAKEN_ON = new RegExp(
  `^(${SUBJECT_NAME})\\s+(?:(?:has\\s+|have\\s+)?(?:just\\s+|recently\\s+|finally\\s+)?(?:poached|headhunted|recruited|hired|took on|has taken on|snapped up|signed)\\s+(${SUBJECT_NAME})(?:\\s+(?:away\\s+)?from\\s+(${SUBJECT_NAME}))?(?![\\p{L}'’])|(?:has|have|had|got)\\s+(${SUBJECT_NAME})\\s+(?:starting|beginning|joining|on board|onboarding)(?=\\s*(?:[,.;!?]|$)|\\s+(?:on|next|this|in|from|tomorrow|today|soon|there)\\b))`,
  'u',
);
/** "A neighbour adopted Ivy Brooks's tortoise Shelly": someone else took the owner's animal. */
const PET_TAKEN = new RegExp(
  `^(?:(?:a|an|the|her|his|their|our|my)\\s+)?[\\p{L}-]+(?:\\s+[\\p{Ll}-]+)?\\s+(?:adopted|took in|rehomed|re-homed|has taken in|took over)\\s+(${SUBJECT_NAME})['’]s?\\s+(?:old\\s+|beloved\\s+)?(?:${ANIMALS})(?:,?\\s+(\\p{Lu}[\\p{L}'’-]*))?`,
  'u',
);

/** "Freya Olsen's new place in Trondheim": someone's home, and the place it is in. */
const HOME_OF = new RegExp(`\\b(${SUBJECT_NAME})['’]s?\\s+(?:new\\s+)?(?:${HOME_NOUNS})\\s+(?:[\\p{Ll}-]+\\s+){0,2}?in\\s+(${SUBJECT_NAME})`, 'u');

/** "According to Marta, Krakow feels like home already", "Leeds feels like home to Sam now": where one has settled. */
const FEELS_LIKE_HOME = new RegExp(
  `^(?:According to (${SUBJECT_NAME}),\\s+)?(${SUBJECT_NAME})\\s+(?:(?:already|finally|really|now|truly)\\s+)?(?:feels|has started to feel|is starting to feel|started to feel|felt)\\s+like\\s+home(?:\\s+to\\s+(${SUBJECT_NAME}))?`,
  'u',
);

const COUPLE = new RegExp(`^(${SUBJECT_NAME})\\s+(?:and|&)\\s+(${SUBJECT_NAME})\\s`, 'u');

/** "A shoulder injury ended Dmitri's hockey days", "cut short Tom's football career": someone's pastime or career ended by something. */
const CAREER_ENDED = new RegExp(
  `\\b(?:ended|finished|cut short|put an end to|brought an end to|ruled out)\\s+(${SUBJECT_NAME})(?:['’]s|(?<=s)['’])\\s+((?:[\\p{Ll}-]+\\s+){0,2}?[\\p{Ll}-]+)\\s+(?:days|career|playing days|hobby)\\b`,
  'u',
);

const NAMED_ATTRIBUTES = new Set<string>(['employer', 'residence', 'origin', 'partner', 'school', 'name']);
/** Where one works, lives or studies, which one's own people of that place share. */
const PLACE_ATTRIBUTES = new Set<string>(['employer', 'residence', 'school']);
/** The people of one's work, home or school ("Tom's manager at Arup"). */
const PEOPLE_OF_A_PLACE = new RegExp(`^(?:${AT_ONES_PLACES})$`, 'i');

/**
 * The attributes a statement sets, with its subject and the value; [] when it sets none it
 * recognises. The subject is the name the statement opens with (the offline extractor and the
 * model both write the subject first).
 */
export function statedAttributes(text: string): StatedAttribute[] {
  const mourning = mourned(text);
  if (mourning.length) return mourning;
  const endedFor = endedForSomeone(text);
  if (endedFor.length) return endedFor;
  const statement = text.trim();
  const owned = OWNED_AS.exec(statement);
  if (owned) return [{ subject: owned[2], attribute: OWNED_AS_ATTRIBUTE[owned[3]] ?? owned[3], value: owned[1] }];
  const pets = PETS_LIVE_WITH.exec(statement.replace(/^\p{Lu}/u, (c) => c.toLowerCase()));
  if (pets) return [{ subject: pets[3] ?? pets[4] ?? pets[5], attribute: 'pet', value: pets[2] ? `${pets[1]} ${pets[2]}` : pets[1] }];
  const takenOn = TAKEN_ON.exec(statement);
  const taker = takenOn?.[2] ?? takenOn?.[4];
  if (takenOn && taker && !sameSubject(takenOn[1], taker)) {
    const from = takenOn[3] ? [{ subject: taker, attribute: 'employer', value: takenOn[3], negated: true }] : [];
    return [{ subject: taker, attribute: 'employer', value: takenOn[1] }, ...from];
  }
  const settled = FEELS_LIKE_HOME.exec(statement);
  const settler = settled?.[1] ?? settled?.[3];
  if (settled && settler) return [{ subject: settler, attribute: 'residence', value: settled[2] }];
  const taken = PET_TAKEN.exec(statement);
  if (taken) return [{ subject: taken[1], attribute: 'pet', value: taken[2] ?? ANY_VALUE, negated: true }];
  const { subject, owner, relation } = subjectAndOwner(text);
  if (!subject) {
    // "The movers dropped the boxes at Freya Olsen's new place in Trondheim": whose home it is, and where.
    const home = HOME_OF.exec(statement);
    if (home) return [{ subject: home[1], attribute: 'residence', value: home[2] }];
    // "A shoulder injury ended Dmitri's hockey days": what someone else's career or days were of is over.
    const ended = CAREER_ENDED.exec(statement);
    if (ended) return [{ subject: ended[1], attribute: ANY_ATTRIBUTE, value: ended[2], negated: true }];
    // "The Ashford Community Choir is led by …": a group named with "the" is no one's subject, and has a leader.
    return statedLeaders(text);
  }
  const found: StatedAttribute[] = [];
  const predicate = statement.replace(PAST_ASIDE, ' ');
  // "From 2017 to 2022 Leilani worked as a technician for NOAA": the subject's own verb says it held once.
  const verb =
    predicate
      .slice(predicate.indexOf(subject) + subject.length)
      .trim()
      .split(/\s+/)[0] ?? '';
  const heldOnce = HELD_ONCE.test(verb) && !/^(?:was|were)$/i.test(verb);
  for (const c of CUES) {
    const m = c.pattern.exec(predicate);
    if (!m) continue;
    if (c.notAfter?.test(predicate.slice(m.index + m[0].length))) continue;
    // "will join Meta", "wants to move to Oslo": a plan or a wish, not the attribute's value.
    if (UNREAL_BEFORE.test(predicate.slice(Math.max(0, m.index - 40), m.index))) continue;
    // "In 2020 Alice lived in Rome", "worked at Google until 2019": a value that held once, not now.
    if (!c.negated && (HELD_ONCE.test(m[0]) || heldOnce) && PAST_TIME.test(predicate)) continue;
    if (!c.negated && c.attribute !== 'origin' && EARLIER.test(predicate.slice(Math.max(0, m.index - 30), m.index))) continue;
    // "spent a month working remotely from Bali": a stay of a time is no home.
    if (!c.negated && c.attribute === 'residence' && TIME_SPENT.test(predicate)) continue;
    const raw = c.value ? c.value(m) : m[1];
    // "boyfriend Omar and Lina moved in": a person named is one person.
    const value = raw === null ? null : cleanValue(c.attribute === 'partner' ? raw.split(/\s+(?:and|&)\s+/)[0] : raw);
    if (!value) continue;
    if (NAMED_ATTRIBUTES.has(c.attribute) && !c.value && !isProperName(value)) continue;
    // "moved in 2019": a year names no place, employer or school.
    if (NAMED_ATTRIBUTES.has(c.attribute) && /^\d+s?$/.test(value)) continue;
    // "Mei's wife Laura", "Maria's husband is Tom": the partner is Mei's, Maria's.
    const ownersPartner = c.attribute === 'partner' && owner && relation && PARTNER_WORD.test(relation);
    // "Tom's manager at Arup", "Ana's landlord in Porto": where one's own boss, landlord or classmates are is one's own.
    const ownersPlace =
      owner && relation && PLACE_ATTRIBUTES.has(c.attribute) && PEOPLE_OF_A_PLACE.test(relation) && m[0].toLowerCase().includes(relation.toLowerCase());
    const of = ownersPartner || ownersPlace || sameSubject(value, subject) ? owner : subject;
    if (!of || sameSubject(value, of)) continue;
    const sameAttribute = found.filter((f) => f.attribute === c.attribute && !!f.negated === !!c.negated);
    if (sameAttribute.some((f) => sameValue(f.value, value))) continue;
    if (isSingleValued(c.attribute) && sameAttribute.length) continue;
    found.push({ subject: of, attribute: c.attribute, value, ...(c.negated ? { negated: true } : {}), ...(c.replacing ? { replacing: true } : {}) });
  }
  // "The user's cat Miso died": the user's pet is no more.
  if (owner && relation && PET_WORD.test(relation) && DIED.test(predicate) && !found.some((f) => f.attribute === 'pet' && f.negated && f.value === subject))
    found.push({ subject: owner, attribute: 'pet', value: subject, negated: true });
  // "Omar is Lina's boyfriend": Lina's partner is Omar.
  const partnerOf = PARTNER_OF.exec(predicate);
  if (partnerOf && !found.some((f) => f.attribute === 'partner')) found.push({ subject: partnerOf[2], attribute: 'partner', value: partnerOf[1] });
  // "Omar and Lina split up": each is no longer the other's partner (whoever either is with now).
  const couple = COUPLE.exec(predicate);
  if (couple) {
    for (const f of found.filter((a) => a.attribute === 'partner' && a.negated && a.value === ANY_VALUE && sameSubject(a.subject, couple[1]))) {
      f.value = couple[2];
      if (!found.some((a) => a.attribute === 'partner' && a.negated && sameSubject(a.subject, couple[2])))
        found.push({ ...f, subject: couple[2], value: couple[1] });
    }
  }
  // "her rabbit Mossa passed away": a value said to end is not also said to hold.
  for (const ended of found.filter((f) => f.negated)) {
    // "rotated off Project Atlas" read as "Atlas" too: the value ended in any of its spellings.
    const twin = found.findIndex((f) => !f.negated && f.attribute === ended.attribute && sameValue(f.value, ended.value));
    if (twin >= 0) found.splice(twin, 1);
  }
  const favorite = FAVORITE.exec(predicate);
  const favoriteObject = favorite ? null : FAVORITE_OBJECT.exec(predicate);
  if (favorite) {
    const value = cleanValue(favorite[2]);
    if (value) found.push({ subject, attribute: `favorite ${favorite[1].toLowerCase()}`, value });
  } else if (favoriteObject) {
    const value = cleanValue(favoriteObject[1]);
    const owner = favoriteObject[2].replace(/(?:'s|’s)$/, '');
    const of = /^the user$/i.test(owner) ? 'the user' : owner;
    if (value) found.push({ subject: of, attribute: `favorite ${favoriteObject[3]?.toLowerCase() ?? 'thing'}`, value });
  }
  // "Lucia, who played the flute for years, has taken up the saxophone": what the aside says held is over.
  for (const aside of statement.matchAll(PAST_ASIDE)) {
    const held = aside[0].replace(/^,\s+(?:who|which)\s+/, '').replace(/,\s*$/, '');
    for (const was of statedAttributes(`${subject} ${held}`)) {
      if (was.negated || was.subject !== subject || found.some((f) => f.attribute === was.attribute && f.value.toLowerCase() === was.value.toLowerCase()))
        continue;
      found.push({ ...was, negated: true });
    }
  }
  const replaced = statedReplacements(predicate, subject).filter((r) => !found.some((f) => f.negated && f.value.toLowerCase() === r.value.toLowerCase()));
  const leaders = statedLeaders(predicate);
  // "handed her flute down to her niece and practises the oboe": a thing given up beside a value
  // read, unless a cue already read what ended ("lost his position with Orlen").
  const ended = found.some((f) => f.negated) ? [] : statedEndings(predicate, subject, !!owner).filter((e) => !found.some((f) => sameValue(f.value, e.value)));
  return [...found, ...ended, ...replaced, ...leaders];
}
