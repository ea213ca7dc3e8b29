import { afterEach, describe, expect, it } from 'vitest';
import { buildTextPdf } from '../../test/fixtures/convert/office.js';
import { ConversionPool, ConversionStoppedError } from './pool.js';
import { ConversionError, type ConvertProgress } from './types.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Markup the HTML converter works through synchronously for many seconds. */
const slowHtml = (repeats: number) => utf8(`<html><body>${'<div><p>tide <b>table</b></p></div>'.repeat(repeats)}</body></html>`);

describe('ConversionPool', () => {
  let pool: ConversionPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('converts in a worker thread and passes progress back', { timeout: 60_000 }, async () => {
    pool = new ConversionPool({ size: 1, memoryMb: 512 });
    const steps: ConvertProgress[] = [];
    const doc = await pool.convert({ bytes: await buildTextPdf(5), onProgress: (step) => steps.push(step) });
    expect(doc).toMatchObject({ title: 'Handbook', type: 'pdf', format: 'pdf' });
    expect(doc.markdown).toContain('Page 5 line 29');
    expect(steps.at(-1)).toEqual({ name: 'pages', done: 5, total: 5 });

    const refused = pool.convert({ bytes: utf8('not a pdf'), fileType: 'pdf' });
    await expect(refused).rejects.toBeInstanceOf(ConversionError);
    await expect(refused).rejects.toThrow(/PDF/);
  });

  it('ends the thread of a conversion stuck past its time limit, and carries on with a new one', { timeout: 60_000 }, async () => {
    pool = new ConversionPool({ size: 1, memoryMb: 512, graceMs: 0 });
    await pool.convert({ bytes: utf8('warm up') });
    const started = Date.now();
    const stuck = pool.convert({ bytes: slowHtml(80_000), filename: 'slow.html', limits: { timeoutMs: 1_000 } });
    await expect(stuck).rejects.toThrow('conversion took longer than 1s');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await pool.convert({ bytes: utf8('# Next\n\nstill works') })).title).toBe('Next');
  });

  it('stops a running and a queued conversion when their signal aborts, and carries on with a new thread', { timeout: 60_000 }, async () => {
    pool = new ConversionPool({ size: 1, memoryMb: 512 });
    const stopping = new AbortController();
    let listeners = 0;
    const signal = stopping.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<typeof add>) => (listeners++, add(...args))) as typeof add;
    signal.removeEventListener = ((...args: Parameters<typeof remove>) => (listeners--, remove(...args))) as typeof remove;

    // A finished conversion leaves nothing attached to the long-lived signal.
    await pool.convert({ bytes: utf8('warm up'), signal });
    expect(listeners).toBe(0);

    const running = pool.convert({ bytes: slowHtml(80_000), filename: 'slow.html', signal });
    const queued = pool.convert({ bytes: utf8('# Queued'), signal });
    stopping.abort();
    await expect(running).rejects.toBeInstanceOf(ConversionStoppedError);
    await expect(queued).rejects.toBeInstanceOf(ConversionStoppedError);
    await expect(pool.convert({ bytes: utf8('# Late'), signal })).rejects.toBeInstanceOf(ConversionStoppedError);
    expect((await pool.convert({ bytes: utf8('# Next\n\nstill works') })).title).toBe('Next');
  });

  it('fails a conversion that needs more memory than its thread may have, not the process', { timeout: 60_000 }, async () => {
    pool = new ConversionPool({ size: 1, memoryMb: 160 });
    expect((await pool.convert({ bytes: utf8('# Small\n\nfits') })).title).toBe('Small');
    const big = pool.convert({ bytes: slowHtml(400_000), filename: 'big.html', limits: { timeoutMs: 50_000 } });
    await expect(big).rejects.toThrow('conversion needed more than 160 MB of memory');
    expect((await pool.convert({ bytes: utf8('# After\n\nfits too') })).title).toBe('After');
  });
});
