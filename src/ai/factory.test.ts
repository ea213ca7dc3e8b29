import { describe, expect, it } from 'vitest';
import { AiSettingsError, backgroundPolicy, createEmbedder, createModels, interactivePolicy, type AiSettings } from './factory.js';

const settings = (extra: Partial<AiSettings> = {}): AiSettings => ({
  EMBEDDINGS_BATCH_SIZE: 64,
  EMBEDDINGS_TIMEOUT_MS: 1000,
  LLM_TIMEOUT_MS: 1000,
  ...extra,
});

describe('createModels', () => {
  it('runs every feature offline when no chat model is configured', () => {
    const models = createModels(settings());
    expect(models.chat).toBeNull();
    expect([models.extractor.name, models.reranker.name, models.rewriter.name, models.bucketSuggester.name]).not.toContain('llm');
    expect(createModels(settings({ LLM_BASE_URL: '', LLM_MODEL: 'm' })).extractor.name).toBe('offline');
  });

  it('asks the one configured chat model in every feature', () => {
    const models = createModels(settings({ LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_API_KEY: 'k', LLM_MODEL: 'm' }));
    expect(models.chat?.model).toBe('m');
    expect([models.extractor.name, models.reranker.name, models.rewriter.name, models.bucketSuggester.name]).toEqual(['llm', 'llm', 'llm', 'llm']);
  });

  it('retries patiently in the background and briefly where a request waits', () => {
    expect(backgroundPolicy(settings())).toEqual({ attempts: 3, baseDelayMs: 1_000, maxDelayMs: 30_000, maxRetryAfterMs: 60_000 });
    expect(interactivePolicy(settings())).toEqual({ attempts: 2, baseDelayMs: 1_000, maxDelayMs: 2_000, maxRetryAfterMs: 2_000 });
    expect(backgroundPolicy(settings({ LLM_RETRIES: 0, LLM_RETRY_BASE_MS: 10 }))).toMatchObject({ attempts: 1, baseDelayMs: 10 });
    expect(interactivePolicy(settings({ LLM_RETRIES: 0 }))).toMatchObject({ attempts: 1 });
  });

  it('refuses a chat endpoint without a model, naming the setting', () => {
    expect(() => createModels(settings({ LLM_BASE_URL: 'http://127.0.0.1:1/v1' }))).toThrow(
      new AiSettingsError('LLM_MODEL is required when LLM_BASE_URL is set'),
    );
  });
});

describe('createEmbedder', () => {
  it('refuses an embeddings endpoint without a model, naming the setting', async () => {
    await expect(createEmbedder(settings({ EMBEDDINGS_BASE_URL: 'http://127.0.0.1:1/v1' }))).rejects.toThrow(
      new AiSettingsError('EMBEDDINGS_MODEL is required when EMBEDDINGS_BASE_URL is set'),
    );
  });
});
