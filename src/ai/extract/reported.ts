import { entitiesIn } from './coreference.js';
import { hasFiniteVerb } from './verbs.js';

/** Who said it and the verb of saying: "Her teacher says", "His mother mentioned that", "Anna told me". */
const REPORTING_FRAME = new RegExp(
  [
    "^(?:(?:[Mm]y|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur|[Yy]our|[Tt]he|[Aa]n?)\\s+(?:[\\p{Ll}-]+\\s+){0,2}?[\\p{Ll}-]+|\\p{Lu}[\\p{L}’'-]*(?:\\s+\\p{Lu}[\\p{L}’'-]*){0,2})",
    '\\s+(?:(?:has|had)\\s+)?',
    '(?:says?|said|mentioned|mentions|told\\s+(?:me|us|him|her|them)|tells\\s+(?:me|us|him|her|them)|reports?|reported|writes|wrote|adds|added|explains|explained|confirms|confirmed|announces|announced|claims?|claimed|notes|noted|posted|shared)',
    '\\s+(?:that\\s+)?(?=\\p{Lu})',
  ].join(''),
  'u',
);

/**
 * The statement a clause reports, when it names its own subject: "Her teacher says Elena Petrova
 * has moved to the oboe" states that Elena Petrova has moved to the oboe. Who told it is not the
 * fact, and a "her" opening the report may stand for nobody named yet. Null when the clause reports
 * nothing, or what it reports opens with no name ("Anna says I should rest").
 */
export function reportedStatement(clause: string): string | null {
  const frame = REPORTING_FRAME.exec(clause);
  if (!frame) return null;
  const reported = clause.slice(frame[0].length);
  return entitiesIn(reported).subject && hasFiniteVerb(reported) ? reported : null;
}
