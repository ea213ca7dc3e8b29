import type { Tx } from '../../store/database.js';
import { findActiveMerges, lockTagWritesShared } from '../../store/merges.js';
import { conflict } from '../../model/errors.js';

/**
 * Refuses a write to container tags that take part in an unfinished merge (a conflict not worth
 * a retry by the client). Call it inside the write's transaction: the shared lock it takes makes a
 * merge that starts concurrently wait for this write to commit, so the merge sees it.
 */
export async function assertTagsWritable(tx: Tx, orgId: string, tags: string[]): Promise<void> {
  await lockTagWritesShared(tx, orgId);
  const [merge] = await findActiveMerges(tx, orgId, [...new Set(tags)]);
  if (merge) {
    const busy = tags.find((t) => t === merge.targetTag || merge.sourceTags.includes(t)) ?? merge.targetTag;
    throw conflict(
      'tag-merging',
      'Container tag merge in progress',
      `containerTag ${busy} is being merged (mergeId ${merge.id}); write again once it completed`,
    );
  }
}

/** For writes that may touch any tag of the org. */
export async function assertNoMergeRunning(tx: Tx, orgId: string): Promise<void> {
  await lockTagWritesShared(tx, orgId);
  const [merge] = await findActiveMerges(tx, orgId);
  if (merge) throw conflict('tag-merging', 'Container tag merge in progress', `mergeId ${merge.id} is still running; try again once it completed`);
}
