import { leadingSubject, sameSubject, subjectOf } from '../text/attributes.js';
import { type CombinedStatement, type FoundMemory, MAX_COMBINED, MAX_STATEMENT_CHARS, type MemoryAggregator } from './aggregator.js';

/** Memories one statement combines at most. */
const MAX_MEMBERS = 5;

interface Group {
  subject: string;
  members: { index: number; text: string }[];
}

/**
 * The offline aggregation: found memories about one subject (the name a statement opens with, as
 * versioning and profiles read it) combined into one statement of what they say of it, in their own
 * words, best found first. Memories about a subject no other found memory shares are left alone, so
 * nothing is combined from a single memory and nothing is said that they do not say.
 */
export class SubjectAggregator implements MemoryAggregator {
  readonly name = 'subjects';

  async aggregate(_query: string, memories: FoundMemory[]): Promise<CombinedStatement[]> {
    return combineBySubject(memories);
  }
}

export function combineBySubject(memories: FoundMemory[]): CombinedStatement[] {
  const groups: Group[] = [];
  memories.forEach((m, index) => {
    const text = m.text.replace(/\s+/g, ' ').trim();
    const subject = text ? subjectOf(text) : null;
    if (!subject) return;
    const group = groups.find((g) => sameSubject(g.subject, subject));
    if (!group) {
      groups.push({ subject, members: [{ index, text }] });
      return;
    }
    // The same statement found twice is one memory's worth.
    if (group.members.some((o) => sameWords(o.text, text))) return;
    // "Bob" and "Bob Tanaka": the fuller name names the subject.
    if (subject.length > group.subject.length) group.subject = subject;
    group.members.push({ index, text });
  });
  return groups
    .filter((g) => g.members.length >= 2)
    .flatMap((g) => {
      const combined = statementOf(g);
      return combined ? [combined] : [];
    })
    .slice(0, MAX_COMBINED);
}

const sameWords = (a: string, b: string) => a.toLowerCase().replace(/[\s.;!]+$/, '') === b.toLowerCase().replace(/[\s.;!]+$/, '');

/** What the members say of the subject, in one statement: "Bob works at Siemens, lives in Berlin and plays the cello." */
function statementOf(group: Group): CombinedStatement | null {
  const predicates: string[] = [];
  const whole: string[] = [];
  const sources: number[] = [];
  const subject = /^the user$/i.test(group.subject) ? 'The user' : group.subject.replace(/^the\s/, 'The ');
  for (const member of group.members.slice(0, MAX_MEMBERS)) {
    const sentence = member.text.replace(/[\s.;!]+$/, '');
    const predicate = predicateOf(sentence, group.subject);
    const next = predicate ? { predicates: [...predicates, predicate], whole } : { predicates, whole: [...whole, sentence] };
    // The first two are always kept (each memory is bounded); a later one only while the statement stays short.
    if (sources.length >= 2 && compose(subject, next.predicates, next.whole).length > MAX_STATEMENT_CHARS) break;
    if (predicate) predicates.push(predicate);
    else whole.push(sentence);
    sources.push(member.index);
  }
  if (sources.length < 2) return null;
  const statement = compose(subject, predicates, whole);
  return { statement: statement.length > MAX_STATEMENT_CHARS ? `${statement.slice(0, MAX_STATEMENT_CHARS - 1).trimEnd()}…` : statement, sources };
}

/** The sentence without its subject when it opens with exactly that name and is one plain sentence ("works at Siemens"); else null. */
function predicateOf(sentence: string, subject: string): string | null {
  const leading = leadingSubject(sentence);
  if (!leading || /['’]s\b/.test(leading) || !sameSubject(leading, subject)) return null;
  const rest = sentence.slice(leading.length).trim();
  if (!rest || /^['’]s\b/.test(rest) || /^[,:(]/.test(rest) || /[.!?]\s/.test(rest) || !/^\p{Ll}/u.test(rest)) return null;
  return rest;
}

function compose(subject: string, predicates: string[], whole: string[]): string {
  const parts: string[] = [];
  if (predicates.length) {
    const separator = predicates.some((p) => p.includes(',')) ? '; ' : ', ';
    const joined =
      predicates.length === 1 ? predicates[0] : `${predicates.slice(0, -1).join(separator)}${separator === '; ' ? '; and ' : ' and '}${predicates.at(-1)}`;
    parts.push(`${subject} ${joined}`);
  }
  parts.push(...whole);
  return `${parts.join('. ')}.`;
}
