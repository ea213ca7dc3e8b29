import type { Db } from '../../store/database.js';
import { listTagStats, type SpaceSettingsPatch, ensureSpace } from '../../store/tags.js';
import { enqueueMergeJob, findActiveMerges, getMerge, insertMerge, lockTagWritesExclusive, type TaggedCustomId } from '../../store/merges.js';
import type { Clock } from '../shared/clock.js';
import { assertTagAllowed } from './rules.js';
import { invalidInput, conflict, notFound } from '../../model/errors.js';
import { newId } from '../shared/ids.js';
import type { SpaceRecord, MergeRecord } from '../../model/tags.js';
import type { Principal } from '../../model/access.js';

export const CUSTOM_ID_MAX = 100;
export const MAX_MERGE_SOURCES = 10;
export const MAX_PROFILE_BUCKETS = 50;

/** A merge that cannot complete; retrying would not help. */
export class MergeFailure extends Error {}

export interface CustomIdRename {
  documentId: string;
  from: string;
  to: string;
}

/**
 * customIds are unique per container tag, so moving a source's documents into the target can
 * clash. Rule: a document already in the target keeps its customId; among sources, the one merged
 * first (the caller's order) keeps it. Every other clashing document moves with its id, content,
 * chunks and memories intact and gets `<customId>:<sourceTag>`, or, when that is taken or longer
 * than 100 characters, `<first 77 characters of customId>:<documentId>`.
 */
export function planCustomIdRenames(targetTag: string, sourceTag: string, documents: TaggedCustomId[]): CustomIdRename[] {
  const taken = new Set(documents.filter((d) => d.containerTag === targetTag).map((d) => d.customId));
  const incoming = documents.filter((d) => d.containerTag === sourceTag).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const clashing = incoming.filter((d) => taken.has(d.customId));
  for (const doc of incoming) if (!taken.has(doc.customId)) taken.add(doc.customId);
  return clashing.map((doc) => {
    const candidates = [`${doc.customId}:${sourceTag}`, `${doc.customId.slice(0, CUSTOM_ID_MAX - 23)}:${doc.id}`];
    const to = candidates.find((c) => c.length <= CUSTOM_ID_MAX && !taken.has(c));
    if (!to) throw new MergeFailure(`no free customId for document ${doc.id} (customId ${doc.customId}) in ${targetTag}`);
    taken.add(to);
    return { documentId: doc.id, from: doc.customId, to };
  });
}

/**
 * The target keeps its own settings; whatever it lacks comes from the first source that has it.
 * Profile buckets are joined by key, the target's (then earlier sources') winning on a clash.
 */
export function combineSpaceSettings(target: SpaceRecord | undefined, sources: SpaceRecord[]): SpaceSettingsPatch {
  const patch: SpaceSettingsPatch = {};
  const firstSet = <K extends 'name' | 'entityContext' | 'memoryFilesystemPaths'>(field: K) =>
    sources.map((s) => s[field]).find((v) => v !== null && v !== undefined) ?? null;
  for (const field of ['name', 'entityContext', 'memoryFilesystemPaths'] as const) {
    if (target?.[field] == null) {
      const value = firstSet(field);
      if (value !== null) Object.assign(patch, { [field]: value });
    }
  }
  const buckets = [...(target?.profileBuckets ?? [])];
  for (const bucket of sources.flatMap((s) => s.profileBuckets ?? [])) {
    if (buckets.length >= MAX_PROFILE_BUCKETS) break;
    if (!buckets.some((b) => b.key === bucket.key)) buckets.push(bucket);
  }
  if (buckets.length !== (target?.profileBuckets?.length ?? 0)) patch.profileBuckets = buckets;
  return patch;
}

export interface MergeRequest {
  sourceTags: string[];
  targetTag: string;
}

export interface MergeServiceOptions {
  maxJobAttempts: number;
  onJobQueued: () => void;
}

/** Starts and reports container-tag merges; the moving itself is the `merge` job. */
export class MergeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: MergeServiceOptions,
  ) {}

  async start(principal: Principal, request: MergeRequest): Promise<MergeRecord> {
    const targetTag = request.targetTag;
    const sourceTags = [...new Set(request.sourceTags)].filter((t) => t !== targetTag);
    if (sourceTags.length === 0) throw invalidInput('Nothing to merge', 'give at least one container tag other than targetContainerTag');
    if (sourceTags.length > MAX_MERGE_SOURCES) throw invalidInput('Too many container tags', `at most ${MAX_MERGE_SOURCES} source tags per merge`);
    for (const tag of [...sourceTags, targetTag]) assertTagAllowed(principal, tag);
    const orgId = principal.orgId;

    const merge = await this.db.transaction(async (tx) => {
      await lockTagWritesExclusive(tx, orgId);
      const [busy] = await findActiveMerges(tx, orgId, [...sourceTags, targetTag]);
      if (busy)
        throw conflict(
          'tag-merging',
          'Container tag merge in progress',
          `mergeId ${busy.id} already involves ${[busy.targetTag, ...busy.sourceTags].join(', ')}`,
        );
      for (const tag of sourceTags) {
        if ((await listTagStats(tx, orgId, tag)).length === 0) throw notFound('Container tag', `containerTag: ${tag}`);
      }
      const now = this.clock.now();
      const row = await insertMerge(tx, {
        id: newId(),
        orgId,
        sourceTags,
        targetTag,
        status: 'queued',
        progress: { phase: 'queued', completedSourceTags: [], copiedRows: 0, attempt: 0 },
        createdAt: now,
        updatedAt: now,
      });
      await ensureSpace(tx, orgId, targetTag, newId());
      await enqueueMergeJob(tx, { id: newId(), orgId, mergeId: row.id, maxAttempts: this.options.maxJobAttempts });
      return row;
    });
    this.options.onJobQueued();
    return merge;
  }

  async get(principal: Principal, mergeId: string): Promise<MergeRecord> {
    const merge = await getMerge(this.db, principal.orgId, mergeId);
    if (!merge) throw notFound('Merge');
    return merge;
  }
}
