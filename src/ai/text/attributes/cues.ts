import type { Attribute } from './kinds.js';
import {
  ANIMAL_GONE,
  CAME_TO_AN_END,
  ANIMALS,
  DIETS,
  FIELD,
  FOODS,
  GAMES,
  INSTRUMENTS,
  LANGUAGES,
  NAMED,
  NAME_WORD,
  ROLE,
  ROLE_BY_ENDING,
  ROLE_NOUNS,
  SCHOOL_NAME,
  SPORTS,
  V,
  WORK_VERBS,
  DETERMINER,
  PROJECT_NOUNS,
  ROLE_OF_FIELD,
} from './lexicon.js';
import { ANY_VALUE } from './kinds.js';

/** The phrasings that set each attribute ("works at", "got a job at", "is a nurse at" …), value in group 1. */

export interface Cue {
  attribute: Attribute;
  pattern: RegExp;
  /** Turns the match into the value (group 1 unless given). */
  value?: (m: RegExpExecArray) => string | null;
  negated?: boolean;
  /** "was moved to the checkout rewrite": the subject left the values held before, even of an attribute that can hold several. */
  replacing?: boolean;
  /** The value must not be followed by this (e.g. "joined Maria for dinner": a person met). */
  notAfter?: RegExp;
}

/** Said of lessons, a club or a membership that came to an end. */
const OVER = new RegExp(`^\\s+${CAME_TO_AN_END}`);

/** Whose: the subject's own (a possessive or a possessive pronoun). */
const WHOSE_OWN = "(?:['’]s|s['’]|\\b(?:my|his|her|their|our))\\s+";
/** The people and places of one's work, one's home and one's school. */
const AT_WORK = 'colleagues?|co-?workers?|workmates?|line manager|manager|boss|desk|mentor|onboarding buddy|teammates';
const AT_HOME = 'neighbou?rs?|landlord|landlady|flatmates?|housemates?|roommates?|street|postcode|zip code|local (?:pub|gym|park|library|café|cafe|shop)';
const AT_SCHOOL = 'classmates?|coursemates?|course mates|professors?|supervisor|lecturers?|dorm|halls|seminar group|study group';
/** The people and places of one's work, home and school, one word or phrase of them. */
export const AT_ONES_PLACES = `${AT_WORK}|${AT_HOME}|${AT_SCHOOL}`;

/** What a firm gives those who work there. */
const WORK_THING =
  '(?:badge|lanyard|ID card|staff card|staff pass|work pass|access card|access pass|pass|laptop|work phone|e-?mail address|payslip|uniform)s?\\b';
/** Said of a work thing whose work is over. */
const WORK_THING_ENDED =
  /^(?:\s+\p{Ll}+)?\s+(?:got|was|has been|had been|is|were)\s+(?:deactivated|revoked|cancell?ed|disabled|switched off|turned off|blocked|handed back|returned|collected)\b/u;

/** "calls himself vegetarian", "describes herself as a freelance illustrator": how one says what one is. */
const SELF_DESCRIBED = '(?:calls|called|considers|considered|describes|described)\\s+(?:himself|herself|themselves|myself|ourselves)(?:\\s+as)?';

/** "is all about the ukulele", "got hooked on bouldering": what one is taken with now. */
const TAKEN_WITH =
  "(?:is|'s|are|has been|have been|got|gets|getting|became|is now)\\s+(?:(?:now|really|totally|completely|properly)\\s+)?(?:all about|into|hooked on|obsessed with|mad about|crazy about|big on|addicted to)";

/** A subject of study told in up to three lowercase words ("jazz piano", "cinematography"), not a time or manner. */
const STUDIED =
  '((?!(?:hard|late|online|abroad|remotely|together|there|here|now|every|each|all|most|some|full|part|at|in|with|for|to|and|the|a|an|his|her|their|my)\\b)\\p{Ll}[\\p{Ll}-]+(?:\\s+\\p{Ll}[\\p{Ll}-]+){0,2}?)(?=\\s+(?:at|in|with|from|and|full-time|part-time|this|next|since|for)\\b|\\s*[,.;!?(]|$)';

/** A sport or an instrument, which its own cues read. */
const PLAYED = new RegExp(`(?:^|\\s)(?:${SPORTS}|${INSTRUMENTS})$`);

/** Fields of work told with "does" ("does marketing for a startup"), never a pastime. */
const WORK_FIELDS =
  'marketing|accounting|consulting|engineering|nursing|teaching|plumbing|catering|cleaning|bookkeeping|recruiting|banking|lobbying|fundraising|programming|coding|editing|translating|tutoring|training|modelling|modeling|nothing|something|everything|anything|shopping|housework|homework|paperwork|overtime|shift work|contract work|freelance work|admin work|research work';

const cue = (attribute: Attribute, source: string, options: Omit<Cue, 'attribute' | 'pattern'> = {}): Cue => ({
  attribute,
  // Not case-insensitive: a proper name is told by its capital letter.
  pattern: new RegExp(source, 'u'),
  ...options,
});

/** A named value is a proper name, so the case-insensitive patterns check it separately. */
const PERSON_AFTER =
  /^\s+(?:(?:for|on|in|at|with|to)\s+(?:a|an|the|some|dinner|lunch|breakfast|coffee|drinks|his|her|their|my)|and\s+(?:his|her|their|the|my)\s+(?:kids|family|friends|children|husband|wife|partner))\b/i;

/** "runs the Westgate tunnel project": a project run, not a company. */
const PROJECT_AFTER = /^(?:\s+\p{Ll}[\p{L}-]*){0,2}\s+(?:project|migration|launch|rollout|redesign|retrofit|initiative|programme|program|campaign|team)\b/u;

const CAR_BRAND =
  /^(?:Tesla|Toyota|Honda|Ford|BMW|Audi|Volkswagen|VW|Mercedes|Volvo|Subaru|Mazda|Nissan|Kia|Hyundai|Jeep|Chevrolet|Chevy|Fiat|Peugeot|Renault|Skoda|Porsche|Mini|Lexus|Polestar|Rivian|Prius|Dodge|Citroen|Citroën|Seat|Opel|Dacia|Lada|Suzuki|Mitsubishi|Land Rover|Range Rover|Jaguar|Alfa Romeo|Lancia|Cupra|Tata|Mahindra|Maruti|Proton|Perodua|BYD|Geely|NIO|Chery|MG|Smart|Saab|Ferrari|Lamborghini|Maserati|Bentley|Rolls-Royce|Aston Martin|Lotus|Cadillac|Buick|GMC|Chrysler|Lincoln|Acura|Infiniti|Genesis|DS|Zoe)\b/;

/** Whose thing it is: "his", "the", "Kamil Nowak's" (a resolved "my"). */
const WHOSE = "(?:(?:his|her|their|my|our|the|a|an|(?:\\p{Lu}[\\p{L}-]*\\s+){0,2}\\p{Lu}[\\p{L}-]*['’]s)\\s+)?";

/** What a home is called ("flat", "house"). */
export const HOME_NOUNS = 'flat|house|apartment|home|place|condo|studio|bungalow|cottage|townhouse|loft';
const HOME_NOUN = `(?:${HOME_NOUNS})`;

/** Words of looking for work, which say nothing of where one works. */
const SEEKING =
  '(?:interviews?|interviewing|applications?|applying|fairs?|hunt|hunting|search|searching|rejections?|adverts?|ads?|postings?|listings?|talks?|screening)';

/** The sport a verb of its own names: "boxes" → boxing. */
const SPORT_OF_VERB: Record<string, string> = Object.fromEntries(
  (
    [
      ['boxing', ['box', 'boxes', 'boxed']],
      ['swimming', ['swims', 'swam']],
      ['cycling', ['cycles', 'cycled']],
      ['climbing', ['climbs', 'climbed']],
      ['rowing', ['rows', 'rowed']],
      ['surfing', ['surfs', 'surfed']],
      ['skiing', ['skis', 'skied']],
      ['skating', ['skates', 'skated']],
      ['fencing', ['fences', 'fenced']],
      ['diving', ['dives', 'dived']],
    ] as const
  ).flatMap(([sport, verbs]) => verbs.map((verb) => [verb, sport])),
);

/** A language named alone: never the name of an employer, nor of a field. */
const A_LANGUAGE = new RegExp(`^(?:${LANGUAGES})$`);

/** A pastime told by its own verb: "paints" → painting. Not the crafts people as often live by (baking). */
const PASTIME_OF_VERB: Record<string, string> = {
  paints: 'painting',
  sketches: 'sketching',
  knits: 'knitting',
  crochets: 'crocheting',
  sews: 'sewing',
  quilts: 'quilting',
  embroiders: 'embroidering',
  gardens: 'gardening',
  whittles: 'whittling',
  hikes: 'hiking',
  journals: 'journaling',
  weaves: 'weaving',
  carves: 'carving',
  forages: 'foraging',
};

export const CUES: Cue[] = [
  // Employer: works at, joined, hired by, a new job at, an engineer at, left …
  cue(
    'employer',
    `\\b${V('work')}\\s+(?:(?:full[- ]time|part[- ]time|remotely|there|again|now)\\s+)*(?:as\\s+${DETERMINER}?\\s*(?:[\\p{L}-]+\\s+){0,3}?)?(?:at|for|with)\\s+${NAMED}`,
  ),
  cue('employer', `\\b(?:employed|hired|recruited|poached|headhunted|contracted)\\s+(?:by|at)\\s+${NAMED}`),
  // "jumped ship to Nestlé", "defected to a rival, Arm": a new employer told by the idiom of leaving for it.
  cue('employer', `\\b(?:jumped|jumps|jumping|jump)\\s+ship\\s+(?:from\\s+${NAMED.slice(1, -1)}\\s+)?to\\s+${NAMED}`),
  cue('employer', `\\b(?:defected|defects|defecting)\\s+(?:from\\s+${NAMED.slice(1, -1)}\\s+)?to\\s+${NAMED}`),
  cue('employer', `\\b${V('join')}\\s+${NAMED}`, { notAfter: PERSON_AFTER }),
  cue('employer', `\\b${V('join')}\\s+(?:the\\s+)?(?:[\\p{L}-]+\\s+){0,2}(?:team|staff|company|firm|startup|faculty)\\s+(?:at|of)\\s+${NAMED}`),
  cue(
    'employer',
    // "a job interview at KPMG", "job applications to Arup": seeking work is not having it.
    `\\b(?:job|position|role|internship|post|gig|career|contract|placement|residency|fellowship|offer)\\s+(?:(?!${SEEKING}\\b)[\\p{L}-]+\\s+){0,2}?(?:at|with|from|for)\\s+${NAMED}`,
  ),
  // "onboarding at Stripe this week", "my induction at Arup": a new employer's first days.
  cue('employer', `\\b(?:onboarding|onboarded|induction|orientation|first\\s+(?:day|week|month|shift)s?)\\s+(?:at|with)\\s+${NAMED}`, {
    value: (m) => (SCHOOL_NAME.test(m[1]) ? null : m[1]),
  }),
  cue('employer', `\\b${V('start', 'begin')}\\s+(?:(?:a\\s+new\\s+job|work|working|a\\s+job)\\s+)?(?:at|with|for)\\s+${NAMED}`),
  // "a tutor for Greek" is a language taken up, not a firm.
  cue('employer', `\\b(?:${ROLE_NOUNS}|team|department|group|squad|office|division|${ROLE_BY_ENDING})s?\\s+(?:at|for|with|of)\\s+${NAMED}`, {
    value: (m) => (A_LANGUAGE.test(m[1]) ? null : m[1]),
  }),
  cue('employer', `\\b(?:employer|company|workplace|firm|new job)\\s+(?:is|was|is now)\\s+(?:at\\s+)?${NAMED}`),
  // "his business cards say Scania now", "her email signature reads Bayer": what one's work things name.
  cue(
    'employer',
    `\\b(?:business\\s+cards?|e-?mail\\s+signature|payslips?|pay\\s+slips?|lanyard|name\\s+tag|ID\\s+card|staff\\s+card)\\s+(?:now\\s+)?(?:says?|reads?|shows?|bears?)\\s+${NAMED}`,
  ),
  // "my ASML badge photo got taken", "his new Siemens laptop": the work things a firm gives its staff;
  // handed back or deactivated, the work there is over.
  cue(
    'employer',
    `(?<!\\b(?:handed back|gave back|given back|returned|returning|return|turned in|turning in|handed in|handing in)\\s+(?:(?:\\p{Lu}[\\p{L}-]*\\s+){0,3}\\p{Lu}[\\p{L}-]*)?)${WHOSE_OWN}(?:new\\s+)?${NAMED}\\s+${WORK_THING}`,
    {
      notAfter: WORK_THING_ENDED,
    },
  ),
  cue(
    'employer',
    `\\b(?:handed back|gave back|given back|returned|turned in|handed in)\\s+(?:my|his|her|their|our|(?:\\p{Lu}[\\p{L}-]*\\s+){0,3}\\p{Lu}[\\p{L}-]*(?:['’]s|(?<=s)['’]))\\s+${NAMED}\\s+${WORK_THING}`,
    {
      negated: true,
    },
  ),
  cue('employer', `${WHOSE_OWN}${NAMED}\\s+${WORK_THING}(?=${WORK_THING_ENDED.source.slice(1)})`, { negated: true }),
  // "her new colleagues at Telefónica", "my boss at H&M": the people and places of one's work there.
  cue('employer', `${WHOSE_OWN}(?:new\\s+)?(?:${AT_WORK})\\s+(?:at|with)\\s+${NAMED}`, { value: (m) => (SCHOOL_NAME.test(m[1]) ? null : m[1]) }),
  // "has been on Deloitte's payroll since August", "on the payroll at Arup".
  cue('employer', `\\bon\\s+${NAMED}\\s+(?:payroll|books|staff|headcount)\\b`, { value: (m) => (/['’]s?$/.test(m[1]) ? m[1].replace(/['’]s?$/, '') : null) }),
  cue('employer', `\\bon\\s+the\\s+(?:payroll|books|staff|headcount)\\s+(?:at|of)\\s+${NAMED}`),
  cue('employer', `\\b(?:is|are|'s)\\s+now\\s+at\\s+${NAMED}|\\b(?:is|are|'s)\\s+at\\s+${NAMED}\\s+(?:now|these days|nowadays)\\b`, {
    value: (m) => (SCHOOL_NAME.test(m[1] ?? m[2]) ? null : (m[1] ?? m[2])),
  }),
  cue('employer', `\\b(?:is|are|'s)\\s+(?:not|no longer)\\s+(?:working\\s+)?(?:at|with|for)\\s+${NAMED}(?:\\s+any\\s?more)?`, { negated: true }),
  cue('employer', `\\b(?:has been|'s been|have been|was|is)\\s+(?:with|at)\\s+${NAMED}\\s+(?:for|since)\\b`, {
    value: (m) => (SCHOOL_NAME.test(m[1]) ? null : m[1]),
  }),
  cue('employer', `\\b${V('found', 'co-found', 'cofound', 'launch', 'run', 'own')}\\s+(?:a\\s+(?:company|startup|business)\\s+(?:called|named)\\s+)?${NAMED}`, {
    notAfter: PROJECT_AFTER,
  }),
  cue(
    'employer',
    `\\b(?:left|quit|leaves|quits|leaving|quitting|resigned from|was laid off (?:from|by)|got laid off (?:from|by)|was fired from|got fired from|retired from|no longer works? (?:at|for))\\s+${NAMED}`,
    // A school left is read below.
    {
      negated: true,
      value: (m) => (SCHOOL_NAME.test(m[1]) && !/\b(?:resigned|laid off|fired|retired|works?)\b/.test(m[0]) ? null : placeLeft(m[1])),
    },
  ),
  // "quit his job at Aldi", "handed Kamil's notice in at Aldi": the job there is over.
  cue(
    'employer',
    `\\b(?:left|quit|leaves|quits|leaving|quitting|resigned from|lost)\\s+${WHOSE}(?:[\\p{L}-]+\\s+)?(?:job|position|role|post|contract|placement|internship|gig)\\s+(?:at|with|for)\\s+${NAMED}`,
    { negated: true },
  ),
  cue(
    'employer',
    `\\b(?:handed|hands|handing|gave|gives|giving|given|put|puts|putting|tendered|submitted|turned)\\s+(?:in\\s+)?${WHOSE}(?:(?:a|one|two|four)\\s+(?:week|month)s?['’]?\\s+)?(?:notice|resignation)\\s+(?:in\\s+)?(?:at|to|with)\\s+${NAMED}`,
    { negated: true },
  ),
  // "Olu's contract with BP ended in March": the work there is over.
  cue(
    'employer',
    `\\b(?:contract|job|position|role|placement|internship|secondment|gig)\\s+(?:with|at|for)\\s+${NAMED}\\s+(?:has\\s+|had\\s+)?(?:ended|finished|expired|ran out|came to an end|was terminated|was not renewed|wasn't renewed|is over|was over)\\b`,
    { negated: true },
  ),
  cue('employer', `\\b(?:signed|signs|signing|re-signed)\\s+(?:(?:a|his|her|their|my)\\s+(?:new\\s+)?(?:contract|deal)\\s+)?with\\s+${NAMED}`, {
    notAfter: PERSON_AFTER,
  }),
  // "first week at Sainsbury's head office done", "Ines starts her first shift at Lidl": the job there begins.
  cue(
    'employer',
    `\\b(?:first|1st)\\s+(?:full\\s+)?(?:day|days|shift|week|month|standup|stand-up|sprint|payslip|paycheck|pay cheque|all-hands|onboarding)\\s+(?:of\\s+work\\s+)?(?:at|with|for)\\s+${NAMED}`,
    {
      value: (m) => (SCHOOL_NAME.test(m[1]) ? null : m[1]),
    },
  ),
  // "Ines's last day at Accenture was Friday", "worked my final shift at Tesco": the job there ends.
  cue('employer', `${WHOSE_OWN}(?:[Ll]ast|[Ff]inal)\\s+(?:day|days|shift|week|month)\\s+(?:of\\s+work\\s+)?(?:at|with|for)\\s+${NAMED}`, { negated: true }),
  // Residence
  // "her new neighbours in Mombasa", "his landlord in Grenoble": the people and places of one's home there.
  // "her new Bristol address", "his Leeds postcode": an address in a place is a home there.
  cue(
    'residence',
    `(?<!\\b(?:to|for|at|from|via)\\s)\\b(?:his|her|their|my|our)\\s+(?:new\\s+)?${NAMED}\\s+(?:home\\s+)?(?:address|postcode|post code|zip code)\\b`,
  ),
  cue('residence', `${WHOSE_OWN}(?:new\\s+)?(?:${AT_HOME})\\s+in\\s+${NAMED}`),
  cue('residence', `\\b${V('live', 'reside', 'stay', 'rent')}\\s+(?:(?:now|currently|permanently|full[- ]time)\\s+)*(?:in|at)\\s+${NAMED}`),
  cue(
    'residence',
    `\\b${V('move', 'relocate')}\\s+(?:(?:back|here|over|across|out|away)\\s+)*(?:from\\s+${NAMED.slice(1, -1)}\\s+)?(?:to|into|in)\\s+${NAMED}`,
    // "moved across to the Zephyr platform": a piece of work, not a place.
    { notAfter: new RegExp(`^\\s+(?:${PROJECT_NOUNS}|team|squad|group|department|unit|account|desk|role|position)\\b`) },
  ),
  cue('residence', `\\b${V('move', 'relocate')}\\s+(?:away\\s+)?from\\s+${NAMED}\\s+to\\b`, { negated: true }),
  cue('residence', `\\b(?:is|are|'s|'re)\\s+(?:now\\s+)?back\\s+(?:home\\s+)?in\\s+${NAMED}`),
  cue(
    'residence',
    `\\b(?:${V('work', 'transfer', 'move', 'relocate')}|based)\\s+(?:now\\s+)?(?:in|to|at|from|out of)\\s+(?:the|our|their|a)\\s+(?:new\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD})?)\\s+(?:office|branch|site|hub|campus|studio|base|team)\\b`,
  ),
  // "packed up and went to Cork, sharing a flat near the market now": a move told by where one lives after it.
  cue(
    'residence',
    `\\b(?:went|headed|moved|came|got)\\s+(?:back\\s+)?(?:over\\s+)?to\\s+${NAMED}(?=[^.;!?]{0,80}?\\b(?:sharing|renting|living|staying|lodging|subletting)\\b)`,
  ),
  cue('residence', `\\b${V('settle')}\\s+(?:down\\s+)?in\\s+${NAMED}`),
  // "put down roots in Valencia", "set up home in Leith", "made Lisbon their home".
  cue('residence', `\\b(?:put|puts|putting)\\s+(?:down\\s+)?(?:(?:new|some|proper|deep|permanent)\\s+)?roots\\s+(?:down\\s+)?in\\s+${NAMED}`),
  cue('residence', `\\b(?:set|sets|setting)\\s+up\\s+(?:home|house)\\s+in\\s+${NAMED}`),
  cue('residence', `\\b(?:made|makes|making|make)\\s+${NAMED}\\s+(?:(?:his|her|their|our|my)\\s+)?(?:new\\s+|permanent\\s+)?home\\b`),
  cue('residence', `\\b(?:(?:based|living|located|residing|settled)\\s+(?:in|at)|resident\\s+in)\\s+${NAMED}`),
  // "is now a Kraków resident", "a resident of Leeds": who lives there, not a doctor's post.
  cue(
    'residence',
    `\\b(?:is|are|'s|became|becomes|has become|now)\\s+(?:now\\s+|officially\\s+)?(?:a|an)\\s+(?:(?:proud|happy|permanent|full-time|new)\\s+)?${NAMED}\\s+(?:resident|local|inhabitant|homeowner)\\b`,
  ),
  cue('residence', `\\b(?:resident|inhabitant)s?\\s+of\\s+${NAMED}`),
  cue('residence', `\\b(?:home|apartment|flat|house|condo)\\s+(?:is\\s+)?in\\s+${NAMED}`),
  cue('residence', `\\b(?:new|our|my|their|his|her|'s)\\s+(?:place|pad|digs)\\s+in\\s+${NAMED}`),
  cue(
    'residence',
    `\\b${V('move')}\\s+(?:out\\s+of\\s+.{0,50}?\\s+)?into\\s+(?:a|an|the|their|his|her|our|my)\\s+(?:[\\p{L}-]+\\s+){0,3}?(?:flat|house|apartment|place|home|room|studio|condo|cottage)\\s+in\\s+${NAMED}`,
  ),
  cue('residence', `\\bhome\\s+(?:is|is now)\\s+${NAMED}`),
  // "has called Alexandria home since the spring".
  cue('residence', `\\b${V('call')}\\s+${NAMED}\\s+(?:(?:his|her|their|our|my)\\s+)?(?:new\\s+)?home\\b`),
  cue(
    'residence',
    `\\b(?:${V('rent', 'share', 'own', 'buy')}|bought|has|have|found|got)\\s+(?:a|an|the|their|his|her)\\s+(?:[\\p{L}\\p{N}-]+\\s+){0,4}?(?:room|flat|apartment|house|home|place|studio|condo|cottage|loft|bungalow|townhouse)\\s+(?:[\\p{L}-]+\\s+){0,4}?(?:in|outside|near|just outside)\\s+${NAMED}`,
  ),
  cue('residence', `\\b(?:new\\s+)?address\\s+is\\s+[^.!?;]{0,60}?\\bin\\s+${NAMED}`),
  cue(
    'residence',
    `\\b${V('work')}\\s+(?:now\\s+)?(?:from|at|in|out of)\\s+(?:our|the|a|their|his|her)\\s+(?:new\\s+)?${NAMED}\\s+(?:office|branch|studio|site|hub|campus|base)\\b`,
  ),
  cue('residence', `\\b(?:${ROLE_NOUNS}|${ROLE_BY_ENDING})s?\\s+(?:based\\s+)?in\\s+${NAMED}`),
  cue(
    'residence',
    `\\b(?:is|are|'s|'re)\\s+(?:now\\s+)?(?:living\\s+)?in\\s+${NAMED}\\s+(?:now|these days|nowadays|for good|permanently)\\b|\\b(?:is|are|'s|'re)\\s+now\\s+in\\s+${NAMED}`,
    {
      value: (m) => m[1] ?? m[2],
    },
  ),
  cue('residence', `\\b(?:moved (?:out of|away from)|no longer lives? in)\\s+${NAMED}`, { negated: true }),
  // "sold his Krakow flat", "gave up the Leeds house": the home there is no longer theirs.
  cue('residence', `\\b(?:sold|left|gave up|given up|moved out of|let go of|rented out|sublet)\\s+${WHOSE}${NAMED}\\s+${HOME_NOUN}`, { negated: true }),
  cue('residence', `\\b${V('work')}\\s+(?:remotely\\s+)?from\\s+${NAMED}`),
  // Origin
  cue('origin', `\\b(?:is|are|was|comes|came|hails)\\s+(?:originally\\s+)?from\\s+${NAMED}`),
  cue('origin', `\\b(?:grew up|was born|were born|was raised|born and raised)\\s+in\\s+${NAMED}`),
  cue(
    'origin',
    `\\b(?:${V('move', 'relocate', 'come', 'emigrate', 'immigrate')}\\s+(?:here|over|to\\s+${NAMED.slice(1, -1)})|${V('emigrate', 'immigrate')}|came)\\s+from\\s+${NAMED}`,
  ),
  cue('origin', `\\b(?:home ?town|birthplace|native country|home country)\\s+is\\s+${NAMED}`),
  // Job
  cue('job', `\\b${V('work')}\\s+(?:(?:full[- ]time|part[- ]time|now)\\s+)*as\\s+${ROLE}`),
  cue(
    'job',
    // "'s" is "is" after a pronoun; after a name it owns ("Sainsbury's head office").
    `(?:\\b(?:is|was|became|becomes|has become|is now|has been|got a job as|trained as|qualified as|promoted to|was promoted to|got promoted to|hired as|retired as|${SELF_DESCRIBED})|(?<=\\b(?:he|she|it|that|who|there))'s)\\s+${ROLE}`,
  ),
  cue('job', `\\b(?:job|role|title|position|profession|occupation|career)\\s+(?:is|was|as)\\s+${ROLE}`),
  // "appointed Helen Marsh as chief executive": the role is Helen's, not the subject's.
  cue('job', `(?<!\\b(?:appointed|named|hired|elected|chose|picked|promoted)\\s+(?:\\p{Lu}[\\p{L}'’-]*\\s+){1,3})\\bas\\s+${ROLE}`),
  cue(
    'job',
    `\\b(?:promoted|elevated|appointed|(?:stepped|steps|stepping|moved|moves|bumped)\\s+up|(?:rose|risen|rises)|worked\\s+(?:his|her|their|my|our)\\s+way\\s+up|(?:was|were|been|got|is)\\s+(?:named|made))\\s+(?:to\\s+|as\\s+)?((?:${DETERMINER}\\s+)?(?:[\\p{L}-]+\\s+){0,3}?[\\p{L}-]+?)(?=\\s+(?:at|in|for|of|on|with|after|since)\\b|\\s*[,.;!?(]|$)`,
  ),
  cue('job', `\\b(?:no longer|is no longer|stopped being|quit being|retired as|gave up being)\\s+${ROLE}`, { negated: true }),
  // "left journalism", "got out of nursing": the line of work left, as its role.
  cue(
    'job',
    `\\b(?:left|leaving|leaves|quit|quitting|gave up|given up|walked away from|got out of|retired from|burned out of|burnt out of)\\s+(${Object.keys(ROLE_OF_FIELD).join('|').replace(/ /g, '\\s+')})\\b(?!\\s+(?:school|degree|course|class|classes|studies|program|programme|exam|exams)\\b)`,
    {
      negated: true,
      value: (m) => ROLE_OF_FIELD[m[1].toLowerCase().replace(/\s+/g, ' ')] ?? null,
    },
  ),
  cue(
    'job',
    // "heads the design team", "leads hardware group"; "head office" is a place, and "oversees the
    // studio's branding" a part of a job, not the job.
    `\\b(${V('lead', 'head', 'run', 'manage', 'direct', 'oversee', 'supervise', 'chair')}\\s+(?:(?:the|a|an|his|her|their|our)\\s+(?:[\\p{L}-]+\\s+){0,3}|(?:[\\p{L}-]+\\s+){1,3})(?:team|group|department|division|office|lab|unit|practice|program|programme|school|clinic|ward|store|shop|branch|studio|restaurant|kitchen))\\b(?!['’]s)`,
  ),
  cue('job', `\\b(${V('teach')}\\s+(?:[\\p{L}\\p{N}-]+\\s+){0,2}?[\\p{L}\\p{N}-]+)\\s+(?:at|in|to)\\b`),
  // Partner
  cue('partner', `\\b(?:re)?(?:married|engaged|wed),?\\s+to\\s+${NAMED}`),
  cue('partner', `\\b(?:proposed|proposes|proposing)\\s+to\\s+${NAMED}`),
  cue(
    'partner',
    `\\b(?:(?:is|'s|are|has been|'s been|have been|been|started|began|now)\\s+(?:seeing|dating|going out with)|has a new (?:boyfriend|girlfriend|partner))\\s+(?:someone(?:\\s+new)?|a\\s+[\\p{L}-]+)(?:,?\\s+(?:a|an)\\s+[\\p{L} -]{2,30}?)?,?\\s+(?:called|named)\\s+${NAMED}`,
  ),
  // "celebrated his first anniversary with Sophie", "back from her honeymoon with Paolo".
  cue(
    'partner',
    `\\b(?:anniversary|honeymoon|date night|engagement party)\\s+with\\s+(?:(?:his|her|their|my)\\s+(?:wife|husband|partner|boyfriend|girlfriend|fianc[eé]e?)\\s+)?${NAMED}`,
  ),
  // "married Diego in a small ceremony": whom one marries or dates is a partner whatever follows.
  cue('partner', `\\b(?:${V('date', 'marry')}|in a relationship with)\\s+${NAMED}`),
  // "tied the knot with Nadia Karim", "got hitched to Sam", "walked down the aisle with Leo".
  cue(
    'partner',
    `\\b(?:(?:tied|ties|tying|tie)\\s+the\\s+knot|(?:got|gets|getting)\\s+hitched|walked\\s+down\\s+the\\s+aisle|said\\s+['"‘“]?I do['"’”]?)\\s+(?:with|to)\\s+${NAMED}`,
  ),
  // "has been seeing Jonas since June", "started going out with Mia"; "seeing Dr Lee" is a visit.
  cue(
    'partner',
    `\\b(?:(?:is|'s|are|has been|'s been|have been|been|started|began|now)\\s+(?:seeing|going out with)|is with)\\s+(?!(?:Dr|Doctor|Prof|Professor|Mr|Mrs|Ms)\\b)${NAMED}`,
    { notAfter: PERSON_AFTER },
  ),
  cue(
    'partner',
    `\\b(?:wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|significant other|other half|better half|hubby|wifey|missus)(?:'s name)?(?:,|\\s+is|\\s+named|\\s+called)?\\s+${NAMED}`,
  ),
  cue('partner', `\\b(?:broke up with|divorced|separated from|split up with|split from)\\s+${NAMED}`, { negated: true }),
  // "his divorce from Beatriz came through", "her split with Ivo".
  cue('partner', `\\b(?:divorce|separation|split|break-?up)\\s+(?:from|with)\\s+${NAMED}`, { negated: true }),
  cue(
    'partner',
    `\\b(?:is|'s|are|became|is now)\\s+(?:(?:single|divorced|separated|widowed)(?:\\s+again)?|no longer (?:married|engaged|together|dating))\\b|\\b(?:called off|broke off|ended)\\s+(?:the|their|his|her)\\s+(?:engagement|wedding|marriage|relationship)\\b|\\b(?:broke|breaks|split|splits|splitting|breaking) up\\b|\\bgot divorced\\b|\\b(?:split|parted ways|went their separate ways|called it quits)(?=\\s*(?:[,.;!?]|$)|\\s+(?:in|last|this|after|before|earlier|recently|years|months|weeks|(?:a|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)\\s+(?:years?|months?|weeks?|days?))\\b)|\\b(?:separated|divorced)\\b(?!\\s+(?:from|with)\\b)`,
    {
      negated: true,
      value: () => ANY_VALUE,
    },
  ),
  // School and field of study
  // "designs train stations for a firm in Yokohama", "tests mobile apps for Infosys": work told by what one does.
  cue(
    'job',
    `\\b(${WORK_VERBS}\\s+(?:[\\p{L}-]+\\s+){1,4}?)(?:for|at|with)\\s+(?:${NAMED.slice(1, -1)}|(?:a|an|the)\\s+(?:[\\p{L}-]+\\s+)?(?:firm|company|startup|agency|studio|consultancy|practice|hospital|clinic|school|bank|charity|nonprofit|non-profit|magazine|newspaper|publisher|lab|laboratory|brand|retailer|client|clients|council|ministry|government))\\b`,
    {
      value: (m) => m[1].trim(),
    },
  ),
  cue('employer', `\\b${WORK_VERBS}\\s+(?:[\\p{L}-]+\\s+){1,4}?(?:for|at)\\s+${NAMED}`),
  cue(
    'job',
    `\\b(${V('drive')}\\s+(?:a|an|the)\\s+(?:[\\p{L}-]+\\s+)?(?:tram|bus|taxi|cab|truck|lorry|train|ambulance|forklift|van|coach|delivery van|school bus|tractor|ferry|crane))\\b`,
  ),
  cue(
    'employer',
    `\\b${V('run', 'own', 'found', 'co-found', 'start', 'manage')}\\s+(?:a|an|the|her|his|their)\\s+(?:[\\p{L}-]+\\s+){0,3}?(?:called|named)\\s+${NAMED}`,
  ),
  cue('school', `\\b(?:is|are|was|has been|'s been|have been|started|starts|is now|now)\\s+(?:(?:now|currently|still)\\s+)?at\\s+${NAMED}`, {
    value: (m) => (SCHOOL_NAME.test(m[1]) ? m[1] : null),
  }),
  cue('employer', `\\b${V('teach', 'lecture', 'coach')}\\s+(?:[\\p{L}\\p{N}-]+\\s+){0,3}?at\\s+${NAMED}`),
  cue(
    'school',
    `\\b(?:MSc|MA|MBA|PhD|BSc|BA|BEng|MEng|LLB|LLM|MPhil|MFA|masters?|master's|bachelor'?s|degree|diploma)\\s+(?:[\\p{L}'-]+\\s+){0,4}?(?:at|from)\\s+${NAMED}`,
  ),
  cue(
    'school',
    `\\b(?:${V('study', 'enrol')}|student|enrolled|a degree|a master'?s|a phd|a doctorate|a bachelor'?s|graduate student|undergrad)\\s+(?:[\\p{L}'-]+\\s+){0,4}?at\\s+${NAMED}`,
  ),
  cue('school', `\\b(?:${V('attend')}|goes to|go to|went to|transferred to|was accepted (?:to|into|at)|got into|got accepted (?:to|into|at))\\s+${NAMED}`, {
    value: (m) => (SCHOOL_NAME.test(m[1]) ? m[1] : null),
  }),
  cue('school', `\\b(?:graduated|graduates)\\s+from\\s+${NAMED}`),
  // "left Charles University for a place at the University of Edinburgh": a seat at a school, and the one left.
  cue('school', `\\b(?:place|spot|seat|offer|scholarship|studentship|bursary)\\s+(?:to\\s+study\\s+(?:[\\p{L}-]+\\s+){0,3}?)?(?:at|from)\\s+${NAMED}`, {
    value: (m) => (SCHOOL_NAME.test(m[1]) ? m[1] : null),
  }),
  cue('school', `\\b(?:left|quit|leaves|quits|leaving|quitting)\\s+${NAMED}`, { negated: true, value: (m) => (SCHOOL_NAME.test(m[1]) ? m[1] : null) }),
  cue('school', `\\b(?:transferred|transfers|transferring)\\s+to\\s+${NAMED}(?!\\s+(?:office|branch|site|hub|team|department|store|plant|division))`),
  cue('school', `\\b(?:school|college|university|uni)\\s+is\\s+${NAMED}`),
  // "his classmates at HEC Paris", "her supervisor at Imperial": the people of one's school there.
  cue('school', `${WHOSE_OWN}(?:new\\s+)?(?:${AT_SCHOOL})\\s+at\\s+${NAMED}`),
  cue(
    'field',
    `\\b(?:MSc|MA|MBA|PhD|BSc|BA|BEng|MEng|LLB|LLM|MPhil|MFA|masters?|master's|bachelor'?s|degree|diploma|course|programme|program)\\s+in\\s+((?:[\\p{L}-]+\\s+){0,2}?[\\p{L}-]+)(?=\\s+(?:at|from|in|with|and)\\b|\\s*[,.;!?(]|$)`,
  ),
  // What one enrols to study, or studies at a school, whatever the subject is called ("to study jazz piano").
  cue(
    'field',
    `\\b(?:enrolled|enrolls|enrols|enrolling|enrol|enroll|registered|admitted|accepted|signed up|went back|goes back|going back|back at (?:school|college|university|uni))\\b[^.;!?]{0,60}?\\bto\\s+study\\s+${STUDIED}`,
  ),
  cue('field', `\\b${V('study')}\\s+${STUDIED}\\s+(?:at|in)\\s+${NAMED.slice(1, -1)}`, { value: (m) => m[1] }),
  cue(
    'field',
    `\\b(?:dropped|drops|dropping|drop)\\s+out\\s+of\\s+(?:(?:his|her|their|my)\\s+)?${FIELD}(?:\\s+(?:school|college|degree|course|programme|program|studies))?\\b`,
    { negated: true },
  ),
  cue('school', `\\b(?:dropped|drops|dropping|drop)\\s+out\\s+of\\s+${NAMED}`, { negated: true }),
  // "switched from German to Swedish on her app": languages, unless a major or a course is named.
  cue(
    'field',
    `\\bswitched\\s+(?:(?:his|her|their|my)\\s+)?(?:(?:majors?|subjects?|courses?|degrees?)\\s+)?(?:from\\s+(?:[\\p{L}-]+\\s+){1,3}?)?to\\s+${FIELD}`,
    { value: (m) => (languageSwitch(m) ? null : m[1]) },
  ),
  cue('field', `\\bswitched\\s+(?:(?:his|her|their|my)\\s+)?(?:(?:majors?|subjects?|courses?|degrees?)\\s+)?from\\s+${FIELD}\\s+to\\b`, {
    negated: true,
    value: (m) => (languageSwitch(m) ? null : m[1]),
  }),
  cue('language', `\\b(?:switched|moved|changed)\\s+(?:over\\s+)?from\\s+(?:${LANGUAGES})\\s+to\\s+(${LANGUAGES})\\b`),
  cue('language', `\\b(?:switched|moved|changed)\\s+(?:over\\s+)?from\\s+(${LANGUAGES})\\s+to\\s+(?:${LANGUAGES})\\b`, { negated: true }),
  cue(
    'field',
    `\\b(?:${V('study')}|majoring in|majors in|majored in|a degree in|a master'?s in|a phd in|a doctorate in|a bachelor'?s in|specializ(?:es|ed|ing) in|specialis(?:es|ed|ing) in|major is)\\s+${FIELD}`,
  ),
  // Diet and food
  cue(
    'diet',
    `\\b(?:is|are|was|went|became|turned|has been|switched to being|switched to|changed to|moved to|adopted|started|is now|is strictly|is fully|went fully|gone|going|become|eats|follows|keeps|on|${SELF_DESCRIBED})\\s+(?:a\\s+|an\\s+)?(?:(?:strict|strictly|full|fully|mostly|totally|completely|entirely)\\s+)?(${DIETS})\\b`,
  ),
  cue(
    'diet',
    `\\b(?:does not|doesn't|do not|don't|never|no longer|stopped eating|avoids|cut out|gave up|can't eat|cannot eat|won't eat|refuses to eat)\\s+(?:eat\\s+|eating\\s+|touch\\s+|touches\\s+|have\\s+|drink\\s+)?(?:any\\s+)?(${FOODS})\\b`,
    { value: (m) => `no ${m[1].toLowerCase()}` },
  ),
  // "went back to vegetarianism", "converted to veganism": a diet by the name of its practice.
  cue(
    'diet',
    `\\b(?:went back to|gone back to|going back to|returned to|back to|switched to|changed to|moved to|converted to|turned to|took up|taken up|embraced|adopted|committed to|tried)\\s+(vegetarianism|veganism|pescatarianism|pescetarianism|flexitarianism)\\b`,
    { value: (m) => m[1].toLowerCase().replace(/ism$/, '') },
  ),
  cue('diet', `\\b(?:eats|eating|started eating)\\s+(meat|fish)\\s+again\\b`, { value: () => 'omnivore' }),
  cue('diet', `\\b(?:eats|eat|ate|loves eating|mostly eats)\\s+((?:${FOODS})(?:(?:,\\s*|\\s+and\\s+|\\s+or\\s+)(?:${FOODS}))*)\\b`, {
    value: (m) => `eats ${m[1]}`,
  }),
  cue('diet', `\\b(?:stopped being|is no longer|no longer|is not|isn't|not)\\s+(?:a\\s+)?(${DIETS})(?:\\s+any\\s?more)?\\b`, { negated: true }),
  cue('allergy', `\\ballergic\\s+to\\s+((?:[\\p{L}-]+\\s+){0,2}?[\\p{L}-]+)\\b`),
  cue('allergy', `\\b((?:[\\p{L}-]+\\s+)?[\\p{L}-]+)\\s+allergy\\b`),
  // Instrument, sport, hobby
  cue(
    'instrument',
    `\\b(?:${V('play', 'learn', 'practice', 'study', 'teach', 'take up', 'pick up', 'take to')}|takes|took|started|plays in|playing in|${TAKEN_WITH})\\s+(?:to\\s+play\\s+)?(?:the\\s+|a\\s+|an\\s+|some\\s+)?(${INSTRUMENTS})\\b`,
  ),
  cue('instrument', `\\b(${INSTRUMENTS})\\s+(?:lessons|player|teacher|practice|classes|recital|concerto|solo|exam|grade)\\b`, { notAfter: OVER }),
  // "restrung her old guitar", "dusted off his trumpet": an instrument taken up again.
  cue('instrument', `\\b(?:restrung|re-strung|dusted off|tuned up|got out)\\s+(?:(?:the|a|an|his|her|their|my|our)\\s+)?(?:old\\s+)?(${INSTRUMENTS})\\b`),
  // "spends his evenings on the piano": what free time is spent playing.
  cue(
    'instrument',
    `\\b${V('spend')}\\s+(?:(?:his|her|their|my|our|most|all)\\s+)?(?:evenings|weekends|free time|spare time|mornings|nights|afternoons|lunch breaks)\\s+(?:on|at|playing)\\s+(?:the\\s+|a\\s+|an\\s+)?(${INSTRUMENTS})\\b`,
  ),
  cue('instrument', `\\bswitched\\s+(?:from\\s+(?:the\\s+)?(?:${INSTRUMENTS})\\s+)?to\\s+(?:the\\s+)?(${INSTRUMENTS})\\b`),
  cue('instrument', `\\bswitched\\s+from\\s+(?:the\\s+)?(${INSTRUMENTS})\\s+to\\b`, { negated: true }),
  cue(
    'instrument',
    `\\b(?:swapped|traded|exchanged|replaced)\\s+(?:the\\s+|a\\s+|an\\s+|their\\s+|his\\s+|her\\s+)?(?:${INSTRUMENTS})\\s+for\\s+(?:the\\s+|a\\s+|an\\s+)?(${INSTRUMENTS})\\b`,
  ),
  cue('instrument', `\\b(?:swapped|traded|exchanged|replaced)\\s+(?:the\\s+|a\\s+|an\\s+|their\\s+|his\\s+|her\\s+)?(${INSTRUMENTS})\\s+for\\b`, {
    negated: true,
  }),
  // "hung up his rugby boots": done with the sport.
  cue(
    'sport',
    `\\b(?:hung|hangs|hanging|hang)\\s+up\\s+${WHOSE}(${SPORTS})\\s+(?:boots|gloves|skates|racket|racquet|cleats|spikes|shoes|kit|helmet|bat|clubs|stick)\\b`,
    { negated: true },
  ),
  cue(
    'sport',
    `\\b(?:quit|gave up|given up|giving up|stopped playing|stopped|no longer plays?|retired from|retires from|retiring from)\\s+(?:(?:competitive|professional|pro|amateur|club|county|international|elite|semi-professional|semi-pro|league|top-level)\\s+)?(${SPORTS})\\b`,
    { negated: true },
  ),
  cue('instrument', `\\b(?:gave up|given up|quit|stopped playing|no longer plays)\\s+(?:the\\s+)?(${INSTRUMENTS})\\b`, { negated: true }),
  cue('sport', `\\b(${SPORTS})\\s+(?:gym|class|classes|club|session|sessions|team|league|practice|lessons|wall|hall|centre|center)\\b`, { notAfter: OVER }),
  cue(
    'sport',
    `\\b(?:${V('play', 'practice', 'do', 'train', 'compete', 'take up', 'pick up', 'take to')}|goes|go|started|runs|run|${TAKEN_WITH})\\s+(?:for\\s+)?(?:[\\p{Ll}-]+\\s+)?(${SPORTS})\\b`,
  ),
  // "These days Ivan boxes three times a week", "swims competitively": a sport told by its own verb.
  cue(
    'sport',
    `\\b(${Object.keys(SPORT_OF_VERB).join('|')})\\b(?=\\s*[,.;!]|\\s*$|\\s+(?:(?:\\p{L}+ly\\s+)?(?:(?:one|two|three|four|five|six|several|\\d+)\\s+times?\\s+a|a\\s+week|every|twice|once\\s+a|competitively|regularly|daily|weekly|most\\s+(?:days|weekends|mornings|evenings)|on\\s+(?:weekends|the\\s+weekend|\\p{Lu}\\p{Ll}+days))|(?:at|for|with)\\s+(?:a|an|the|his|her|their|\\p{Lu})[\\p{L}\\s-]{0,30}?(?:club|gym|pool|team|squad|academy|centre|center)))`,
    { value: (m) => SPORT_OF_VERB[m[1].toLowerCase()] ?? null },
  ),
  // Pastimes: what someone does in their own time
  cue(
    'hobby',
    `\\b(\\p{Ll}+s\\s+(?:[\\p{L}-]+\\s+){0,4}?)(?:in (?:his|her|their|the) (?:spare|free) time|as a hobby|for fun|on (?:the )?weekends|at weekends|in (?:his|her|their) (?:garage|shed|garden|workshop))\\b`,
    { value: (m) => m[1].trim() },
  ),
  // "Greta paints watercolours", "Ivo knits": a pastime told by its own verb, right after whoever
  // does it (with "at weekends" or "in her spare time", the cue above reads it).
  cue(
    'hobby',
    `(?<=\\p{Lu}[\\p{L}'’-]*\\s+(?:(?:also|still|often|sometimes|now|occasionally|regularly)\\s+)?)(${Object.keys(PASTIME_OF_VERB).join('|')})(?:\\s+((?!(?:for|at|in|on|with|to|and|but|every|each|the|a|an|his|her|their|professionally)\\b)\\p{Ll}[\\p{Ll}-]+))?(?=\\s*[,.;!]|\\s*$|\\s+(?:in|on|at|with|and|every|most|at|whenever|when)\\b)`,
    {
      value: (m) => [PASTIME_OF_VERB[m[1]], m[2]].filter(Boolean).join(' '),
      notAfter:
        /^\s+(?:for a living|professionally|for work|for clients|on commission)\b|^[^.;]*\bin\s+(?:a|an|the|his|her|their)\s+(?:[p{L}-]+\s+)?(?:studio|workshop|shop|gallery)\b|\b(?:in (?:his|her|their|the) (?:spare|free) time|as a hobby|for fun|on (?:the )?weekends|at weekends)\b/,
    },
  ),
  // "spends her weekends restoring old furniture": a pastime told by how free time is spent.
  cue(
    'hobby',
    `\\b${V('spend')}\\s+(?:(?:his|her|their|my|our|most|all|many|much)\\s+(?:of\\s+(?:his|her|their|my|our)\\s+)?)?(?:weekends|evenings|free time|spare time|downtime|summers|holidays|Saturdays|Sundays|days off|time off|afternoons|mornings|nights)\\s+(\\p{Ll}+ing(?:\\s+[\\p{Ll}-]+){0,3}?)(?=\\s+(?:at|in|on|with|for|and|from|since|around|across)\\b|\\s*[,.;!?]|\\s*$)`,
  ),
  // "has got into astronomy instead", "is really into origami": a pastime one is taken with, whatever it is.
  cue(
    'hobby',
    `\\b${TAKEN_WITH}\\s+((?!(?:a|an|the|trouble|debt|shape|character|position|bed|work|college|university|uni|school|it|that|this|them|him|her)\\b)\\p{Ll}[\\p{Ll}-]+(?:\\s+(?!(?:instead|now|these|lately|again|recently|too|and|but|in|at|on|with|since)\\b)\\p{Ll}[\\p{Ll}-]+)?)(?=\\s*[,.;!]|\\s*$|\\s+(?:instead|now|these days|lately|again|in|at|on|with|since|recently)\\b)`,
    // "is hooked on bouldering" is a sport, read above.
    { value: (m) => (PLAYED.test(m[1]) ? null : m[1]) },
  ),
  // "does pottery", "does woodworking in his garage": a craft one does, not a line of work.
  cue(
    'hobby',
    `\\b(?:does|do|did)\\s+(?:(?:a\\s+lot\\s+of|some|a\\s+bit\\s+of)\\s+)?((?!(?:${WORK_FIELDS})\\b)\\p{Ll}[\\p{Ll}-]*(?:ery|work|working|craft|ing))(?=\\s*[,.;!]|\\s*$|\\s+(?:in|at|on|with|and|every|most|whenever|for fun|as a hobby)\\b)`,
    { notAfter: /^\s+for\s+(?:a\s+living|work|clients|money)\b/ },
  ),
  // "plays chess in a club", "a lasting interest in bridge": a game played for its own sake.
  cue(
    'hobby',
    `\\b(?:${V('play', 'take up', 'pick up', 'do')}|interest in|passion for|love of|into)\\s+(?:competitive\\s+|online\\s+|the\\s+)?(${GAMES})(?![\\p{L}-])`,
  ),
  cue('hobby', `\\b(?:keeps|breeds|raises|collects)\\s+((?:[\\p{L}-]+\\s+){0,2}?[\\p{L}-]+)\\b(?=\\s+(?:on|in|at|as|for|since|from)\\b|\\s*[,.;!]|$)`),
  // Pets
  // "the vet bills are for a cat named Figaro", "pet insurance for his two rabbits": an animal one pays for is one's own.
  cue(
    'pet',
    `\\b(?:vet(?:['’]s)?\\s+bills?|vet\\s+visits?|pet\\s+insurance|kibble|cat\\s+food|dog\\s+food)\\s+(?:(?:are|is|was|were|goes|go)\\s+)?(?:now\\s+)?(?:for|on)\\s+(?:a|an|his|her|their|the|two|three)\\s+(?:[\\p{L}-]+\\s+){0,2}?(${ANIMALS})s?(?:\\s+(?:named|called)\\s+(\\p{Lu}[\\p{L}'-]*))?`,
    { value: (m) => (m[2] ? `${m[1].toLowerCase()} ${m[2]}` : m[1].toLowerCase()) },
  ),
  cue(
    'pet',
    `\\b(?:${V('have', 'adopt', 'get', 'own', 'rescue', 'buy', 'keep', 'foster')})\\s+(?:a|an|two|three|\\d+)\\s+(?:[\\p{L}-]+\\s+){0,2}?(${ANIMALS})s?(?:\\s+(?:named|called)\\s+(\\p{Lu}[\\p{L}'-]*))?`,
    {
      value: (m) => (m[2] ? `${m[1].toLowerCase()} ${m[2]}` : m[1].toLowerCase()),
    },
  ),
  cue('pet', `\\b(?:${ANIMALS}),?\\s+(?:named\\s+|called\\s+)?(\\p{Lu}[\\p{L}'-]*)\\s+(?:has\\s+|had\\s+)?(?:${ANIMAL_GONE}|passed)\\b`, { negated: true }),
  cue('pet', `\\b(?:${ANIMALS}),?\\s+(?:named\\s+|called\\s+)?(\\p{Lu}[\\p{L}'-]*)`),
  cue('pet', `\\b(?:[Aa]fter|[Ss]ince|[Ww]hen|[Bb]ecause)\\s+(\\p{Lu}[\\p{L}'-]*)\\s+(?:${ANIMAL_GONE}|passed)\\b`, {
    negated: true,
  }),
  // Team
  cue(
    'team',
    `\\b(?:is|are|'s|was|has been|works|working|joined|moved to|switched to|transferred to|leads|heads|runs|manages|now leads|on|(?:${V('rotate', 'move', 'shift', 'switch', 'transfer', 'reassign', 'assign', 'second', 'draft', 'redeploy')}|put|placed|got)\\s+(?:over\\s+)?(?:onto|on|to|into))\\s+(?:on\\s+|in\\s+|with\\s+)?(?:the|a|our|their)\\s+((?:[\\p{L}\\p{N}&-]+\\s+){1,3}?)(?:team|squad|group|crew|department|unit)\\b`,
    {
      value: (m) => m[1].trim(),
    },
  ),
  // "left growth for the platform squad": the team one left for.
  cue(
    'team',
    `\\b(?:left|quit)\\s+(?:the\\s+)?(?:[\\p{L}\\p{N}&-]+\\s+){1,3}?for\\s+(?:the|a)\\s+((?:[\\p{L}\\p{N}&-]+\\s+){1,3}?)(?:team|squad|group|crew|department|unit)\\b`,
    { value: (m) => m[1].trim() },
  ),
  cue('team', `\\b(?:left|moved off|quit)\\s+(?:the|a|our|their)\\s+((?:[\\p{L}\\p{N}&-]+\\s+){1,3}?)(?:team|squad|group|crew|department|unit)\\b`, {
    negated: true,
    value: (m) => m[1].trim(),
  }),
  // Project
  cue(
    'project',
    `\\b${V('work', 'lead', 'build', 'run', 'manage')}\\s+(?:(?:now|currently|mostly)\\s+)*on\\s+(?:the\\s+|a\\s+|an\\s+)?((?:[\\p{L}\\p{N}'-]+\\s+){0,4}?(?:project|app|platform|product|launch|migration|redesign|rollout|book|novel|album|thesis|dissertation|startup|game|website|campaign|study|paper|tool|library|system|initiative)|${NAMED.slice(1, -1)})`,
  ),
  cue('project', `\\b[Pp]roject\\s+(?:called\\s+|named\\s+)?${NAMED}`),
  // "is building the Osprey dashboard": a named thing one builds is one's project.
  cue(
    'project',
    `\\b${V('build', 'develop', 'ship', 'prototype')}\\s+(?:the\\s+|a\\s+|an\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2}\\s+(?:dashboard|service|portal|website|site|tool|feature|system|api|API|engine|pipeline|${PROJECT_NOUNS}))\\b`,
  ),
  cue(
    'project',
    `\\b(?:is|are|'s|has been|was moved|got moved|moved)\\s+(?:(?:now|currently)\\s+)?(?:on(?:to)?|to)\\s+(?:the\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})\\s+(?:project|team|squad|initiative|migration|launch)\\b`,
    { replacing: true },
  ),
  cue(
    'project',
    `\\b${V('lead', 'run', 'manage', 'own', 'drive', 'coordinate', 'head')}\\s+(?:the\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2}(?:\\s+\\p{Ll}[\\p{L}-]*){0,2}?\\s+(?:project|migration|launch|rollout|redesign|retrofit|initiative|programme|program))\\b`,
  ),
  // "Ravi's standups are all about the Comet redesign now", "her tickets are all for the Atlas migration": work told by its rituals.
  cue(
    'project',
    `['’]s?\\s+(?:daily\\s+)?(?:standups|stand-ups|sprint\\s+board|sprints|tickets|one-to-ones|meetings|pull\\s+requests|commits|days|weeks)\\s+(?:are|is)\\s+(?:now\\s+)?(?:all|mostly|entirely)?\\s*(?:about|on|for)\\s+(?:the\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2}(?:\\s+(?:${PROJECT_NOUNS}|app|service|platform))?)\\b`,
    { replacing: true },
  ),
  // "was reassigned to the search relevance project", "got moved onto the billing migration".
  cue(
    'project',
    `\\b(?:(?:re)?(?:assigned|allocated|transferred|moved|switched|seconded)\\s+(?:(?:over|across|back)\\s+)?(?:on)?to|(?:was|were|been|got|get|gets|is|are)\\s+(?:put|placed|posted)\\s+on(?:to)?)\\s+(?:the\\s+|a\\s+|an\\s+)?((?:[\\p{L}\\p{N}'-]+\\s+){0,4}?(?:${PROJECT_NOUNS}))\\b`,
    { replacing: true },
  ),
  // "handed the Harbour Bridge retrofit over to a colleague": the project is someone else's now.
  cue(
    'project',
    `\\bhand(?:ed|s|ing)?\\s+(?:the\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2}(?:\\s+\\p{Ll}[\\p{L}-]*){0,2}?)(?:\\s+(?:project|work))?\\s+over\\b`,
    { negated: true },
  ),
  cue(
    'project',
    `\\bmoved\\s+on\\s+from\\s+(?:the\\s+)?${NAME_WORD}(?:\\s+${NAME_WORD}){0,2}(?:\\s+(?:project|team))?\\s+to\\s+(?:the\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})`,
    { replacing: true },
  ),
  cue('project', `\\bmoved\\s+on\\s+from\\s+(?:the\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})`, { negated: true }),
  cue('project', `\\b(?:left|quit)\\s+(?:the\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})\\s+(?:project|migration|launch)\\b`, { negated: true }),
  cue(
    'project',
    `\\b(?:moved off|rolled off|(?:pulled|taken|took|rotated|stepped|came)\\s+off|finished|wrapped up|handed over|no longer works on|stopped working on)\\s+(?:(?:his|her|their|my|our)\\s+(?:part|work|role|stint|time|bit)\\s+(?:in|on|with)\\s+)?(?:the\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})(?:\\s+(?:project|team|migration|launch))?\\b`,
    {
      negated: true,
      value: (m) => (/^(?:the\s+)?\p{Lu}/u.test(m[1]) ? m[1] : null),
    },
  ),
  // Age, name, car, language
  cue(
    'age',
    // Not "address is 12 Calle Mayor": a number before a name is a house number.
    `\\b(?:is|turned|turns|just turned|will be|'s)\\s+(\\d{1,3})(?:\\s+years?\\s+old|\\b(?!\\s*(?:%|percent|people|times|hours|days|minutes|km|miles|kg))(?!\\s+\\p{Lu}))`,
  ),
  cue('age', `\\bage\\s+is\\s+(\\d{1,3})\\b`),
  cue('name', `\\b(?:changed|legally changed)\\s+(?:[\\p{L}']+\\s+){0,2}?name\\s+to\\s+${NAMED}`),
  cue('phone', `\\b(?:phone|mobile|cell)(?:\\s+number)?\\s+(?:is|is now)\\s+(\\+?[\\d(][\\d\\s().-]{4,}\\d)`),
  cue('email', `\\b(?:e-?mail)(?:\\s+address)?\\s+(?:is|is now)\\s+(\\S+@\\S+)`, { value: (m) => m[1].replace(/[.,;]+$/, '') }),
  cue('name', `\\b(?:name is|goes by|is called|prefers to be called)\\s+${NAMED}`),
  cue(
    'car',
    `(?<!test-)\\b(?:${V('drive')}|owns|has|have|bought|got|leased|leases|(?:gets|goes|zips|runs|drives)\\s+(?:around|about)\\s+in)\\s+(?:a|an|the)\\s+(?:[\\p{Ll}-]+\\s+){0,2}?((?:\\p{Lu}[\\p{L}\\p{N}-]*)(?:\\s+\\p{Lu}?[\\p{L}\\p{N}-]+)?)\\b`,
    {
      // "has a Mini fridge": what one merely has is a car only by a name.
      value: (m) => (CAR_BRAND.test(m[1]) && !(/^(?:has|have)\s/i.test(m[0]) && /\s\p{Ll}/u.test(m[1])) ? m[1] : null),
    },
  ),
  // "Tom's car is a Volvo", "her new ride is a Tesla Model 3".
  cue(
    'car',
    `\\b(?:car|ride|vehicle|motor|daily driver)\\s+(?:is|is now|these days is)\\s+(?:a|an)\\s+(?:[\\p{Ll}-]+\\s+){0,2}?((?:\\p{Lu}[\\p{L}\\p{N}-]*)(?:\\s+\\p{Lu}?[\\p{L}\\p{N}-]+)?)\\b`,
    {
      value: (m) => (CAR_BRAND.test(m[1]) ? m[1] : null),
    },
  ),
  cue(
    'car',
    `\\b(?:swapped|traded|exchanged|replaced)\\s+(?:the|their|his|her|our|my)\\s+(?:[\\p{Ll}-]+\\s+)?\\p{Lu}[\\p{L}\\p{N}-]*(?:\\s+\\p{Lu}[\\p{L}\\p{N}-]*)?\\s+(?:in\\s+)?for\\s+(?:a|an|the)\\s+(?:[\\p{Ll}-]+\\s+)?(\\p{Lu}[\\p{L}\\p{N}-]*(?:\\s+\\p{Lu}?[\\p{L}\\p{N}-]+)?)`,
    {
      value: (m) => (CAR_BRAND.test(m[1]) ? m[1] : null),
    },
  ),
  cue('car', `\\b(?:swapped|traded|exchanged|replaced)\\s+(?:the|their|his|her|our|my)\\s+(?:[\\p{Ll}-]+\\s+)?(\\p{Lu}[\\p{L}\\p{N}-]*)`, {
    negated: true,
    value: (m) => (CAR_BRAND.test(m[1]) ? m[1] : null),
  }),
  cue('car', `\\b(?:sold|got rid of|scrapped|traded in|gave up)\\s+(?:the|their|his|her|our)\\s+(?:[\\p{Ll}-]+\\s+){0,2}?(\\p{Lu}[\\p{L}\\p{N}-]*)\\b`, {
    negated: true,
    notAfter: new RegExp(`^\\s+(?:${HOME_NOUNS}|business|company|shop|shares?|stake|stock|boat|bike|piano|guitar|violin)\\b`),
  }),
  cue(
    'language',
    `\\b(?:${V('speak', 'learn', 'study', 'practise', 'practice')}|${V('start', 'begin', 'move on')}\\s+(?:on|with|to)|doing|does|is fluent in|fluent in|native language is|mother tongue is)\\s+(?:some\\s+|fluent\\s+|basic\\s+)?(${LANGUAGES})\\b`,
  ),
  // "hired a tutor for Greek", "found a teacher of Welsh": someone taken on to teach a language.
  cue('language', `\\b(?:tutor|teacher|coach|conversation partner|exchange partner)\\s+(?:for|of|in)\\s+(${LANGUAGES})\\b`, { notAfter: OVER }),
  // "evening classes in Korean", "a course in Portuguese".
  cue('language', `\\b(?:lessons|classes|class|course|courses|tuition|tutoring|exam|exams|certificate|diploma)\\s+in\\s+(${LANGUAGES})\\b`, { notAfter: OVER }),
  // "quit Hungarian", "stopped learning Spanish": the language is no longer learned (dropped or abandoned, it is an ending of any thing).
  cue(
    'language',
    `\\b(?:quit|quits|quitting|stopped (?:learning|studying))\\s+(?:${WHOSE})?(${LANGUAGES})(?=\\s*(?:[,.;!?)]|$)|\\s+(?:and|or|but|in|at|for|after|before|last|this|when|because|since|altogether|completely)\\b)`,
    { negated: true },
  ),
  cue(
    'language',
    `\\b(${LANGUAGES})\\s+(?:lessons|classes|class|course|courses|tutoring|tutor|evening classes|textbook|textbooks|grammar|flashcards|vocabulary|exam|conversation group|immersion|streak|practice)\\b`,
    { notAfter: OVER },
  ),
];

export const FAVORITE =
  /\bfavou?rite\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(?:is|was|are|has always been|has become|is now|right now is|these days is)\s+([^,;.!?]+)/iu;
/** "Ramen is the user's favorite now", "Dune is Hugo's favourite book". */
export const FAVORITE_OBJECT =
  /^(?:[\p{L} ]{1,30}:\s+)?([^,;.!?]{2,60}?)\s+is\s+(?:now\s+)?((?:[Tt]he user|\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?)(?:'s|’s))\s+(?:new\s+|absolute\s+|all-time\s+)?favou?rite(?:\s+(?!(?:now|again|these|lately|right|too|by)\b)([\p{L}-]+))?/u;

/**
 * The name of what was left, without the one left for: "left Google for Meta" left Google. A name
 * that opens with "the" keeps its "for" ("left the Centre for Ageing Better").
 */
function placeLeft(named: string): string | null {
  // "quit Hungarian": a language, read by its own cue.
  if (A_LANGUAGE.test(named)) return null;
  return /^the\s/i.test(named) ? named : named.split(/\s+for\s+/)[0];
}

/** A switch between two languages with no major, subject, course or degree named: a language learned, not a field. */
function languageSwitch(m: RegExpExecArray): boolean {
  return !/\b(?:majors?|subjects?|courses?|degrees?)\b/.test(m[0]) && A_LANGUAGE.test(m[1]);
}
