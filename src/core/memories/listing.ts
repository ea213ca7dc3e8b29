import type { Db } from '../../store/database.js';
import { findLatestMemory, listLatestMemories, listUnreviewedInferences } from '../../store/memories/records.js';
import type { Clock } from '../shared/clock.js';
import { assertTagAllowed, resolveReadTags } from '../tags/rules.js';
import { badRequest, conflict, notFound } from '../../model/errors.js';
import { parseFilters, type FiltersInput } from '../../model/filters.js';
import { withHistoryAndSources, type ListedMemory } from './history.js';
import { assertTagsWritable } from '../tags/merge-guard.js';
import type { Principal } from '../../model/access.js';
import { updateMemory } from '../../store/memories/writes.js';

export interface MemoryListInput {
  containerTags: string[];
  filters?: FiltersInput | null;
  page: number;
  limit: number;
  sort: 'createdAt' | 'updatedAt';
  order: 'asc' | 'desc';
}

export type ReviewAction = 'approve' | 'decline' | 'undo';

export const INFERRED_REVIEW_LIMIT = 50;

/** Reading memory chains, forgetting memories and reviewing inferred ones. */
export class MemoryManagement {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Called after memories of a tag changed, so derived views (profiles) can refresh. */
    private readonly onChanged: (orgId: string, containerTag: string) => Promise<void> = async () => undefined,
  ) {}

  async list(principal: Principal, input: MemoryListInput): Promise<{ items: ListedMemory[]; total: number }> {
    const containerTags = resolveReadTags(principal, input.containerTags);
    if (!containerTags?.length) throw badRequest('Invalid request', 'body.containerTags: at least one container tag');
    const { rows, total } = await listLatestMemories(this.db, principal.orgId, {
      containerTags,
      filters: parseFilters(input.filters),
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
      sort: input.sort,
      order: input.order,
    });
    return { items: await withHistoryAndSources(this.db, principal.orgId, rows), total };
  }

  async forget(
    principal: Principal,
    input: { containerTag: string; id?: string; content?: string; reason?: string | null },
  ): Promise<{ id: string; forgotten: true }> {
    assertTagAllowed(principal, input.containerTag);
    if (!input.id && !input.content) throw badRequest('Invalid request', 'body: give id or content');
    const forgotten = await this.db.transaction(async (tx) => {
      await assertTagsWritable(tx, principal.orgId, [input.containerTag]);
      const memory = await findLatestMemory(tx, principal.orgId, input.containerTag, input);
      if (!memory) throw notFound('Memory');
      if (memory.isForgotten) throw conflict('Memory already forgotten');
      await updateMemory(tx, principal.orgId, memory.id, { isForgotten: true, forgetReason: input.reason ?? null });
      return memory;
    });
    await this.onChanged(principal.orgId, input.containerTag);
    return { id: forgotten.id, forgotten: true };
  }

  async listInferred(principal: Principal, containerTag: string) {
    assertTagAllowed(principal, containerTag);
    return listUnreviewedInferences(this.db, principal.orgId, containerTag, this.clock.now(), INFERRED_REVIEW_LIMIT);
  }

  async review(principal: Principal, containerTag: string, memoryId: string, action: ReviewAction) {
    assertTagAllowed(principal, containerTag);
    const updated = await this.db.transaction(async (tx) => {
      await assertTagsWritable(tx, principal.orgId, [containerTag]);
      const memory = await findLatestMemory(tx, principal.orgId, containerTag, { id: memoryId });
      if (!memory) throw notFound('Memory');
      if (action === 'undo') {
        if (!memory.reviewStatus) throw conflict('Nothing to undo', 'this memory has not been reviewed');
        return updateMemory(tx, principal.orgId, memory.id, { isInference: true, isForgotten: false, reviewStatus: null });
      }
      if (!memory.isInference || memory.reviewStatus) {
        throw conflict('Memory is not reviewable', 'only unreviewed inferred memories can be approved or declined');
      }
      return action === 'approve'
        ? updateMemory(tx, principal.orgId, memory.id, { isInference: false, reviewStatus: 'approved' })
        : updateMemory(tx, principal.orgId, memory.id, { isForgotten: true, reviewStatus: 'declined', forgetReason: 'declined in review' });
    });
    if (!updated) throw notFound('Memory');
    await this.onChanged(principal.orgId, containerTag);
    return updated;
  }
}
