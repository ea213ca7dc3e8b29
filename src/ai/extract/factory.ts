import type { JsonChatModel } from '../llm/json-chat.js';
import { LlmExtractor } from './llm.js';
import { OfflineExtractor } from './offline.js';
import type { Extractor, WarnLogger } from './types.js';

export interface ExtractorConfig {
  /** The configured chat model; without one the offline extractor is used. */
  chat?: JsonChatModel | null;
  logger?: WarnLogger;
  /** Characters of a document sent to the model in one request. */
  maxCharsPerRequest?: number;
}

/** The LLM extractor (with the offline one as its fallback) when a chat model is given, else the offline one. */
export function createExtractor(config: ExtractorConfig = {}): Extractor {
  const offline = new OfflineExtractor();
  if (!config.chat) return offline;
  return new LlmExtractor({ chat: config.chat, fallback: offline, logger: config.logger, maxCharsPerRequest: config.maxCharsPerRequest });
}
