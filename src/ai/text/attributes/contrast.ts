import { ANY_ATTRIBUTE, sameValue, type StatedAttribute } from './kinds.js';
import { namesHeldValue } from './kindred.js';
import { sameSubject, subjectOf } from './subjects.js';

/**
 * Endings told by contrast rather than by a verb of ending: "Jake's knees ended his basketball
 * career, so he took to rowing", "Ellie's clarinet is in the loft; she is all about the ukulele".
 * A statement that names a value its subject holds, beside one that gives the same attribute of the
 * same subject another value, says the value named is over — whatever words it uses. Read among
 * statements next to each other (one sentence and the next), only where nothing is read from the
 * statement naming the old value, nothing said keeps it ("still", "also"), and no statement of the
 * text states it again.
 */

/** How far apart, in statements, the value named and the new one may be told. */
const BESIDE = 2;
/** Words that keep the old value beside the new one, or add the new one to it. */
const KEEPS = /\b(?:still|also|too|as well|alongside|besides|in addition|another|again|both|continues?|keeps?)\b/i;
/** Attributes that hold identifiers, or no one value: never ended by contrast. */
const NOT_CONTRASTED = new Set(['name', 'age', 'phone', 'email', ANY_ATTRIBUTE]);

/**
 * For each statement, the values it ends by contrast (negated, of the attribute held); [] for most.
 * `read[i]`: what statement i was read to set; `held[i]`: what statement i's subject already holds
 * (nothing where statement i was read to set something).
 */
export function endedByContrast(statements: string[], read: StatedAttribute[][], held: StatedAttribute[][]): StatedAttribute[][] {
  return statements.map((statement, j) => {
    const subject = subjectOf(statement);
    if (read[j].length || !subject || KEEPS.test(statement)) return [];
    const beside = read.flatMap((attributes, i) =>
      i !== j && Math.abs(i - j) <= BESIDE && !KEEPS.test(statements[i])
        ? attributes.filter((a) => !a.negated && !NOT_CONTRASTED.has(a.attribute) && sameSubject(a.subject, subject))
        : [],
    );
    const restated = (old: StatedAttribute) =>
      read.some((attributes) => attributes.some((a) => !a.negated && a.attribute === old.attribute && sameValue(a.value, old.value)));
    return held[j].flatMap((old) => {
      if (old.negated || !sameSubject(old.subject, subject) || restated(old)) return [];
      const successor = beside.some((a) => a.attribute === old.attribute && !sameValue(a.value, old.value));
      return successor && namesHeldValue(statement, subject, [old]) ? [{ ...old, negated: true }] : [];
    });
  });
}
