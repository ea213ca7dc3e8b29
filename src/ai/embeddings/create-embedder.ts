import type { Embedder } from './embedder.js';
import { LocalEmbedder } from './local-embedder.js';
import { OpenAiEmbedder } from './openai-embedder.js';

export interface EmbedderSettings {
  /** An OpenAI-compatible endpoint; without one the local model is used. */
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  dimensions?: number;
  batchSize: number;
  timeoutMs: number;
  /** Worker threads of the local model. */
  threads: number;
  onWorkerError?: (error: Error) => void;
}

export async function createEmbedder(settings: EmbedderSettings): Promise<Embedder> {
  if (settings.baseUrl) {
    if (!settings.model) throw new Error('EMBEDDINGS_MODEL is required with EMBEDDINGS_BASE_URL');
    return OpenAiEmbedder.create({
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      model: settings.model,
      dimensions: settings.dimensions,
      batchSize: settings.batchSize,
      timeoutMs: settings.timeoutMs,
    });
  }
  return new LocalEmbedder({ threads: settings.threads, onWorkerError: settings.onWorkerError });
}
