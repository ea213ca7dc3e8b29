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

/**
 * Fields whose value is the person who has a role in what the document is about ("Owner: Dana
 * Whitfield" in notes about project 100): the person is the subject of the fact.
 */
const ROLE_FIELD =
  /^(?:(?:project |product |team |tech(?:nical)? |programme |program |account |engineering |release )?(?:owner|lead|leader|manager|director|sponsor|coordinator|contact|point of contact|assignee|reviewer|approver|author|editor|maintainer|organi[sz]er|host|presenter|facilitator|chair|moderator|driver|champion|dri)s?|owned by|led by|assigned to|reviewed by|approved by|written by|prepared by|presented by|organi[sz]ed by|hosted by|managed by)$/;
/** One or more people ("Dana Whitfield", "Ana Ruiz and Bo Chen"), an address or a note of their team after each. */
const PERSON = "\\p{Lu}[\\p{L}'’-]+(?:\\s+(?:(?:van|von|de|da|del|der|bin|al)\\s+)?\\p{Lu}[\\p{L}'’-]+){0,3}";
const PEOPLE = new RegExp(`^(${PERSON})(?:\\s*\\([^)]{1,60}\\))?((?:\\s*(?:,|&|\\band\\b)\\s*${PERSON}(?:\\s*\\([^)]{1,60}\\))?)*)$`, 'u');

/** The people a role field names, if its value is only names ("Dana Whitfield (dana@example.com)", "Ana Ruiz, Bo Chen"). */
function peopleIn(value: string): string[] | null {
  const m = PEOPLE.exec(value);
  if (!m) return null;
  const people = value
    .replace(/\s*\([^)]*\)/g, '')
    .split(/\s*(?:,|&|\band\b)\s*/)
    .filter(Boolean);
  return people.some((p) => p.split(/\s+/).every((w) => NOT_A_PERSON.test(w))) ? null : people;
}

const NOT_A_PERSON = /^(?:TBD|TBC|N\/A|None|Nobody|Unknown|Unassigned|Team|Everyone|All|Me|You)$/i;

/** Whether a "Label: value" line gives the person who has a role ("Owner: Dana Whitfield"), not someone speaking. */
export function isRoleField(label: string, value: string): boolean {
  return ROLE_FIELD.test(label.trim().toLowerCase()) && peopleIn(value.trim().replace(/[.;]+$/, '')) !== null;
}

const ROLE_OF: Record<string, string> = {
  'owned by': 'owner',
  'led by': 'lead',
  'assigned to': 'assignee',
  'reviewed by': 'reviewer',
  'approved by': 'approver',
  'written by': 'author',
  'prepared by': 'author',
  'presented by': 'presenter',
  'organised by': 'organiser',
  'organized by': 'organizer',
  'hosted by': 'host',
  'managed by': 'manager',
  dri: 'DRI',
};

/** "Owner: Dana Whitfield" → "Dana Whitfield is the owner of project 100" (of the thing the document is about, when known). */
function roleStatement(label: string, value: string, thing: string | null): string | null {
  const people = peopleIn(value);
  if (!people) return null;
  const role = ROLE_OF[label] ?? label.replace(/(?<=[^s])s$/, '');
  const of = thing ? ` of ${thing}` : '';
  if (people.length === 1) return `${people[0]} is the ${role}${of}`;
  return `${people.slice(0, -1).join(', ')} and ${people.at(-1)} are the ${role}s${of}`;
}

const FIELD_LINE = /^([\p{L}][\p{L} /'’-]{1,30}?)\s*:\s*(\S.{0,200})$/u;
const NAME_FIELD = /^(?:name|full name|person|member|employee|student|patient|client)$/i;

/** Whether a label names a field of a card ("Employer", "Lives in"), not someone speaking. */
export function isFieldLabel(label: string): boolean {
  const l = label.trim().toLowerCase();
  return NAME_FIELD.test(l) || /^favou?rite \w+$/.test(l) || FIELDS.some(([pattern]) => pattern.test(l));
}

/**
 * The field a line sets: the statement about `person`, or the person a "Name:" line names, or the
 * role of the person a role field names in `thing`, what the document is about.
 */
export function readField(line: string, person: string | null, thing: string | null = null): { statement: string } | { person: string } | null {
  const m = FIELD_LINE.exec(line.trim());
  if (!m) return null;
  const label = m[1].trim().toLowerCase();
  const value = m[2].trim().replace(/[.;]+$/, '');
  if (NAME_FIELD.test(label)) return /^\p{Lu}/u.test(value) ? { person: value } : null;
  const role = ROLE_FIELD.test(label) ? roleStatement(label, value, thing) : null;
  if (role) return { statement: role };
  if (!person) return null;
  const favourite = /^favou?rite (\w+)$/.exec(label);
  if (favourite) return { statement: `${possessive(person)} favorite ${favourite[1]} is ${value}` };
  const field = FIELDS.find(([pattern]) => pattern.test(label));
  return field ? { statement: field[1](person, value) } : null;
}

function possessive(name: string): string {
  return /s$/.test(name) ? `${name}'` : `${name}'s`;
}
