/** The parts of the API's answers the console reads (see /v3/openapi for the full shapes). */

export interface Session {
  user: { id: string; name: string };
  org: { id: string; name: string; slug: string };
  role: 'admin' | 'member';
  scope: { type: 'full' | 'scoped'; permission: 'read' | 'write'; tags?: string[] };
}

export interface ContainerTagItem {
  containerTag: string;
  name: string;
  documentCount: number;
  memoryCount: number;
  lastActivityAt: string | null;
}

export type DocumentStatus = 'unknown' | 'queued' | 'extracting' | 'chunking' | 'embedding' | 'indexing' | 'done' | 'failed';

export interface DocumentListItem {
  id: string;
  customId: string | null;
  containerTag: string;
  title: string | null;
  type: string;
  url: string | null;
  source: string | null;
  status: DocumentStatus;
  createdAt: string;
  updatedAt: string;
}

export interface ProcessingStep {
  name: string;
  status: string;
  startedAt: string;
  finishedAt?: string;
  error?: string;
  detail?: Record<string, number>;
}

export interface DocumentMemory {
  id: string;
  memory: string;
  version: number;
  isLatest: boolean;
  isForgotten: boolean;
  isStatic: boolean;
  isInference: boolean;
  /** How many documents support it: 1 means this document alone. */
  sourceCount: number;
}

export interface DocumentDetail extends DocumentListItem {
  content: string | null;
  summary: string | null;
  error: string | null;
  metadata: Record<string, unknown> | null;
  dreamingStatus: 'dreaming' | 'done';
  memories?: DocumentMemory[];
  processingMetadata: { attempts?: number; steps: ProcessingStep[] };
}

export interface Chunk {
  id: string;
  position: number;
  content: string;
  type: 'text' | 'image';
  headingPath: string[];
}

export type Relation = 'updates' | 'extends' | 'derives';

export interface MemoryVersion {
  id: string;
  memory: string;
  version: number;
  createdAt: string;
  parentMemoryId: string | null;
  rootMemoryId: string | null;
  isLatest: boolean;
  isForgotten: boolean;
}

export interface MemoryEntry extends MemoryVersion {
  containerTag: string;
  isStatic: boolean;
  isInference: boolean | null;
  updatedAt: string;
  sourceCount: number;
  forgetAfter: string | null;
  forgetReason: string | null;
  memoryRelations: Record<string, Relation> | null;
  history: MemoryVersion[];
  documentIds: string[];
  /** The date of what it was drawn from (documentDate), and the dates it is about. */
  temporalContext: { documentDate?: string | null; eventDate?: string[] | null } | null;
}

export interface Pagination {
  currentPage: number;
  totalItems: number;
  totalPages: number;
}

export interface SearchResult {
  id: string;
  memory?: string;
  chunk?: string;
  documentId?: string;
  containerTag: string;
  similarity: number;
  version?: number | null;
  updatedAt: string;
  /** With `explain: true`. */
  retrievers?: RetrieverExplanation;
}

/** How one retriever placed a result: its rank among its own candidates (null: not picked) and score. */
export interface RetrieverPlacement {
  rank: number | null;
  score: number | null;
}

export interface RetrieverExplanation {
  source: 'memory' | 'chunk';
  vector: RetrieverPlacement;
  lexical: RetrieverPlacement;
  fused: number;
  firstStage?: number;
}

/** Milliseconds per phase; embedding overlaps retrieval. */
export interface SearchTimings {
  rewrite?: number;
  embedding?: number;
  retrieval?: number;
  rerank?: number;
  assembly?: number;
  total: number;
}

export interface SearchAnswer {
  results: SearchResult[];
  timing: number;
  total: number;
  timings?: SearchTimings;
}

export interface ForgetCandidate {
  id: string;
  memory: string;
  score: number;
}

export interface ForgetMatchingAnswer {
  dryRun: boolean;
  count: number;
  summary: string;
  candidates?: ForgetCandidate[];
  forgotten?: ForgetCandidate[];
}

export interface Profile {
  static: string[];
  dynamic: string[];
  buckets: Record<string, string[]>;
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  role: 'admin' | 'member';
  permission: 'read' | 'write';
  scoped: boolean;
  containerTags: string[] | null;
  expiresAt: string | null;
  disabled: boolean;
  createdAt: string;
}

export interface NewScopedKey {
  key: string;
  id: string;
  name: string;
  containerTags: string[];
  permission: 'read' | 'write';
  expiresAt: string | null;
}

export interface Connection {
  id: string;
  provider: string;
  createdAt: string;
  containerTag: string;
  containerTags?: string[];
  documentLimit?: number;
  email?: string;
  expiresAt?: string;
  metadata?: Record<string, unknown>;
  /** pending until authorized at the provider; error until authorized again. */
  status: 'pending' | 'active' | 'error';
  lastSyncRun: { status: string; errorCode: string | null; error: string | null; startedAt: string; completedAt: string | null } | null;
}

export interface SyncRun {
  id: string;
  status: string;
  triggerType: string;
  startedAt: string;
  completedAt: string | null;
  itemsProcessed: number;
  itemsFailed: number;
  itemsDeleted: number;
  error: string | null;
  errorCode: string | null;
}

export interface ConnectionDocument {
  id: string;
  title: string | null;
  url: string | null;
  status: string;
  type: string;
  updatedAt: string;
}

export interface ProfileBucket {
  key: string;
  description: string;
}

export interface ItemRules {
  fileTypes?: string[];
  folderNames?: string[];
  titlePatterns?: string[];
}

export type Settings = {
  excludeItems: ItemRules | null;
  includeItems: ItemRules | null;
  filterPrompt: string | null;
  shouldLLMFilter: boolean | null;
  categories: string[] | null;
  chunkSize: number | null;
  profileBuckets: ProfileBucket[];
  workspacePrompt: string | null;
} & Record<string, unknown>;
