/** How a memory relates to another: a new version of it, added detail, or an inference drawn from it. */
export type MemoryRelation = 'updates' | 'extends' | 'derives';

export interface TemporalContext {
  documentDate?: string | null;
  eventDate?: string[] | null;
}

/**
 * An attribute a memory sets of its subject: "Bob just moved to Berlin for a new job at Siemens"
 * sets Bob's residence (Berlin) and employer (Siemens). `negated`: the value no longer holds ("left Google").
 */
export interface MemoryAttribute {
  subject: string;
  attribute: string;
  value: string;
  negated?: boolean;
  replacing?: boolean;
}

/** A stored memory version (its vector and full-text column are not part of it). */
export interface MemoryRecord {
  id: string;
  orgId: string;
  containerTag: string;
  memory: string;
  version: number;
  isLatest: boolean;
  parentMemoryId: string | null;
  rootMemoryId: string | null;
  /** Other memory id → how this one relates to it. */
  relations: Record<string, MemoryRelation>;
  sourceCount: number;
  isInference: boolean;
  isForgotten: boolean;
  isStatic: boolean;
  forgetAfter: Date | null;
  forgetReason: string | null;
  temporalContext: TemporalContext | null;
  reviewStatus: string | null;
  /** Profile buckets this memory was classified into at write time. */
  buckets: string[];
  metadata: Record<string, unknown> | null;
  /** The attributes it sets; null for a memory written before they were recorded. */
  attributes: MemoryAttribute[] | null;
  /** The attributes in the words plain questions use ("Bob works at Siemens"); searched with the text. */
  canonical: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The first version of the chain a memory belongs to: the root has no root id of its own. */
export const chainRoot = (m: Pick<MemoryRecord, 'id' | 'rootMemoryId'>): string => m.rootMemoryId ?? m.id;

/** Whether a memory's chain holds other versions: a first version that is still the latest is alone. */
const hasOtherVersions = (m: Pick<MemoryRecord, 'version' | 'isLatest'>): boolean => m.version > 1 || !m.isLatest;

/** The roots of the chains among these memories that hold more than the memory itself: the only ones worth reading. */
export const rootsOfLongerChains = (ms: Pick<MemoryRecord, 'id' | 'rootMemoryId' | 'version' | 'isLatest'>[]): string[] => [
  ...new Set(ms.filter(hasOtherVersions).map(chainRoot)),
];
