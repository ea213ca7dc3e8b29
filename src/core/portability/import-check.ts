import { findInputProblem } from '../../model/request-input.js';
import { type InvalidInputError, invalidInput } from '../../model/errors.js';
import { BodyLine, emptyCounts, HeaderLine, SECTION_ORDER, type Counts } from './format.js';
import type { NumberedLine } from './ndjson.js';

/** What the whole file said, once every line of it was read and found valid. */
export interface CheckedExport {
  header: HeaderLine;
  /** Records per kind, as the end line declares and the file holds. */
  counts: Counts;
  /** The export's vectors are from this server's model and are kept (else every record is re-embedded). */
  keepVectors: boolean;
}

type Section = (typeof SECTION_ORDER)[number];
const COUNTED: Record<Exclude<Section, 'end'>, keyof Counts> = {
  space: 'spaces',
  document: 'documents',
  chunk: 'chunks',
  memory: 'memories',
  profile: 'profiles',
};

/**
 * Reads a whole export and refuses it at the first thing wrong, before anything is written: the
 * header, every line's shape and storable text, the section order, vectors of the wrong size, a
 * file cut short (no end line, or counts that differ) and anything after the end line.
 */
export async function checkExport(lines: AsyncIterator<NumberedLine>, model: { name: string; dimension: () => number }): Promise<CheckedExport> {
  const header = await readHeader(lines);
  const keepVectors = header.embeddings && header.embeddingModel === model.name;
  const counts = emptyCounts();
  let section = 0;
  let last = 1;
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    const numbered = next.value;
    last = numbered.number;
    const line = parseLine(numbered, BodyLine);
    const at = SECTION_ORDER.indexOf(line.kind);
    if (at < section) throw invalid(numbered.number, `a ${line.kind} line after the ${SECTION_ORDER[section]} lines`);
    section = at;
    if (line.kind === 'end') {
      const after = await lines.next();
      if (!after.done) throw invalid(after.value.number, 'nothing may follow the end line');
      assertCounts(numbered.number, line.counts, counts);
      return { header, counts, keepVectors };
    }
    if (keepVectors && (line.kind === 'chunk' || line.kind === 'memory') && line.embedding && line.embedding.length !== model.dimension()) {
      throw invalid(numbered.number, `a vector of ${line.embedding.length} dimensions; the model makes ${model.dimension()}`);
    }
    counts[COUNTED[line.kind]]++;
  }
  throw invalid(last + 1, 'the file ends without its end line: it was cut short');
}

async function readHeader(lines: AsyncIterator<NumberedLine>): Promise<HeaderLine> {
  const first = await lines.next();
  if (first.done) throw invalidInput('Invalid export file', 'line 1: empty file, expected the header line');
  const header = parseLine(first.value, HeaderLine);
  if (header.containerTag === null) {
    throw invalid(first.value.number, 'an organization export is imported one tag at a time; export the tag');
  }
  return header;
}

/** Deeper than any record stored through the API (request bodies nest at most 64 levels) can be. */
const MAX_LINE_DEPTH = 128;

type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } };

/** One line read against its schema; text PostgreSQL cannot store (NUL, a lone surrogate) is refused here, not by the database. */
export function parseLine<T>(numbered: NumberedLine, schema: Schema<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(numbered.text);
  } catch {
    throw invalid(numbered.number, 'not valid JSON');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(numbered.number, `${issue.path.map(String).join('.') || 'line'}: ${issue.message}`);
  }
  const problem = findInputProblem(parsed.data, MAX_LINE_DEPTH);
  if (problem) throw invalid(numbered.number, `${problem.path.join('.') || 'line'}: ${problem.message}`);
  return parsed.data;
}

function assertCounts(lineNumber: number, declared: Counts, seen: Counts): void {
  for (const key of Object.keys(seen) as (keyof Counts)[]) {
    if (declared[key] !== seen[key]) {
      throw invalid(lineNumber, `the end line counts ${declared[key]} ${key} but the file holds ${seen[key]}: it is incomplete`);
    }
  }
}

export const invalid = (line: number, reason: string): InvalidInputError => invalidInput('Invalid export file', `line ${line}: ${reason}`);
