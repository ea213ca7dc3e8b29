/**
 * Body of a conversion worker thread (started by pool.ts): converts one input at a time and
 * answers with the document, or with the error's message and whether it is a ConversionError.
 */
import { parentPort } from 'node:worker_threads';
import { convertToMarkdown } from './index.js';
import { ConversionError, type ConvertInput } from './types.js';
import type { FromWorker, ToWorker } from './pool-messages.js';

const port = parentPort;
if (!port) throw new Error('pool-worker.ts runs only as a worker thread');

function send(message: FromWorker): void {
  port!.postMessage(message);
}

port.on('message', async ({ id, input }: ToWorker) => {
  try {
    const onProgress: ConvertInput['onProgress'] = (step) => send({ id, kind: 'progress', step });
    send({ id, kind: 'done', document: await convertToMarkdown({ ...input, onProgress }) });
  } catch (error) {
    const conversion = error instanceof ConversionError;
    send({ id, kind: 'error', conversion, message: conversion || error instanceof Error ? (error as Error).message : String(error) });
  }
});

send({ kind: 'ready' });
