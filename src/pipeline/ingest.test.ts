import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { EmbeddingError } from '../ai/embeddings/embedder.js';
import { ConversionError, FetchError } from '../convert/index.js';
import { failureReason, isTransientError } from './ingest.js';
import { INTERNAL_FAILURE } from './worker.js';

function queryFailure(code: string, message: string): DrizzleQueryError {
  const cause = Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
  return new DrizzleQueryError('insert into "chunks" values ($1)', ['user content'], cause);
}

const availability: [string, unknown][] = [
  ['a lost database connection', queryFailure('08006', 'connection failure')],
  ['a database shutting down', queryFailure('57P01', 'terminating connection due to administrator command')],
  ['a deadlock', queryFailure('40P01', 'deadlock detected')],
  ['a statement timeout', queryFailure('57014', 'canceling statement due to statement timeout')],
  ['a reset socket', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
  ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
  ['a transient fetch failure', new FetchError('HTTP 503', true)],
  ['an unavailable embedding model', new EmbeddingError('embeddings endpoint answered 503', true)],
];

const permanent: [string, unknown][] = [
  ['a stack overflow', new RangeError('Maximum call stack size exceeded')],
  ['a plain error', new Error('something broke')],
  ['a refused statement', queryFailure('23514', 'new row for relation "chunks" violates check constraint "x"')],
  ['invalid input', queryFailure('22021', 'invalid byte sequence for encoding "UTF8": 0x00')],
  ['a conversion error', new ConversionError('unsupported binary content')],
  ['a permanent fetch failure', new FetchError('HTTP 404', false)],
  ['a string', 'oops'],
];

describe('isTransientError', () => {
  it.each(availability)('retries %s', (_name, error) => expect(isTransientError(error)).toBe(true));
  it.each(permanent)('does not retry %s', (_name, error) => expect(isTransientError(error)).toBe(false));
});

describe('failureReason', () => {
  it('passes on the reasons a user can act on', () => {
    expect(failureReason(new ConversionError('unsupported binary content'))).toBe('unsupported binary content');
    expect(failureReason(new FetchError('HTTP 404', false))).toBe('HTTP 404');
  });

  it('never passes on an internal message', () => {
    expect(failureReason(new RangeError('Maximum call stack size exceeded'))).toBe(INTERNAL_FAILURE);
    expect(failureReason(queryFailure('23514', 'violates check constraint'))).toBe(INTERNAL_FAILURE);
    expect(failureReason(queryFailure('08006', 'connection failure'))).toMatch(/unavailable/);
  });
});
