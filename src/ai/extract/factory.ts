import { LlmClient } from '../llm-client.js';
import { LlmExtractor } from './llm.js';
import { OfflineExtractor } from './offline.js';
import type { Extractor, WarnLogger } from './types.js';

export interface ExtractorConfig {
  llm?: { baseUrl: string; apiKey?: string | null; model: string } | null;
  /** An already configured chat client to share (takes precedence over `llm`). */
  client?: Pick<LlmClient, 'chatJson'> | null;
  logger?: WarnLogger;
}

/** The LLM extractor (with the offline one as its fallback) when a model is configured, else offline. */
export function createExtractor(config: ExtractorConfig = {}): Extractor {
  const offline = new OfflineExtractor();
  const llm = config.llm;
  const client =
    config.client ?? (llm?.baseUrl && llm.model ? new LlmClient({ baseUrl: llm.baseUrl, apiKey: llm.apiKey, model: llm.model }) : null);
  if (!client) return offline;
  return new LlmExtractor({ client, fallback: offline, logger: config.logger });
}
