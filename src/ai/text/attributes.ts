/**
 * The attributes a statement sets of its subject ("Bob just moved to Berlin for a new job at
 * Siemens" sets where Bob lives and who employs him), however it is worded, and the attribute a
 * question asks for ("Where does Bob work?" asks who employs Bob). They connect questions with
 * the memories that answer them, tell a new value of an attribute from another fact, and are
 * written beside a memory in their canonical form ("Bob works at Siemens"), which is what a plain
 * question shares words and meaning with.
 */

export const ATTRIBUTES = [
  'employer', 'residence', 'origin', 'job', 'partner', 'school', 'field', 'diet', 'instrument', 'pet',
  'project', 'team', 'age', 'name', 'car', 'allergy', 'language', 'sport', 'hobby',
] as const;
export type KnownAttribute = (typeof ATTRIBUTES)[number];
/** A known attribute, or `favorite <thing>`. */
export type Attribute = KnownAttribute | `favorite ${string}`;

export interface StatedAttribute {
  /** Who or what it is said of, as the statement names it ("Bob Tanaka", "the user"). */
  subject: string;
  /** A known attribute, or `favorite <thing>`. */
  attribute: string;
  value: string;
  /** "left Google", "no longer vegetarian": the value no longer holds. */
  negated?: boolean;
}

/** Attributes a subject has one value of at a time: a new value replaces the old. */
const SINGLE_VALUED = new Set<string>(['employer', 'residence', 'origin', 'job', 'partner', 'school', 'field', 'diet', 'age', 'name', 'car', 'team']);

/** The value of a negation that ends whatever value held ("is single again", "called off the engagement"). */
export const ANY_VALUE = '*';

export function isSingleValued(attribute: string): boolean {
  return SINGLE_VALUED.has(attribute) || attribute.startsWith('favorite ');
}

/** Lasting facts about a person: they belong to the static part of a profile. */
export function isLasting(attribute: string): boolean {
  return attribute !== 'age';
}

// ---------------------------------------------------------------------------------------------
// Words

const IRREGULAR: Record<string, string[]> = {
  leave: ['left'], get: ['got', 'gotten'], begin: ['began', 'begun'], teach: ['taught'], go: ['went', 'gone'],
  take: ['took', 'taken'], become: ['became'], grow: ['grew', 'grown'], drive: ['drove', 'driven'], eat: ['ate', 'eaten'],
  have: ['has', 'had'], be: ['is', 'am', 'are', 'was', 'were', 'been'], run: ['ran'], find: ['found'], make: ['made'],
  give: ['gave', 'given'], quit: ['quit'], lead: ['led'], hold: ['held'], win: ['won'], buy: ['bought'], bring: ['brought'],
  study: ['studies', 'studied'], marry: ['married', 'marries'], date: ['dated', 'dating', 'dates'], move: ['moved', 'moving', 'moves'],
  live: ['lived', 'living', 'lives'], settle: ['settled', 'settling', 'settles'], relocate: ['relocated', 'relocating', 'relocates'],
  hire: ['hired', 'hiring', 'hires'], retire: ['retired', 'retiring', 'retires'], practice: ['practiced', 'practicing', 'practices', 'practised', 'practising'],
  use: ['used', 'using', 'uses'], love: ['loved', 'loving', 'loves'], like: ['liked', 'liking', 'likes'], manage: ['managed', 'managing', 'manages'],
  reside: ['resided', 'residing', 'resides'], rent: ['rented', 'renting', 'rents'], enrol: ['enrolled', 'enrolling', 'enrols', 'enroll', 'enrolls'],
  adopt: ['adopted', 'adopting', 'adopts'], own: ['owned', 'owning', 'owns'], stop: ['stopped', 'stopping', 'stops'], switch: ['switched', 'switching', 'switches'],
};

/** Every form of a verb: "work" → works, worked, working. */
function forms(base: string): string {
  const all = new Set([base, ...(IRREGULAR[base] ?? [])]);
  all.add(/(?:s|sh|ch|x|z|o)$/.test(base) ? `${base}es` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ies` : `${base}s`);
  all.add(/e$/.test(base) ? `${base}d` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ied` : `${base}ed`);
  all.add(/ee$/.test(base) ? `${base}ing` : /e$/.test(base) ? `${base.slice(0, -1)}ing` : `${base}ing`);
  return `(?:${[...all].join('|')})`;
}
const V = (...bases: string[]) => `(?:${bases.map(forms).join('|')})`;

/** Adverbs and auxiliaries that may stand between a subject and its verb. */
const GAP = "(?:(?:just|now|also|still|currently|recently|finally|officially|already|actually|really|then|later|eventually|has|have|had|is|was|will|would|been|got|has been|is now|was|had been|started|began|decided to|went on to|ended up)\\s+)*";

const NAME_WORD = "(?:\\p{Lu}[\\p{L}\\p{N}&'’.-]*|\\p{N}+\\p{L}*)";
const CONNECTOR = "(?:of|de|la|le|del|da|du|von|van|der|and|&|for|the|on|am|an|upon|y)";
/** A proper name: "Siemens", "the University of Lagos", "St. Mary's Hospital", "New York". */
const NAMED = `((?:the\\s+)?${NAME_WORD}(?:\\s+(?:${CONNECTOR}\\s+)?${NAME_WORD}){0,5})`;

const DETERMINER = '(?:a|an|the|my|his|her|their|our|its)';

const ROLE_NOUNS =
  'CEO|CFO|CTO|COO|CMO|CIO|VP|PM|MD|GP|dev|superintendent|matron|sous-chef|headteacher|head teacher|dean|provost|rector|chancellor|foreman|inspector|sergeant|constable|ranger|warden|conductor|choreographer|sommelier|butler|concierge|dispatcher|underwriter|actuary|broker|cartographer|zoologist|botanist|chemist|pharmacologist|epidemiologist|optometrist|podiatrist|chiropractor|osteopath|hygienist|technologist|sonographer|phlebotomist|registrar|resident|fellow|postdoc|lecturer|teaching assistant|TA|accountant|actor|actress|administrator|advisor|adviser|agent|analyst|anesthesiologist|animator|anthropologist|apprentice|architect|archivist|artist|assistant|associate|astronaut|astronomer|athlete|attorney|auditor|author|baker|banker|barber|barista|bartender|biologist|bookkeeper|builder|butcher|buyer|captain|cardiologist|caregiver|carpenter|cashier|ceo|cfo|chef|chemist|chief|cleaner|clerk|coach|coder|composer|consultant|contractor|coordinator|copywriter|coo|counsel|counselor|counsellor|courier|cto|curator|dancer|data scientist|dentist|deputy|designer|detective|developer|dietitian|diplomat|director|doctor|driver|economist|editor|educator|electrician|engineer|entrepreneur|executive|farmer|firefighter|founder|co-founder|cofounder|freelancer|gardener|geologist|graphic designer|guard|guide|hairdresser|head|historian|host|illustrator|instructor|intern|interpreter|investigator|janitor|journalist|judge|lawyer|lecturer|librarian|lifeguard|linguist|lead|lieutenant|manager|marketer|mathematician|mechanic|mentor|midwife|musician|nanny|navigator|negotiator|neurologist|novelist|nurse|officer|optician|painter|paralegal|paramedic|partner|pastor|pediatrician|pharmacist|photographer|physician|physicist|physiotherapist|pilot|planner|plumber|poet|police officer|politician|president|principal|producer|professor|programmer|psychiatrist|psychologist|publisher|radiologist|realtor|receptionist|recruiter|reporter|representative|researcher|sailor|salesperson|scientist|secretary|senator|singer|social worker|soldier|specialist|statistician|steward|strategist|student|supervisor|surgeon|surveyor|tailor|teacher|technician|therapist|trader|trainer|translator|tutor|vet|veterinarian|vice president|vp|waiter|waitress|welder|writer|pm|product manager|project manager|software engineer|nurse practitioner|sous chef|head chef';

/** A role: "a pediatric nurse", "the CEO", "senior product manager". */
const ROLE = `((?:${DETERMINER}\\s+(?:(?!${DETERMINER}\\b)[\\p{L}-]+\\s+){0,3}?|(?:(?!${DETERMINER}\\b|\\p{L}+ing\\b)[\\p{L}-]+\\s+){0,2}?)(?:${ROLE_NOUNS}|\\p{Ll}{3,}(?:ologist|ist|ician|grapher|eer))s?)\\b`;

const DIETS = 'vegetarian|vegan|pescatarian|pescetarian|keto|ketogenic|paleo|gluten-free|dairy-free|halal|kosher|carnivore|flexitarian|omnivore|plant-based|raw vegan|lacto-vegetarian|ovo-vegetarian|low-carb|sugar-free';
const FOODS = 'meat|fish|pork|beef|chicken|dairy|eggs|gluten|sugar|seafood|shellfish|red meat|animal products|carbs|alcohol';
const INSTRUMENTS =
  'piano|guitar|bass|bass guitar|electric guitar|acoustic guitar|violin|viola|cello|double bass|drums|drum kit|flute|clarinet|oboe|bassoon|saxophone|sax|trumpet|trombone|tuba|french horn|harp|ukulele|banjo|mandolin|accordion|harmonica|keyboard|synthesizer|organ|sitar|tabla|oud|erhu|koto|bagpipes|xylophone|marimba|recorder|lute|percussion';
const ANIMALS = 'dog|puppy|cat|kitten|parrot|rabbit|bunny|hamster|guinea pig|turtle|tortoise|snake|lizard|gecko|ferret|horse|pony|goldfish|fish|bird|budgie|canary|chicken|goat|pig|hedgehog|iguana|rat|mouse';
const SPORTS = 'ultramarathons?|ultras|trail running|trail races?|hurling|camogie|gaelic football|netball|water polo|kabaddi|muay thai|jiu-jitsu|jiu jitsu|taekwondo|kendo|kickboxing|curling|bowling|snooker|padel|pickleball|frisbee|ultimate frisbee|softball|triathlon|duathlon|orienteering|canoeing|kayaking|paddleboarding|diving|freediving|mountaineering|powerlifting|weightlifting|football|soccer|basketball|baseball|tennis|golf|rugby|cricket|hockey|volleyball|badminton|swimming|running|cycling|climbing|bouldering|skiing|snowboarding|surfing|boxing|judo|karate|yoga|pilates|rowing|sailing|skating|table tennis|squash|fencing|archery|marathons?|triathlons?|crossfit|martial arts|handball|lacrosse';
const LANGUAGES =
  'English|Spanish|French|German|Italian|Portuguese|Dutch|Swedish|Norwegian|Danish|Finnish|Polish|Russian|Ukrainian|Czech|Greek|Turkish|Arabic|Hebrew|Persian|Farsi|Hindi|Urdu|Bengali|Punjabi|Tamil|Telugu|Mandarin|Cantonese|Chinese|Japanese|Korean|Vietnamese|Thai|Indonesian|Malay|Tagalog|Swahili|Yoruba|Igbo|Hausa|Amharic|Zulu|Afrikaans|Hungarian|Romanian|Catalan|Basque|Irish|Welsh|Icelandic|Latin|ASL|sign language';

/** Verbs that tell a person's work by what they do. */
const WORK_VERBS =
  '(?:designs|designed|builds|develops|codes|programs|writes|edits|translates|tests|manages|runs|leads|heads|teaches|trains|coaches|nurses|treats|repairs|fixes|maintains|installs|sells|markets|produces|engineers|researches|analyses|analyzes|audits|advises|consults|cooks|bakes|cleans|drives|flies|delivers|serves|supervises|coordinates|organises|organizes|curates|photographs|illustrates|animates|models|plans|reports|covers|reviews|answers|handles|oversees|owns|maintains|operates)';
const SCHOOL_NAME =
  /\b(?:School|Academy|University|College|Institute|Polytechnic|Conservatory|Kindergarten|Nursery|Gymnasium|Lycée|Lycee|Liceo|Colegio|Instituto|Universidad|Université|Universite|Universität|Universitat|Universidade|Università|Hochschule|Scoil|Escola|Escuela|École|Ecole|Schule|Skola|Skole|Scuola|Ysgol|High|Primary|Elementary|MIT|UCLA|NYU|ETH|UCL|LSE|KNUST|IIT|NUS)\b/;

const FIELD = "((?:[\\p{L}-]+\\s+){0,3}?(?:science|sciences|engineering|studies|physics|chemistry|biology|mathematics|maths?|economics|history|law|medicine|nursing|psychology|sociology|philosophy|literature|linguistics|architecture|design|art|arts|music|finance|accounting|marketing|business|management|education|statistics|geography|geology|astronomy|anthropology|journalism|communications|politics|political science|computer science|data science|informatics|pharmacy|dentistry|biochemistry|neuroscience|ecology|agriculture|theology|film|photography|fashion|drama|theatre|theater|languages|english|french|spanish|german|japanese|chinese|mandarin|arabic|italian|korean|russian|portuguese)|\\p{Lu}[\\p{L}-]+(?:\\s+\\p{Lu}[\\p{L}-]+){0,3})\\b";

// ---------------------------------------------------------------------------------------------
// Statements

interface Cue {
  attribute: Attribute;
  pattern: RegExp;
  /** Turns the match into the value (group 1 unless given). */
  value?: (m: RegExpExecArray) => string | null;
  negated?: boolean;
  /** The value must not be followed by this (e.g. "joined Maria for dinner": a person met). */
  notAfter?: RegExp;
}

const cue = (attribute: Attribute, source: string, options: Omit<Cue, 'attribute' | 'pattern'> = {}): Cue => ({
  attribute,
  // Not case-insensitive: a proper name is told by its capital letter.
  pattern: new RegExp(source, 'u'),
  ...options,
});

/** A named value is a proper name, so the case-insensitive patterns check it separately. */
const PERSON_AFTER = /^\s+(?:(?:for|on|in|at|with|to)\s+(?:a|an|the|some|dinner|lunch|breakfast|coffee|drinks|his|her|their|my)|and\s+(?:his|her|their|the|my)\s+(?:kids|family|friends|children|husband|wife|partner))\b/i;

const CUES: Cue[] = [
  // Employer: works at, joined, hired by, a new job at, an engineer at, left …
  cue('employer', `\\b${V('work')}\\s+(?:(?:full[- ]time|part[- ]time|remotely|there|again|now)\\s+)*(?:as\\s+${DETERMINER}?\\s*(?:[\\p{L}-]+\\s+){0,3}?)?(?:at|for|with)\\s+${NAMED}`),
  cue('employer', `\\b(?:employed|hired|recruited|poached|headhunted|contracted)\\s+(?:by|at)\\s+${NAMED}`),
  cue('employer', `\\b${V('join')}\\s+${NAMED}`, { notAfter: PERSON_AFTER }),
  cue('employer', `\\b${V('join')}\\s+(?:the\\s+)?(?:[\\p{L}-]+\\s+){0,2}(?:team|staff|company|firm|startup|faculty)\\s+(?:at|of)\\s+${NAMED}`),
  cue('employer', `\\b(?:job|position|role|internship|post|gig|career|contract|placement|residency|fellowship|offer)\\s+(?:[\\p{L}-]+\\s+){0,2}?(?:at|with|from|for)\\s+${NAMED}`),
  cue('employer', `\\b${V('start', 'begin')}\\s+(?:(?:a\\s+new\\s+job|work|working|a\\s+job)\\s+)?(?:at|with|for)\\s+${NAMED}`),
  cue('employer', `\\b(?:${ROLE_NOUNS}|team|department|group|squad|office|division|\\p{Ll}{3,}(?:ologist|ist|ician|grapher|eer))s?\\s+(?:at|for|with|of)\\s+${NAMED}`),
  cue('employer', `\\b(?:employer|company|workplace|firm|new job)\\s+(?:is|was|is now)\\s+(?:at\\s+)?${NAMED}`),
  cue('employer', `\\b(?:is|are|'s)\\s+now\\s+at\\s+${NAMED}`, { value: (m) => (SCHOOL_NAME.test(m[1]) ? null : m[1]) }),
  cue('employer', `\\b(?:has been|'s been|have been|was|is)\\s+(?:with|at)\\s+${NAMED}\\s+(?:for|since)\\b`, { value: (m) => (SCHOOL_NAME.test(m[1]) ? null : m[1]) }),
  cue('employer', `\\b${V('found', 'co-found', 'cofound', 'launch', 'run', 'own')}\\s+(?:a\\s+(?:company|startup|business)\\s+(?:called|named)\\s+)?${NAMED}`),
  cue('employer', `\\b(?:left|quit|leaves|quits|leaving|quitting|resigned from|was laid off (?:from|by)|got laid off (?:from|by)|was fired from|got fired from|retired from|no longer works? (?:at|for))\\s+${NAMED}`, { negated: true }),
  // Residence
  cue('residence', `\\b${V('live', 'reside', 'stay', 'rent')}\\s+(?:(?:now|currently|permanently|full[- ]time)\\s+)*(?:in|at)\\s+${NAMED}`),
  cue('residence', `\\b${V('move', 'relocate')}\\s+(?:(?:back|here|over|across|out|away)\\s+)*(?:to|into|in)\\s+${NAMED}`),
  cue('residence', `\\b${V('settle')}\\s+(?:down\\s+)?in\\s+${NAMED}`),
  cue('residence', `\\b(?:based|living|located|residing|settled|resident)\\s+(?:in|at)\\s+${NAMED}`),
  cue('residence', `\\b(?:home|apartment|flat|house|condo|place)\\s+(?:is\\s+)?in\\s+${NAMED}`),
  cue('residence', `\\bhome\\s+(?:is|is now)\\s+${NAMED}`),
  cue('residence', `\\b(?:${V('rent', 'share', 'own', 'buy')}|bought|has|have|found|got)\\s+(?:a|an|the|their|his|her)\\s+(?:[\\p{L}\\p{N}-]+\\s+){0,4}?(?:room|flat|apartment|house|home|place|studio|condo|cottage|loft|bungalow|townhouse)\\s+(?:[\\p{L}-]+\\s+){0,4}?in\\s+${NAMED}`),
  cue('residence', `\\b(?:new\\s+)?address\\s+is\\s+[^.!?;]{0,60}?\\bin\\s+${NAMED}`),
  cue('residence', `\\b${V('work')}\\s+(?:now\\s+)?(?:from|at|in|out of)\\s+(?:our|the|a|their|his|her)\\s+(?:new\\s+)?${NAMED}\\s+(?:office|branch|studio|site|hub|campus|base)\\b`),
  cue('residence', `\\b(?:${ROLE_NOUNS})s?\\s+(?:based\\s+)?in\\s+${NAMED}`),
  cue('residence', `\\b(?:is|are|'s|'re)\\s+(?:now\\s+)?(?:living\\s+)?in\\s+${NAMED}\\s+(?:now|these days|nowadays|for good|permanently)\\b|\\b(?:is|are|'s|'re)\\s+now\\s+in\\s+${NAMED}`, {
    value: (m) => m[1] ?? m[2],
  }),
  cue('residence', `\\b(?:moved (?:out of|away from)|no longer lives? in)\\s+${NAMED}`, { negated: true }),
  cue('residence', `\\b${V('work')}\\s+(?:remotely\\s+)?from\\s+${NAMED}`),
  // Origin
  cue('origin', `\\b(?:is|are|was|comes|came|hails)\\s+(?:originally\\s+)?from\\s+${NAMED}`),
  cue('origin', `\\b(?:grew up|was born|were born|was raised|born and raised)\\s+in\\s+${NAMED}`),
  cue('origin', `\\b${V('move', 'relocate', 'come', 'emigrate', 'immigrate')}\\s+(?:here\\s+|over\\s+|to\\s+${NAMED.slice(1, -1)}\\s+)?from\\s+${NAMED}`),
  cue('origin', `\\b(?:home ?town|birthplace|native country|home country)\\s+is\\s+${NAMED}`),
  // Job
  cue('job', `\\b${V('work')}\\s+(?:(?:full[- ]time|part[- ]time|now)\\s+)*as\\s+${ROLE}`),
  cue('job', `\\b(?:is|was|became|becomes|'s|has become|is now|has been|got a job as|trained as|qualified as|promoted to|was promoted to|got promoted to|hired as|retired as)\\s+${ROLE}`),
  cue('job', `\\b(?:job|role|title|position|profession|occupation|career)\\s+(?:is|was|as)\\s+${ROLE}`),
  cue('job', `\\bas\\s+${ROLE}`),
  cue('job', `\\b(?:promoted|elevated|appointed|(?:was|were|been|got|is)\\s+(?:named|made))\\s+(?:to\\s+|as\\s+)?((?:${DETERMINER}\\s+)?(?:[\\p{L}-]+\\s+){0,3}?[\\p{L}-]+?)(?=\\s+(?:at|in|for|of|on|with|after|since)\\b|\\s*[,.;!?(]|$)`),
  cue('job', `\\b(?:no longer|is no longer|stopped being|quit being|retired as|gave up being)\\s+${ROLE}`, { negated: true }),
  cue('job', `\\b(${V('lead', 'head', 'run', 'manage', 'direct', 'oversee', 'supervise', 'chair')}\\s+(?:the\\s+|a\\s+)?(?:[\\p{L}-]+\\s+){0,3}(?:team|group|department|division|office|lab|unit|practice|program|programme|school|clinic|ward|store|shop|branch|studio|restaurant|kitchen))\\b`),
  cue('job', `\\b(${V('teach')}\\s+(?:[\\p{L}\\p{N}-]+\\s+){0,2}?[\\p{L}\\p{N}-]+)\\s+(?:at|in|to)\\b`),
  // Partner
  cue('partner', `\\b(?:married|engaged|wed)\\s+to\\s+${NAMED}`),
  cue('partner', `\\b(?:${V('date', 'marry')}|is seeing|in a relationship with|is with)\\s+${NAMED}`, { notAfter: PERSON_AFTER }),
  cue('partner', `\\b(?:wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|significant other|other half|better half|hubby|wifey|missus)(?:'s name)?(?:,|\\s+is|\\s+named|\\s+called)?\\s+${NAMED}`),
  cue('partner', `\\b(?:broke up with|divorced|separated from|split up with|split from)\\s+${NAMED}`, { negated: true }),
  cue('partner', `\\b(?:is|'s|are|became|is now)\\s+(?:(?:single|divorced|separated|widowed)(?:\\s+again)?|no longer (?:married|engaged|together|dating))\\b|\\b(?:called off|broke off|ended)\\s+(?:the|their|his|her)\\s+(?:engagement|wedding|marriage|relationship)\\b|\\b(?:broke|breaks|split|splits|splitting|breaking) up\\b|\\bgot divorced\\b`, {
    negated: true,
    value: () => ANY_VALUE,
  }),
  // School and field of study
  // "designs train stations for a firm in Yokohama", "tests mobile apps for Infosys": work told by what one does.
  cue('job', `\\b(${WORK_VERBS}\\s+(?:[\\p{L}-]+\\s+){1,4}?)(?:for|at|with)\\s+(?:${NAMED.slice(1, -1)}|(?:a|an|the)\\s+(?:[\\p{L}-]+\\s+)?(?:firm|company|startup|agency|studio|consultancy|practice|hospital|clinic|school|bank|charity|nonprofit|non-profit|magazine|newspaper|publisher|lab|laboratory|brand|retailer|client|clients|council|ministry|government))\\b`, {
    value: (m) => m[1].trim(),
  }),
  cue('employer', `\\b${WORK_VERBS}\\s+(?:[\\p{L}-]+\\s+){1,4}?(?:for|at)\\s+${NAMED}`),
  cue('job', `\\b(${V('drive')}\\s+(?:a|an|the)\\s+(?:[\\p{L}-]+\\s+)?(?:tram|bus|taxi|cab|truck|lorry|train|ambulance|forklift|van|coach|delivery van|school bus|tractor|ferry|crane))\\b`),
  cue('employer', `\\b${V('run', 'own', 'found', 'co-found', 'start', 'manage')}\\s+(?:a|an|the|her|his|their)\\s+(?:[\\p{L}-]+\\s+){0,3}?(?:called|named)\\s+${NAMED}`),
  cue('school', `\\b(?:is|are|was|has been|'s been|have been|started|starts|is now|now)\\s+(?:(?:now|currently|still)\\s+)?at\\s+${NAMED}`, {
    value: (m) => (SCHOOL_NAME.test(m[1]) ? m[1] : null),
  }),
  cue('employer', `\\b${V('teach', 'lecture', 'coach')}\\s+(?:[\\p{L}\\p{N}-]+\\s+){0,3}?at\\s+${NAMED}`),
  cue('school', `\\b(?:MSc|MA|MBA|PhD|BSc|BA|BEng|MEng|LLB|LLM|MPhil|MFA|masters?|master's|bachelor'?s|degree|diploma)\\s+(?:[\\p{L}'-]+\\s+){0,4}?(?:at|from)\\s+${NAMED}`),
  cue('school', `\\b(?:${V('study', 'enrol')}|student|enrolled|a degree|a master'?s|a phd|a doctorate|a bachelor'?s|graduate student|undergrad)\\s+(?:[\\p{L}'-]+\\s+){0,4}?at\\s+${NAMED}`),
  cue('school', `\\b(?:${V('attend')}|goes to|go to|went to|transferred to|was accepted (?:to|into|at)|got into|got accepted (?:to|into|at))\\s+${NAMED}`, {
    value: (m) => (SCHOOL_NAME.test(m[1]) ? m[1] : null),
  }),
  cue('school', `\\b(?:graduated|graduates)\\s+from\\s+${NAMED}`),
  cue('school', `\\b(?:transferred|transfers|transferring)\\s+to\\s+${NAMED}`),
  cue('school', `\\b(?:school|college|university|uni)\\s+is\\s+${NAMED}`),
  cue('field', `\\b(?:MSc|MA|MBA|PhD|BSc|BA|BEng|MEng|LLB|LLM|MPhil|MFA|masters?|master's|bachelor'?s|degree|diploma|course|programme|program)\\s+in\\s+((?:[\\p{L}-]+\\s+){0,2}?[\\p{L}-]+)(?=\\s+(?:at|from|in|with|and)\\b|\\s*[,.;!?(]|$)`),
  cue('field', `\\b(?:${V('study')}|majoring in|majors in|majored in|a degree in|a master'?s in|a phd in|a doctorate in|a bachelor'?s in|specializ(?:es|ed|ing) in|specialis(?:es|ed|ing) in|major is)\\s+${FIELD}`),
  // Diet and food
  cue('diet', `\\b(?:is|are|was|went|became|turned|has been|switched to being|is now|is strictly|is fully|went fully|eats|follows|keeps|on)\\s+(?:a\\s+|an\\s+)?(?:strict\\s+|fully\\s+|mostly\\s+)?(${DIETS})\\b`),
  cue('diet', `\\b(?:does not|doesn't|do not|don't|never|no longer|stopped eating|avoids|cut out|gave up|can't eat|cannot eat|won't eat|refuses to eat)\\s+(?:eat\\s+|eating\\s+|touch\\s+|touches\\s+|have\\s+|drink\\s+)?(?:any\\s+)?(${FOODS})\\b`, { value: (m) => `no ${m[1].toLowerCase()}` }),
  cue('diet', `\\b(?:eats|eating|started eating)\\s+(meat|fish)\\s+again\\b`, { value: () => 'omnivore' }),
  cue('diet', `\\b(?:eats|eat|ate|loves eating|mostly eats)\\s+((?:${FOODS})(?:(?:,\\s*|\\s+and\\s+|\\s+or\\s+)(?:${FOODS}))*)\\b`, { value: (m) => `eats ${m[1]}` }),
  cue('diet', `\\b(?:stopped being|is no longer|no longer|is not|isn't|not)\\s+(?:a\\s+)?(${DIETS})(?:\\s+any\\s?more)?\\b`, { negated: true }),
  cue('allergy', `\\ballergic\\s+to\\s+((?:[\\p{L}-]+\\s+){0,2}?[\\p{L}-]+)\\b`),
  cue('allergy', `\\b((?:[\\p{L}-]+\\s+)?[\\p{L}-]+)\\s+allergy\\b`),
  // Instrument, sport, hobby
  cue('instrument', `\\b(?:${V('play', 'learn', 'practice', 'study', 'teach')}|picked up|took up|takes|took|started|plays in|playing in)\\s+(?:to\\s+play\\s+)?(?:the\\s+|a\\s+|an\\s+|some\\s+)?(${INSTRUMENTS})\\b`),
  cue('instrument', `\\b(${INSTRUMENTS})\\s+(?:lessons|player|teacher|practice|classes)\\b`),
  cue('instrument', `\\bswitched\\s+(?:from\\s+(?:the\\s+)?(?:${INSTRUMENTS})\\s+)?to\\s+(?:the\\s+)?(${INSTRUMENTS})\\b`),
  cue('instrument', `\\bswitched\\s+from\\s+(?:the\\s+)?(${INSTRUMENTS})\\s+to\\b`, { negated: true }),
  cue('instrument', `\\b(?:swapped|traded|exchanged|replaced)\\s+(?:the\\s+|a\\s+|an\\s+|their\\s+|his\\s+|her\\s+)?(?:${INSTRUMENTS})\\s+for\\s+(?:the\\s+|a\\s+|an\\s+)?(${INSTRUMENTS})\\b`),
  cue('instrument', `\\b(?:swapped|traded|exchanged|replaced)\\s+(?:the\\s+|a\\s+|an\\s+|their\\s+|his\\s+|her\\s+)?(${INSTRUMENTS})\\s+for\\b`, { negated: true }),
  cue('sport', `\\b(?:quit|gave up|stopped playing|stopped|no longer plays?|retired from)\\s+(${SPORTS})\\b`, { negated: true }),
  cue('instrument', `\\b(?:gave up|quit|stopped playing|no longer plays)\\s+(?:the\\s+)?(${INSTRUMENTS})\\b`, { negated: true }),
  cue('sport', `\\b(${SPORTS})\\s+(?:gym|class|classes|club|session|sessions|team|league|practice|lessons|wall|hall|centre|center)\\b`),
  cue('sport', `\\b(?:${V('play', 'practice', 'do', 'train')}|goes|go|took up|picked up|started|runs|run)\\s+(?:for\\s+)?(?:[\\p{Ll}-]+\\s+)?(${SPORTS})\\b`),
  // Pastimes: what someone does in their own time
  cue('hobby', `\\b(\\p{Ll}+s\\s+(?:[\\p{L}-]+\\s+){1,4}?)(?:in (?:his|her|their|the) (?:spare|free) time|as a hobby|for fun|on (?:the )?weekends|at weekends|in (?:his|her|their) (?:garage|shed|garden|workshop))\\b`, { value: (m) => m[1].trim() }),
  cue('hobby', `\\b(?:keeps|breeds|raises|collects)\\s+((?:[\\p{L}-]+\\s+){0,2}?[\\p{L}-]+)\\b(?=\\s+(?:on|in|at|as|for|since|from)\\b|\\s*[,.;!]|$)`),
  // Pets
  cue('pet', `\\b(?:${V('have', 'adopt', 'get', 'own', 'rescue', 'buy')})\\s+(?:a|an|two|three|\\d+)\\s+(?:[\\p{L}-]+\\s+){0,2}?(${ANIMALS})s?(?:\\s+(?:named|called)\\s+(\\p{Lu}[\\p{L}'-]*))?`, {
    value: (m) => (m[2] ? `${m[1].toLowerCase()} ${m[2]}` : m[1].toLowerCase()),
  }),
  cue('pet', `\\b(?:${ANIMALS}),?\\s+(?:named\\s+|called\\s+)?(\\p{Lu}[\\p{L}'-]*)`),
  // Team
  cue('team', `\\b(?:is|are|'s|was|has been|works|working|joined|moved to|switched to|transferred to|leads|heads|runs|manages|now leads|on)\\s+(?:on\\s+|in\\s+|with\\s+)?(?:the|a|our|their)\\s+((?:[\\p{L}\\p{N}&-]+\\s+){1,3}?)(?:team|squad|group|crew|department|unit)\\b`, {
    value: (m) => m[1].trim(),
  }),
  cue('team', `\\b(?:left|moved off|quit)\\s+(?:the|a|our|their)\\s+((?:[\\p{L}\\p{N}&-]+\\s+){1,3}?)(?:team|squad|group|crew|department|unit)\\b`, {
    negated: true,
    value: (m) => m[1].trim(),
  }),
  // Project
  cue('project', `\\b${V('work', 'lead', 'build', 'run', 'manage')}\\s+(?:(?:now|currently|mostly)\\s+)*on\\s+(?:the\\s+|a\\s+|an\\s+)?((?:[\\p{L}\\p{N}'-]+\\s+){0,4}?(?:project|app|platform|product|launch|migration|redesign|rollout|book|novel|album|thesis|dissertation|startup|game|website|campaign|study|paper|tool|library|system|initiative)|${NAMED.slice(1, -1)})`),
  cue('project', `\\b[Pp]roject\\s+(?:called\\s+|named\\s+)?${NAMED}`),
  cue('project', `\\b(?:is|are|'s|has been|was moved|got moved|moved)\\s+(?:(?:now|currently)\\s+)?(?:on(?:to)?|to)\\s+(?:the\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})\\s+(?:project|team|squad|initiative|migration|launch)\\b`),
  cue('project', `\\b${V('lead', 'run', 'manage', 'own', 'drive', 'coordinate')}\\s+(?:the\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2}\\s+(?:project|migration|launch|rollout|redesign|initiative|programme|program))\\b`),
  cue('project', `\\b(?:left|quit)\\s+(?:the\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})\\s+(?:project|migration|launch)\\b`, { negated: true }),
  cue('project', `\\b(?:moved off|rolled off|finished|wrapped up|handed over|no longer works on|stopped working on)\\s+(?:the\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})(?:\\s+(?:project|team|migration|launch))?\\b`, {
    negated: true,
    value: (m) => (/^(?:the\s+)?\p{Lu}/u.test(m[1]) ? m[1] : null),
  }),
  // Age, name, car, language
  cue('age', `\\b(?:is|turned|turns|just turned|will be|'s)\\s+(\\d{1,3})(?:\\s+years?\\s+old|\\b(?!\\s*(?:%|percent|people|times|hours|days|minutes|km|miles|kg)))`),
  cue('age', `\\bage\\s+is\\s+(\\d{1,3})\\b`),
  cue('name', `\\b(?:name is|goes by|is called|prefers to be called)\\s+${NAMED}`),
  cue('car', `\\b(?:${V('drive')}|owns|bought|got|leased|leases)\\s+(?:a|an|the)\\s+(?:[\\p{Ll}-]+\\s+){0,2}?((?:\\p{Lu}[\\p{L}\\p{N}-]*)(?:\\s+\\p{Lu}?[\\p{L}\\p{N}-]+)?)\\b`, {
    value: (m) => (/^(?:Tesla|Toyota|Honda|Ford|BMW|Audi|Volkswagen|VW|Mercedes|Volvo|Subaru|Mazda|Nissan|Kia|Hyundai|Jeep|Chevrolet|Chevy|Fiat|Peugeot|Renault|Skoda|Porsche|Mini|Lexus|Polestar|Rivian|Prius|Dodge|Citroen|Citroën|Seat|Opel|Dacia|Lada|Suzuki|Mitsubishi|Land Rover|Range Rover|Jaguar|Alfa Romeo|Lancia|Cupra|Tata|Mahindra|Maruti|Proton|Perodua|BYD|Geely|NIO|Chery|MG|Smart|Saab|Ferrari|Lamborghini|Maserati|Bentley|Rolls-Royce|Aston Martin|Lotus|Cadillac|Buick|GMC|Chrysler|Lincoln|Acura|Infiniti|Genesis|DS|Zoe)\b/.test(m[1]) ? m[1] : null),
  }),
  cue('car', `\\b(?:sold|got rid of|scrapped|traded in|gave up)\\s+(?:the|their|his|her|our)\\s+(?:[\\p{Ll}-]+\\s+){0,2}?(\\p{Lu}[\\p{L}\\p{N}-]*)\\b`, { negated: true }),
  cue('language', `\\b(?:${V('speak', 'learn', 'study')}|is fluent in|fluent in|native language is|mother tongue is)\\s+(?:some\\s+|fluent\\s+|basic\\s+)?(${LANGUAGES})\\b`),
];

const FAVORITE = /\bfavou?rite\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(?:is|was|are|has always been|has become|is now|right now is|these days is)\s+([^,;.!?]+)/iu;
/** "Ramen is the user's favorite now", "Dune is Hugo's favourite book". */
const FAVORITE_OBJECT = /^(?:[\p{L} ]{1,30}:\s+)?([^,;.!?]{2,60}?)\s+is\s+(?:now\s+)?((?:[Tt]he user|\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?)(?:'s|’s))\s+(?:new\s+|absolute\s+|all-time\s+)?favou?rite(?:\s+(?!(?:now|again|these|lately|right|too|by)\b)([\p{L}-]+))?/u;

// ---------------------------------------------------------------------------------------------
// Subjects

/** A capitalised word; "O'Brien" is one, "Mei's" is Mei and a possessive. */
const CAPITALISED = "\\p{Lu}[\\p{L}-]*(?:['’]\\p{L}{2,}[\\p{L}-]*)?";
const SUBJECT_NAME = `${CAPITALISED}(?:\\s+(?:${CAPITALISED}|\\p{Lu}\\.))*`;
const RELATIONS =
  "other half|better half|hubby|wifey|missus|wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|sister|brother|sibling|mom|mum|mother|dad|father|parents?|son|daughter|kids?|children|child|baby|friend|best friend|cousin|aunt|uncle|grandma|grandpa|grandmother|grandfather|niece|nephew|boss|manager|coworker|co-worker|colleague|roommate|flatmate|neighbou?r|mentor|teacher|dog|cat|puppy|kitten|pet|team|company|family";
const PARTNER_WORD = /^(?:wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|half|hubby|wifey|missus)$/;
/** A phrase of time or manner before the subject: "From now on, Zoe …", "These days the user …". */
const PHRASE_OPENER =
  '(?:From|These|Nowadays|Since|In|Now|Today|Recently|Lately|Currently|Starting|As|After|Before|Last|This|Next|On|At|By|Over|During|Until|Once|When|While|Yesterday|Tomorrow|Earlier|Later|Back|Soon|Eventually|Finally|Meanwhile|Also|However|Still|So|Well|Anyway|Actually|Honestly)\\b[^,]{0,40},\\s+';
const TIME_OPENER = '(?:[Tt]hese days|[Nn]owadays|[Ff]rom now on|[Nn]ow|[Cc]urrently|[Ll]ately|[Rr]ecently|[Tt]oday|[Ss]ince then|[Aa]t the moment|[Rr]ight now|(?:[Ss]ince|[Ii]n|[Ff]rom|[Bb]y|[Uu]ntil)\\s+(?:\\p{Lu}\\p{Ll}+\\s+)?\\d{4}),?\\s+';
const LEADING_SUBJECT = new RegExp(
  `^(?:According to [^,]+,\\s+)?(?:[\\p{L} ]{1,30}:\\s+)?(?:${PHRASE_OPENER}|${TIME_OPENER})?(?:([Tt]he user|[Tt]he assistant)|((?:[Tt]he\\s+)?${SUBJECT_NAME}(?:\\s+(?:family|household|couple|twins|kids|team|group|band|club))?))(?:(?:'s|’s)\\s+((?:[\\p{Ll}-]+\\s+)?(?:${RELATIONS}))\\b(?:,?\\s+(${SUBJECT_NAME}))?)?(?=(?:'s|’s)?\\s|,|$)`,
  'u',
);
const NOT_A_SUBJECT = /^(?:The|A|An|This|That|These|Those|It|There|Here|Our|Their|Its|His|Her|My|Your|We|They|He|She|I|You|Some|Every|Each|All|Both|Today|Tomorrow|Yesterday|In|On|At|After|Before|When|While|If|As|Since|During|According)$/;

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

/** Who a statement is about: the name it opens with ("Bob Tanaka", "the user", "Maria's husband"), or null. */
export function subjectOf(text: string): string | null {
  return subjectAndOwner(text).subject;
}

function subjectAndOwner(text: string): Subject {
  const none = { subject: null, owner: null, relation: null };
  const m = LEADING_SUBJECT.exec(text.trim());
  if (!m) return none;
  const owner = m[1] ? m[1].toLowerCase() : m[2];
  const first = owner.replace(/^the\s+/i, '').split(/\s+/)[0];
  // "Meeting at Chinedu's flat …": a capitalised -ing word opens a phrase, not a name.
  if (!m[1] && (NOT_A_SUBJECT.test(first) || (/^\p{Lu}\p{Ll}{3,}ing$/u.test(first) && !owner.includes(' ')))) return none;
  // "The Hermes project": "the" and a capitalised word name a thing only with a family, a team …
  if (!m[1] && /^the\s/i.test(owner) && !/\s(?:family|household|couple|twins|kids|team|group|band|club)$/.test(owner)) return none;
  const relation = m[3] ?? null;
  if (!relation) return { subject: owner, owner: null, relation: null };
  // "Mei's sister Anna": about Anna; "Maria's husband": about him, whose name it does not give.
  return { subject: m[4] ?? `${owner}'s ${relation}`, owner, relation: relation.split(/\s+/).at(-1)! };
}

/** "Bob" and "Bob Tanaka" name one person; "the user" is whoever the tag belongs to. */
export function sameSubject(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  const words = (s: string) => s.toLowerCase().replace(/(?:'s|’s)\b/g, '').split(/\s+/).filter(Boolean);
  const x = words(a);
  const y = words(b);
  const [shorter, longer] = x.length <= y.length ? [x, y] : [y, x];
  return shorter.length > 0 && shorter.every((w) => longer.includes(w));
}

// ---------------------------------------------------------------------------------------------

const TRAILING_NOT_VALUE = /\s+(?:in|on|at|last|this|next|since|for|from|and|with|to|by|the|as)$|\s+(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?:\s+\d{4})?$/i;
const NOT_A_VALUE = /^(?:the\s+)?(?:I|We|You|He|She|They|It|Me|Him|Her|Us|Them|The|A|An|My|Our|His|Their|This|That|Mr|Mrs|Ms|Dr|January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Christmas|Easter|Thanksgiving|Halloween|Today|Tomorrow|Yesterday|Instead|Now)$/i;

function cleanValue(raw: string): string | null {
  let value = raw.trim().replace(/[,;:.!?)'"’]+$/, '').replace(/^(?:our|their|his|her|my|its|your)\s+/i, '');
  for (let i = 0; i < 3 && TRAILING_NOT_VALUE.test(value); i++) value = value.replace(TRAILING_NOT_VALUE, '');
  value = value.replace(/^the\s+(?=\p{Ll})/u, 'the ');
  if (!value || NOT_A_VALUE.test(value) || value.length > 80) return null;
  return value;
}

/** Case matters for names; the patterns ignore it, so a named value is checked here. */
function isProperName(value: string): boolean {
  const core = value.replace(/^the\s+/i, '');
  return /^[\p{Lu}\p{N}]/u.test(core);
}

const UNREAL_BEFORE = /\b(?:will|won't|would|might|may|could|should|going to|plans? to|planning to|hopes? to|hoping to|wants? to|wanted to|would like to|wishes to|about to|considering|thinking (?:of|about)|dreams? of|if|unless|whether|not|never|didn't|doesn't|don't|isn't|wasn't)\s+(?:\S+\s+){0,2}$/i;

const HELD_ONCE = /\b(?:lived|worked|studied|attended|taught|played|was|were|used to)\b/i;
const PAST_TIME = /\b(?:1[89]\d\d|20\d\d)\b|\b(?:until|till|before|back in|as a (?:child|kid|teenager|student))\b|\bfrom\s+\S+\s+to\b/i;

const PARTNER_OF = new RegExp(`^(${SUBJECT_NAME})\\s+(?:is|was|is now)\\s+(${SUBJECT_NAME})['’]s\\s+(?:new\\s+)?(?:wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?)\\b`, 'u');
const COUPLE = new RegExp(`^(${SUBJECT_NAME})\\s+(?:and|&)\\s+(${SUBJECT_NAME})\\s`, 'u');

const NAMED_ATTRIBUTES = new Set<string>(['employer', 'residence', 'origin', 'partner', 'school', 'name']);

/**
 * The attributes a statement sets, with its subject and the value; [] when it sets none it
 * recognises. The subject is the name the statement opens with (the offline extractor and the
 * model both write the subject first).
 */
export function statedAttributes(text: string): StatedAttribute[] {
  const { subject, owner, relation } = subjectAndOwner(text);
  if (!subject) return [];
  const found: StatedAttribute[] = [];
  const predicate = text.trim();
  for (const c of CUES) {
    const m = c.pattern.exec(predicate);
    if (!m) continue;
    if (c.notAfter && c.notAfter.test(predicate.slice(m.index + m[0].length))) continue;
    // "will join Meta", "wants to move to Oslo": a plan or a wish, not the attribute's value.
    if (UNREAL_BEFORE.test(predicate.slice(Math.max(0, m.index - 40), m.index))) continue;
    // "In 2020 Alice lived in Rome", "worked at Google until 2019": a value that held once, not now.
    if (!c.negated && HELD_ONCE.test(m[0]) && PAST_TIME.test(predicate)) continue;
    const raw = c.value ? c.value(m) : m[1];
    // "boyfriend Omar and Lina moved in": a person named is one person.
    const value = raw === null ? null : cleanValue(c.attribute === 'partner' ? raw.split(/\s+(?:and|&)\s+/)[0] : raw);
    if (!value) continue;
    if (NAMED_ATTRIBUTES.has(c.attribute) && !c.value && !isProperName(value)) continue;
    // "Mei's wife Laura", "Maria's husband is Tom": the partner is Mei's, Maria's.
    const ownersPartner = c.attribute === 'partner' && owner && relation && PARTNER_WORD.test(relation);
    const of = ownersPartner || sameSubject(value, subject) ? owner : subject;
    if (!of || sameSubject(value, of)) continue;
    const sameAttribute = found.filter((f) => f.attribute === c.attribute && !!f.negated === !!c.negated);
    if (sameAttribute.some((f) => f.value.toLowerCase().includes(value.toLowerCase()) || value.toLowerCase().includes(f.value.toLowerCase()))) continue;
    if (isSingleValued(c.attribute) && sameAttribute.length) continue;
    found.push({ subject: of, attribute: c.attribute, value, ...(c.negated ? { negated: true } : {}) });
  }
  // "Omar is Lina's boyfriend": Lina's partner is Omar.
  const partnerOf = PARTNER_OF.exec(predicate);
  if (partnerOf && !found.some((f) => f.attribute === 'partner')) found.push({ subject: partnerOf[2], attribute: 'partner', value: partnerOf[1] });
  // "Omar and Lina split up": neither has a partner any more.
  const couple = COUPLE.exec(predicate);
  if (couple) {
    for (const f of found.filter((a) => a.attribute === 'partner' && a.negated && a.value === ANY_VALUE)) {
      if (!found.some((a) => a.attribute === 'partner' && a.negated && sameSubject(a.subject, couple[2]))) found.push({ ...f, subject: couple[2] });
    }
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
  return found;
}

const PHRASES: Record<KnownAttribute, (s: string, v: string) => string> = {
  employer: (s, v) => `${s} works at ${v}`,
  residence: (s, v) => `${s} lives in ${v}`,
  origin: (s, v) => `${s} is from ${v}`,
  job: (s, v) => {
    // "leads the hardware group", "teaches math": the role told by what the person does.
    if (/^\p{Ll}+s\s/u.test(v)) return `${s} ${v}; ${possessive(s)} job: ${v}`;
    const bare = v.replace(/^(?:a|an|the)\s+/i, '');
    return `${s} works as ${/^(?:a|an|the)\s/i.test(v) ? v : article(v)}; ${possessive(s)} job: ${bare}`;
  },
  partner: (s, v) => `${possessive(s)} partner is ${v}`,
  school: (s, v) => `${s} studies at ${v}`,
  field: (s, v) => `${s} studies ${v}`,
  diet: (s, v) => (v.startsWith('no ') ? `${s} does not eat ${v.slice(3)}; ${possessive(s)} diet: ${v}` : `${s} eats a ${v} diet; ${s} is ${v}`),
  instrument: (s, v) => `${s} plays the ${v}`,
  pet: (s, v) => `${s} has a pet ${v}`,
  project: (s, v) => `${s} works on ${v}`,
  team: (s, v) => `${s} is on the ${v} team`,
  age: (s, v) => `${s} is ${v} years old`,
  name: (s, v) => `${possessive(s)} name is ${v}`,
  car: (s, v) => `${s} drives a ${v}`,
  allergy: (s, v) => `${s} is allergic to ${v}`,
  language: (s, v) => `${s} speaks ${v}`,
  sport: (s, v) => `${s} plays ${v}`,
  hobby: (s, v) => `${possessive(s)} hobby is ${v}`,
};

const NEGATED_PHRASES: Partial<Record<KnownAttribute, (s: string, v: string) => string>> = {
  employer: (s, v) => `${s} no longer works at ${v}`,
  residence: (s, v) => `${s} no longer lives in ${v}`,
  partner: (s, v) => `${s} is no longer with ${v}`,
  diet: (s, v) => `${s} is no longer ${v}`,
  instrument: (s, v) => `${s} no longer plays the ${v}`,
  team: (s, v) => `${s} is no longer on the ${v} team`,
};

/** An attribute in the words plain questions use: "Bob Tanaka works at Siemens". */
export function canonicalStatement(a: StatedAttribute): string {
  const subject = a.subject === 'the user' ? 'The user' : a.subject;
  if (a.attribute.startsWith('favorite ')) return `${possessive(subject)} ${a.attribute} is ${a.value}`;
  if (a.value === ANY_VALUE) return a.attribute === 'partner' ? `${subject} is single` : '';
  const phrase = a.negated ? NEGATED_PHRASES[a.attribute as KnownAttribute] : PHRASES[a.attribute as KnownAttribute];
  return phrase ? phrase(subject, a.value) : '';
}

/** The canonical forms of a statement's attributes, as one text (empty when it sets none). */
export function canonicalText(attributes: StatedAttribute[]): string {
  return attributes.map(canonicalStatement).filter(Boolean).join('. ');
}

function possessive(name: string): string {
  return /s$/.test(name) ? `${name}'` : `${name}'s`;
}

function article(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

// ---------------------------------------------------------------------------------------------
// Questions

export interface AskedAttribute {
  attribute: Attribute;
  /** Whom the question asks about, when it names someone. */
  subject: string | null;
}

const Q = (attribute: Attribute, source: string): { attribute: Attribute; pattern: RegExp } => ({ attribute, pattern: new RegExp(source, 'iu') });

/** Question forms, most specific first. */
const QUESTIONS = [
  Q('origin', '\\bwhere\\b.*\\b(?:from|grow up|grew up|born|raised)\\b|\\bhome ?town\\b|\\bbirthplace\\b|\\bnationality\\b|\\bwhat country\\b.*\\bfrom\\b'),
  Q('school', '\\bwhere\\b.*\\b(?:study|studies|studying|studied|school|college|university|enrolled|go to school|graduate)\\b|\\b(?:which|what)\\s+(?:school|college|university|uni|academy|institute)\\b|\\balma mater\\b'),
  Q('field', '\\bwhat\\b.*\\b(?:study|studies|studying|studied|major|majoring|degree|specializ|specialis)\\b|\\bfield of study\\b|\\bmajor\\b'),
  Q('employer', '\\bwhat\\b.*\\b(?:business|company|shop|store|cafe|café|restaurant|studio|firm|bakery)\\b.*\\b(?:run|runs|own|owns|started|founded)\\b|\\bwhat\\s+does\\s+\\S+(?:\\s+\\S+)?\\s+(?:run|own)\\b'),
  Q('employer', '\\bwhere\\b.*\\b(?:work|works|working|worked|employed|job)\\b|\\bwho\\b.*\\b(?:employs|employ|employed|hired|pays|work for|works for|working for)\\b|\\b(?:which|what)\\s+(?:company|firm|employer|organi[sz]ation|business|startup|agency|bank|studio|lab|hospital|store|shop|restaurant|school)\\b.*\\b(?:work|works|working|employ|employs|employed|hire|hired|job|at|for|with|join|joined)\\b|\\bemployer\\b|\\bworkplace\\b|\\bwork(?:s|ing)? for\\b'),
  Q('residence', '\\bwhere\\b.*\\b(?:live|lives|living|lived|based|stay|stays|staying|reside|resides|moved|move|moving|relocated|home)\\b|\\b(?:which|what)\\s+(?:city|town|country|place|neighbou?rhood|state|area|village|part of)\\b.*\\b(?:live|lives|living|based|in|home|move|moved|reside)\\b|\\bwhere\\b.*\\b(?:is|are)\\b.*\\b(?:now|these days|nowadays)\\b|\\baddress\\b'),
  Q('diet', '\\bwhat\\b.*\\b(?:eat|eats|eating)\\b|\\bdiet(?:ary)?\\b|\\b(?:vegetarian|vegan|meat|food restrictions?|pescatarian)\\b|\\bwhat\\b.*\\bfood\\b.*\\b(?:avoid|can\'?t|cannot|won\'?t)\\b'),
  Q('allergy', '\\ballerg'),
  Q('partner', '\\b(?:partner|wife|husband|spouse|boyfriend|girlfriend|fianc[eé]e?|significant other|other half|married|dating|seeing|in a relationship)\\b'),
  Q('instrument', '\\binstruments?\\b|\\bwhat\\b.*\\bplays?\\b(?!.*\\b(?:sport|game|team|position)\\b)'),
  Q('sport', '\\bsports?\\b|\\bwhat\\b.*\\bplay\\b.*\\b(?:sport|game|team)\\b'),
  Q('hobby', '\\bwhat\\b.*\\bdo(?:es)?\\b.*\\b(?:weekends?|free time|spare time|for fun|evenings?|after work|to relax|to unwind)\\b|\\bhobb(?:y|ies)\\b|\\bpastimes?\\b'),
  Q('pet', '\\bpets?\\b|\\b(?:dog|cat|puppy|kitten)\\b.*\\b(?:name|called|named)\\b|\\bwhat\\b.*\\banimal\\b'),
  Q('team', '\\b(?:which|what)\\s+(?:team|squad|department|group)\\b|\\bteam\\b.*\\b(?:on|in|lead|leads|run)\\b'),
  Q('project', '\\bprojects?\\b|\\bworking on\\b|\\bwork on\\b'),
  Q('age', '\\bhow old\\b|\\bage\\b'),
  Q('car', '\\bcar\\b|\\bwhat\\b.*\\bdrive\\b'),
  Q('language', '\\blanguages?\\b|\\bwhat\\b.*\\bspeak\\b'),
  Q('job', '\\bwhat\\b.*\\b(?:lead|leads|head|heads|manage|manages|oversee|oversees|direct|directs)\\b\\??$'),
  Q('job', '\\bwhat\\b.*\\b(?:do|does)\\b.*\\b(?:do|for (?:a )?living|for work)\\s*\\??$|\\b(?:job|role|profession|occupation|title|position|career|line of work|what .* work as|works as|earns? (?:a|their|his|her) living|make (?:a|their|his|her) living)\\b|\\bwhat\\b.*\\bdo(?:es)?\\b\\s+(?:\\p{L}+\\s+){1,3}do\\b'),
  Q('name', "\\bwhat(?:'s| is)\\b.*\\bname\\b|\\bwho is the user\\b"),
] as const;

const QUESTION_WORD = /^(?:who|whom|whose|what|what's|whats|where|where's|which|when|why|how|is|are|was|were|does|do|did|can|could|has|have|will|would|should|tell|name)\b/i;
const NOT_A_QUESTION_SUBJECT = /^(?:Who|Whom|Whose|What|Where|Which|When|Why|How|Is|Are|Was|Were|Does|Do|Did|Can|Could|Has|Have|Will|Would|Should|Tell|Name|The|A|An|I|My|Me|Please|Currently|Now)$/;

/** The attribute a question asks for ("Where does Bob work?" → Bob's employer), or null. */
export function askedAttribute(question: string): AskedAttribute | null {
  const q = question.trim();
  if (!QUESTION_WORD.test(q) && !q.endsWith('?')) return null;
  const favorite = /\bfavou?rite\s+([\p{L}-]+)/iu.exec(q);
  const attribute: Attribute | undefined = favorite
    ? `favorite ${favorite[1].toLowerCase()}`
    : QUESTIONS.find((candidate) => candidate.pattern.test(q))?.attribute;
  if (!attribute) return null;
  return { attribute, subject: questionSubject(q) };
}

/** Whom a question names: "Where does Bob Tanaka work?" → Bob Tanaka; "Where do I live?" → the user. */
export function questionSubject(question: string): string | null {
  const names = question.match(/\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*/gu) ?? [];
  for (const raw of names) {
    const words = raw.replace(/(?:'s|’s|')$/, '').split(/\s+/).filter((w) => !NOT_A_QUESTION_SUBJECT.test(w.replace(/(?:'s|’s)$/, '')));
    if (words.length) return words.join(' ').replace(/(?:'s|’s)$/, '');
  }
  if (/\b(?:I|my|me)\b/.test(question) || /\bthe user\b/i.test(question)) return 'the user';
  return null;
}

/** Attributes that answer a question for another when nothing states the one asked ("What does Siobhán do?" → she works at Aer Lingus). */
const NEARBY: Record<string, string[]> = {
  job: ['employer', 'project', 'team', 'hobby'],
  employer: ['job', 'school'],
  diet: ['allergy'],
  hobby: ['sport', 'instrument'],
  sport: ['hobby'],
  residence: ['origin'],
  school: ['field'],
  field: ['school'],
  team: ['project', 'job'],
  project: ['team'],
};

/**
 * How well a stored attribute answers an asked one: 2 when it is the attribute asked for, 1 when
 * it is a neighbouring one, 0 when it does not (another person's, a value that no longer holds).
 */
export function answerStrength(stated: StatedAttribute, asked: AskedAttribute): 0 | 1 | 2 {
  if (stated.negated || stated.value === ANY_VALUE) return 0;
  const strength = stated.attribute === asked.attribute ? 2 : NEARBY[asked.attribute]?.includes(stated.attribute) ? 1 : 0;
  if (!strength) return 0;
  if (!asked.subject || asked.subject === 'the user') return strength;
  return sameSubject(stated.subject, asked.subject) || stated.subject === 'the user' ? strength : 0;
}

/** The attribute asked for and those that answer it second best. */
export function answeringAttributes(asked: AskedAttribute): string[] {
  return [asked.attribute, ...(NEARBY[asked.attribute] ?? [])];
}

/** Whether a stored attribute is the one asked for, of the person asked about. */
export function answers(stated: StatedAttribute, asked: AskedAttribute): boolean {
  return answerStrength(stated, asked) === 2;
}
