import type { Principal } from '../../model/access.js';
import type { MemoryRecord, TemporalContext } from '../../model/memories.js';
import { insertDocument } from '../../store/documents.js';
import { lockTagMemories } from '../../store/memories/tag-changes.js';
import { ensureSpace } from '../../store/tags.js';
import { bucketsOfTag } from '../profiles/buckets.js';
import { parseDateInput } from '../shared/date-input.js';
import { embedForRequest } from '../shared/embed.js';
import { newId } from '../shared/ids.js';
import { assertTagsWritable } from '../tags/merge-guard.js';
import { assertTagAllowed } from '../tags/rules.js';
import type { MemoryContext } from './context.js';
import { rememberedRecord, rememberStatement } from './remember.js';
import { heldAttributesIn, readAttributes } from './versioning.js';

/** The fields a caller may set on a memory it writes or updates. */
export interface MemoryFieldsInput {
  metadata?: Record<string, string | number | boolean | string[]> | null;
  forgetAfter?: string | null;
  forgetReason?: string | null;
  temporalContext?: TemporalContext | null;
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

/** Direct memory writes (POST /v4/memories): embedded before they are stored, so searchable on return. */
export class MemoryWriter {
  constructor(private readonly ctx: MemoryContext) {}

  async create(principal: Principal, input: CreateMemoriesInput): Promise<CreatedMemories> {
    assertTagAllowed(principal, input.containerTag);
    const parsed = input.memories.map((m, i) => ({
      ...m,
      forgetAfterDate: parseDateInput(m.forgetAfter, `memories.${i}.forgetAfter`),
      documentDate: parseDateInput(m.temporalContext?.documentDate, `memories.${i}.temporalContext.documentDate`),
    }));
    const { db, clock } = this.ctx;
    const vectors = await embedForRequest(
      this.ctx.embedder,
      parsed.map((m) => m.content),
      'document',
    );
    const attributes = await readAttributes(
      this.ctx.embedder,
      parsed.map((m) => m.content),
      heldAttributesIn(db, principal.orgId, input.containerTag),
    );
    const buckets = await bucketsOfTag(db, principal.orgId, input.containerTag);
    const now = clock.now();
    const orgId = principal.orgId;

    const created = await db.transaction(async (tx) => {
      await assertTagsWritable(tx, orgId, [input.containerTag]);
      await lockTagMemories(tx, orgId, input.containerTag);
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
        title: titleOf(text),
        source: text,
        content: text,
        metadata: {},
        documentDate: sourceDate ?? null,
        processing: { steps: [] },
        createdAt: now,
        updatedAt: now,
      });
      // Each is stored as any memory is: a new value of what the tag remembers makes its next version.
      const scope = { orgId, containerTag: input.containerTag, documentId: document.id, now };
      const memories: MemoryRecord[] = [];
      for (const [i, m] of parsed.entries()) {
        const draft = {
          containerTag: input.containerTag,
          memory: m.content,
          isStatic: m.isStatic ?? false,
          metadata: m.metadata ?? null,
          forgetAfter: m.forgetAfterDate ?? null,
          forgetReason: m.forgetReason ?? null,
          temporalContext: m.temporalContext ?? null,
          embedding: Array.from(vectors[i]),
          attributes: attributes[i].stated,
          meant: attributes[i].meant,
          createdAt: now,
          updatedAt: now,
          sources: [document.id],
        };
        // A memory written with metadata of its own stays itself even when its text is known.
        const remembered = await rememberStatement(tx, scope, draft, buckets, { mergeDuplicates: () => !m.metadata || !Object.keys(m.metadata).length });
        const record = await rememberedRecord(tx, scope, remembered);
        if (record) memories.push(record);
      }
      return { documentId: document.id, memories };
    });
    await this.ctx.onChanged(orgId, input.containerTag);
    return created;
  }
}

const TITLE_MAX = 80;

/** A direct write's record is titled by its first statement, as ingest titles a text that states none. */
function titleOf(text: string): string {
  const first = text.trim().split('\n', 1)[0].trim();
  return first.length > TITLE_MAX ? `${first.slice(0, TITLE_MAX - 1).trimEnd()}…` : first;
}
