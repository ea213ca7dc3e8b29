/**
 * Labelled fields of a profile or contact card ("Employer: Hawaiian Airlines", "Lives in: Hilo",
 * "Diet: vegetarian"), said as statements about the person the card is about.
 */

const FIELDS: [RegExp, (person: string, value: string) => string][] = [
  [/^(?:employer|company|works at|workplace|organi[sz]ation|firm|current employer)$/, (p, v) => `${p} works at ${v}`],
  [/^(?:role|title|job|job title|position|occupation|profession|works as|current role)$/, (p, v) => `${possessive(p)} job is ${v}`],
  [/^(?:lives in|location|city|home|based in|residence|current city|home town now|resides in)$/, (p, v) => `${p} lives in ${v}`],
  [/^(?:from|hometown|home town|born in|origin|place of birth|grew up in)$/, (p, v) => `${p} is from ${v}`],
  [/^(?:partner|spouse|wife|husband|boyfriend|girlfriend|fianc[eé]e?|married to)$/, (p, v) => `${possessive(p)} partner is ${v}`],
  [/^(?:diet|dietary requirements|dietary needs|dietary restrictions|food)$/, (p, v) => `${p} is ${v}`],
  [/^(?:allergies|allergy|allergic to)$/, (p, v) => `${p} is allergic to ${v}`],
  [/^(?:school|university|college|education|studies at|alma mater)$/, (p, v) => `${p} studies at ${v}`],
  [/^(?:studies|field|major|subject|degree|field of study)$/, (p, v) => `${p} studies ${v}`],
  [/^(?:pets?|animals?)$/, (p, v) => `${p} has a pet ${v}`],
  [/^(?:instruments?|plays)$/, (p, v) => `${p} plays the ${v}`],
  [/^(?:sports?)$/, (p, v) => `${p} plays ${v}`],
  [/^(?:hobbies|hobby|interests|pastimes?)$/, (p, v) => `${possessive(p)} hobbies are ${v}`],
  [/^(?:languages?|speaks)$/, (p, v) => `${p} speaks ${v}`],
  [/^(?:age)$/, (p, v) => `${p} is ${v.replace(/\s*(?:years?(?: old)?|yrs?)$/i, '')} years old`],
  [/^(?:birthday|date of birth|born|dob)$/, (p, v) => `${possessive(p)} birthday is ${v}`],
  [/^(?:team|department)$/, (p, v) => `${p} is on the ${v.replace(/\s+team$/i, '')} team`],
  [/^(?:project|current project|working on)$/, (p, v) => `${p} works on ${v}`],
  [/^(?:car|drives)$/, (p, v) => `${p} drives a ${v}`],
];

const FIELD_LINE = /^([\p{L}][\p{L} /'’-]{1,30}?)\s*:\s*(\S.{0,200})$/u;
const NAME_FIELD = /^(?:name|full name|person|member|employee|student|patient|client)$/i;

/** Whether a label names a field of a card ("Employer", "Lives in"), not someone speaking. */
export function isFieldLabel(label: string): boolean {
  const l = label.trim().toLowerCase();
  return NAME_FIELD.test(l) || /^favou?rite \w+$/.test(l) || FIELDS.some(([pattern]) => pattern.test(l));
}

/** The field a line sets: the statement about `person`, or the person a "Name:" line names. */
export function readField(line: string, person: string | null): { statement: string } | { person: string } | null {
  const m = FIELD_LINE.exec(line.trim());
  if (!m) return null;
  const label = m[1].trim().toLowerCase();
  const value = m[2].trim().replace(/[.;]+$/, '');
  if (NAME_FIELD.test(label)) return /^\p{Lu}/u.test(value) ? { person: value } : null;
  if (!person) return null;
  const favourite = /^favou?rite (\w+)$/.exec(label);
  if (favourite) return { statement: `${possessive(person)} favorite ${favourite[1]} is ${value}` };
  const field = FIELDS.find(([pattern]) => pattern.test(label));
  return field ? { statement: field[1](person, value) } : null;
}

function possessive(name: string): string {
  return /s$/.test(name) ? `${name}'` : `${name}'s`;
}
