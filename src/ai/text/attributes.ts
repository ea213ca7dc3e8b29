/**
 * The attributes a statement sets of its subject ("Bob just moved to Berlin for a new job at
 * Siemens" sets where Bob lives and who employs him), however it is worded, and the attribute a
 * question asks for ("Where does Bob work?" asks who employs Bob). They connect questions with
 * the memories that answer them, tell a new value of an attribute from another fact, and are
 * written beside a memory in their canonical form ("Bob works at Siemens"), which is what a plain
 * question shares words and meaning with.
 *
 * kinds.ts: the attributes; lexicon.ts: the words cues are made of; cues.ts: the phrasings of each
 * attribute; subjects.ts: who a statement is about; statements.ts: reading a statement;
 * canonical.ts: writing an attribute plainly; questions.ts: reading a question; meaning.ts and
 * prototypes.ts: reading an attribute no cue names by what the statement means, with the embedder;
 * kindred.ts: the new value a change gives, as the phrase of the same kind as the value held;
 * contrast.ts: a value held, named beside a new value of its attribute, ended.
 */
export { ANY_ATTRIBUTE, ANY_VALUE, isLasting, isSingleValued, type StatedAttribute } from './attributes/kinds.js';
export { canonicalStatement, canonicalText } from './attributes/canonical.js';
export { answerStrength, answeringAttributes, answers, askedAttribute, questionSubject, type AskedAttribute } from './attributes/questions.js';
export { AttributeReader } from './attributes/meaning.js';
export { KindredValueReader, namesHeldValue } from './attributes/kindred.js';
export { endedByContrast } from './attributes/contrast.js';
export { statedAttributes } from './attributes/statements.js';
export { leadingSubject, sameSubject, soleOwnerOf, subjectOf } from './attributes/subjects.js';
