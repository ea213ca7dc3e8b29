import { OfflineExtractor } from './offline.js';
import type { Extractor } from './types.js';

export function createExtractor(_config: { llm?: { baseUrl: string; apiKey?: string; model: string } }): Extractor {
  return new OfflineExtractor();
}
