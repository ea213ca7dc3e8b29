import { z } from 'zod';

/** The export format: one JSON object per line, the header first and the end line last. */
export const FORMAT_NAME = 'engram-export';
export const FORMAT_VERSION = 1;

const Json = z.record(z.string(), z.unknown());
const Timestamp = z.string().datetime({ offset: true });
const Id = z.string().min(1).max(255);
const Vector = z.array(z.number()).max(16_384).nullable().optional();

export const HeaderLine = z.object({
  kind: z.literal('header'),
  format: z.literal(FORMAT_NAME),
  version: z.literal(FORMAT_VERSION),
  serverVersion: z.string(),
  embeddingModel: z.string().nullable(),
  embeddings: z.boolean(),
  containerTag: z.string().nullable(),
  exportedAt: Timestamp,
});

export const SpaceLine = z.object({
  kind: z.literal('space'),
  containerTag: z.string(),
  name: z.string().nullable(),
  entityContext: z.string().nullable(),
  memoryFilesystemPaths: z.array(z.string()).nullable(),
  profileBuckets: z.array(z.object({ key: z.string(), description: z.string() })).nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const DocumentLine = z.object({
  kind: z.literal('document'),
  id: Id,
  containerTag: z.string(),
  customId: z.string().nullable(),
  status: z.string(),
  taskType: z.string(),
  type: z.string(),
  title: z.string().nullable(),
  source: z.string().nullable(),
  content: z.string().nullable(),
  url: z.string().nullable(),
  summary: z.string().nullable(),
  filepath: z.string().nullable(),
  metadata: Json,
  connectorSource: z.string().nullable(),
  documentDate: Timestamp.nullable(),
  error: z.string().nullable(),
  memoryCursor: Json.nullable(),
  file: z
    .object({
      filename: z.string().nullable(),
      mimeType: z.string().nullable(),
      forcedType: z.string().nullable(),
      size: z.number().int().nonnegative(),
      base64: z.string(),
    })
    .nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const ChunkLine = z.object({
  kind: z.literal('chunk'),
  id: Id,
  documentId: Id,
  position: z.number().int().nonnegative(),
  content: z.string(),
  type: z.string(),
  headingPath: z.array(z.string()),
  metadata: Json.nullable(),
  embedding: Vector,
  createdAt: Timestamp,
});

export const MemoryLine = z.object({
  kind: z.literal('memory'),
  id: Id,
  containerTag: z.string(),
  memory: z.string().min(1),
  version: z.number().int().positive(),
  isLatest: z.boolean(),
  parentMemoryId: Id.nullable(),
  rootMemoryId: Id.nullable(),
  relations: z.record(z.string(), z.enum(['updates', 'extends', 'derives'])),
  sourceCount: z.number().int(),
  isInference: z.boolean(),
  isForgotten: z.boolean(),
  isStatic: z.boolean(),
  forgetAfter: Timestamp.nullable(),
  forgetReason: z.string().nullable(),
  temporalContext: Json.nullable(),
  reviewStatus: z.string().nullable(),
  buckets: z.array(z.string()),
  metadata: Json.nullable(),
  // `turn` (the conversation turn the memory was said in) came later: files without it still import.
  sources: z.array(z.object({ documentId: Id, relevanceScore: z.number().int(), turn: z.number().int().nonnegative().nullable().optional() })),
  embedding: Vector,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const ProfileEntry = z.object({ memoryId: z.string(), memory: z.string(), date: z.string().nullable(), forgetAfter: z.string().nullable() });

export const ProfileLine = z.object({
  kind: z.literal('profile'),
  containerTag: z.string(),
  staticEntries: z.array(ProfileEntry),
  dynamicEntries: z.array(ProfileEntry),
  bucketEntries: z.record(z.string(), z.array(ProfileEntry)),
});

export const Counts = z.object({
  spaces: z.number().int().nonnegative(),
  documents: z.number().int().nonnegative(),
  chunks: z.number().int().nonnegative(),
  memories: z.number().int().nonnegative(),
  profiles: z.number().int().nonnegative(),
});
export type Counts = z.infer<typeof Counts>;

/** The last line: its counts prove the file was not cut short. */
export const EndLine = z.object({ kind: z.literal('end'), counts: Counts });

export const BodyLine = z.discriminatedUnion('kind', [SpaceLine, DocumentLine, ChunkLine, MemoryLine, ProfileLine, EndLine]);

export type HeaderLine = z.infer<typeof HeaderLine>;
export type SpaceLine = z.infer<typeof SpaceLine>;
export type DocumentLine = z.infer<typeof DocumentLine>;
export type ChunkLine = z.infer<typeof ChunkLine>;
export type MemoryLine = z.infer<typeof MemoryLine>;
export type ProfileLine = z.infer<typeof ProfileLine>;
export type BodyLine = z.infer<typeof BodyLine>;

/** The sections, in the order an export writes them and an import requires them. */
export const SECTION_ORDER = ['space', 'document', 'chunk', 'memory', 'profile', 'end'] as const;

export const emptyCounts = (): Counts => ({ spaces: 0, documents: 0, chunks: 0, memories: 0, profiles: 0 });
