import { ANY_VALUE, type Attribute, type StatedAttribute } from './kinds.js';
import { ANIMALS } from './lexicon.js';
import { sameSubject } from './subjects.js';

/** The attribute a question asks for, and how well a stored attribute answers it. */

export interface AskedAttribute {
  attribute: Attribute;
  /** Whom the question asks about, when it names someone. */
  subject: string | null;
}

const Q = (attribute: Attribute, source: string): { attribute: Attribute; pattern: RegExp } => ({ attribute, pattern: new RegExp(source, 'iu') });

/** Question forms, most specific first. */
const QUESTIONS = [
  Q(
    'leader',
    '\\bwho\\b(?:\\s+(?:now|currently))?\\s+(?:runs|leads|heads|manages|owns|founded|co-founded|started|chairs|directs|is in charge of|is (?:the )?(?:ceo|boss|head|director|founder|owner|chair|president|leader|principal|manager|chief executive) (?:of|at))\\b',
  ),
  Q('origin', '\\bwhere\\b.*\\b(?:from|grow up|grew up|born|raised)\\b|\\bhome ?town\\b|\\bbirthplace\\b|\\bnationality\\b|\\bwhat country\\b.*\\bfrom\\b'),
  Q(
    'school',
    '\\bwhere\\b.*\\b(?:study|studies|studying|studied|school|college|university|enrolled|go to school|graduate)\\b|\\b(?:which|what)\\s+(?:school|college|university|uni|academy|institute)\\b|\\balma mater\\b',
  ),
  Q('field', '\\bwhat\\b.*\\b(?:study|studies|studying|studied|major|majoring|degree|specializ|specialis)\\b|\\bfield of study\\b|\\bmajor\\b'),
  Q(
    'employer',
    '\\bwhat\\b.*\\b(?:business|company|shop|store|cafe|café|restaurant|studio|firm|bakery)\\b.*\\b(?:run|runs|own|owns|started|founded)\\b|\\bwhat\\s+does\\s+\\S+(?:\\s+\\S+)?\\s+(?:run|own)\\b',
  ),
  Q(
    'employer',
    '\\bwhere\\b.*\\b(?:work|works|working|worked|employed|job)\\b|\\bwho\\b.*\\b(?:employs|employ|employed|hired|pays|work for|works for|working for)\\b|\\b(?:which|what)\\s+(?:company|firm|employer|organi[sz]ation|business|startup|agency|bank|studio|lab|hospital|store|shop|restaurant|school)\\b.*\\b(?:work|works|working|employ|employs|employed|hire|hired|job|at|for|with|join|joined)\\b|\\bemployer\\b|\\bworkplace\\b|\\bwork(?:s|ing)? for\\b',
  ),
  Q(
    'residence',
    '\\bwhere\\b.*\\b(?:live|lives|living|lived|based|stay|stays|staying|reside|resides|moved|move|moving|relocated|home)\\b|\\b(?:which|what)\\s+(?:city|town|country|place|neighbou?rhood|state|area|village|part of)\\b.*\\b(?:live|lives|living|based|in|home|move|moved|reside)\\b|\\bwhere\\b.*\\b(?:is|are)\\b.*\\b(?:now|these days|nowadays)\\b|\\baddress\\b',
  ),
  Q(
    'diet',
    "\\bwhat\\b.*\\b(?:eat|eats|eating)\\b|\\bdiet(?:ary)?\\b|\\b(?:vegetarian|vegan|meat|food restrictions?|pescatarian)\\b|\\bwhat\\b.*\\bfood\\b.*\\b(?:avoid|can'?t|cannot|won'?t)\\b",
  ),
  Q('allergy', '\\ballerg'),
  Q('partner', '\\b(?:partner|wife|husband|spouse|boyfriend|girlfriend|fianc[eé]e?|significant other|other half|married|dating|seeing|in a relationship)\\b'),
  Q('instrument', '\\binstruments?\\b|\\bwhat\\b.*\\bplays?\\b(?!.*\\b(?:sport|game|team|position)\\b)'),
  Q('sport', '\\bsports?\\b|\\bwhat\\b.*\\bplay\\b.*\\b(?:sport|game|team)\\b'),
  Q(
    'hobby',
    '\\bwhat\\b.*\\bdo(?:es)?\\b.*\\b(?:weekends?|free time|spare time|for fun|evenings?|after work|to relax|to unwind)\\b|\\bhobb(?:y|ies)\\b|\\bpastimes?\\b',
  ),
  // "What is the name of Dev's dog?", "What's his cat called?", "What kind of dog does …?"
  Q(
    'pet',
    `\\bpets?\\b|\\b(?:${ANIMALS})s?\\b.*\\b(?:name|called|named)\\b|\\b(?:name|names)\\s+of\\b.*\\b(?:${ANIMALS})s?\\b|\\bwhat\\b.*\\banimals?\\b|\\b(?:kind|sort|breed|type)\\s+of\\s+(?:${ANIMALS})\\b`,
  ),
  Q('team', '\\b(?:which|what)\\s+(?:team|squad|department|group)\\b|\\bteam\\b.*\\b(?:on|in|lead|leads|run)\\b'),
  Q('project', '\\bprojects?\\b|\\bworking on\\b|\\bwork on\\b'),
  Q('age', '\\bhow old\\b|\\bage\\b'),
  Q('car', '\\bcar\\b|\\bwhat\\b.*\\bdrive\\b'),
  Q('language', '\\blanguages?\\b|\\bwhat\\b.*\\bspeak\\b'),
  Q('job', '\\bwhat\\b.*\\b(?:lead|leads|head|heads|manage|manages|oversee|oversees|direct|directs)\\b\\??$'),
  Q(
    'job',
    '\\bwhat\\b.*\\b(?:do|does)\\b.*\\b(?:do|for (?:a )?living|for work)\\s*\\??$|\\b(?:job|role|profession|occupation|title|position|career|line of work|what .* work as|works as|earns? (?:a|their|his|her) living|make (?:a|their|his|her) living)\\b|\\bwhat\\b.*\\bdo(?:es)?\\b\\s+(?:\\p{L}+\\s+){1,3}do\\b',
  ),
  Q('name', "\\bwhat(?:'s| is)\\b.*\\bname\\b|\\bwho is the user\\b"),
] as const;

const QUESTION_WORD =
  /^(?:who|whom|whose|what|what's|whats|where|where's|which|when|why|how|is|are|was|were|does|do|did|can|could|has|have|will|would|should|tell|name)\b/i;
const NOT_A_QUESTION_SUBJECT =
  /^(?:Who|Whom|Whose|What|Where|Which|When|Why|How|Is|Are|Was|Were|Does|Do|Did|Can|Could|Has|Have|Will|Would|Should|Tell|Name|The|A|An|I|My|Me|Please|Currently|Now|CEO|CFO|CTO|COO|MD|VP)$/;

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
    const words = raw
      .replace(/(?:'s|’s|')$/, '')
      .split(/\s+/)
      .filter((w) => !NOT_A_QUESTION_SUBJECT.test(w.replace(/(?:'s|’s)$/, '')));
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
