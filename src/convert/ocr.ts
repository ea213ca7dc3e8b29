import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import type { Budget } from './limits.js';
import { normalizeText } from './text.js';
import { ConversionError } from './types.js';

const require = createRequire(import.meta.url);

/**
 * Everything tesseract.js loads comes from node_modules: the worker script,
 * the wasm core and the English LSTM model of @tesseract.js-data/eng. With a
 * local langPath and no cache there is nothing to download and nothing
 * written to the working directory.
 */
export function ocrOptions(): Partial<Tesseract.WorkerOptions> {
  const engData = dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  return {
    workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
    corePath: dirname(require.resolve('tesseract.js-core/package.json')),
    langPath: join(engData, '4.0.0_best_int'),
    cacheMethod: 'none',
    gzip: true,
    logger: () => undefined,
    errorHandler: () => undefined,
  };
}

/**
 * One tesseract worker (a worker thread: recognition never blocks the event
 * loop) for the pages of one conversion, started on first use and ended by
 * close(). A recognition that outlives the budget ends the worker with it.
 */
export class OcrSession {
  private worker: Promise<Tesseract.Worker> | null = null;

  async recognize(image: Uint8Array, budget: Budget): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(budget.timeoutError()), Math.max(0, budget.remainingMs()));
    });
    try {
      const worker = await Promise.race([this.start(), timeout]);
      const { data } = await Promise.race([worker.recognize(Buffer.from(image)), timeout]);
      return normalizeText(data.text).replace(/\n{3,}/g, '\n\n');
    } catch (err) {
      await this.close();
      if (err instanceof ConversionError) throw err;
      throw new ConversionError(`OCR failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker.catch(() => null))?.terminate().catch(() => undefined);
  }

  private start(): Promise<Tesseract.Worker> {
    this.worker ??= Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, ocrOptions()).catch((err: unknown) => {
      this.worker = null;
      throw new ConversionError(`OCR engine failed to start: ${(err as Error)?.message ?? String(err)}`, { cause: err });
    });
    return this.worker;
  }
}
