import { ANY_ATTRIBUTE, ANY_VALUE, type StatedAttribute } from './kinds.js';
import { CAME_TO_AN_END } from './lexicon.js';

/**
 * What a statement says has ended, whichever attribute held it: "Omar sold his cello" ends "Omar
 * plays the cello", "Rocky passed away" ends "Hannah has a beagle called Rocky", "Marek got rid of
 * the Golf" ends "Marek drives a Volkswagen Golf". The thing ended is named, not the attribute: it
 * is matched to the value a stored memory of the same subject (or of anyone, when the thing itself
 * is the subject) states. Read only when no cue reads an attribute from the statement.
 */

/** Verbs by which someone parts with a thing they had, played or did. */
const PARTED_WITH =
  '(?:sold|gave away|given away|got rid of|gotten rid of|deleted|uninstalled|cancelled|canceled|rehomed|re-homed|donated|scrapped|traded in|parted with|gave up on|given up on|gave up|given up|ditched|dropped out of|abandoned|shelved|binned|outgrew|outgrown|grew out of|grown out of|(?:is|was|am|are)\\s+(?:all\\s+)?(?:done|finished|through)\\s+with|has finished with|dropped(?!\\s+(?:off|by|in|out|into|over|round|around|back|a|an|me|him|her|them|us)\\b)|lost)';
const ADVERB = '(?:(?:just|finally|recently|already|eventually|reluctantly|sadly)\\s+)?';
const POSSESSOR = "(?:(?:the|his|her|their|my|our|its|\\p{Lu}[\\p{L}-]*(?:'s|’s))\\s+)?";
const QUALIFIER = '(?:(?:old|beloved|trusty|first|second|little|lovely)\\s+)?';
/** One to three words of the thing, ended by punctuation, a preposition or a time. */
const THING =
  "((?!(?:it|them|that|this|everything|something|hope|on|up)\\b)[\\p{L}\\p{N}'’-]+(?:\\s+(?!(?:in|on|at|to|for|from|after|before|last|this|next|and|but|so|because|since|when|as|with|about|over|down|back|away|yesterday|today|now|nowadays|these|again|too|anymore)\\b)[\\p{L}\\p{N}'’-]+){0,2})";

const PARTED = new RegExp(`^\\s*(?:has\\s+|have\\s+|had\\s+)?${ADVERB}${PARTED_WITH}\\s+${POSSESSOR}${QUALIFIER}${THING}`, 'u');
/** "put Spanish aside", "packed the violin in", "gave golf up", "gave French a rest", "let his Japanese lapse", "packed away his model trains", "hung up her boots": a verb whose particle follows the thing given up. */
const SET_ASIDE = new RegExp(
  `^\\s*(?:has\\s+|have\\s+|had\\s+)?${ADVERB}(?:(?:put|puts|putting|set|sets|setting|laid|lays|laying|pushed|pushes|pushing)\\s+${POSSESSOR}${QUALIFIER}${THING}\\s+(?:aside|to one side|on the back burner|on ice|on hold)|(?:gave|given|gives|giving|packed|packs|packing|jacked|jacks|jacking|chucked|chucks|chucking)\\s+${POSSESSOR}${QUALIFIER}${THING}\\s+(?:up|in)(?!\\s+(?:to|for|with|at|on)\\b)|(?:gave|given|gives|giving)\\s+${POSSESSOR}${QUALIFIER}${THING}\\s+a\\s+(?:rest|break|miss|pass)|(?:let|lets|letting)\\s+${POSSESSOR}${QUALIFIER}${THING}\\s+(?:lapse|slide|slip|go|drop|expire)|(?:packed|packs|packing|put|puts|putting|boxed|boxes|boxing|stored|stores|storing|tucked|tucks|tucking)\\s+(?:away|up)\\s+${POSSESSOR}${QUALIFIER}${THING}|(?:hung|hangs|hanging|hang)\\s+up\\s+${POSSESSOR}${QUALIFIER}${THING})\\b`,
  'u',
);
/** "has not touched her watercolours in a year", "hasn't played the cello since May": a thing left alone for good. */
const LEFT_ALONE = new RegExp(
  `^\\s*(?:(?:has|have|had)\\s+not|hasn't|haven't|hadn't)\\s+(?:(?:even|really|once)\\s+)?(?:touched|played|picked up|opened|used|ridden|driven|worn|practised|practiced|spoken)\\s+${POSSESSOR}${QUALIFIER}${THING}(?=\\s+(?:in|for|since)\\b)`,
  'u',
);
/** "Gemma no longer knits", "Sam doesn't smoke any more": a pastime or habit told by its own verb, ended. */
const NO_LONGER_DOES = /^\s*(?:no longer|not any more|(?:does not|doesn't)(?=\s+\p{Ll}+\s+any\s?more))\s+(\p{Ll}{3,})(?:\s+any\s?more)?\s*(?:[,.;!]|$)/u;
/** "gave Kiwi to a bird sanctuary", "handed the Golf over to his son": the thing now someone else's. */
const HANDED_ON = new RegExp(
  `^\\s*(?:has\\s+|have\\s+|had\\s+)?${ADVERB}(?:gave|given|handed|passed)\\s+(?!(?:a|an|some|me|him|them|us|it)\\s|her\\s+(?:a|an|some|the|back|over)\\b)${POSSESSOR}${QUALIFIER}${THING}\\s+(?:on\\s+|over\\s+|back\\s+|down\\s+)?to\\s`,
  'u',
);

/**
 * "Rocky passed away", "Mochi went to live with a niece": the thing itself ended, or left whoever
 * had it. Narrower than how a pet named as one is said to be gone (`ANIMAL_GONE`): a person too
 * "escaped" or "disappeared" for a weekend.
 */
const THING_ENDED =
  /^\s*(?:,?\s*(?:the|our|my|his|her|their|\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?['’]s)\s+[\p{L}-]+,?\s+)?(?:has\s+|had\s+)?(?:sadly\s+)?(?:died|passed away|passed on|was put down|was put to sleep|ran away|flew away|flew off|went missing|was rehomed|was re-homed|was sold|was given away|went to live with|was hit by a (?:car|truck|van|bus|lorry|train)|was run over|got run over|was killed|is on hold|was put on hold|has been put on hold|is on pause|is paused|was shelved|has been shelved|is on the back burner)\b/u;

/** "Hank's banjo was stolen", "Sophie's Fiesta was written off": a thing of the subject's is gone. */
const BELONGING_GONE = new RegExp(
  `^['’]s\\s+${QUALIFIER}${THING}\\s+(?:was|were|got|has been|had been|have been)\\s+(?:stolen|nicked|pinched|written off|totalled|totaled|wrecked|destroyed|smashed|lost|repossessed|scrapped|sold)\\b`,
  'u',
);

/**
 * "Ellie's clarinet gathers dust these days", "the oud sits in its case", "the pottery wheel is for
 * sale", "Paul's Clio went to the scrapyard": a thing of the subject's put by.
 */
const BELONGING_PUT_BY = new RegExp(
  `^['’]s\\s+${QUALIFIER}${THING}\\s+(?:now\\s+)?(?:(?:gathers|is gathering|has been gathering|has gathered|collects|is collecting)\\s+dust|(?:is|was|went)\\s+(?:up\\s+)?(?:for|on)\\s+sale|(?:sits|is sitting|has sat|lies|is lying|stays|has stayed)\\s+(?:in|under|on)\\s+(?:its|the|a)\\s+(?:case|cupboard|loft|attic|garage|box|drawer|shed|cellar|basement|wardrobe)|(?:sits|is sitting|has sat|lies|is lying|has been lying|has been sitting)\\s+(?:[\\p{L}\\s]{0,30}?\\s+)?(?:unused|unplayed|untouched|idle|forgotten)|(?:went|has gone|had gone|was sent|got sent|was taken)\\s+to\\s+the\\s+(?:scrapyard|scrap yard|scrapheap|scrap heap|breakers|breaker's yard|crusher))\\b`,
  'u',
);

/** "Kenta's drum kit went to his nephew", "Kasper's Passat is with its new owner": a thing of the subject's now someone else's. */
const BELONGING_PASSED_ON = new RegExp(
  `^['’]s\\s+${QUALIFIER}${THING}\\s+(?:now\\s+)?(?:(?:went|has gone|had gone|was given|has been given|was handed|was passed|was sold)\\s+(?:on\\s+|down\\s+)?to\\s+(?:his|her|their|my|our|a|an|the|some)\\s+(?:[\\p{Ll}-]+\\s+)?(?:nephew|niece|son|daughter|brother|sister|cousin|friend|neighbou?r|colleague|grandson|granddaughter|grandchild|kid|kids|children|student|pupil|buyer|collector|charity|museum|club|new\\s+owners?|new\\s+home|good\\s+home)|(?:is|are|has been|have been)\\s+with\\s+(?:its|their|a|the)\\s+new\\s+owners?|(?:has|have)\\s+(?:a\\s+)?new\\s+owners?)\\b`,
  'u',
);

/** "Sofie's trumpet lessons stopped in June", "his climbing membership lapsed": what the lessons were of is over. */
const LESSONS_OVER = new RegExp(
  `^['’]s\\s+${QUALIFIER}${THING}\\s+(?:lessons|classes|class|course|training|practice|sessions|club|membership|subscription|tuition)\\s+${CAME_TO_AN_END}`,
  'u',
);

/** "Jonas's trumpet days are over", "Kai's time on the Falcon app is over": the thing of those days is done with. */
const DAYS_OVER = new RegExp(
  `^['’]s\\s+(?:${QUALIFIER}${THING}\\s+days|(?:time|stint|spell|run|days)\\s+(?:on|at|with|in)\\s+(?:the\\s+)?${THING})\\s+(?:are|is|were|was|have been|has been)\\s+(?:long\\s+)?(?:over|done|behind\\s+(?:him|her|them|me|us))\\b`,
  'u',
);

const JOINT_SUBJECT = /^\s+and\s+(?:others|\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?)(?=\s)/u;

/** "taken up fencing in place of chess", "tea instead of coffee": the thing replaced is named after the words. */
const REPLACED = new RegExp(`\\b(?:in place of|instead of)\\s+${POSSESSOR}${QUALIFIER}${THING}`, 'u');
/** "RIP Daifuku": a name mourned has died. */
const MOURNED = /^(?:According to [^,]+,\s+)?(?:RIP|R\.I\.P\.?|[Rr]est in peace,?)\s+(\p{Lu}[\p{L}'’-]*)(?![\p{L}'’-])/u;

/** "Origami is over for Aiko Sato", "the cello is history for Ben": a thing told done with, for whom it was. */
const OVER_FOR = new RegExp(
  `^(?:(?:[Tt]he|[Hh]is|[Hh]er|[Tt]heir)\\s+)?${THING}\\s+(?:is|are|was|were|has been|have been)\\s+(?:(?:all|long|well and truly)\\s+)?(?:over|done|finished|a thing of the past|history)\\s+for\\s+(\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+){0,3})(?=\\s*(?:[,.;!]|$|now\\b))`,
  'u',
);

/** "The harp went back to Zoe Evans' teacher", "the bike was returned to Tom Hill's brother": a thing gone back from someone named by whose it went to. */
const SENT_BACK = new RegExp(
  `^(?:[Tt]he|[Hh]is|[Hh]er|[Tt]heir)\\s+${QUALIFIER}${THING}\\s+(?:has\\s+)?(?:went|gone|was\\s+(?:sent|given|handed|returned|passed))\\s+back\\s+to\\s+(\\p{Lu}[\\p{L}-]+(?:\\s+\\p{Lu}[\\p{L}-]+){0,3})['’]s?\\s`,
  'u',
);

/**
 * What a statement that opens with a thing says has ended for the person it names after it:
 * "Origami is over for Aiko Sato" ends "Aiko Sato does origami", "The harp went back to Zoe Evans'
 * teacher" ends "Zoe Evans plays the harp".
 */
export function endedForSomeone(text: string): StatedAttribute[] {
  const m = OVER_FOR.exec(text.trim()) ?? SENT_BACK.exec(text.trim());
  return m ? [{ subject: m[2], attribute: ANY_ATTRIBUTE, value: m[1], negated: true }] : [];
}

/** What a statement says it put something else in the place of, whatever else it states. */
export function statedReplacements(text: string, subject: string): StatedAttribute[] {
  const replaced = REPLACED.exec(text);
  return replaced ? [{ subject, attribute: ANY_ATTRIBUTE, value: replaced[1], negated: true }] : [];
}

/** The one a statement mourns, whoever had it: "RIP Daifuku" ends "we have a hamster called Daifuku". */
export function mourned(text: string): StatedAttribute[] {
  const m = MOURNED.exec(text.trim());
  return m ? [{ subject: ANY_VALUE, attribute: ANY_ATTRIBUTE, value: m[1], negated: true }] : [];
}

/**
 * The endings a statement states of its subject's things, given the subject it opens with and
 * whether that subject is someone's relative (then no ending of the thing itself is read).
 */
export function statedEndings(text: string, subject: string, hasOwner: boolean): StatedAttribute[] {
  const start = text.toLowerCase().indexOf(subject.toLowerCase());
  if (start < 0) return [];
  // "Mia Novak and others rehomed Kiwi": a "we" told in a chat parts with the subject's thing too.
  const rest = text.slice(start + subject.length).replace(JOINT_SUBJECT, '');
  const stopped = NO_LONGER_DOES.exec(rest);
  if (stopped) return [{ subject, attribute: ANY_ATTRIBUTE, value: stopped[1], negated: true }];
  const parted =
    PARTED.exec(rest) ??
    SET_ASIDE.exec(rest) ??
    HANDED_ON.exec(rest) ??
    BELONGING_GONE.exec(rest) ??
    BELONGING_PUT_BY.exec(rest) ??
    BELONGING_PASSED_ON.exec(rest) ??
    LESSONS_OVER.exec(rest) ??
    DAYS_OVER.exec(rest) ??
    LEFT_ALONE.exec(rest);
  if (parted) {
    // "gave golf up in May": the particle is not part of the thing.
    // Each pattern captures the thing in a group of its own.
    const thing = (parted.slice(1).find((group) => group !== undefined) ?? '').replace(/\s+(?:up|in)$/, '');
    return [{ subject, attribute: ANY_ATTRIBUTE, value: thing, negated: true }];
  }
  if (!hasOwner && subject !== 'the user' && /^\p{Lu}/u.test(subject) && THING_ENDED.test(rest)) {
    return [{ subject: ANY_VALUE, attribute: ANY_ATTRIBUTE, value: subject, negated: true }];
  }
  return [];
}
