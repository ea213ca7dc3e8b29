/** The attributes a statement can set of its subject, and which hold one value at a time. */

export const ATTRIBUTES = [
  'employer',
  'residence',
  'origin',
  'job',
  'partner',
  'school',
  'field',
  'diet',
  'instrument',
  'pet',
  'project',
  'team',
  'age',
  'name',
  'car',
  'allergy',
  'language',
  'sport',
  'hobby',
  'phone',
  'email',
  // of an organisation: who runs it
  'leader',
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
  /** "was moved to the checkout rewrite": the values held before end, even of an attribute that can hold several. */
  replacing?: boolean;
}

/** Attributes a subject may have several values of at once: a new value joins the others. */
const MULTI_VALUED: ReadonlySet<KnownAttribute> = new Set<KnownAttribute>(['instrument', 'pet', 'project', 'allergy', 'language', 'sport', 'hobby', 'leader']);

/** Attributes a subject has one value of at a time: a new value replaces the old. */
const SINGLE_VALUED = new Set<string>(ATTRIBUTES.filter((attribute) => !MULTI_VALUED.has(attribute)));

/** The value of a negation that ends whatever value held ("is single again", "called off the engagement"). */
export const ANY_VALUE = '*';

/** The attribute of an ending told by the thing ended ("sold his cello"): whichever one states it. */
export const ANY_ATTRIBUTE = '*';

export function isSingleValued(attribute: string): boolean {
  return SINGLE_VALUED.has(attribute) || attribute.startsWith('favorite ');
}

/** Two spellings of one value: "Atlas" and "Project Atlas", "ukulele" and "the ukulele". */
export function sameValue(a: string, b: string): boolean {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x === y || x.includes(y) || y.includes(x);
}

/** Lasting facts about a person: they belong to the static part of a profile. */
export function isLasting(attribute: string): boolean {
  return attribute !== 'age';
}
