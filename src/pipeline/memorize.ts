import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Embedder } from '../ai/embeddings/embedder.js';
import type { ConversationTurn, ExtractedMemory, ExtractionInput, Extractor } from '../ai/extract/types.js';
import { parseConversation, type ConversationMessage } from '../core/documents/conversation-format.js';
import { newId } from '../core/shared/ids.js';
import { activitiesIn, inferInterest } from '../core/memories/inference.js';
import { resolveMemory } from '../core/memories/resolution.js';
import { classifyBuckets } from '../core/profiles/buckets.js';
import { getSpace } from '../store/tags.js';
import type { Db, Tx } from '../store/database.js';
import { getDocument, updateDocumentGeneration } from '../store/documents.js';
import { existsLatestMemory, memoriesMentioning, nearestMemories } from '../store/memories/neighbours.js';
import { insertMemories, linkMemorySources, type MemoryInsert, bumpSourceCount, lockChainHead, retireVersion } from '../store/memories/writes.js';
import { getOrgSettings } from '../store/settings.js';
import { SupersededError } from './worker.js';
import type { MemoryCursor, DocumentRecord } from '../model/documents.js';
import type { MemoryRelation } from '../model/memories.js';
import type { ProfileBucket } from '../model/profiles.js';

/** Extracted statements below this confidence are too vague to keep. */
export const MIN_CONFIDENCE = 0.3;
/** Earlier turns handed to the extractor with appended ones, so pronouns and "you" resolve. */
const CONTEXT_TURNS = 4;
const NEIGHBOURS = 5;

export interface MemorizeContext {
  db: Db;
  embedder: Embedder;
  extractor: Extractor;
  log: Logger;
  bucketsFor(orgId: string, containerTag: string): Promise<ProfileBucket[]>;
  /** After memories of a tag changed (profile rebuild, cached counts). */
  onChanged(orgId: string, containerTag: string): Promise<void>;
}

export interface MemorizeOutcome {
  extracted: number;
  created: number;
  duplicates: number;
  updates: number;
  extends: number;
  inferences: number;
}

interface Plan {
  input: Omit<ExtractionInput, 'entityContext' | 'workspacePrompt' | 'filterPrompt' | 'shouldLLMFilter'>;
  /** Keep only memories from turns at or after this index (into `input.turns`). */
  firstNewTurn: number;
  cursor: MemoryCursor | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hashTurns = (turns: ConversationMessage[]) => sha256(JSON.stringify(turns));
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** What to extract from a document: only what was appended since the last extraction, when that is clear. */
export function planExtraction(doc: DocumentRecord): Plan {
  const documentDate = doc.documentDate ?? doc.createdAt;
  const previous = doc.memoryCursor;
  if (doc.type === 'conversation' && doc.source) {
    const messages = parseConversation(doc.source).messages;
    const continues = previous?.unit === 'turns' && previous.upTo <= messages.length && hashTurns(messages.slice(0, previous.upTo)) === previous.hash;
    const start = continues ? previous.upTo : 0;
    const contextStart = Math.max(0, start - CONTEXT_TURNS);
    const turns: ConversationTurn[] = messages.slice(contextStart).map((m) => ({
      role: m.role,
      content: m.content,
      ...(m.name ? { name: m.name } : {}),
    }));
    return {
      input: { text: '', turns, documentDate },
      firstNewTurn: start - contextStart,
      cursor: { unit: 'turns', upTo: messages.length, hash: hashTurns(messages) },
    };
  }
  if (!doc.hasFile && !doc.url && doc.source) {
    const source = doc.source;
    const continues = previous?.unit === 'chars' && previous.upTo <= source.length && sha256(source.slice(0, previous.upTo)) === previous.hash;
    return {
      input: { text: continues ? source.slice(previous.upTo) : source, documentDate },
      firstNewTurn: 0,
      cursor: { unit: 'chars', upTo: source.length, hash: sha256(source) },
    };
  }
  return { input: { text: doc.content ?? '', documentDate }, firstNewTurn: 0, cursor: null };
}

/**
 * The memory stage: extracts facts from a document, resolves each against what its tag already
 * remembers (duplicate → more support, contradiction → new version, added detail → extends),
 * infers lasting interests, and stores it all in one transaction with the document's new cursor.
 */
export async function memorizeDocument(ctx: MemorizeContext, doc: DocumentRecord, generation: number): Promise<MemorizeOutcome> {
  const outcome: MemorizeOutcome = { extracted: 0, created: 0, duplicates: 0, updates: 0, extends: 0, inferences: 0 };
  const plan = planExtraction(doc);
  const [settings, space, buckets] = await Promise.all([
    getOrgSettings(ctx.db, doc.orgId),
    getSpace(ctx.db, doc.orgId, doc.containerTag),
    ctx.bucketsFor(doc.orgId, doc.containerTag),
  ]);
  const extracted = (
    await ctx.extractor.extract({
      ...plan.input,
      entityContext: space?.entityContext ?? null,
      workspacePrompt: settings?.settings.workspacePrompt ?? null,
      filterPrompt: settings?.settings.filterPrompt ?? null,
      shouldLLMFilter: settings?.settings.shouldLLMFilter ?? false,
    })
  ).filter((m) => m.confidence >= MIN_CONFIDENCE && (m.turnIndex ?? plan.firstNewTurn) >= plan.firstNewTurn);
  outcome.extracted = extracted.length;
  const vectors = extracted.length ? await ctx.embedder.embed(extracted.map((m) => m.content), 'document') : [];

  await ctx.db.transaction(async (tx) => {
    const current = await getDocument(tx, doc.orgId, doc.id);
    if (!current || current.generation !== generation) throw new SupersededError();
    const scope = { orgId: doc.orgId, containerTag: current.containerTag, documentId: doc.id };
    const touched: { memory: ExtractedMemory; id: string }[] = [];
    for (const [i, memory] of extracted.entries()) {
      const neighbours = await nearestMemories(tx, scope, vectors[i], NEIGHBOURS);
      const resolution = resolveMemory(memory.content, neighbours);
      if (resolution.action === 'duplicate') {
        if (!resolution.of.fromSameDocument) await bumpSourceCount(tx, doc.orgId, resolution.of.id, doc.id);
        outcome.duplicates++;
        continue;
      }
      const row = newMemoryRow(scope, current, memory, vectors[i], buckets);
      if (resolution.action === 'relate' && resolution.relation === 'extends') {
        row.relations = { [resolution.to.id]: 'extends' };
        outcome.extends++;
      } else if (resolution.action === 'relate') {
        // Locked: an edit or another document may be adding a version to the same chain right now.
        const previous = await lockChainHead(tx, doc.orgId, resolution.to.id);
        if (previous) {
          row.relations = { [previous.id]: 'updates' };
          row.version = previous.version + 1;
          row.parentMemoryId = previous.id;
          row.rootMemoryId = previous.rootMemoryId ?? previous.id;
          await retireVersion(tx, doc.orgId, previous.id);
          outcome.updates++;
        }
      }
      await insertMemories(tx, [row]);
      await linkMemorySources(tx, doc.orgId, [{ memoryId: row.id!, documentId: doc.id }]);
      touched.push({ memory, id: row.id! });
      outcome.created++;
    }
    outcome.inferences = await inferInterests(ctx, tx, scope, current, touched, buckets);
    if (plan.cursor && !(await updateDocumentGeneration(tx, doc.orgId, doc.id, generation, { memoryCursor: plan.cursor }))) {
      throw new SupersededError();
    }
  });
  if (outcome.created || outcome.duplicates || outcome.inferences) await ctx.onChanged(doc.orgId, doc.containerTag);
  return outcome;
}

function newMemoryRow(
  scope: { orgId: string; containerTag: string },
  doc: DocumentRecord,
  memory: ExtractedMemory,
  vector: ArrayLike<number>,
  buckets: ProfileBucket[],
): MemoryInsert {
  const metadata = Object.keys(doc.metadata).length ? doc.metadata : null;
  return {
    id: newId(),
    orgId: scope.orgId,
    containerTag: scope.containerTag,
    memory: memory.content,
    isStatic: memory.isStatic,
    forgetAfter: memory.forgetAfter ? new Date(memory.forgetAfter) : null,
    temporalContext: { documentDate: isoDay(doc.documentDate ?? doc.createdAt), eventDate: memory.eventDates.length ? memory.eventDates : null },
    metadata,
    buckets: classifyBuckets(memory.content, buckets),
    embedding: Array.from(vector),
  };
}

const LEADING_NAME = /^([A-Z][\p{L}'-]+)/u;

/** New inferences ("X has a lasting interest in painting") from pastimes a person keeps mentioning. */
async function inferInterests(
  ctx: MemorizeContext,
  tx: Tx,
  scope: { orgId: string; containerTag: string; documentId: string },
  doc: DocumentRecord,
  touched: { memory: ExtractedMemory; id: string }[],
  buckets: ProfileBucket[],
): Promise<number> {
  const candidates = new Map<string, { subject: string; activity: string }>();
  for (const { memory } of touched) {
    const subject = memory.speaker ?? LEADING_NAME.exec(memory.content)?.[1];
    if (!subject) continue;
    for (const activity of activitiesIn(memory.content)) candidates.set(`${subject}|${activity}`, { subject, activity });
  }
  const inferences: { content: string; parents: string[] }[] = [];
  const mentioning = new Map<string, Awaited<ReturnType<typeof memoriesMentioning>>>();
  for (const { subject, activity } of candidates.values()) {
    if (!mentioning.has(subject)) mentioning.set(subject, await memoriesMentioning(tx, scope.orgId, scope.containerTag, [subject], 500));
    const supporting = mentioning.get(subject)!;
    const inference = inferInterest(subject, activity, supporting);
    if (inference && !(await existsLatestMemory(tx, scope.orgId, scope.containerTag, inference.content))) {
      inferences.push({ content: inference.content, parents: inference.parentIds });
    }
  }
  if (!inferences.length) return 0;
  const vectors = await ctx.embedder.embed(inferences.map((i) => i.content), 'document');
  const rows = inferences.map((inference, i): MemoryInsert => ({
    id: newId(),
    orgId: scope.orgId,
    containerTag: scope.containerTag,
    memory: inference.content,
    isInference: true,
    isStatic: false,
    sourceCount: inference.parents.length,
    relations: Object.fromEntries(inference.parents.map((id) => [id, 'derives' as MemoryRelation])),
    temporalContext: { documentDate: isoDay(doc.documentDate ?? doc.createdAt), eventDate: null },
    buckets: classifyBuckets(inference.content, buckets),
    embedding: Array.from(vectors[i]),
  }));
  await insertMemories(tx, rows);
  await linkMemorySources(tx, scope.orgId, rows.map((row) => ({ memoryId: row.id!, documentId: scope.documentId })));
  return rows.length;
}
