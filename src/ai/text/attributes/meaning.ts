import { dot, type Embedder } from '../../embeddings/embedder.js';
import { isMonthOrDay, isOpener } from '../openers.js';
import { escapeRegExp, STOPWORDS } from '../words.js';
import { readerPerEmbedder } from './calibrated.js';
import type { StatedAttribute } from './kinds.js';
import { ATTRIBUTE_PROTOTYPES, EVERYDAY } from './prototypes.js';
import { SCHOOL_NAME } from './lexicon.js';
import { namedValue } from './statements.js';
import { subjectOf } from './subjects.js';

/**
 * The attributes a statement sets read by its meaning, where no cue names them: "Lars picked up his
 * Tesla Model Y, the dealer took the Volvo" sets the car Lars drives, "Samuel was promoted at
 * Siemens" his employer. The statement, its subject put as "she", is scored with the embedder
 * against plain sentences of each attribute (prototypes.ts); it sets the attribute it is closest to
 * when that is clearly closer than everyday happenings, and its value is the first name it gives
 * where that attribute's values stand ("at Klarna", "her Tesla", "to Giulia").
 * Only plain assertions are read so: a plan, a wish, a negation, a past that ended or a thing only
 * tried or looked at ("test-drove a BMW but decided to keep his car") sets nothing.
 * What is read so is less certain than what a cue reads: it is used to find the memory a statement
 * gives a new value of, and stored only with the update it makes (core/memories/remember.ts).
 */

interface Calibration {
  /** Least cosine to an attribute's closest sentence. */
  min: number;
  /** How much closer than to the closest everyday sentence. */
  margin: number;
}

/** Thresholds depend on the vector space; a model not calibrated here reads attributes by cues alone. */
const CALIBRATIONS: Record<string, Calibration> = {
  'universal-sentence-encoder-lite': { min: 0.45, margin: 0.04 },
};

const NOT_PLAIN =
  /\b(?:wants?|wanted|would|might|may|could|should|will|won't|going to|plans?|planning|hopes?|hoping|wish(?:es)?|dreams?|considering|thinking (?:of|about)|maybe|perhaps|if|unless|whether|not|never|no longer|didn't|doesn't|don't|isn't|wasn't|until|till|back in|used to|formerly|previously|as a (?:child|kid|teenager|student)|from \S+ to|test[- ]dr(?:ove|ive|ives|iving|iven)|tried out|trial+ed|look(?:ed|ing) at|view(?:ed|ing)|decided (?:against|to keep|to stay))\b|\?/i;
const NAME_RUN = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}&'’.-]*(?:\s+(?:(?:of|de|la|von|van|and|&)\s+)?(?:\p{Lu}[\p{L}\p{N}&'’.-]*|\d+\p{L}*))*/gu;
/** The words a value of each attribute follows. */
const VALUE_AFTER: Record<string, RegExp> = {
  employer: /\b(?:at|for|with|joined|by)\s+(?:the\s+)?$/i,
  school: /\b(?:at|to|attends|attending|into)\s+(?:the\s+)?$/i,
  partner: /\b(?:to|marry|married|marrying|dating|seeing)\s+$/i,
  car: /\b(?:a|an|her|the)\s+(?:(?:new|used|second-hand|old|red|blue|black|white|grey|gray|silver|green|electric|hybrid)\s+){0,2}$/i,
};

interface Prototype {
  attribute: string;
  vector: Float32Array;
}

export class AttributeReader {
  private prototypes: Promise<Prototype[]> | null = null;

  private constructor(
    private readonly embedder: Embedder,
    private readonly calibration: Calibration,
  ) {}

  /** The reader for an embedder, or null when its model has no calibration. */
  static readonly for: (embedder: Embedder) => AttributeReader | null = readerPerEmbedder(
    CALIBRATIONS,
    (embedder, calibration) => new AttributeReader(embedder, calibration),
  );

  /** For each statement, the attributes its meaning sets (most often none). */
  async read(statements: string[]): Promise<StatedAttribute[][]> {
    const read: StatedAttribute[][] = statements.map(() => []);
    const candidates = statements.flatMap((text, i) => {
      const subject = subjectOf(text);
      if (!subject || NOT_PLAIN.test(text) || !text.startsWith(subject.replace(/^the user$/, 'The user'))) return [];
      const masked = asShe(text, subject);
      return names(masked).length ? [{ i, subject, masked }] : [];
    });
    if (!candidates.length) return read;
    const [prototypes, vectors] = await Promise.all([
      this.loadPrototypes(),
      this.embedder.embed(
        candidates.map((c) => c.masked),
        'document',
      ),
    ]);
    for (const [k, c] of candidates.entries()) {
      read[c.i] = this.attributesOf(vectors[k], prototypes).flatMap((attribute) => {
        const value = valueFor(attribute, c.masked, c.subject);
        return value ? [{ subject: c.subject, attribute, value }] : [];
      });
    }
    return read;
  }

  /** The attribute closest in meaning, when it is clearly closer than everyday happenings. */
  private attributesOf(vector: Float32Array, prototypes: Prototype[]): string[] {
    const best = new Map<string, number>();
    for (const p of prototypes) best.set(p.attribute, Math.max(best.get(p.attribute) ?? -1, dot(vector, p.vector)));
    const everyday = best.get(EVERYDAY_KEY) ?? -1;
    best.delete(EVERYDAY_KEY);
    const [attribute, score] = [...best].reduce((a, b) => (b[1] > a[1] ? b : a));
    const { min, margin } = this.calibration;
    return score >= min && score >= everyday + margin ? [attribute] : [];
  }

  private loadPrototypes(): Promise<Prototype[]> {
    this.prototypes ??= (async () => {
      const entries = [
        ...Object.entries(ATTRIBUTE_PROTOTYPES).flatMap(([attribute, texts]) => texts.map((text) => ({ attribute, text }))),
        ...EVERYDAY.map((text) => ({ attribute: EVERYDAY_KEY, text })),
      ];
      const vectors = await this.embedder.embed(
        entries.map((e) => e.text),
        'document',
      );
      return entries.map((e, i) => ({ attribute: e.attribute, vector: vectors[i] }));
    })();
    // A failed load is tried again by the next statement.
    this.prototypes.catch(() => (this.prototypes = null));
    return this.prototypes;
  }
}

const EVERYDAY_KEY = ' everyday';

/** The statement about "she": "Lars picked up Lars' Tesla" → "She picked up her Tesla". */
function asShe(text: string, subject: string): string {
  const name = escapeRegExp(subject);
  const flags = subject === 'the user' ? 'giu' : 'gu';
  return text
    .replace(new RegExp(`^${name}(?:'s|’s)(?=\\s)`, flags.replace('g', '')), 'Her')
    .replace(new RegExp(`^${name}(?=[\\s,])`, flags.replace('g', '')), 'She')
    .replace(new RegExp(`(?<![\\p{L}])${name}(?:'s|’s|'|’)(?=\\s)`, flags), 'her')
    .replace(new RegExp(`(?<![\\p{L}])${name}(?![\\p{L}])`, flags), 'her');
}

/** The proper names of a statement after its first word, with where each starts. */
function names(masked: string): { name: string; index: number }[] {
  return [...masked.matchAll(NAME_RUN)].flatMap((m) => {
    const first = m[0].split(/\s+/)[0];
    if (m.index === 0 || STOPWORDS.has(first.toLowerCase()) || isOpener(first) || isMonthOrDay(first)) return [];
    return [{ name: m[0], index: m.index }];
  });
}

/** The first name standing where a value of `attribute` stands ("at Klarna", "her Tesla Model Y"), never the subject's. */
function valueFor(attribute: string, masked: string, subject: string): string | null {
  for (const { name: found, index } of names(masked)) {
    if (!VALUE_AFTER[attribute]?.test(masked.slice(0, index))) continue;
    const value = namedValue(found);
    if (attribute === 'school' && value && !SCHOOL_NAME.test(value)) continue;
    if (value && !subject.toLowerCase().split(/\s+/).includes(value.toLowerCase())) return value;
  }
  return null;
}
