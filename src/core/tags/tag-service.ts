import { emit } from '../webhooks/events.js';
import { invalidInput } from '../../model/errors.js';
import type { Db } from '../../store/database.js';
import { deleteSpaces, getSpace, listTagStats, upsertSpace, type SpaceSettingsPatch, type TagStats } from '../../store/tags.js';
import { deleteConnectionsWhere } from '../../store/connections.js';
import { queueCleanups } from '../connections/cleanup.js';
import { findActiveMerges } from '../../store/merges.js';
import { deleteProfiles } from '../../store/profiles.js';
import { assertTagInScope, tagNotFound } from './rules.js';
import { newId } from '../shared/ids.js';
import { assertTagsWritable } from './merge-guard.js';
import type { SpaceRecord, MergeRecord } from '../../model/tags.js';
import type { Principal } from '../../model/access.js';
import { forgetTagMemories } from '../../store/memories/writes.js';
import { removeDocuments } from '../memories/lineage.js';
import type { Clock } from '../shared/clock.js';

export interface ContainerTagSummary extends TagStats {
  merge: { role: 'source' | 'target'; mergeId: string; targetTag: string } | null;
}

export interface ContainerTagDetails {
  containerTag: string;
  name: string | null;
  entityContext: string | null;
  memoryFilesystemPaths: string[] | null;
  profileBuckets: { key: string; description: string }[];
  createdAt: Date;
  updatedAt: Date;
  documentCount: number;
  memoryCount: number;
  lastActivityAt: Date | null;
}

export const SPACE_DELETED_REASON = 'container tag deleted';

/** Reading, configuring and deleting container tags (spaces) of an organization. */
export class ContainerTagService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(principal: Principal): Promise<ContainerTagSummary[]> {
    const [stats, merges] = await Promise.all([listTagStats(this.db, principal.orgId), findActiveMerges(this.db, principal.orgId)]);
    const visible = principal.containerTags ? stats.filter((s) => principal.containerTags!.includes(s.containerTag)) : stats;
    return visible.map((s) => ({ ...s, merge: mergeRole(merges, s.containerTag) }));
  }

  async get(principal: Principal, containerTag: string): Promise<ContainerTagDetails> {
    assertTagInScope(principal, containerTag);
    const [space, [stats]] = await Promise.all([getSpace(this.db, principal.orgId, containerTag), listTagStats(this.db, principal.orgId, containerTag)]);
    if (!stats) throw tagNotFound(containerTag);
    return details(space, stats);
  }

  /** Creates the tag when it does not exist yet (PATCH upserts). */
  async update(principal: Principal, containerTag: string, patch: SpaceSettingsPatch): Promise<ContainerTagDetails> {
    assertTagInScope(principal, containerTag);
    const space = await this.db.transaction(async (tx) => {
      await assertTagsWritable(tx, principal.orgId, [containerTag]);
      return upsertSpace(tx, principal.orgId, containerTag, newId(), patch, this.clock.now());
    });
    const [stats] = await listTagStats(this.db, principal.orgId, containerTag);
    return details(space, stats);
  }

  /**
   * Changes the tag's own profile buckets in one transaction holding its row: those in `set` added
   * or replaced, those in `remove` removed, the others kept, so two changes at once both apply. A
   * tag may hold at most `max` of its own.
   */
  async changeProfileBuckets(
    principal: Principal,
    containerTag: string,
    change: { set?: Record<string, string>; remove?: string[] },
    max: number,
  ): Promise<ContainerTagDetails> {
    assertTagInScope(principal, containerTag);
    const space = await this.db.transaction(async (tx) => {
      await assertTagsWritable(tx, principal.orgId, [containerTag]);
      const now = this.clock.now();
      // An empty upsert makes the row if needed and holds it until the change is written.
      const held = await upsertSpace(tx, principal.orgId, containerTag, newId(), {}, now);
      const buckets = new Map((held.profileBuckets ?? []).map((bucket) => [bucket.key, bucket.description]));
      for (const key of change.remove ?? []) buckets.delete(key);
      for (const [key, description] of Object.entries(change.set ?? {})) buckets.set(key, description);
      if (buckets.size > max) throw invalidInput('Too many buckets', `buckets: a namespace holds at most ${max} of its own (${buckets.size} asked)`);
      return upsertSpace(tx, principal.orgId, containerTag, held.id, { profileBuckets: [...buckets].map(([key, description]) => ({ key, description })) }, now);
    });
    const [stats] = await listTagStats(this.db, principal.orgId, containerTag);
    return details(space, stats);
  }

  /**
   * Deletes the tag's documents (with their chunks), settings and profile. The memories drawn from
   * those documents go with them (lineage); memories no document supports (imported ones) are kept,
   * forgotten. `deletedMemoriesCount` counts the live memories deleted and the memory rows forgotten.
   */
  async delete(principal: Principal, containerTag: string): Promise<{ deletedDocumentsCount: number; deletedMemoriesCount: number }> {
    assertTagInScope(principal, containerTag);
    const orgId = principal.orgId;
    return this.db.transaction(async (tx) => {
      await assertTagsWritable(tx, orgId, [containerTag]);
      if ((await listTagStats(tx, orgId, containerTag)).length === 0) throw tagNotFound(containerTag);
      const now = this.clock.now();
      // The tag's connections stop syncing into it before its documents go.
      await queueCleanups(tx, await deleteConnectionsWhere(tx, orgId, [containerTag]), now);
      const removal = await removeDocuments(tx, orgId, { containerTags: [containerTag] }, now);
      const forgotten = await forgetTagMemories(tx, orgId, containerTag, SPACE_DELETED_REASON, now);
      await deleteSpaces(tx, orgId, [containerTag]);
      await deleteProfiles(tx, orgId, [containerTag]);
      const counts = { deletedDocumentsCount: removal.documents.length, deletedMemoriesCount: removal.deletedMemories + forgotten };
      await emit(tx, { orgId, type: 'container_tag.deleted', containerTag, data: { containerTag, ...counts } }, now);
      return counts;
    });
  }
}

function mergeRole(merges: MergeRecord[], tag: string): ContainerTagSummary['merge'] {
  for (const m of merges) {
    if (m.targetTag === tag) return { role: 'target', mergeId: m.id, targetTag: m.targetTag };
    if (m.sourceTags.includes(tag)) return { role: 'source', mergeId: m.id, targetTag: m.targetTag };
  }
  return null;
}

function details(space: SpaceRecord | undefined, stats: TagStats | undefined): ContainerTagDetails {
  return {
    containerTag: space?.containerTag ?? stats!.containerTag,
    name: space?.name ?? null,
    entityContext: space?.entityContext ?? null,
    memoryFilesystemPaths: space?.memoryFilesystemPaths ?? null,
    profileBuckets: space?.profileBuckets ?? [],
    createdAt: space?.createdAt ?? stats!.createdAt,
    updatedAt: space?.updatedAt ?? stats!.updatedAt,
    documentCount: stats?.documentCount ?? 0,
    memoryCount: stats?.memoryCount ?? 0,
    lastActivityAt: stats?.lastActivityAt ?? null,
  };
}
