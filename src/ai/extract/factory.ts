import type { JsonChatModel } from '../llm/offline-fallback.js';
import { LlmExtractor } from './llm.js';
import { OfflineExtractor } from './offline.js';
import type { Extractor, WarnLogger } from './types.js';

export interface ExtractorConfig {
  /** The configured chat model; without one the offline extractor is used. */
  client?: JsonChatModel | null;
  logger?: WarnLogger;
}

/** The LLM extractor (with the offline one as its fallback) when a chat model is given, else the offline one. */
export function createExtractor(config: ExtractorConfig = {}): Extractor {
  const offline = new OfflineExtractor();
  if (!config.client) return offline;
  return new LlmExtractor({ client: config.client, fallback: offline, logger: config.logger });
}
