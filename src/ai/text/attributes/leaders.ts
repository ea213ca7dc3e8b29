import type { StatedAttribute } from './kinds.js';
import { NAMED } from './lexicon.js';
import { SUBJECT_NAME } from './subjects.js';

/**
 * Who runs an organisation, stated of the organisation: "Sione Leota is the chief executive of
 * Tavita Foods", "Tidewater Ferries appointed Helen Marsh as chief executive", "Kestrel Dynamics,
 * founded by Amaru Quispe, …" each tell who leads it, so "Who runs Tavita Foods?" finds the
 * statement by the organisation it asks about.
 */

const LEADING_ROLE =
  '(?:chief executive(?: officer)?|CEO|managing director|executive director|director|head|president|chair(?:man|woman|person)?|founder|co-founder|cofounder|owner|co-owner|boss|principal|head ?teacher|general manager|manager|leader|lead|editor|editor-in-chief|conductor|captain|coach)';
const PERSON = `(${SUBJECT_NAME})`;
/** Where an organisation's name ends: "runs the Westgate tunnel project" names a project, not an organisation. */
const NAME_ENDS = '(?=\\s*(?:[,.;:!?(]|$)|\\s+(?:in|at|since|for|from|with|and|until|after|before|on|of|as|who|which|where|when)\\b)';

const ROLE_OF = new RegExp(
  `^${PERSON}\\s+(?:is|was|has been|became|is now|serves as|remains)\\s+(?:the\\s+|its\\s+|a\\s+)?(?:(?:new|current|interim|acting|founding|sole)\\s+)?${LEADING_ROLE}\\s+(?:of|at)\\s+${NAMED}${NAME_ENDS}`,
  'u',
);
const APPOINTED = new RegExp(
  `^${NAMED}\\s+(?:has\\s+)?(?:appointed|named|hired|elected|chose|picked)\\s+${PERSON}\\s+(?:as\\s+)?(?:(?:its|the|a|new|interim|acting)\\s+)*${LEADING_ROLE}\\b`,
  'u',
);
const LED_BY = new RegExp(
  `^${NAMED},?\\s+(?:(?:is|was|has been)\\s+)?(?:founded|co-founded|started|run|led|headed|owned|chaired|managed|directed)\\s+by\\s+(?:(?:the|its|our|their)\\s+)?(?:\\p{Ll}[\\p{L}-]+\\s+){0,2}?${PERSON}`,
  'u',
);
const LEADS = new RegExp(
  `^${PERSON}\\s+(?:founded|co-founded|cofounded|runs|ran|leads|led|heads|headed|owns|chairs|manages|directs)\\s+${NAMED}${NAME_ENDS}`,
  'u',
);

/** The leaders a statement names, each of the organisation it leads ("… led by the conductor Rosa Klein" too). */
export function statedLeaders(text: string): StatedAttribute[] {
  const t = text.trim();
  const roleOf = ROLE_OF.exec(t) ?? LEADS.exec(t);
  if (roleOf) return leader(roleOf[2], roleOf[1]);
  const appointed = APPOINTED.exec(t) ?? LED_BY.exec(t);
  if (appointed) return leader(appointed[1], appointed[2]);
  return [];
}

function leader(organisation: string, person: string): StatedAttribute[] {
  const of = organisation.replace(/^the\s+/i, '').trim();
  if (!of || of === person || /^(?:I|We|He|She|They)$/.test(person)) return [];
  return [{ subject: of, attribute: 'leader', value: person }];
}
