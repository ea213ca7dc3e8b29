import { LlmClient } from '../llm-client.js';
import { LlmExtractor } from './llm.js';
import { OfflineExtractor } from './offline.js';
import type { Extractor, WarnLogger } from './types.js';

export interface ExtractorConfig {
  llm?: { baseUrl: string; apiKey?: string | null; model: string } | null;
  logger?: WarnLogger;
}

/** The LLM extractor (with the offline one as its fallback) when a model is configured, else offline. */
export function createExtractor(config: ExtractorConfig = {}): Extractor {
  const offline = new OfflineExtractor();
  const llm = config.llm;
  if (!llm?.baseUrl || !llm.model) return offline;
  return new LlmExtractor({
    client: new LlmClient({ baseUrl: llm.baseUrl, apiKey: llm.apiKey, model: llm.model }),
    fallback: offline,
    logger: config.logger,
  });
}
