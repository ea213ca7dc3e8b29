import OpenAI, { APIConnectionError, APIError } from 'openai';
import { boundedText, EmbeddingError, normalize, type Embedder, type EmbeddingPurpose } from './embedder.js';

export interface OpenAiEmbedderOptions {
  baseUrl: string;
  apiKey?: string | null;
  model: string;
  /** Asked of the endpoint (models such as text-embedding-3 can shorten vectors); otherwise probed. */
  dimensions?: number | null;
  /** Texts per request. */
  batchSize?: number;
  timeoutMs?: number;
  maxRetries?: number;
  /** Longest text sent; longer ones are cut (the endpoint would refuse or truncate them). */
  maxTextChars?: number;
}

/** About 8k tokens of English, the window of the common embedding models. */
const DEFAULT_MAX_TEXT_CHARS = 24_000;

/** Any endpoint that speaks the OpenAI embeddings wire format (OpenAI, vLLM, Ollama, LM Studio, TEI…). */
export class OpenAiEmbedder implements Embedder {
  private readonly client: OpenAI;
  private readonly batchSize: number;

  private constructor(
    private readonly options: OpenAiEmbedderOptions,
    readonly dimension: number,
  ) {
    this.client = OpenAiEmbedder.client(options);
    this.batchSize = options.batchSize ?? 64;
  }

  /** Connects and learns the vector dimension (from the options, else from one probe request). */
  static async create(options: OpenAiEmbedderOptions): Promise<OpenAiEmbedder> {
    if (options.dimensions) return new OpenAiEmbedder(options, options.dimensions);
    const [probe] = await requestEmbeddings(OpenAiEmbedder.client(options), options, ['dimension probe']);
    return new OpenAiEmbedder(options, probe.length);
  }

  get model(): string {
    return this.options.model;
  }

  async embed(texts: string[], _purpose?: EmbeddingPurpose): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      const batch = texts
        .slice(i, i + this.batchSize)
        .map((text) => (text.trim() === '' ? ' ' : boundedText(text, this.options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS)));
      const vectors = await requestEmbeddings(this.client, this.options, batch);
      for (const vector of vectors) {
        if (vector.length !== this.dimension) {
          throw new EmbeddingError(`${this.model} returned ${vector.length} dimensions, expected ${this.dimension}`, false);
        }
        out.push(normalize(vector));
      }
    }
    return out;
  }

  async close(): Promise<void> {}

  private static client(options: OpenAiEmbedderOptions): OpenAI {
    return new OpenAI({
      baseURL: options.baseUrl,
      // Local servers often take no key, but the SDK insists on one.
      apiKey: options.apiKey || 'unused',
      timeout: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
    });
  }
}

async function requestEmbeddings(client: OpenAI, options: OpenAiEmbedderOptions, input: string[]): Promise<ArrayLike<number>[]> {
  let response: OpenAI.Embeddings.CreateEmbeddingResponse;
  try {
    response = await client.embeddings.create({
      model: options.model,
      input,
      // Floats are the one encoding every compatible server speaks.
      encoding_format: 'float',
      ...(options.dimensions ? { dimensions: options.dimensions } : {}),
    });
  } catch (error) {
    throw toEmbeddingError(error);
  }
  const data = Array.isArray(response?.data) ? response.data : [];
  if (data.length !== input.length) {
    throw new EmbeddingError(`embeddings endpoint returned ${data.length} vectors for ${input.length} texts`, false);
  }
  return [...data]
    .sort((a, b) => a.index - b.index)
    .map((item) => {
      const embedding: unknown = item.embedding;
      if (typeof embedding === 'string') return decodeBase64Floats(embedding);
      if (Array.isArray(embedding) && embedding.every((v) => typeof v === 'number')) return embedding as number[];
      throw new EmbeddingError('embeddings endpoint returned a vector that is not a list of numbers', false);
    });
}

function decodeBase64Floats(encoded: string): Float32Array {
  const bytes = Buffer.from(encoded, 'base64');
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

function toEmbeddingError(error: unknown): EmbeddingError {
  if (error instanceof EmbeddingError) return error;
  if (error instanceof APIConnectionError) return new EmbeddingError(`embeddings endpoint unreachable: ${error.message}`, true);
  if (error instanceof APIError) {
    const status = error.status;
    const transient = status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
    return new EmbeddingError(`embeddings endpoint answered ${status ?? 'without a status'}: ${error.message}`, transient);
  }
  return new EmbeddingError(error instanceof Error ? error.message : String(error), true);
}
