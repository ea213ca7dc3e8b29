/** Queries are embedded ahead of bulk document work so searches stay fast while ingest runs. */
export type EmbeddingPurpose = 'query' | 'document';

/** Whether an embedder can embed now: `loading` (calls wait for the model), `ready`, or `failed` (calls fail). */
export type EmbedderState = 'loading' | 'ready' | 'failed';

/** Turns texts into unit-length vectors of one fixed dimension. */
export interface Embedder {
  /** Names the vector space; vectors of different models are not comparable. */
  readonly model: string;
  readonly dimension: number;
  /**
   * The model places questions far from the statements that answer them (a symmetric sentence
   * encoder); searches embed the query's content words instead of the whole question.
   */
  readonly keywordQueries?: boolean;
  embed(texts: string[], purpose?: EmbeddingPurpose): Promise<Float32Array[]>;
  /** Whether the model is loaded; absent, it is ready once built (a remote endpoint). */
  state?(): EmbedderState;
  close(): Promise<void>;
}

/** How long one call to the model took and whether it failed, by lane. */
export type EmbeddingObserver = (purpose: EmbeddingPurpose, seconds: number, failed: boolean) => void;

/** An embedder that hands every call to `inner`; a subclass overrides only what it changes. */
export class DelegatingEmbedder implements Embedder {
  constructor(protected readonly inner: Embedder) {}

  get model(): string {
    return this.inner.model;
  }

  get dimension(): number {
    return this.inner.dimension;
  }

  get keywordQueries(): boolean | undefined {
    return this.inner.keywordQueries;
  }

  embed(texts: string[], purpose: EmbeddingPurpose = 'document'): Promise<Float32Array[]> {
    return this.inner.embed(texts, purpose);
  }

  state(): EmbedderState {
    return this.inner.state?.() ?? 'ready';
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** An embedder whose every call is timed and told to `observe`; nothing else changes. */
export class ObservedEmbedder extends DelegatingEmbedder {
  constructor(
    inner: Embedder,
    private readonly observe: EmbeddingObserver,
  ) {
    super(inner);
  }

  override async embed(texts: string[], purpose: EmbeddingPurpose = 'document'): Promise<Float32Array[]> {
    const started = performance.now();
    try {
      const vectors = await this.inner.embed(texts, purpose);
      this.observe(purpose, (performance.now() - started) / 1000, false);
      return vectors;
    } catch (error) {
      this.observe(purpose, (performance.now() - started) / 1000, true);
      throw error;
    }
  }
}

/** The embedding model failed or answered with something unusable. */
export class EmbeddingError extends Error {
  constructor(
    message: string,
    /** Whether trying again later may succeed (lost connection, rate limit, crashed worker). */
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'EmbeddingError';
  }
}

/**
 * A text cut to at most `maxChars` characters, at the last space before the bound when there is
 * one, never inside a surrogate pair. An embedding model reads a few hundred tokens at most; what
 * lies past that only costs time (and for the local model, a worker held from everyone else).
 */
export function boundedText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let end = maxChars;
  if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
  const space = text.lastIndexOf(' ', end);
  return text.slice(0, space > maxChars / 2 ? space : end);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Scales a vector to length 1 so cosine similarity is a dot product; zero vectors stay zero. */
export function normalize(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector);
  let sum = 0;
  for (let i = 0; i < out.length; i++) sum += out[i] * out[i];
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i] /= norm;
  return out;
}

/** The cosine of two vectors `normalize()` made unit length (the embedders' output). */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
