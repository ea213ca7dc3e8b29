import type { Embedder } from '../../ai/embeddings/embedder.js';
import type { Db } from '../../store/database.js';
import { insertDocument } from '../../store/documents.js';
import { insertMemories, linkMemorySources } from '../../store/memories/writes.js';
import type { Clock } from '../shared/clock.js';
import { assertTagAllowed } from '../tags/rules.js';
import { embedForRequest } from '../shared/embed.js';
import { parseDateInput } from '../shared/date-input.js';
import { newId } from '../shared/ids.js';
import { assertTagsWritable } from '../tags/merge-guard.js';
import { classifyBuckets } from '../profiles/buckets.js';
import type { ProfileBucket } from '../../model/profiles.js';
import type { MemoryRecord } from '../../model/memories.js';
import type { Principal } from '../../model/access.js';
import { ensureSpace } from '../../store/tags.js';

/** The fields a caller may set on a memory it writes or updates. */
export interface MemoryFieldsInput {
  metadata?: Record<string, string | number | boolean | string[]> | null;
  forgetAfter?: string | null;
  forgetReason?: string | null;
  temporalContext?: { documentDate?: string | null; eventDate?: string[] | null } | null;
}

export interface NewMemoryInput extends MemoryFieldsInput {
  content: string;
  isStatic?: boolean | null;
}

export interface CreateMemoriesInput {
  containerTag: string;
  memories: NewMemoryInput[];
}

export interface CreatedMemories {
  documentId: string | null;
  memories: MemoryRecord[];
}

export interface MemoryWriterOptions {
  /** After memories of a tag changed: cached search scope sizes and its profile are refreshed. */
  onChanged?: (orgId: string, containerTag: string) => Promise<void>;
  /** Profile buckets of a tag, to classify new memories into. */
  bucketsFor?: (orgId: string, containerTag: string) => Promise<ProfileBucket[]>;
}

/** Direct memory writes (POST /v4/memories): embedded before they are stored, so searchable on return. */
export class MemoryWriter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly embedder: Embedder,
    private readonly options: MemoryWriterOptions = {},
  ) {}

  async create(principal: Principal, input: CreateMemoriesInput): Promise<CreatedMemories> {
    assertTagAllowed(principal, input.containerTag);
    const parsed = input.memories.map((m, i) => ({
      ...m,
      forgetAfterDate: parseDateInput(m.forgetAfter, `memories.${i}.forgetAfter`),
      documentDate: parseDateInput(m.temporalContext?.documentDate, `memories.${i}.temporalContext.documentDate`),
    }));
    const vectors = await embedForRequest(this.embedder, parsed.map((m) => m.content), 'document');
    const buckets = (await this.options.bucketsFor?.(principal.orgId, input.containerTag)) ?? [];
    const now = this.clock.now();
    const orgId = principal.orgId;

    const created = await this.db.transaction(async (tx) => {
      await assertTagsWritable(tx, orgId, [input.containerTag]);
      await ensureSpace(tx, orgId, input.containerTag, newId());
      const text = parsed.map((m) => m.content).join('\n\n');
      const sourceDate = parsed.map((m) => m.documentDate).find((d): d is Date => !!d);
      // A lightweight record of where the memories came from; it has no chunks of its own, so
      // searches do not find the same text twice.
      const document = await insertDocument(tx, {
        id: newId(),
        orgId,
        containerTag: input.containerTag,
        status: 'done',
        taskType: 'memory',
        type: 'text',
        source: text,
        content: text,
        metadata: {},
        documentDate: sourceDate ?? null,
        processing: { steps: [] },
        createdAt: now,
        updatedAt: now,
      });
      const rows = await insertMemories(
        tx,
        parsed.map((m, i) => ({
          id: newId(),
          orgId,
          containerTag: input.containerTag,
          memory: m.content,
          isStatic: m.isStatic ?? false,
          metadata: m.metadata ?? null,
          forgetAfter: m.forgetAfterDate ?? null,
          forgetReason: m.forgetReason ?? null,
          temporalContext: m.temporalContext ?? null,
          embedding: Array.from(vectors[i]),
          buckets: classifyBuckets(m.content, buckets),
          createdAt: now,
          updatedAt: now,
        })),
      );
      await linkMemorySources(tx, orgId, rows.map((row) => ({ memoryId: row.id, documentId: document.id })));
      return { documentId: document.id, memories: rows };
    });
    await this.options.onChanged?.(orgId, input.containerTag);
    return created;
  }
}

