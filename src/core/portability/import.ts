import type { Embedder } from '../../ai/embeddings/embedder.js';
import type { Db } from '../../store/database.js';
import { isRefusedRow } from '../../store/portability.js';
import type { Principal } from '../../model/access.js';
import { ApiError, badRequest } from '../../model/errors.js';
import { assertTagsWritable } from '../tags/merge-guard.js';
import { assertTagInScope } from '../tags/rules.js';
import { BodyLine, emptyCounts, HeaderLine, SECTION_ORDER, type Counts } from './format.js';
import { RefusedVectorError, writeChunks, writeDocuments, writeMemories, writeProfile, writeSpace, type ImportTarget } from './import-rows.js';
import { readLines, type LineLimits, type NumberedLine } from './ndjson.js';

export interface ImportContext {
  db: Db;
  embedder: Embedder;
  limits?: Partial<LineLimits>;
  /**
   * After a committed import: refresh what derives from the tag's memories (search statistics, and
   * the profile unless the file restored it as it was).
   */
  onImported: (orgId: string, containerTag: string, profileRestored: boolean) => Promise<void> | void;
}

export interface ImportResult {
  containerTag: string;
  counts: Counts;
  /** Whether the records were re-embedded with this server's model. */
  reembedded: boolean;
}

export const DEFAULT_IMPORT_LIMITS: LineLimits = { maxLineBytes: 128 * 1024 * 1024, maxTotalBytes: 4 * 1024 * 1024 * 1024 };
const BATCH = 100;

type Section = (typeof SECTION_ORDER)[number];
const COUNTED: Record<Exclude<Section, 'end'>, keyof Counts> = {
  space: 'spaces',
  document: 'documents',
  chunk: 'chunks',
  memory: 'memories',
  profile: 'profiles',
};

/**
 * Restores an export into one container tag inside one transaction: a bad line, a file cut short
 * (no end line, or counts that do not match) or a refused row rolls everything back, so nothing is
 * ever half-imported. Ids are derived from the target and the exported ids, so a re-run writes nothing new.
 */
export class ImportService {
  private readonly limits: LineLimits;

  constructor(private readonly ctx: ImportContext) {
    this.limits = { ...DEFAULT_IMPORT_LIMITS, ...ctx.limits };
  }

  async importTag(principal: Principal, containerTag: string, body: AsyncIterable<Uint8Array>): Promise<ImportResult> {
    assertTagInScope(principal, containerTag);
    const orgId = principal.orgId;
    const result = await this.ctx.db.transaction(async (tx) => {
      await assertTagsWritable(tx, orgId, [containerTag]);
      const lines = readLines(body, this.limits);
      const header = await readHeader(lines);
      const keepVectors = header.embeddings && header.embeddingModel === this.ctx.embedder.model;
      const target: ImportTarget = { tx, orgId, containerTag, embedder: this.ctx.embedder, keepVectors, merged: new Map() };
      const counts = await writeBody(target, lines);
      return { containerTag, counts, reembedded: !keepVectors };
    });
    await this.ctx.onImported(orgId, containerTag, result.counts.profiles > 0);
    return result;
  }
}

async function readHeader(lines: AsyncGenerator<NumberedLine>): Promise<HeaderLine> {
  const first = await lines.next();
  if (first.done) throw badRequest('Invalid export file', 'line 1: empty file, expected the header line');
  const header = parseLine(first.value, HeaderLine);
  if (header.containerTag === null) {
    throw badRequest('Invalid export file', `line ${first.value.number}: an organization export is imported one tag at a time; export the tag`);
  }
  return header;
}

async function writeBody(target: ImportTarget, lines: AsyncGenerator<NumberedLine>): Promise<Counts> {
  const counts = emptyCounts();
  let section = 0;
  let batch: { number: number; line: BodyLine }[] = [];
  const flush = async () => {
    if (batch.length) await writeBatch(target, batch);
    batch = [];
  };
  let last = 0;
  for await (const numbered of lines) {
    last = numbered.number;
    const line = parseLine(numbered, BodyLine);
    const at = SECTION_ORDER.indexOf(line.kind);
    if (at < section) throw invalid(numbered.number, `a ${line.kind} line after the ${SECTION_ORDER[section]} lines`);
    if (line.kind === 'end') {
      await flush();
      const next = await lines.next();
      if (!next.done) throw invalid(next.value.number, 'nothing may follow the end line');
      assertCounts(numbered.number, line.counts, counts);
      return counts;
    }
    if (at !== section || batch.length >= BATCH) await flush();
    section = at;
    counts[COUNTED[line.kind]]++;
    batch.push({ number: numbered.number, line });
  }
  throw invalid(last + 1, 'the file ends without its end line: it was cut short');
}

async function writeBatch(target: ImportTarget, batch: { number: number; line: BodyLine }[]): Promise<void> {
  const lines = batch.map((b) => b.line);
  try {
    switch (lines[0].kind) {
      case 'space':
        for (const line of lines) if (line.kind === 'space') await writeSpace(target, line);
        return;
      case 'document':
        return await writeDocuments(target, lines.filter((l) => l.kind === 'document'));
      case 'chunk':
        return await writeChunks(target, lines.filter((l) => l.kind === 'chunk'));
      case 'memory':
        return await writeMemories(target, lines.filter((l) => l.kind === 'memory'));
      case 'profile':
        for (const line of lines) if (line.kind === 'profile') await writeProfile(target, line);
        return;
    }
  } catch (error) {
    const range = batch.length > 1 ? `lines ${batch[0].number}-${batch[batch.length - 1].number}` : `line ${batch[0].number}`;
    if (error instanceof RefusedVectorError) throw badRequest('Invalid export file', `${range}: ${error.message}`);
    if (!isRefusedRow(error)) throw error;
    throw badRequest('Invalid export file', `${range}: refused by the database (a reference to a record missing from the file, or a duplicate)`);
  }
}

function parseLine<T>(numbered: NumberedLine, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }): T {
  let value: unknown;
  try {
    value = JSON.parse(numbered.text);
  } catch {
    throw invalid(numbered.number, 'not valid JSON');
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalid(numbered.number, `${issue.path.map(String).join('.') || 'line'}: ${issue.message}`);
}

function assertCounts(lineNumber: number, declared: Counts, seen: Counts): void {
  for (const key of Object.keys(seen) as (keyof Counts)[]) {
    if (declared[key] !== seen[key]) {
      throw invalid(lineNumber, `the end line counts ${declared[key]} ${key} but the file holds ${seen[key]}: it is incomplete`);
    }
  }
}

const invalid = (line: number, reason: string): ApiError => badRequest('Invalid export file', `line ${line}: ${reason}`);
