export { createExtractor, type ExtractorConfig } from './factory.js';
export { LlmExtractor, type LlmExtractorOptions } from './llm.js';
export { OfflineExtractor, extractOffline } from './offline.js';
export type {
  ConversationTurn,
  ExtractedMemory,
  ExtractionInput,
  Extractor,
  MemoryKind,
  TurnRole,
  WarnLogger,
} from './types.js';
export { MEMORY_KINDS } from './types.js';
