import type { Principal } from '../../model/access.js';
import { invalidInput, conflict, notFound } from '../../model/errors.js';
import { parseFilters, type FiltersInput } from '../../model/filters.js';
import { chainRoot, rootsOfLongerChains, type MemoryRecord } from '../../model/memories.js';
import type { Tx } from '../../store/database.js';
import { findLatestMemory, listLatestMemories, listSourceDocuments, listUnreviewedInferences, listVersions } from '../../store/memories/records.js';
import { updateMemory } from '../../store/memories/writes.js';
import { assertTagsWritable } from '../tags/merge-guard.js';
import { resolveReadTags, tagInScope } from '../tags/rules.js';
import type { MemoryContext } from './context.js';
import { groupBy } from '../shared/group-by.js';

export interface MemoryListInput {
  containerTags: string[];
  filters?: FiltersInput | null;
  page: number;
  limit: number;
  sort: 'createdAt' | 'updatedAt';
  order: 'asc' | 'desc';
  /** false leaves forgotten memories out (the default lists them, flagged). */
  includeForgotten?: boolean;
}

export type ReviewAction = 'approve' | 'decline' | 'undo';

export const INFERRED_REVIEW_LIMIT = 50;

/** Reading memory chains with their history, and reviewing inferred memories. */
export class MemoryListing {
  constructor(private readonly ctx: Pick<MemoryContext, 'db' | 'clock' | 'onChanged'>) {}

  /** `total` counts every latest version listed; `forgotten` those of them forgotten (a tag's memoryCount counts the rest). */
  async list(principal: Principal, input: MemoryListInput): Promise<{ items: ListedMemory[]; total: number; forgotten: number }> {
    const containerTags = resolveReadTags(principal, input.containerTags);
    if (!containerTags?.length) throw invalidInput('Invalid request', 'body.containerTags: at least one container tag');
    const { rows, total, forgotten } = await listLatestMemories(this.ctx.db, principal.orgId, {
      containerTags,
      filters: parseFilters(input.filters),
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
      sort: input.sort,
      order: input.order,
      includeForgotten: input.includeForgotten,
    });
    return { items: await withHistoryAndSources(this.ctx.db, principal.orgId, rows), total, forgotten };
  }

  /** A tag outside a scoped key's own answers as an unknown tag does: nothing to review. */
  async listInferred(principal: Principal, containerTag: string) {
    if (!tagInScope(principal, containerTag)) return { rows: [], total: 0 };
    return listUnreviewedInferences(this.ctx.db, principal.orgId, containerTag, this.ctx.clock.now(), INFERRED_REVIEW_LIMIT);
  }

  async review(principal: Principal, containerTag: string, memoryId: string, action: ReviewAction) {
    if (!tagInScope(principal, containerTag)) throw notFound('Memory');
    const updated = await this.ctx.db.transaction(async (tx) => {
      await assertTagsWritable(tx, principal.orgId, [containerTag]);
      const memory = await findLatestMemory(tx, principal.orgId, containerTag, { id: memoryId });
      if (!memory) throw notFound('Memory');
      if (action === 'undo') {
        if (!memory.reviewStatus) throw conflict('not-reviewable', 'Nothing to undo', 'this memory has not been reviewed');
        return updateMemory(tx, principal.orgId, memory.id, { isInference: true, isForgotten: false, reviewStatus: null }, this.ctx.clock.now());
      }
      if (!memory.isInference || memory.reviewStatus) {
        throw conflict('not-reviewable', 'Memory is not reviewable', 'only unreviewed inferred memories can be approved or declined');
      }
      return action === 'approve'
        ? updateMemory(tx, principal.orgId, memory.id, { isInference: false, reviewStatus: 'approved' }, this.ctx.clock.now())
        : updateMemory(
            tx,
            principal.orgId,
            memory.id,
            { isForgotten: true, reviewStatus: 'declined', forgetReason: 'declined in review' },
            this.ctx.clock.now(),
          );
    });
    if (!updated) throw notFound('Memory');
    await this.ctx.onChanged(principal.orgId, containerTag);
    return updated;
  }
}

/** A latest memory with its earlier versions and the documents any version came from. */
export interface ListedMemory {
  memory: MemoryRecord;
  spaceId: string | null;
  history: MemoryRecord[];
  documentIds: string[];
}

/** Adds history and source documents to latest memories: two queries however many memories there are. */
export async function withHistoryAndSources(db: Tx, orgId: string, rows: { memory: MemoryRecord; spaceId: string | null }[]): Promise<ListedMemory[]> {
  const versions = await listVersions(db, orgId, rootsOfLongerChains(rows.map((r) => r.memory)));
  const memoryIds = [...new Set([...versions.map((v) => v.id), ...rows.map((r) => r.memory.id)])];
  const sources = (await listSourceDocuments(db, orgId, memoryIds)).map((source, order) => ({ ...source, order }));
  const chains = groupBy(versions, chainRoot);
  const sourcesOf = groupBy(sources, (s) => s.memoryId);
  return rows.map(({ memory, spaceId }) => {
    const chain = chains.get(chainRoot(memory)) ?? [];
    const chainIds = new Set([memory.id, ...chain.map((v) => v.id)]);
    const chainSources = [...chainIds].flatMap((id) => sourcesOf.get(id) ?? []).sort((a, b) => a.order - b.order);
    return {
      memory,
      spaceId,
      history: chain.filter((v) => v.id !== memory.id),
      documentIds: [...new Set(chainSources.map((s) => s.documentId))],
    };
  });
}
