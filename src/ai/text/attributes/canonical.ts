import { ANY_VALUE, type KnownAttribute, type StatedAttribute } from './kinds.js';

/** An attribute in the words plain questions use ("Bob works at Siemens"). */

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
  phone: (s, v) => `${possessive(s)} phone number is ${v}`,
  email: (s, v) => `${possessive(s)} email address is ${v}`,
  leader: (s, v) => `${v} runs ${s}; ${possessive(s)} leader is ${v}`,
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
