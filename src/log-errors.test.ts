import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { serializeError } from './log-errors.js';

const SECRET = 'the-diary-entry-of-tenant-a';

function databaseError(message: string, fields: Partial<pg.DatabaseError>): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, message.length, 'error'), fields);
}

/** What a pino logger with the serializer writes for `{ err }`. */
function logged(err: unknown): string {
  const lines: string[] = [];
  const logger = pino({ serializers: { err: serializeError } }, { write: (line: string) => lines.push(line) });
  logger.error({ err }, 'failed');
  return lines.join('');
}

describe('serializeError', () => {
  it('keeps the SQL of a failed drizzle query but none of its parameters or the values PostgreSQL quotes', () => {
    const cause = databaseError('new row for relation "chunks" violates check constraint "chunks_content_check"', {
      code: '23514',
      table: 'chunks',
      constraint: 'chunks_content_check',
      detail: `Failing row contains (c1, d1, ${SECRET}).`,
      where: `SQL statement containing ${SECRET}`,
    });
    const error = new DrizzleQueryError('insert into "chunks" ("id", "content") values ($1, $2)', ['c1', SECRET], cause);

    const out = serializeError(error) as Record<string, any>;
    expect(out.type).toBe('DrizzleQueryError');
    expect(out.message).toBe('Failed query: insert into "chunks" ("id", "content") values ($1, $2)');
    expect(out).not.toHaveProperty('params');
    expect(out.stack).toMatch(/^Error: Failed query: insert into "chunks".*\n\s+at /);
    expect(out.cause).toMatchObject({ code: '23514', table: 'chunks', constraint: 'chunks_content_check' });
    expect(out.cause.message).toBe('new row for relation "chunks" violates check constraint "chunks_content_check"');
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(logged(error)).not.toContain(SECRET);
  });

  it('redacts values PostgreSQL quotes in its messages, keeping the names it quotes', () => {
    const error = databaseError(`invalid input syntax for type double precision: "${SECRET}"`, { code: '22P02' });
    expect((serializeError(error) as { message: string }).message).toBe('invalid input syntax for type double precision: "[redacted]"');
    const range = databaseError(`value "${SECRET}" is out of range for type integer`, { code: '22003' });
    expect((serializeError(range) as { message: string }).message).toBe('value "[redacted]" is out of range for type integer');
    const nul = databaseError('invalid byte sequence for encoding "UTF8": 0x00', { code: '22021' });
    expect((serializeError(nul) as { message: string }).message).toBe('invalid byte sequence for encoding "UTF8": 0x00');
  });

  it('drops string fields it does not know, keeps numbers, flags and the fetch diagnosis', () => {
    const error = Object.assign(new Error('the URL cannot be fetched'), { raw: SECRET, transient: true, status: 503, diagnosis: 'blocked destination' });
    const out = serializeError(error) as Record<string, unknown>;
    expect(out).toMatchObject({ type: 'Error', message: 'the URL cannot be fetched', transient: true, status: 503, diagnosis: 'blocked destination' });
    expect(JSON.stringify(out)).not.toContain(SECRET);
  });

  it('passes anything that is not an error through', () => {
    expect(serializeError('plain')).toBe('plain');
    expect(serializeError(undefined)).toBeUndefined();
  });
});
