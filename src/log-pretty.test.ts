import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { prettyDestination, prettyLine } from './log-pretty.js';

const TIME = new Date(2026, 0, 2, 3, 4, 5, 67).getTime();
const line = (entry: Record<string, unknown>) => JSON.stringify({ level: 30, time: TIME, pid: 42, hostname: 'box', ...entry });

describe('prettyLine', () => {
  it('writes time, level and message, leaving out what the message already says', () => {
    const request = line({ reqId: 'req-1', method: 'POST', path: '/v3/search', status: 200, ms: 12, keyId: 'k1', msg: 'POST /v3/search 200 12 ms' });
    expect(prettyLine(request, false)).toBe('03:04:05.067 INFO  POST /v3/search 200 12 ms keyId=k1\n');
  });

  it('adds the other fields as key=value, quoting what has spaces and writing objects as JSON', () => {
    const failed = line({ level: 40, documentId: 'd1', msg: 'document d1 failed', reason: 'the URL cannot be fetched', attempt: 1, memories: { created: 2 } });
    expect(prettyLine(failed, false)).toBe('03:04:05.067 WARN  document d1 failed reason="the URL cannot be fetched" attempt=1 memories={"created":2}\n');
  });

  it("puts an error's stack under its line, indented", () => {
    const text = prettyLine(
      line({ level: 50, msg: 'unhandled error', err: { type: 'TypeError', message: 'boom', stack: 'TypeError: boom\n    at f (x.ts:1:1)' } }),
      false,
    );
    expect(text).toBe('03:04:05.067 ERROR unhandled error\n    TypeError: boom\n        at f (x.ts:1:1)\n');
  });

  it('colors the level only when asked', () => {
    expect(prettyLine(line({ level: 40, msg: 'careful' }), true)).toContain('\u001b[33mWARN \u001b[0m');
    expect(prettyLine(line({ level: 40, msg: 'careful' }), false)).not.toContain('\u001b[');
  });

  it('passes a line that is not JSON through as it is', () => {
    expect(prettyLine('plain text', false)).toBe('plain text\n');
  });
});

describe('prettyDestination', () => {
  it('turns what pino writes into pretty lines, without color when the output is not a terminal', () => {
    const written: string[] = [];
    const out = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        written.push(chunk.toString('utf8'));
        done();
      },
    });
    pino({ level: 'info' }, prettyDestination(out)).info({ documentId: 'd9', ms: 5 }, 'document d9 done in 5 ms');
    expect(written.join('')).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}document d9 done in 5 ms\n$/);
  });
});
