import { createHash } from 'node:crypto';
import type { Embedder } from '../../ai/embeddings/embedder.js';
import { extractWithReport, type ExtractionReport } from '../../ai/extract/report.js';
import { nameTheUser } from '../../ai/extract/transcript.js';
import type { ConversationTurn, ExtractedMemory, ExtractionInput, Extractor } from '../../ai/extract/types.js';
import type { DocumentRecord, MemoryCursor } from '../../model/documents.js';
import type { MemoryRelation } from '../../model/memories.js';
import type { ProfileBucket } from '../../model/profiles.js';
import type { Db, Tx } from '../../store/database.js';
import { latestMemoryTexts, memoriesMentioning, memoriesMentioningEach } from '../../store/memories/neighbours.js';
import { getOrgSettings } from '../../store/settings.js';
import { getSpace } from '../../store/tags.js';
import type { Clock } from '../shared/clock.js';
import { parseConversation, type ConversationMessage } from '../documents/conversation-format.js';
import { bucketsOfTag } from '../profiles/buckets.js';
import { activitiesIn, inferInterest } from './inference.js';
import { isLasting, subjectOf } from '../../ai/text/attributes.js';
import { DocumentRestatement } from './lineage.js';
import { rememberStatement } from './remember.js';
import { TagSnapshot } from './tag-snapshot.js';
import { heldAttributesIn, insertMemoriesWithSources, readAttributes, type MemoryDraft, type ReadAttributes } from './versioning.js';

/** Extracted statements below this confidence are too vague to keep. */
export const MIN_CONFIDENCE = 0.3;
/** Earlier turns handed to the extractor with appended ones, so pronouns and "you" resolve. */
const CONTEXT_TURNS = 4;

export interface ExtractionContext {
  db: Db;
  clock: Clock;
  embedder: Embedder;
  extractor: Extractor;
  /** How much of one document is extracted; the defaults below when absent. */
  limits?: Partial<ExtractionLimits>;
}

/**
 * The most work one document's extraction may cost: characters read (of what is new) and memories
 * kept, each resolved against its tag in the memory step's one transaction. What lies past them
 * stays searchable as chunks; the memories step records how much was skipped.
 */
export interface ExtractionLimits {
  maxChars: number;
  maxMemories: number;
}

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = { maxChars: 1_000_000, maxMemories: 1_000 };

export interface MemorizeOutcome {
  extracted: number;
  created: number;
  duplicates: number;
  updates: number;
  extends: number;
  inferences: number;
  /** Of what a whole re-extraction no longer states: replaced by a new version, forgotten, or left to its other sources. */
  superseded: number;
  forgotten: number;
  unlinked: number;
  /** Characters of the document past the extraction limit, not read for memories. */
  charsSkipped?: number;
  /** Memories found past the limit of memories per document, not kept. */
  memoriesSkipped?: number;
}

export interface ExtractionPlan {
  input: Omit<ExtractionInput, 'entityContext' | 'workspacePrompt' | 'filterPrompt' | 'shouldLLMFilter'>;
  /** Keep only memories from turns at or after this index (into `input.turns`). */
  firstNewTurn: number;
  /** Position in the whole conversation of `input.turns[0]`. */
  turnOffset: number;
  /** How far the document is extracted once this plan is stored; null when it is always extracted whole. */
  cursor: MemoryCursor | null;
  /** The whole document is extracted (not only what was appended): what it no longer states is reconciled. */
  whole: boolean;
}

/** What the extractor found in a document, embedded, ready to be resolved against its tag. */
export interface Extraction {
  plan: ExtractionPlan;
  memories: ExtractedMemory[];
  vectors: Float32Array[];
  /** The attributes each memory sets, by cues and by meaning. */
  attributes: ReadAttributes[];
  buckets: ProfileBucket[];
  /** Who extracted the memories, and what the chat model cost. */
  report: ExtractionReport;
  /** What the extraction limits left out. */
  skipped: { chars: number; memories: number };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hashTurns = (turns: ConversationMessage[]) => sha256(JSON.stringify(turns));
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** What to extract from a document: only what was appended since the last extraction, when that is clear. */
export function planExtraction(doc: DocumentRecord): ExtractionPlan {
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
      turnOffset: contextStart,
      cursor: { unit: 'turns', upTo: messages.length, hash: hashTurns(messages) },
      whole: start === 0,
    };
  }
  if (!doc.hasFile && !doc.url && doc.source) {
    const source = doc.source;
    const continues = previous?.unit === 'chars' && previous.upTo <= source.length && sha256(source.slice(0, previous.upTo)) === previous.hash;
    return {
      input: { text: continues ? source.slice(previous.upTo) : source, documentDate },
      firstNewTurn: 0,
      turnOffset: 0,
      cursor: { unit: 'chars', upTo: source.length, hash: sha256(source) },
      whole: !continues,
    };
  }
  return { input: { text: doc.content ?? '', documentDate }, firstNewTurn: 0, turnOffset: 0, cursor: null, whole: true };
}

/**
 * Runs the extractor over what is new in the document, with its organization's and tag's
 * guidance, and embeds what it found. No transaction is held: model calls are slow.
 */
export async function extractMemories(ctx: ExtractionContext, doc: DocumentRecord, signal?: AbortSignal): Promise<Extraction> {
  const plan = planExtraction(doc);
  const limits = { ...DEFAULT_EXTRACTION_LIMITS, ...ctx.limits };
  const charsSkipped = limitInput(plan.input, limits.maxChars);
  const [settings, space, buckets, userName] = await Promise.all([
    getOrgSettings(ctx.db, doc.orgId),
    getSpace(ctx.db, doc.orgId, doc.containerTag),
    bucketsOfTag(ctx.db, doc.orgId, doc.containerTag),
    plan.input.turns ? knownUserName(ctx.db, doc.orgId, doc.containerTag) : null,
  ]);
  if (plan.input.turns) plan.input.turns = nameTheUser(plan.input.turns, userName);
  const { memories: extracted, report } = await extractWithReport(ctx.extractor, {
    ...plan.input,
    entityContext: space?.entityContext ?? null,
    workspacePrompt: settings?.settings.workspacePrompt ?? null,
    filterPrompt: settings?.settings.filterPrompt ?? null,
    shouldLLMFilter: settings?.settings.shouldLLMFilter ?? false,
    signal,
  });
  const found = extracted.filter((m) => m.confidence >= MIN_CONFIDENCE && (m.turnIndex ?? plan.firstNewTurn) >= plan.firstNewTurn);
  const memories = found.slice(0, limits.maxMemories);
  signal?.throwIfAborted();
  const vectors = memories.length
    ? await ctx.embedder.embed(
        memories.map((m) => m.content),
        'document',
      )
    : [];
  const attributes = await readAttributes(
    ctx.embedder,
    memories.map((m) => m.content),
    heldAttributesIn(ctx.db, doc.orgId, doc.containerTag),
  );
  return { plan, memories, vectors, attributes, buckets, report, skipped: { chars: charsSkipped, memories: found.length - memories.length } };
}

/** Cuts the input to `maxChars` (a text at a space, turns after the last that fits); returns the characters cut. */
function limitInput(input: ExtractionPlan['input'], maxChars: number): number {
  if (input.turns) {
    let total = 0;
    let kept = 0;
    while (kept < input.turns.length && total + input.turns[kept].content.length <= maxChars) total += input.turns[kept++].content.length;
    const cut = input.turns.slice(kept).reduce((sum, turn) => sum + turn.content.length, 0);
    input.turns = input.turns.slice(0, kept);
    return cut;
  }
  if (input.text.length <= maxChars) return 0;
  const space = input.text.lastIndexOf(' ', maxChars);
  const end = space > maxChars / 2 ? space : maxChars;
  const cut = input.text.length - end;
  input.text = input.text.slice(0, end);
  return cut;
}

const USER_NAME = /^The user's name is (.+)$/;

/** The name the user of a tag gave for themselves in an earlier conversation, if any. */
async function knownUserName(db: Db, orgId: string, containerTag: string): Promise<string | null> {
  const [known] = await memoriesMentioning(db, orgId, containerTag, ["The user's name is "], 1);
  return known ? (USER_NAME.exec(known.memory)?.[1] ?? null) : null;
}

/**
 * Reads ahead, before the transaction that stores the extraction, what its statements will be
 * resolved against in the document's tag (`TagSnapshot`); undefined when there is nothing to read.
 */
export function readTagAhead(db: Db, doc: DocumentRecord, extraction: Extraction): Promise<TagSnapshot | undefined> {
  return TagSnapshot.read(
    db,
    { orgId: doc.orgId, containerTag: doc.containerTag, documentId: doc.id },
    extraction.memories.map((memory, i) => ({
      vector: extraction.vectors[i],
      stated: { memory: memory.content, attributes: extraction.attributes[i].stated, meant: extraction.attributes[i].meant },
    })),
  );
}

/**
 * Stores an extraction inside the caller's transaction, for the document as it is now: each
 * memory is resolved against what its tag already remembers (duplicate → more support,
 * contradiction → new version, added detail → extends), then lasting interests are inferred.
 */
export async function rememberExtraction(
  ctx: ExtractionContext,
  tx: Tx,
  doc: DocumentRecord,
  extraction: Extraction,
  signal?: AbortSignal,
  ahead: { snapshot?: TagSnapshot; inferenceVectors?: ReadonlyMap<string, Float32Array> } = {},
): Promise<MemorizeOutcome> {
  const { snapshot } = ahead;
  const { memories, vectors, buckets } = extraction;
  const outcome: MemorizeOutcome = {
    extracted: memories.length,
    created: 0,
    duplicates: 0,
    updates: 0,
    extends: 0,
    inferences: 0,
    superseded: 0,
    forgotten: 0,
    unlinked: 0,
  };
  if (extraction.skipped.chars) outcome.charsSkipped = extraction.skipped.chars;
  if (extraction.skipped.memories) outcome.memoriesSkipped = extraction.skipped.memories;
  const now = ctx.clock.now();
  const scope = { orgId: doc.orgId, containerTag: doc.containerTag, documentId: doc.id, now };
  const touched: ExtractedMemory[] = [];
  // What this document (or this turn of it) states holds side by side: "now teaches there" changes nothing said beside it.
  const stated = new Map<number | null, Set<string>>();
  // Lineage: a document extracted whole again settles what it no longer states (core/memories/lineage.ts).
  const restatement = extraction.plan.whole ? await DocumentRestatement.begin(tx, doc, now) : null;
  for (const [i, memory] of memories.entries()) {
    signal?.throwIfAborted();
    const moment = memory.turnIndex ?? null;
    const alongside = stated.get(moment) ?? new Set<string>();
    stated.set(moment, alongside);
    const remembered = await rememberStatement(
      tx,
      scope,
      extractedDraft(doc, memory, vectors[i], extraction.attributes[i], extraction.plan.turnOffset, now),
      buckets,
      { statedAlongside: alongside, ...(snapshot ? { reads: snapshot.readsOf(i) } : {}) },
    );
    snapshot?.record(i, remembered);
    alongside.add(remembered.memory.id);
    if (remembered.action === 'duplicate') {
      restatement?.restates(remembered.memory.id);
      outcome.duplicates++;
      continue;
    }
    if (remembered.action === 'extends') {
      restatement?.restates(remembered.of);
      outcome.extends++;
    }
    if (remembered.action === 'updates') outcome.updates++;
    if (remembered.action === 'new') restatement?.adds(remembered.memory);
    touched.push(memory);
    outcome.created++;
  }
  if (restatement) Object.assign(outcome, await restatement.finish(tx));
  outcome.inferences = await inferInterests(ctx, tx, doc, touched, buckets, ahead.inferenceVectors);
  return outcome;
}

function extractedDraft(
  doc: DocumentRecord,
  memory: ExtractedMemory,
  vector: ArrayLike<number>,
  { stated, meant }: ReadAttributes,
  turnOffset: number,
  now: Date,
): MemoryDraft {
  return {
    containerTag: doc.containerTag,
    memory: memory.content,
    // Where someone works or lives, whom they are with: lasting, whichever extractor found it.
    isStatic: memory.isStatic || stated.some((a) => !a.negated && isLasting(a.attribute)),
    attributes: stated,
    meant,
    forgetAfter: memory.forgetAfter ? new Date(memory.forgetAfter) : null,
    temporalContext: { documentDate: isoDay(doc.documentDate ?? doc.createdAt), eventDate: memory.eventDates.length ? memory.eventDates : null },
    metadata: Object.keys(doc.metadata).length ? doc.metadata : null,
    embedding: Array.from(vector),
    createdAt: now,
    updatedAt: now,
    sources: [doc.id],
    sourceTurn: memory.turnIndex == null ? null : turnOffset + memory.turnIndex,
  };
}

/** The person a memory is about, by name ("In 2019 Dana ran …" is about Dana). */
function personOf(content: string): string | null {
  const subject = subjectOf(content);
  return subject && /^\p{Lu}/u.test(subject) && !/['’]s\s/.test(subject) ? subject : null;
}

/** Who and which pastime each memory could found an inference on ("X has a lasting interest in painting"). */
function interestCandidates(memories: ExtractedMemory[]): { subject: string; activity: string }[] {
  const candidates = new Map<string, { subject: string; activity: string }>();
  for (const memory of memories) {
    const subject = memory.speaker ?? personOf(memory.content);
    if (!subject) continue;
    for (const activity of activitiesIn(memory.content)) candidates.set(`${subject}|${activity}`, { subject, activity });
  }
  return [...candidates.values()];
}

const MENTIONING = 500;

/**
 * The inferences storing this extraction will likely make, embedded before its transaction (the
 * document lane, no connection held): those its memories and the tag's memories that mention the
 * same people would found, and the tag does not say yet. What the transaction infers beyond them is
 * embedded in it.
 */
export async function embedLikelyInferences(ctx: ExtractionContext, doc: DocumentRecord, extraction: Extraction): Promise<Map<string, Float32Array>> {
  const candidates = interestCandidates(extraction.memories);
  if (!candidates.length) return new Map();
  const { orgId, containerTag } = doc;
  const mentioning = await memoriesMentioningEach(ctx.db, orgId, containerTag, [...new Set(candidates.map((c) => c.subject))], MENTIONING);
  const own = extraction.memories.map((m, i) => ({ id: `statement ${i}`, memory: m.content }));
  const likely = candidates.flatMap(({ subject, activity }) => inferInterest(subject, activity, [...(mentioning.get(subject) ?? []), ...own])?.content ?? []);
  const said = await latestMemoryTexts(ctx.db, orgId, containerTag, likely);
  const texts = likely.filter((text) => !said.has(text));
  if (!texts.length) return new Map();
  const vectors = await ctx.embedder.embed(texts, 'document');
  return new Map(texts.map((text, i) => [text, vectors[i]]));
}

/** New inferences ("X has a lasting interest in painting") from pastimes a person keeps mentioning. */
async function inferInterests(
  ctx: ExtractionContext,
  tx: Tx,
  doc: DocumentRecord,
  touched: ExtractedMemory[],
  buckets: ProfileBucket[],
  embedded: ReadonlyMap<string, Float32Array> = new Map(),
): Promise<number> {
  const { orgId, containerTag } = doc;
  const candidates = interestCandidates(touched);
  if (!candidates.length) return 0;
  // Every person's memories in one statement, and in one more which of the inferences the tag already says.
  const mentioning = await memoriesMentioningEach(tx, orgId, containerTag, [...new Set(candidates.map((c) => c.subject))], MENTIONING);
  const found = candidates.flatMap(({ subject, activity }) => inferInterest(subject, activity, mentioning.get(subject) ?? []) ?? []);
  const said = await latestMemoryTexts(
    tx,
    orgId,
    containerTag,
    found.map((i) => i.content),
  );
  const inferences = found.filter((i) => !said.has(i.content)).map((i) => ({ content: i.content, parents: i.parentIds }));
  if (!inferences.length) return 0;
  const unembedded = inferences.map((i) => i.content).filter((text) => !embedded.has(text));
  const fresh = unembedded.length ? await ctx.embedder.embed(unembedded, 'document') : [];
  const vectorOf = new Map([...embedded, ...unembedded.map((text, i) => [text, fresh[i]] as const)]);
  const vectors = inferences.map((i) => vectorOf.get(i.content)!);
  const drafts = inferences.map(
    (inference, i): MemoryDraft => ({
      containerTag,
      memory: inference.content,
      isInference: true,
      isStatic: false,
      sourceCount: inference.parents.length,
      relations: Object.fromEntries(inference.parents.map((id) => [id, 'derives' as MemoryRelation])),
      temporalContext: { documentDate: isoDay(doc.documentDate ?? doc.createdAt), eventDate: null },
      embedding: Array.from(vectors[i]),
      sources: [doc.id],
    }),
  );
  await insertMemoriesWithSources(tx, orgId, drafts, buckets, ctx.clock.now());
  return drafts.length;
}
