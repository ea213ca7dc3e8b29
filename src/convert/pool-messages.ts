import type { ConvertedDocument, ConvertInput, ConvertProgress } from './types.js';

/** A conversion handed to a worker thread: the input without its callback, which cannot cross. */
export interface ToWorker {
  id: number;
  input: Omit<ConvertInput, 'onProgress'>;
}

export type FromWorker =
  | { kind: 'ready' }
  | { id: number; kind: 'progress'; step: ConvertProgress }
  | { id: number; kind: 'done'; document: ConvertedDocument }
  | { id: number; kind: 'error'; conversion: boolean; message: string };
