import type { Principal } from '../../model/access.js';
import { invalidInput, conflict, notFound } from '../../model/errors.js';
import type { MemoryRecord } from '../../model/memories.js';
import { DuplicateKeyError } from '../../store/errors.js';
import { withoutDates } from '../../ai/extract/dates.js';
import type { Tx } from '../../store/database.js';
import { findLatestMemory, latestMemoriesWithWords, listLatestByIds, listSourceDocuments } from '../../store/memories/records.js';
import { bucketsOfTag } from '../profiles/buckets.js';
import { parseDateInput } from '../shared/date-input.js';
import { embedForRequest } from '../shared/embed.js';
import { NOTHING_INCLUDED, type SearchService } from '../search/search-service.js';
import { newId } from '../shared/ids.js';
import { assertTagsWritable } from '../tags/merge-guard.js';
import { assertTagAllowed } from '../tags/rules.js';
import type { MemoryContext } from './context.js';
import { normalizeMemoryText } from './resolution.js';
import { statesQueryTopic } from './statement-match.js';
import { forgetMemory, supersede } from './versioning.js';
import type { MemoryFieldsInput } from './writer.js';

/** Fields omitted are inherited from the memory updated; `forgetAfter: null` clears it. */
export interface MemoryUpdateInput extends MemoryFieldsInput {
  containerTag: string;
  id?: string;
  content?: string;
  newContent: string;
}

/** One memory, named by id or by its exact text. */
export interface ForgetInput {
  containerTag: string;
  id?: string;
  content?: string;
  reason?: string | null;
}

export interface ForgetMatchingInput {
  containerTag: string;
  query?: string;
  ids?: string[];
  dryRun?: boolean;
  threshold?: number;
  maxForget?: number;
  reason?: string | null;
}

export interface ForgetCandidate {
  id: string;
  memory: string;
  score: number;
}

const DEFAULT_MAX_FORGET = 100;
/** Forgetting by meaning is kept more cautious than search: a memory must match as a rare word or a close paraphrase would. */
const FORGET_MATCHING_THRESHOLD = 0.5;

/** Latest memories read to find one named by its content in other date wording. */
const CONTENT_CANDIDATES = 50;

/** Words a content must give to name a longer memory by its beginning. */
const MIN_PREFIX_WORDS = 4;

const factKey = (text: string) => normalizeMemoryText(withoutDates(text));

/**
 * The memory an id names, or its content: the exact text, else the latest memory stating the same
 * fact in other date wording ("Alice drinks her coffee black" names "Alice drinks her coffee black
 * (as of 27 November 2026)", and the other way round).
 */
async function findNamedMemory(tx: Tx, orgId: string, containerTag: string, by: { id?: string; content?: string }, options: { forUpdate?: boolean } = {}) {
  const exact = await findLatestMemory(tx, orgId, containerTag, by, options);
  if (exact || by.id || !by.content) return exact;
  const key = factKey(by.content);
  if (!key) return undefined;
  const candidates = await latestMemoriesWithWords(tx, orgId, containerTag, withoutDates(by.content), CONTENT_CANDIDATES);
  // The same fact, or the one memory that says it and goes on ("… route" names "… route, two weeks on, two weeks off").
  const starting = candidates.filter((m) => factKey(m.memory).startsWith(`${key} `));
  const same =
    candidates.find((m) => factKey(m.memory) === key) ?? (key.split(' ').length >= MIN_PREFIX_WORDS && starting.length === 1 ? starting[0] : undefined);
  return same ? findLatestMemory(tx, orgId, containerTag, { id: same.id }, options) : undefined;
}

/** An edit of a version another edit already followed (however close together they came). */
const notLatest = () => conflict('not-latest', 'Not the latest version', 'update the latest version of this memory; older versions are history');

/** Changing memories on request: a new version per update, and forgetting one, by meaning or by ids. */
export class MemoryEdits {
  constructor(
    private readonly ctx: MemoryContext,
    private readonly search: SearchService,
  ) {}

  async update(principal: Principal, input: MemoryUpdateInput): Promise<MemoryRecord> {
    assertTagAllowed(principal, input.containerTag);
    if (!input.id && !input.content) throw invalidInput('Invalid request', 'body: give id or content');
    const forgetAfter = parseDateInput(input.forgetAfter, 'forgetAfter');
    parseDateInput(input.temporalContext?.documentDate, 'temporalContext.documentDate');
    const { db, clock } = this.ctx;
    const [vector] = await embedForRequest(this.ctx.embedder, [input.newContent], 'document');
    const buckets = await bucketsOfTag(db, principal.orgId, input.containerTag);
    const orgId = principal.orgId;
    const created = await db
      .transaction(async (tx) => {
        await assertTagsWritable(tx, orgId, [input.containerTag]);
        // Locked: of concurrent edits of one version, the first adds the next version and the
        // others then find it is no longer the latest.
        const previous = await findNamedMemory(tx, orgId, input.containerTag, input, { forUpdate: true });
        if (!previous) throw notFound('Memory');
        if (!previous.isLatest) throw notLatest();
        const now = clock.now();
        const sources = await listSourceDocuments(tx, orgId, [previous.id]);
        return supersede(
          tx,
          orgId,
          previous,
          {
            containerTag: input.containerTag,
            memory: input.newContent,
            sourceCount: previous.sourceCount,
            isStatic: previous.isStatic,
            isInference: false,
            metadata: input.metadata === undefined ? previous.metadata : input.metadata,
            forgetAfter: forgetAfter === undefined ? previous.forgetAfter : forgetAfter,
            forgetReason: forgetAfter === null ? null : input.forgetReason === undefined ? previous.forgetReason : input.forgetReason,
            temporalContext:
              input.temporalContext === undefined ? previous.temporalContext : { ...(previous.temporalContext ?? {}), ...(input.temporalContext ?? {}) },
            embedding: Array.from(vector),
            createdAt: now,
            updatedAt: now,
            sources: sources.map((s) => s.documentId),
          },
          buckets,
          now,
        );
      })
      .catch((error: unknown) => {
        if (error instanceof DuplicateKeyError) throw notLatest();
        throw error;
      });
    await this.ctx.onChanged(orgId, input.containerTag);
    return created;
  }

  /** Forgets one latest memory (soft: it stays, hidden from search and profiles). */
  async forget(principal: Principal, input: ForgetInput): Promise<{ id: string; forgotten: true }> {
    assertTagAllowed(principal, input.containerTag);
    if (!input.id && !input.content) throw invalidInput('Invalid request', 'body: give id or content');
    const forgotten = await this.ctx.db.transaction(async (tx) => {
      await assertTagsWritable(tx, principal.orgId, [input.containerTag]);
      const memory = await findNamedMemory(tx, principal.orgId, input.containerTag, input);
      if (!memory) throw notFound('Memory');
      if (memory.isForgotten) throw conflict('already-forgotten', 'Memory already forgotten');
      await forgetMemory(tx, principal.orgId, memory.id, { forgetReason: input.reason ?? null }, this.ctx.clock.now());
      return memory;
    });
    await this.ctx.onChanged(principal.orgId, input.containerTag);
    return { id: forgotten.id, forgotten: true };
  }

  async forgetMatching(principal: Principal, input: ForgetMatchingInput) {
    assertTagAllowed(principal, input.containerTag);
    if (!input.query === !input.ids) throw invalidInput('Invalid request', 'body: give exactly one of query or ids');
    const orgId = principal.orgId;
    const candidates = await this.findCandidates(principal, input);
    const subject = `${candidates.length === 1 ? 'memory' : 'memories'} ${input.query ? `matching "${input.query}"` : 'with the given ids'}`;
    // What a query matches is a judgement: it is previewed unless the caller applies it. Ids are exact.
    const dryRun = input.dryRun ?? input.query !== undefined;
    if (dryRun) {
      return {
        dryRun: true,
        count: candidates.length,
        forgetBatchId: null,
        summary: `${candidates.length} ${subject} would be forgotten`,
        candidates,
      };
    }
    const forgetBatchId = newId();
    await this.ctx.db.transaction(async (tx) => {
      await assertTagsWritable(tx, orgId, [input.containerTag]);
      for (const candidate of candidates) {
        const current = await findLatestMemory(tx, orgId, input.containerTag, { id: candidate.id });
        if (!current || current.isForgotten) continue;
        await forgetMemory(
          tx,
          orgId,
          candidate.id,
          {
            forgetReason: input.reason ?? (input.query ? `forgotten by request: ${input.query}` : 'forgotten by request'),
            metadata: { ...(current.metadata ?? {}), forgetBatchId },
          },
          this.ctx.clock.now(),
        );
      }
    });
    if (candidates.length) await this.ctx.onChanged(orgId, input.containerTag);
    return {
      dryRun: false,
      count: candidates.length,
      forgetBatchId,
      summary: `${candidates.length} ${subject} forgotten`,
      forgotten: candidates,
    };
  }

  /**
   * By query: the memories a search of the tag scores at or above the threshold (the same scores
   * `POST /v4/search` gives), and only those that state what the query is about.
   */
  private async findCandidates(principal: Principal, input: ForgetMatchingInput): Promise<ForgetCandidate[]> {
    if (input.ids) {
      const rows = await listLatestByIds(this.ctx.db, principal.orgId, input.containerTag, input.ids);
      return rows.filter((m) => !m.isForgotten).map((m) => ({ id: m.id, memory: m.memory, score: 1 }));
    }
    const query = input.query!;
    const { hits } = await this.search.search(principal, {
      q: query,
      containerTag: input.containerTag,
      threshold: input.threshold ?? FORGET_MATCHING_THRESHOLD,
      limit: input.maxForget ?? DEFAULT_MAX_FORGET,
      searchMode: 'memories',
      rerank: false,
      rewriteQuery: false,
      include: NOTHING_INCLUDED,
    });
    return hits.flatMap((hit) =>
      hit.kind === 'memory' && statesQueryTopic(query, hit.memory.memory)
        ? [{ id: hit.memory.id, memory: hit.memory.memory, score: Math.round(hit.similarity * 1000) / 1000 }]
        : [],
    );
  }
}
