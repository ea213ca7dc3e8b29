import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeOpenAiEmbeddings } from '../../../test/fakes/openai-embeddings.js';
import { cosine, EmbeddingError } from './embedder.js';
import { OpenAiEmbedder } from './openai-embedder.js';

describe('OpenAiEmbedder against a fake OpenAI-compatible endpoint', () => {
  let fake: FakeOpenAiEmbeddings;

  beforeAll(async () => {
    fake = await FakeOpenAiEmbeddings.start({ dimension: 16, shuffle: true });
  });
  afterAll(async () => fake?.close());
  beforeEach(() => fake.requests.splice(0));

  const options = () => ({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'fake-embed', maxRetries: 0 });

  it('learns the dimension from one probe request and names the model', async () => {
    const embedder = await OpenAiEmbedder.create(options());
    expect(embedder.dimension).toBe(16);
    expect(embedder.model).toBe('fake-embed');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].headers.authorization).toBe('Bearer sk-test');
    expect(fake.requests[0].body).toMatchObject({ model: 'fake-embed', encoding_format: 'float' });
  });

  it('asks for a configured dimension instead of probing', async () => {
    const embedder = await OpenAiEmbedder.create({ ...options(), dimensions: 24 });
    expect(fake.requests).toHaveLength(0);
    const [vector] = await embedder.embed(['hello world']);
    expect(vector).toHaveLength(24);
    expect(fake.requests[0].body?.dimensions).toBe(24);
  });

  it('batches, keeps input order whatever order the server answers in, and normalises', async () => {
    const embedder = await OpenAiEmbedder.create({ ...options(), dimensions: 16, batchSize: 2 });
    const texts = ['alpha beta', 'gamma delta', 'alpha beta gamma', 'epsilon', 'zeta eta'];
    const vectors = await embedder.embed(texts);
    expect(fake.requests.map((r) => (r.body?.input as string[] | undefined)?.length)).toEqual([2, 2, 1]);
    vectors.forEach((v, i) => {
      expect(Math.hypot(...v)).toBeCloseTo(1, 5);
      expect(cosine(v, fake.vectorFor(texts[i], 16))).toBeCloseTo(1, 5);
    });
  });

  it('sends a space for empty texts, which servers reject', async () => {
    const embedder = await OpenAiEmbedder.create({ ...options(), dimensions: 16 });
    await embedder.embed(['', '  ']);
    expect(fake.requests[0].body?.input).toEqual([' ', ' ']);
  });

  it('reports server errors as transient and client errors as permanent', async () => {
    const embedder = await OpenAiEmbedder.create({ ...options(), dimensions: 16 });
    fake.failNext(503);
    const transient = await embedder.embed(['x']).catch((e: unknown) => e);
    expect(transient).toBeInstanceOf(EmbeddingError);
    expect((transient as EmbeddingError).transient).toBe(true);
    fake.failNext(400, 1, 'bad model');
    const permanent = await embedder.embed(['x']).catch((e: unknown) => e);
    expect((permanent as EmbeddingError).transient).toBe(false);
    expect((permanent as EmbeddingError).message).toMatch(/400/);
  });

  it('refuses vectors of the wrong dimension', async () => {
    const embedder = await OpenAiEmbedder.create({ ...options(), dimensions: 16 });
    fake.wrongDimensionOnce();
    await expect(embedder.embed(['x'])).rejects.toThrow(/17 dimensions, expected 16/);
  });

  it('reports an unreachable endpoint as transient', async () => {
    const error = await OpenAiEmbedder.create({ ...options(), baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 2000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect((error as EmbeddingError).transient).toBe(true);
  });
});
