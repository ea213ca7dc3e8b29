import type { Embedder } from '../ai/embeddings/embedder.js';
import type { Db } from '../store/database.js';
import { insertDocument } from '../store/documents.js';
import { insertMemories, linkMemorySources, type InsertedMemory } from '../store/memory-writes.js';
import { ensureSpace } from '../store/spaces.js';
import type { Clock } from './clock.js';
import { assertTagAllowed } from './container-tags.js';
import { embedForRequest } from './embed.js';
import { badRequest } from './errors.js';
import { newId } from './ids.js';
import type { Principal } from './keys.js';
import { assertTagsWritable } from './merge-guard.js';
import { classifyBuckets } from './profile-buckets.js';
import type { ProfileBucket } from '../store/schema.js';

export interface NewMemoryInput {
  content: string;
  isStatic?: boolean | null;
  metadata?: Record<string, string | number | boolean | string[]> | null;
  forgetAfter?: string | null;
  forgetReason?: string | null;
  temporalContext?: { documentDate?: string | null; eventDate?: string[] | null } | null;
}

export interface CreateMemoriesInput {
  containerTag: string;
  memories: NewMemoryInput[];
}

export interface CreatedMemories {
  documentId: string | null;
  memories: InsertedMemory[];
}

export interface MemoryWriterOptions {
  /** After memories of a tag changed, e.g. so its profile is rebuilt. */
  onChanged?: (orgId: string, containerTag: string) => Promise<void>;
  /** After any write, so cached search scope sizes are refreshed. */
  onWritten?: (orgId: string) => void;
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
    const parsed = input.memories.map((m, i) => ({ ...m, forgetAfterDate: parseDate(m.forgetAfter, `memories.${i}.forgetAfter`) }));
    input.memories.forEach((m, i) => parseDate(m.temporalContext?.documentDate, `memories.${i}.temporalContext.documentDate`));
    const vectors = await embedForRequest(this.embedder, parsed.map((m) => m.content), 'document');
    const buckets = (await this.options.bucketsFor?.(principal.orgId, input.containerTag)) ?? [];
    const now = this.clock.now();
    const orgId = principal.orgId;

    const created = await this.db.transaction(async (tx) => {
      await assertTagsWritable(tx, orgId, [input.containerTag]);
      await ensureSpace(tx, orgId, input.containerTag, newId());
      const text = parsed.map((m) => m.content).join('\n\n');
      const sourceDate = parsed.map((m) => m.temporalContext?.documentDate).find((d): d is string => !!d);
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
        documentDate: sourceDate ? new Date(sourceDate) : null,
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
    this.options.onWritten?.(orgId);
    await this.options.onChanged?.(orgId, input.containerTag);
    return created;
  }
}

function parseDate(value: string | null | undefined, field: string): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badRequest('Invalid date', `${field}: "${value}" is not a date`);
  return date;
}
