export interface Participants {
  /** Who says the text; first person resolves to this. */
  speaker: string | null;
  /** Who is addressed; second person resolves to this. */
  listener: string | null;
}

const ADVERB =
  '(?:really|just|also|always|never|still|usually|often|sometimes|actually|totally|definitely|absolutely|even|already|finally|kinda|kind of|sort of|truly|honestly|mostly|generally|recently|currently|now|only|simply|seriously|genuinely|especially|rarely|seldom|all|both|too|then|first|once|ever|(?!(?:apply|reply|supply|fly|rely|imply|multiply|only)\\b)[a-z]{3,}ly)';

const MODALS = new Set([
  'can',
  'could',
  'will',
  'would',
  'shall',
  'should',
  'may',
  'might',
  'must',
  'was',
  'were',
  'had',
  'did',
  'used',
  'ought',
  "can't",
  "won't",
  "didn't",
  "wasn't",
  "weren't",
  "couldn't",
  "wouldn't",
  "shouldn't",
  "hadn't",
  'cannot',
  'and',
  'or',
  'too',
  'alone',
  'myself',
  'personally',
  'only',
]);

// Forms that are past tense, or read the same in both tenses ("I read", "I put").
const PAST_OR_INVARIANT = new Set(
  `was were had did went got made took saw came knew felt thought found gave told said left met ran
  bought brought began wrote read put set let cut hit quit hurt cost shut spread bet became built
  caught chose drew drank drove ate fell fed fought flew forgot froze grew held hung kept laid led
  lent lost meant paid rode rang rose sang sank sat slept spoke spent stood stole stuck swam taught
  tore threw understood woke wore won lit sent sold shot shook shone struck swore swept dealt dug
  dreamt burnt learnt leapt sought bent bled blew bore broke bred bound crept forgave hid heard knelt
  overcame slid spun sprang strode strove withdrew wound upset beat`.split(/\s+/),
);

const IRREGULAR_PRESENT: Record<string, string> = {
  have: 'has',
  do: 'does',
  go: 'goes',
  am: 'is',
  are: 'is',
  be: 'is',
  "don't": "doesn't",
  "haven't": "hasn't",
  "aren't": "isn't",
  "ain't": "isn't",
};

/** Third-person singular of a verb said after "I" or "you" ("love" → "loves", "have" → "has"). */
export function thirdPerson(verb: string): string {
  const lower = verb.toLowerCase();
  if (MODALS.has(lower) || PAST_OR_INVARIANT.has(lower)) return verb;
  if (lower in IRREGULAR_PRESENT) return IRREGULAR_PRESENT[lower];
  const baseEndingLikeInflection =
    /^(?:bring|sing|ring|sting|swing|cling|fling|spring|string|wring|need|feed|bleed|breed|speed|succeed|exceed|proceed|heed|embed)$/.test(lower);
  if (!baseEndingLikeInflection && /(?:ed|ing|'s|n't|[^s]s)$/.test(lower)) return verb;
  if (!/^[a-z]+$/.test(lower)) return verb;
  if (/(?:ss|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

function possessive(name: string): string {
  return /s$/.test(name) ? `${name}'` : `${name}'s`;
}

/**
 * Rewrites first person to the speaker and second person to the listener, conjugating the verb that
 * follows ("I love hiking" → "Caroline loves hiking", "you're right" → "Melanie is right"). "We" is
 * the speaker with others, since who else is meant is rarely said.
 */
export function resolvePerson(text: string, who: Participants): string {
  let out = text;
  const s = who.speaker;
  if (s) {
    out = out
      .replace(/\b[Ii]'m\b|\b[Ii] am\b/g, `${s} is`)
      .replace(/\b[Ii]'ve\b/g, `${s} has`)
      .replace(/\b[Ii]'ll\b/g, `${s} will`)
      .replace(/\b[Ii]'d(?= (?:been|had|never|already|just|gone|done|seen|made|taken|got)\b)/g, `${s} had`)
      .replace(/\b[Ii]'d\b/g, `${s} would`)
      .replace(new RegExp(`\\b[Ii]((?: ${ADVERB})*) ([A-Za-z']+)`, 'g'), (_m, adverbs: string, verb: string) => `${s}${adverbs} ${thirdPerson(verb)}`)
      .replace(/\bI\b(?!\.)/g, s)
      .replace(/\b[Mm]yself\b/g, 'themselves')
      .replace(/\b(?:[Mm]y|[Mm]ine)\b/g, possessive(s))
      .replace(/\b[Mm]e\b/g, s)
      .replace(/\b[Ww]e're\b/g, `${s} and others are`)
      .replace(/\b[Ww]e've\b/g, `${s} and others have`)
      .replace(/\b[Ww]e'll\b/g, `${s} and others will`)
      .replace(/\b[Ww]e'd\b/g, `${s} and others would`)
      .replace(/\b[Ww]e\b/g, `${s} and others`)
      .replace(/\b[Uu]s\b/g, `${s} and others`)
      .replace(/\b(?:[Oo]ur|[Oo]urs)\b/g, possessive(s))
      .replace(/\b[Oo]urselves\b/g, 'themselves');
  }
  const l = who.listener;
  if (l) {
    out = out
      // Discourse "you know" addresses no one.
      .replace(/(?:,\s*|\s+)(?:if )?you know(?=\s*(?:[,.!?]|$)),?/gi, '')
      .replace(/^you know,\s*/i, '')
      .replace(/\byou guys\b/gi, l)
      .replace(/\b[Yy]ou're\b(?! welcome)|\b[Yy]ou are\b/g, `${l} is`)
      .replace(/\b[Yy]ou were\b/g, `${l} was`)
      .replace(/\b[Yy]ou've\b/g, `${l} has`)
      .replace(/\b[Yy]ou'll\b/g, `${l} will`)
      .replace(/\b[Yy]ou'd\b/g, `${l} would`)
      .replace(
        new RegExp(
          `(^|[,;:]\\s*|\\b(?:and|but|so|that|if|when|because|as|since|how|what|think|thinks|hope|hopes|bet|guess|believe|believes|know|knows|feel|feels|said|says|mean|means)\\s+)[Yy]ou((?: ${ADVERB})*) ([A-Za-z']+)`,
          'g',
        ),
        (_m, lead: string, adverbs: string, verb: string) => `${lead}${l}${adverbs} ${thirdPerson(verb)}`,
      )
      .replace(/\b[Yy]ourself\b/g, 'themselves')
      .replace(/\b(?:[Yy]our|[Yy]ours)\b/g, possessive(l))
      .replace(/\b[Yy]ou\b/g, l);
  }
  return out;
}
