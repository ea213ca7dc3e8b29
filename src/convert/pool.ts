import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { conversionTimeout, DEFAULT_LIMITS } from './limits.js';
import type { FromWorker, ToWorker } from './pool-messages.js';
import { ConversionError, type ConvertedDocument, type ConvertInput } from './types.js';

export interface ConversionPoolOptions {
  /** Conversions that run at once, each in its own worker thread. */
  size: number;
  /** Heap of one worker thread; a conversion that needs more fails instead of the server. */
  memoryMb: number;
  /**
   * How long past its time limit a conversion may run before its thread is ended: the converters
   * check the limit themselves between pages and parts; this catches one stuck inside a parser.
   */
  graceMs?: number;
}

/** A conversion stopped because the server is stopping: it did not fail, and runs again later. */
export class ConversionStoppedError extends Error {
  constructor() {
    super('conversion stopped: the server is stopping');
  }
}

interface Task {
  id: number;
  input: ConvertInput;
  resolve: (document: ConvertedDocument) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Set once the thread has loaded the converters: a conversion's time starts then, not before. */
  ready: boolean;
  task: Task | null;
  timer?: NodeJS.Timeout;
}

/**
 * How a worker thread starts: the compiled pool-worker.js next to this file or, when this runs as
 * TypeScript source (dev, tests, benchmarks under tsx or vitest), a bootstrap that loads
 * pool-worker.ts through tsx's require hook: a new thread has no loader of its own.
 */
function workerEntry(): { script: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { script: new URL('./pool-worker.js', import.meta.url), eval: false };
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const worker = fileURLToPath(new URL('./pool-worker.ts', import.meta.url));
  return { script: `require(${JSON.stringify(tsx)}).require(${JSON.stringify(worker)}, __filename);`, eval: true };
}

/**
 * Runs conversions off the event loop in a small pool of worker threads. mammoth, SheetJS and the
 * PDF parser do long stretches of synchronous work; here they cannot stall the server, a
 * conversion past its time limit is stopped by ending its thread, and one that needs more memory
 * than `memoryMb` ends its own thread, not the process. A thread is reused until one of those
 * happens.
 */
export class ConversionPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ConversionPoolOptions) {}

  convert(input: ConvertInput): Promise<ConvertedDocument> {
    if (this.closed) return Promise.reject(new Error('conversion pool is closed'));
    const { signal } = input;
    if (signal?.aborted) return Promise.reject(new ConversionStoppedError());
    return new Promise<ConvertedDocument>((resolve, reject) => {
      // The signal outlives the conversion (it is the worker's): the listener goes when the task settles.
      const onAbort = () => this.stop(task);
      const settled = () => signal?.removeEventListener('abort', onAbort);
      const task: Task = {
        id: this.nextId++,
        input,
        resolve: (document) => (settled(), resolve(document)),
        reject: (error) => (settled(), reject(error)),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Stops one conversion, queued or running: a running one's thread is ended and replaced when work waits. */
  private stop(task: Task): void {
    const queued = this.queue.indexOf(task);
    if (queued !== -1) {
      this.queue.splice(queued, 1);
      task.reject(new ConversionStoppedError());
      return;
    }
    const slot = this.slots.find((candidate) => candidate.task === task);
    if (slot) void this.end(slot, new ConversionStoppedError());
  }

  /** Starts a thread ahead of the first conversion, so that one does not wait for the converters to load. */
  warm(): void {
    if (!this.closed && this.slots.length === 0) this.spawn();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('conversion pool is closed'));
    await Promise.all([...this.slots].map((slot) => this.end(slot, new Error('conversion pool is closed'))));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => candidate.ready && candidate.task === null);
      if (!slot) {
        if (!this.slots.some((candidate) => !candidate.ready)) this.spawn();
        return;
      }
      this.run(slot, this.queue.shift()!);
    }
  }

  /** Starts one more thread, if the pool is not full; it takes work once it says it is ready. */
  private spawn(): void {
    if (this.slots.length >= this.options.size) return;
    const entry = workerEntry();
    const worker = new Worker(entry.script, { eval: entry.eval, resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb } });
    const slot: Slot = { worker, ready: false, task: null };
    worker.on('message', (message: FromWorker) => this.onMessage(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        void this.end(slot, new ConversionError(`conversion needed more than ${this.options.memoryMb} MB of memory`));
      } else {
        void this.end(slot, slot.ready ? new ConversionError('conversion stopped unexpectedly') : error);
      }
    });
    worker.on('exit', () => void this.end(slot, new ConversionError('conversion stopped unexpectedly')));
    this.slots.push(slot);
  }

  private run(slot: Slot, task: Task): void {
    slot.task = task;
    const { onProgress: _callback, signal: _signal, ...input } = task.input;
    const limitMs = task.input.limits?.timeoutMs ?? DEFAULT_LIMITS.timeoutMs;
    slot.timer = setTimeout(() => void this.end(slot, conversionTimeout(limitMs)), limitMs + (this.options.graceMs ?? 2_000));
    slot.worker.ref();
    slot.worker.postMessage({ id: task.id, input } satisfies ToWorker);
  }

  private onMessage(slot: Slot, message: FromWorker): void {
    if (message.kind === 'ready') {
      slot.ready = true;
      this.idle(slot);
      return;
    }
    const task = slot.task;
    if (!task || task.id !== message.id) return;
    if (message.kind === 'progress') {
      task.input.onProgress?.(message.step);
      return;
    }
    clearTimeout(slot.timer);
    slot.task = null;
    if (message.kind === 'done') task.resolve(message.document);
    else task.reject(message.conversion ? new ConversionError(message.message) : new Error(message.message));
    this.idle(slot);
  }

  private idle(slot: Slot): void {
    // An idle thread does not keep the process alive.
    slot.worker.unref();
    this.dispatch();
  }

  /**
   * Ends a slot's thread, failing the conversion it was running, and lets queued work start
   * another. A thread that could not even start fails the queue instead of being started again
   * and again.
   */
  private async end(slot: Slot, reason: Error): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = null;
    task?.reject(reason);
    if (!slot.ready) for (const queued of this.queue.splice(0)) queued.reject(reason);
    await slot.worker.terminate();
    if (!this.closed) this.dispatch();
  }
}
