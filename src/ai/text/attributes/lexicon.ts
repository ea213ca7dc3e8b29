/** The words the attribute cues are made of: verb forms, proper names, roles, diets, instruments, sports. */

export const IRREGULAR: Record<string, string[]> = {
  leave: ['left'],
  get: ['got', 'gotten'],
  begin: ['began', 'begun'],
  teach: ['taught'],
  go: ['went', 'gone'],
  take: ['took', 'taken'],
  become: ['became'],
  grow: ['grew', 'grown'],
  drive: ['drove', 'driven'],
  eat: ['ate', 'eaten'],
  have: ['has', 'had'],
  be: ['is', 'am', 'are', 'was', 'were', 'been'],
  run: ['ran'],
  find: ['found'],
  make: ['made'],
  give: ['gave', 'given'],
  quit: ['quit'],
  lead: ['led'],
  hold: ['held'],
  win: ['won'],
  buy: ['bought'],
  bring: ['brought'],
  study: ['studies', 'studied'],
  marry: ['married', 'marries'],
  date: ['dated', 'dating', 'dates'],
  move: ['moved', 'moving', 'moves'],
  live: ['lived', 'living', 'lives'],
  settle: ['settled', 'settling', 'settles'],
  relocate: ['relocated', 'relocating', 'relocates'],
  hire: ['hired', 'hiring', 'hires'],
  retire: ['retired', 'retiring', 'retires'],
  practice: ['practiced', 'practicing', 'practices', 'practise', 'practises', 'practised', 'practising'],
  use: ['used', 'using', 'uses'],
  love: ['loved', 'loving', 'loves'],
  like: ['liked', 'liking', 'likes'],
  manage: ['managed', 'managing', 'manages'],
  reside: ['resided', 'residing', 'resides'],
  rent: ['rented', 'renting', 'rents'],
  adopt: ['adopted', 'adopting', 'adopts'],
  own: ['owned', 'owning', 'owns'],
  stop: ['stopped', 'stopping', 'stops'],
  switch: ['switched', 'switching', 'switches'],
  transfer: ['transferred', 'transferring'],
  travel: ['travelled', 'travelling'],
  plan: ['planned', 'planning'],
  shop: ['shopped', 'shopping'],
  drop: ['dropped', 'dropping'],
  prefer: ['preferred', 'preferring'],
  enrol: ['enrolled', 'enrolling', 'enrols', 'enroll', 'enrolls'],
  put: ['put', 'putting'],
  set: ['set', 'setting'],
  pick: ['picked', 'picking', 'picks'],
  spend: ['spent'],
};

/** Every form of a verb: "work" → works, worked, working; "take up" → took up, taken up, taking up. */
function forms(base: string): string {
  const space = base.indexOf(' ');
  if (space > 0) return `(?:${forms(base.slice(0, space))}${base.slice(space).replace(/ /g, '\\s+')})`;
  const all = new Set([base, ...(IRREGULAR[base] ?? [])]);
  all.add(/(?:s|sh|ch|x|z|o)$/.test(base) ? `${base}es` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ies` : `${base}s`);
  all.add(/e$/.test(base) ? `${base}d` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ied` : `${base}ed`);
  all.add(/ee$/.test(base) ? `${base}ing` : /e$/.test(base) ? `${base.slice(0, -1)}ing` : `${base}ing`);
  return `(?:${[...all].join('|')})`;
}
export const V = (...bases: string[]) => `(?:${bases.map(forms).join('|')})`;

export const NAME_WORD = "(?:\\p{Lu}[\\p{L}\\p{N}&'’.-]*|\\p{N}+\\p{L}*)";
export const CONNECTOR = '(?:of|de|la|le|del|da|du|von|van|der|and|&|for|the|on|am|an|upon|y)';
/** A proper name: "Siemens", "the University of Lagos", "St. Mary's Hospital", "New York". */
export const NAMED = `((?:the\\s+)?${NAME_WORD}(?:\\s+(?:${CONNECTOR}\\s+)?${NAME_WORD}){0,5})`;

/** What a piece of work one is put on is called: "the checkout rewrite", "the billing migration". */
export const PROJECT_NOUNS =
  'project|app|platform|product|initiative|migration|launch|rollout|redesign|programme|program|rewrite|overhaul|rebuild|revamp|refactor|refactoring|integration|upgrade|pilot|workstream|release|replatforming';

export const DETERMINER = '(?:a|an|the|my|his|her|their|our|its)';

export const ROLE_NOUNS =
  'chief executive(?: officer)?|chief operating officer|chief financial officer|chief technology officer|chief of staff|managing director|executive director|CEO|CFO|CTO|COO|CMO|CIO|VP|PM|MD|GP|dev|superintendent|matron|sous-chef|headteacher|head teacher|dean|provost|rector|chancellor|foreman|inspector|sergeant|constable|ranger|warden|conductor|choreographer|sommelier|butler|concierge|dispatcher|underwriter|actuary|broker|cartographer|zoologist|botanist|chemist|pharmacologist|epidemiologist|optometrist|podiatrist|chiropractor|osteopath|hygienist|technologist|sonographer|phlebotomist|registrar|(?<!\\p{Lu}[\\p{L}-]*\\s)resident(?!\\s+of\\b)|fellow|postdoc|lecturer|teaching assistant|TA|accountant|actor|actress|administrator|advisor|adviser|agent|analyst|anesthesiologist|animator|anthropologist|apprentice|architect|archivist|artist|assistant|associate|astronaut|astronomer|athlete|attorney|auditor|author|baker|banker|barber|barista|bartender|biologist|bookkeeper|builder|butcher|buyer|captain|cardiologist|caregiver|carpenter|cashier|ceo|cfo|chef|chemist|chief|cleaner|clerk|coach|coder|composer|consultant|contractor|coordinator|copywriter|coo|counsel|counselor|counsellor|courier|cto|curator|dancer|data scientist|dentist|deputy|designer|detective|developer|dietitian|diplomat|director|doctor|driver|economist|editor|educator|electrician|engineer|entrepreneur|executive|farmer|firefighter|founder|co-founder|cofounder|freelancer|gardener|geologist|graphic designer|guard|guide|hairdresser|head|historian|host|illustrator|instructor|intern|interpreter|investigator|janitor|journalist|judge|lawyer|lecturer|librarian|lifeguard|linguist|lead|lieutenant|manager|marketer|mathematician|mechanic|mentor|midwife|doula|luthier|glazier|potter|jeweller|jeweler|roofer|plasterer|joiner|cobbler|upholsterer|shepherd|fisherman|fisherwoman|vintner|tiler|carer|care worker|porter|chauffeur|musician|nanny|navigator|negotiator|neurologist|novelist|nurse|officer|optician|painter|paralegal|paramedic|critic|food critic|film critic|reviewer|columnist|presenter|broadcaster|commentator|pundit|partner|pastor|pediatrician|pharmacist|photographer|physician|physicist|physiotherapist|pilot|planner|plumber|poet|police officer|politician|president|principal|producer|professor|programmer|psychiatrist|psychologist|publisher|radiologist|realtor|receptionist|recruiter|reporter|representative|researcher|sailor|salesperson|scientist|secretary|senator|singer|social worker|soldier|specialist|statistician|steward|strategist|student|supervisor|surgeon|surveyor|tailor|teacher|technician|therapist|trader|trainer|translator|tutor|vet|veterinarian|vice president|vp|waiter|waitress|welder|writer|pm|product manager|project manager|software engineer|nurse practitioner|sous chef|head chef';

/**
 * Roles told by how the word is made: "epidemiologist", "glassblower", "locksmith", "beekeeper",
 * "bricklayer", "winemaker".
 */
export const ROLE_BY_ENDING =
  '\\p{Ll}{3,}(?:ologist|ist|ician|grapher|eer|maker|smith|wright|keeper|blower|layer|binder|weaver|mason|grower|breeder|brewer|roaster|fitter|setter|carver)';

/** A role: "a pediatric nurse", "the CEO", "senior product manager". */
export const ROLE = `((?:${DETERMINER}\\s+(?:(?!${DETERMINER}\\b)[\\p{L}-]+\\s+){0,3}?|(?:(?!${DETERMINER}\\b|\\p{L}+ing\\b)[\\p{L}-]+\\s+){0,2}?)(?:${ROLE_NOUNS}|${ROLE_BY_ENDING})s?)\\b`;

export const DIETS =
  'vegetarian|vegan|pescatarian|pescetarian|keto|ketogenic|paleo|gluten-free|dairy-free|halal|kosher|carnivore|flexitarian|omnivore|plant-based|raw vegan|lacto-vegetarian|ovo-vegetarian|low-carb|sugar-free';
export const FOODS = 'meat|fish|pork|beef|chicken|dairy|eggs|gluten|sugar|seafood|shellfish|red meat|animal products|carbs|alcohol';
export const INSTRUMENTS =
  'piano|guitar|bass|bass guitar|electric guitar|acoustic guitar|violin|viola|cello|double bass|drums|drum kit|flute|clarinet|oboe|bassoon|saxophone|sax|trumpet|trombone|tuba|french horn|harp|ukulele|banjo|mandolin|accordion|harmonica|keyboard|synthesizer|organ|sitar|tabla|oud|erhu|koto|bagpipes|xylophone|marimba|recorder|lute|percussion';
export const ANIMALS =
  'dog|puppy|cat|kitten|parrot|rabbit|bunny|hamster|guinea pig|turtle|tortoise|snake|lizard|gecko|ferret|horse|pony|goldfish|fish|bird|budgie|canary|chicken|goat|pig|hedgehog|iguana|rat|mouse|' +
  // Breeds and kinds people name their pet by ("a beagle called Rocky").
  'beagle|labrador|poodle|terrier|spaniel|retriever|collie|corgi|dachshund|husky|bulldog|pug|chihuahua|shepherd|greyhound|whippet|schnauzer|rottweiler|doberman|dalmatian|pomeranian|labradoodle|cockapoo|maine coon|ragdoll|sphynx|cockatiel|parakeet|macaw|axolotl|chinchilla|gerbil|tarantula';
export const SPORTS =
  'ultramarathons?|ultras|trail running|trail races?|hurling|camogie|gaelic football|netball|water polo|kabaddi|muay thai|jiu-jitsu|jiu jitsu|taekwondo|kendo|kickboxing|curling|bowling|snooker|padel|pickleball|frisbee|ultimate frisbee|softball|triathlon|duathlon|orienteering|canoeing|kayaking|paddleboarding|diving|freediving|mountaineering|powerlifting|weightlifting|football|soccer|basketball|baseball|tennis|golf|rugby|cricket|hockey|volleyball|badminton|swimming|running|cycling|climbing|bouldering|skiing|snowboarding|surfing|boxing|judo|karate|yoga|pilates|rowing|sailing|skating|table tennis|squash|fencing|archery|marathons?|triathlons?|crossfit|martial arts|handball|lacrosse';
/** How a pet is said to be gone: died, put down, flown off, rehomed. */
export const ANIMAL_GONE =
  '(?:died|passed\\s+(?:away|on)|was put (?:down|to sleep)|ran (?:away|off)|went missing|flew (?:off|away)|escaped|disappeared|vanished|was rehomed|was re-homed|went to (?:live|stay for good) (?:with|on|at)|(?:was|got) adopted by|went to a new home|found a new home|(?:was|got) (?:hit by a (?:car|truck|van|bus|lorry|train)|run over|killed))';

/** Games played for their own sake, a hobby rather than a sport. */
export const GAMES =
  'chess|bridge|poker|backgammon|scrabble|mahjong|go|draughts|checkers|crosswords|sudoku|board games|video games|tabletop games|Dungeons (?:&|and) Dragons|D&D|darts|billiards|pool';
export const LANGUAGES =
  'English|Spanish|French|German|Italian|Portuguese|Dutch|Swedish|Norwegian|Danish|Finnish|Polish|Russian|Ukrainian|Czech|Greek|Turkish|Arabic|Hebrew|Persian|Farsi|Hindi|Urdu|Bengali|Punjabi|Tamil|Telugu|Mandarin|Cantonese|Chinese|Japanese|Korean|Vietnamese|Thai|Indonesian|Malay|Tagalog|Swahili|Yoruba|Igbo|Hausa|Amharic|Zulu|Afrikaans|Hungarian|Romanian|Catalan|Basque|Irish|Welsh|Icelandic|Latin|ASL|sign language';

/** Verbs that tell a person's work by what they do. */
export const WORK_VERBS =
  '(?:designs|designed|builds|develops|codes|programs|writes|edits|translates|tests|manages|runs|leads|heads|teaches|trains|coaches|nurses|treats|repairs|fixes|maintains|installs|sells|markets|produces|engineers|researches|analyses|analyzes|audits|advises|consults|cooks|bakes|cleans|drives|flies|delivers|serves|supervises|coordinates|organises|organizes|curates|photographs|illustrates|animates|models|plans|reports|covers|reviews|answers|handles|oversees|owns|maintains|operates)';
export const SCHOOL_NAME =
  /\b(?:School|Academy|University|College|Institute|Polytechnic|Conservatory|Kindergarten|Nursery|Gymnasium|Lycée|Lycee|Liceo|Colegio|Instituto|Universidad|Université|Universite|Universität|Universitat|Universidade|Università|Hochschule|Scoil|Escola|Escuela|École|Ecole|Schule|Skola|Skole|Scuola|Ysgol|High|Primary|Elementary|MIT|UCLA|NYU|ETH|UCL|LSE|KNUST|IIT|NUS)\b/;

export const FIELD =
  '((?:[\\p{L}-]+\\s+){0,3}?(?:science|sciences|engineering|studies|physics|chemistry|biology|mathematics|maths?|economics|history|law|medicine|nursing|psychology|sociology|philosophy|literature|linguistics|architecture|design|art|arts|music|finance|accounting|marketing|business|management|education|statistics|geography|geology|astronomy|anthropology|journalism|communications|politics|political science|computer science|data science|informatics|pharmacy|dentistry|biochemistry|neuroscience|ecology|agriculture|theology|film|photography|fashion|drama|theatre|theater|languages|english|french|spanish|german|japanese|chinese|mandarin|arabic|italian|korean|russian|portuguese)|\\p{Lu}[\\p{L}-]+(?:\\s+\\p{Lu}[\\p{L}-]+){0,3})\\b';

/** A line of work by its field, as the role one had in it. */
export const ROLE_OF_FIELD: Record<string, string> = {
  journalism: 'journalist',
  nursing: 'nurse',
  teaching: 'teacher',
  law: 'lawyer',
  medicine: 'doctor',
  accounting: 'accountant',
  accountancy: 'accountant',
  consulting: 'consultant',
  banking: 'banker',
  dentistry: 'dentist',
  pharmacy: 'pharmacist',
  architecture: 'architect',
  photography: 'photographer',
  policing: 'police officer',
  politics: 'politician',
  farming: 'farmer',
  acting: 'actor',
  modelling: 'model',
  modeling: 'model',
  academia: 'academic',
  engineering: 'engineer',
  plumbing: 'plumber',
  translation: 'translator',
  'social work': 'social worker',
};

/** Said of lessons, a club or a membership that came to an end: "stopped", "were cancelled", "is over". */
export const CAME_TO_AN_END =
  '(?:(?:have|has|had)\\s+)?(?:stopped|ended|finished|lapsed|(?:were|was|got|have been|has been)\\s+(?:cancell?ed|dropped|stopped)|came to an end|are over|is over|were over)\\b';
