import type { Tense } from './dates.js';
import type { MemoryKind } from './types.js';

export interface Classification {
  kind: MemoryKind;
  isStatic: boolean;
  confidence: number;
  tense: Tense;
}

export const RELATIVES =
  'wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|sister|brother|siblings?|mom|mum|mother|dad|father|parents|son|daughter|kids|children|child|baby|friend|best friend|bff|cousin|aunt|uncle|grandma|grandpa|grandmother|grandfather|grandparents|niece|nephew|boss|co-?worker|colleague|roommate|neighbou?r|mentor|teacher|dog|cat|puppy|kitten|pet|stepmom|stepdad|in-laws|mother-in-law|father-in-law';

const SUBJECT = '(?:i|we)';
const BE = "(?:'m|'re| am| are)";
const ADV = '(?: (?:really|just|also|always|still|totally|truly|absolutely|actually|definitely|kinda|so|very|now|currently))*';

// Third-person statements, as documents and notes make them ("Alex works at Stripe").
const NAMED = '[A-Z][a-z]+(?: [A-Z][a-z]+)?';

const IDENTITY = [
  new RegExp(
    `^${NAMED} (?:works|worked|has worked) (?:as|at|for|in)\\b|^${NAMED} (?:lives|lived|grew up|was born|is based|is from|comes from|moved to)\\b|^${NAMED}(?:'s)? (?:is|was) (?:\\d{1,3} years old|an? (?:[a-z]+ )?(?:engineer|developer|designer|manager|teacher|nurse|doctor|lawyer|student|artist|writer|founder|director|analyst|scientist|researcher|consultant|pm|ceo|cto))\\b`,
  ),
  /\bmy name(?:'s| is)\b|\b(?:i'?m|i am) called\b|\bcall me\b/i,
  new RegExp(`\\bi${BE} \\d{1,3}(?: years? old)?\\b|\\bi (?:just )?turned \\d{1,3}\\b`, 'i'),
  /\bi (?:work|worked|have worked|'ve worked) (?:as|at|for|in)\b|\bmy (?:job|career|profession|occupation|employer|company|business)\b/i,
  new RegExp(
    `\\bi${BE}${ADV} (?:an?|the) (?!(?:bit|little|lot|big fan|huge fan|fan|sucker|mess|huge|big|great|good|nice|real)\\b)[a-z-]+(?:\\s[a-z-]+)?(?:\\s(?:at|for|in|by profession))?\\b`,
    'i',
  ),
  new RegExp(
    `\\b${SUBJECT} (?:live|lived|grew up|was born|were born|moved)\\b|\\b${SUBJECT}${BE} (?:from|based in|living in|originally from)\\b|\\bmy home ?town\\b`,
    'i',
  ),
  new RegExp(
    `\\bi${BE}${ADV} (?:single|married|divorced|engaged|widowed|pregnant|retired|vegan|vegetarian|transgender|trans|gay|lesbian|bisexual|queer|non-?binary|christian|muslim|jewish|buddhist|hindu|atheist|an only child|lactose intolerant|allergic to|a (?:mother|father|mom|dad|parent|student|veteran))\\b`,
    'i',
  ),
  // A change of job, home or diet is the new identity fact, however it is told.
  /\bi (?:(?:just|recently|finally) )?(?:started|began|got|landed|accepted|took) (?:a |the |my )?(?:new )?(?:job|position|role|work|working|gig)\b|\bmy new (?:job|employer|role|position|company)\b|\bi(?:'m| am) (?:now )?(?:working|employed|a \w+) (?:at|for|with)\b/i,
  /\bi (?:(?:just|recently|finally) )?(?:joined|was hired by|got hired (?:at|by)|relocated to|moved back to|settled in)\b|\bi (?:(?:just|recently|finally) )?(?:went|became|turned|switched to being) (?:fully )?(?:vegan|vegetarian|pescatarian|sober)\b/i,
  /\bi (?:study|studied|major(?:ed)? in|graduated|have a degree|got my degree)\b|\bi(?:'m| am) (?:studying|a student|in (?:college|school|grad school))\b|\bi identify as\b/i,
];

const RELATION = [
  new RegExp(
    `^${NAMED}'s (?:${RELATIVES}) (?:is|was) (?:called |named )?[A-Z]|^${NAMED} (?:is|was) ${NAMED}'s (?:${RELATIVES})\\b|^${NAMED} (?:is married to|is dating|is engaged to)\\b`,
  ),
  new RegExp(
    `\\b(?:i|we) (?:have|'ve got|got) (?:an?|one|two|three|four|five|\\d+)(?: \\w+)? (?:${RELATIVES}|kids|sons|daughters|sisters|brothers|dogs|cats|pets)\\b`,
    'i',
  ),
  new RegExp(`\\b[Mm]y (?:${RELATIVES})(?:'s name)? (?:is|was) (?:called |named )?[A-Z][a-z]+\\b|\\b[Mm]y (?:${RELATIVES}),? [A-Z][a-z]+\\b`),
  new RegExp(`\\b[A-Z][a-z]+ (?:is|was) my (?:${RELATIVES})\\b`),
  /\bi(?:'m| am) (?:married to|dating|engaged to|seeing|in a relationship with)\b/i,
];

const PREFERENCE = [
  new RegExp(
    `^${NAMED}(?: (?:really|also|always|absolutely|strongly))? (?:loves|likes|enjoys|adores|hates|dislikes|prefers|detests)\\b|^${NAMED}'s (?:favou?rite|go-to)\\b`,
  ),
  new RegExp(
    `\\b${SUBJECT}${ADV} (?:love|like|enjoy|adore|hate|dislike|prefer|detest|can't stand|cannot stand|'m not a fan of)\\b(?! (?:it|that|this|them|you|him|her)[.!]*$)(?! to hear)`,
    'i',
  ),
  /\bmy (?:absolute )?(?:favou?rite|go-to)\b/i,
  new RegExp(`\\b${SUBJECT}${BE}${ADV} (?:a |an )?(?:big |huge |massive )?(?:fan of|into|passionate about|obsessed with|crazy about|a sucker for)\\b`, 'i'),
  /\bi'?ve always (?:loved|liked|enjoyed|been (?:into|passionate about)|had a (?:love|passion|thing|soft spot) for)\b/i,
  /\b(?:is|are) (?:my|our) (?:thing|passion|jam)\b/i,
];

const PLAN = [
  /\b(?:i|we)(?:'ll| will| shall)\b/i,
  new RegExp(
    `\\b${SUBJECT}${BE}${ADV} (?:going to|planning|about to|hoping to|thinking (?:of|about)|looking forward to|getting ready to|aiming to|considering)\\b`,
    'i',
  ),
  new RegExp(`\\b${SUBJECT}${ADV} (?:plan|intend|hope|want|aim|would like|'d like|'d love) to\\b`, 'i'),
  /\b(?:my|our) (?:plan|goal|dream) is\b|\bnext (?:week|month|year|weekend|summer|winter|spring|fall|time)\b|\bupcoming\b|\btomorrow\b/i,
];

// Irregular past forms that cannot be read as present ("read", "put" can).
const IRREGULAR_PAST =
  'went|got|made|took|saw|came|had|did|was|were|met|ran|bought|began|wrote|found|gave|told|left|won|lost|built|felt|thought|brought|held|spent|taught|caught|flew|drove|ate|sang|swam|became|kept|sold|sent|heard|paid|rode|grew|drew|drank|fell|fought|forgot|froze|hid|knew|led|meant|slept|spoke|stood|stole|threw|woke|wore|broke|chose';

/** Participles of a passive past that do not end in -ed ("was hit", "were stolen"). */
const IRREGULAR_PARTICIPLE =
  'hit|put|cut|let|shut|set|run over|taken|given|stolen|sold|found|made|sent|bought|brought|built|caught|left|lost|paid|told|won|held|kept|beaten|bitten|broken|chosen|driven|eaten|fallen|forgotten|hidden|ridden|seen|shaken|shown|spoken|thrown|woken|worn|written|torn|struck|hurt|laid off|let go|knocked|stung|swept|shot|sunk|flown|drawn|grown|born';

/** What a thing did ("the award went"): a past of doing, not a judgement ("the stories were inspiring"). */
const IRREGULAR_ACTION = IRREGULAR_PAST.split('|')
  .filter((verb) => !['was', 'were', 'had', 'did'].includes(verb))
  .join('|');

const PAST_VERB = new RegExp(
  `\\b(?:i|we|my \\w+|our \\w+)${ADV} (?:\\w+ed|${IRREGULAR_PAST})\\b|\\b(?:yesterday|ago|last (?:night|week|weekend|month|year|time|\\w+day))\\b`,
  'i',
);

/** Past forms spelt like the present: after "he", "she" or a name, where the present takes an -s, they are past ("Kenji quit", "Mia set it aside"). */
const SAME_AS_PRESENT = 'quit|set|put|cut|hit|let|shut|spread|cost|hurt|split|bet|cast|upset|sublet|reset|read';

/** "Dana moved", "BP ended", "The award went", "her contract expired": a third person's or a thing's past. */
const THIRD_PERSON_PAST = new RegExp(
  `\\b(?:[Hh]e|[Ss]he|[Tt]hey|[A-Z][A-Za-z]+)${ADV} (?:[a-z]+ed|${IRREGULAR_PAST})\\b|\\b(?:[Tt]he|[Hh]is|[Hh]er|[Tt]heir|[Ii]ts|[Oo]ur) [a-z]+${ADV} (?:[a-z]+ed|${IRREGULAR_ACTION})\\b|\\b(?:[Hh]e|[Ss]he|[A-Z][A-Za-z]+)${ADV} (?:${SAME_AS_PRESENT})\\b(?! (?:to|on|up|out|off|down|in|away)\\b(?: to)?$)|\\b(?:contract|lease|tenancy|job|marriage|relationship|subscription|membership) (?:\\w+ ){0,3}?(?:ended|expired|lapsed|ran out)\\b`,
);

/**
 * "Tofu was hit by a car in May", "the branch was closed": a passive past, whoever or whatever it
 * happened to. Not a plan told in the past ("was supposed to", "was scheduled for"), nor a date
 * moved ("was moved to June").
 */
const PASSIVE_PAST = new RegExp(
  `\\b(?:was|were)\\s+(?:(?:just|finally|eventually|sadly|recently|badly|accidentally)\\s+)?(?!(?:supposed|scheduled|rescheduled|expected|planned|booked|meant|due|set to|going|moved|pushed|postponed|delayed|shifted|brought|bumped|put (?:off|back)|changed|extended)\\b)(?:[a-z]+ed|${IRREGULAR_PARTICIPLE})\\b`,
);

/** Decides what kind of fact a clause (still in first person) states, and whether it lasts. */
export function classify(clause: string): Classification {
  const tense: Tense = PLAN.some((re) => re.test(clause))
    ? 'future'
    : PAST_VERB.test(clause) || THIRD_PERSON_PAST.test(clause) || PASSIVE_PAST.test(clause)
      ? 'past'
      : 'present';
  if (RELATION.some((re) => re.test(clause))) {
    return { kind: 'relation', isStatic: tense !== 'future', confidence: 0.85, tense };
  }
  if (IDENTITY.some((re) => re.test(clause))) {
    return { kind: 'identity', isStatic: tense !== 'future', confidence: tense === 'present' ? 0.85 : 0.75, tense };
  }
  if (PREFERENCE.some((re) => re.test(clause))) {
    const lasting = tense === 'present' || /\balways\b/i.test(clause);
    return { kind: 'preference', isStatic: lasting, confidence: lasting ? 0.8 : 0.7, tense };
  }
  if (tense === 'future') return { kind: 'plan', isStatic: false, confidence: 0.7, tense };
  if (tense === 'past') return { kind: 'event', isStatic: false, confidence: 0.75, tense };
  return { kind: 'fact', isStatic: false, confidence: 0.6, tense };
}
