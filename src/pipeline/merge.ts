import type { Logger } from 'pino';
import { combineSpaceSettings, MergeFailure, planCustomIdRenames } from '../core/tags/merges.js';
import type { Clock } from '../core/shared/clock.js';
import { newId } from '../core/shared/ids.js';
import { deleteSpaces, getSpaces, upsertSpace } from '../store/tags.js';
import type { Db } from '../store/database.js';
import { computeProfile, deleteProfiles } from '../store/profiles.js';
import { storeProfile } from '../core/profiles/stored-profile.js';
import { emit } from '../core/webhooks/events.js';
import {
  countDocumentsInFlight,
  enqueueMergeJob,
  FINISHED_MERGE_STATUSES,
  foldDuplicateMemories,
  getMerge,
  lockCustomIdDocuments,
  lockMerge,
  moveChunks,
  moveDocuments,
  moveMemories,
  setCustomId,
  updateMerge,
} from '../store/merges.js';
import type { JobHandler, JobLease } from './worker.js';
import { moveConnections } from '../store/connections.js';
import { queueCleanups } from '../core/connections/cleanup.js';
import type { MergeProgress, MergeRecord } from '../model/tags.js';
import type { JobOf } from '../model/jobs.js';

export const MAX_INGEST_WAIT_MS = 60 * 60 * 1000;

export interface MergeContext {
  db: Db;
  log: Logger;
  clock: Clock;
  maxJobAttempts: number;
  /** How often to look again while source documents are still being ingested. */
  recheckMs: number;
  /** Give up when source documents keep processing for longer than this. */
  maxIngestWaitMs: number;
}

export function mergeHandler(ctx: MergeContext): JobHandler<'merge'> {
  return {
    run: (job, lease) => runMerge(ctx, job, lease),
    isTransient: (error) => !(error instanceof MergeFailure),
    onRetry: async (job, message) => {
      const merge = await loadMerge(ctx, job);
      if (merge) {
        await updateMerge(
          ctx.db,
          job.orgId,
          merge.id,
          {
            lastError: message,
            progress: { ...merge.progress, attempt: (merge.progress?.attempt ?? 0) + 1 },
          },
          ctx.clock.now(),
        );
      }
    },
    onFail: async (job, message) => {
      const merge = await loadMerge(ctx, job);
      if (merge)
        await updateMerge(
          ctx.db,
          job.orgId,
          merge.id,
          { status: 'failed', lastError: message, progress: { ...merge.progress, phase: 'failed' } },
          ctx.clock.now(),
        );
    },
  };
}

async function loadMerge(ctx: MergeContext, job: JobOf<'merge'>): Promise<MergeRecord | undefined> {
  const mergeId = job.payload?.mergeId;
  return typeof mergeId === 'string' ? getMerge(ctx.db, job.orgId, mergeId) : undefined;
}

/**
 * Moves every document, chunk and memory of the source tags into the target, one source per
 * transaction (so a crash resumes where it stopped), then drops the source spaces and profiles and
 * rebuilds the target's profile. Writes to the tags are refused while the merge is unfinished, so
 * only ingest already under way has to be waited for: the job then comes back later instead of
 * holding a worker.
 */
export async function runMerge(ctx: MergeContext, job: JobOf<'merge'>, lease: JobLease): Promise<void> {
  const merge = await loadMerge(ctx, job);
  if (!merge || FINISHED_MERGE_STATUSES.includes(merge.status)) return;
  const { orgId, targetTag } = merge;

  const inFlight = await countDocumentsInFlight(ctx.db, orgId, merge.sourceTags);
  if (inFlight > 0) {
    const now = ctx.clock.now();
    const waitingSince = merge.progress?.waitingSince ?? now.toISOString();
    if (now.getTime() - Date.parse(waitingSince) > ctx.maxIngestWaitMs) {
      throw new MergeFailure(`${inFlight} documents of the source tags did not finish processing in time`);
    }
    await ctx.db.transaction(async (tx) => {
      await updateMerge(
        tx,
        orgId,
        merge.id,
        {
          status: 'waiting_for_ingest',
          progress: { ...merge.progress, phase: 'waiting_for_ingest', inFlightItems: inFlight, waitingSince },
        },
        now,
      );
      await enqueueMergeJob(tx, {
        id: newId(),
        orgId,
        mergeId: merge.id,
        maxAttempts: ctx.maxJobAttempts,
        runAt: new Date(now.getTime() + ctx.recheckMs),
      });
    });
    return;
  }

  for (const source of merge.sourceTags) {
    await lease.renew();
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const current = await lockMerge(tx, orgId, merge.id);
      const progress: MergeProgress = { ...current?.progress };
      const completed = progress.completedSourceTags ?? [];
      if (!current || FINISHED_MERGE_STATUSES.includes(current.status) || completed.includes(source)) return;
      const renames = planCustomIdRenames(targetTag, source, await lockCustomIdDocuments(tx, orgId, [targetTag, source]));
      for (const rename of renames) await setCustomId(tx, orgId, rename.documentId, rename.to);
      // A source connection the target's kind replaces is deleted: its cleanup at the provider is queued with it.
      await queueCleanups(tx, (await moveConnections(tx, orgId, source, targetTag, now)).deleted, now);
      const documents = await moveDocuments(tx, orgId, source, targetTag);
      const chunks = await moveChunks(tx, orgId, source, targetTag);
      const duplicateMemories = await foldDuplicateMemories(tx, orgId, source, targetTag, now);
      const memories = await moveMemories(tx, orgId, source, targetTag);
      const before = progress.moved ?? { documents: 0, chunks: 0, memories: 0, renamedCustomIds: 0, duplicateMemories: 0 };
      const moved = {
        documents: before.documents + documents,
        chunks: before.chunks + chunks,
        memories: before.memories + memories,
        renamedCustomIds: before.renamedCustomIds + renames.length,
        duplicateMemories: before.duplicateMemories + duplicateMemories,
      };
      await updateMerge(
        tx,
        orgId,
        merge.id,
        {
          status: 'db_committing',
          progress: {
            ...progress,
            phase: 'db_committing',
            currentSourceTag: source,
            inFlightItems: 0,
            copiedRows: moved.documents + moved.chunks + moved.memories,
            completedSourceTags: [...completed, source],
            moved,
          },
        },
        now,
      );
      if (renames.length) ctx.log.info({ mergeId: merge.id, source, renames }, 'customIds renamed to resolve merge clashes');
    });
  }

  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const current = await lockMerge(tx, orgId, merge.id);
    if (!current || FINISHED_MERGE_STATUSES.includes(current.status)) return;
    const spaces = await getSpaces(tx, orgId, [targetTag, ...merge.sourceTags]);
    const target = spaces.find((s) => s.containerTag === targetTag);
    const sources = merge.sourceTags.map((tag) => spaces.find((s) => s.containerTag === tag)).filter((s) => s !== undefined);
    await upsertSpace(tx, orgId, targetTag, newId(), combineSpaceSettings(target, sources), now);
    await deleteSpaces(tx, orgId, merge.sourceTags);
    await deleteProfiles(tx, orgId, merge.sourceTags);
    // Announced to endpoints of the target and of the sources, then the target's profile if it changed.
    await emit(
      tx,
      {
        orgId,
        type: 'container_tag.merged',
        containerTag: targetTag,
        alsoTags: merge.sourceTags,
        data: { mergeId: merge.id, containerTag: targetTag, sourceTags: merge.sourceTags, moved: current.progress?.moved ?? null },
      },
      now,
    );
    await storeProfile(tx, orgId, targetTag, await computeProfile(tx, orgId, targetTag, now), now);
    await updateMerge(
      tx,
      orgId,
      merge.id,
      {
        status: 'completed',
        lastError: null,
        completedAt: now,
        progress: { ...current.progress, phase: 'completed', currentSourceTag: undefined },
      },
      now,
    );
  });
}
