import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { rawZip, zipBomb } from '../../test/fixtures/convert/containers.js';
import { buildDocx } from '../../test/fixtures/convert/office.js';
import { Budget, resolveLimits, type ConversionLimits } from './limits.js';
import { ConversionError } from './types.js';
import { ZipArchive } from './zip.js';

const MB = 1024 * 1024;
const budget = (limits?: Partial<ConversionLimits>) => Budget.start(resolveLimits(limits));

function entry(name: string, text: string, method: 0 | 8 = 8) {
  const raw = Buffer.from(text);
  return { name, data: method === 8 ? deflateRawSync(raw) : raw, method, declaredSize: raw.length };
}

describe('ZipArchive', () => {
  it('reads stored and deflated entries, looking names up case-insensitively', async () => {
    const zip = ZipArchive.open(rawZip([entry('a.txt', 'stored text', 0), entry('Dir/B.xml', '<b>deflated</b>')]), resolveLimits());
    expect(zip.names()).toEqual(['a.txt', 'Dir/B.xml']);
    expect(await zip.text('A.TXT', budget())).toBe('stored text');
    expect(await zip.text('dir/b.xml', budget())).toBe('<b>deflated</b>');
  });

  it('reads a real DOCX written by another library', async () => {
    const zip = ZipArchive.open(await buildDocx(), resolveLimits());
    expect(zip.has('word/document.xml')).toBe(true);
    expect(await zip.text('word/document.xml', budget())).toContain('Overview');
  });

  it('refuses an archive declaring more than it may expand to, before inflating anything', () => {
    expect(() => ZipArchive.open(zipBomb(1, 4_000 * MB), resolveLimits())).toThrow(
      'archive entry word/document.xml expands to 4000 MB, more than the 64 MB allowed (possible zip bomb)',
    );
    const parts = Array.from({ length: 4 }, (_, i) => ({ ...entry(`p${i}.xml`, 'x'), declaredSize: 60 * MB }));
    expect(() => ZipArchive.open(rawZip(parts), resolveLimits())).toThrow('archive expands to 240 MB, more than the 160 MB allowed (possible zip bomb)');
  });

  it('stops inflating an entry at its declared size when it lies about it', async () => {
    const zip = ZipArchive.open(zipBomb(1024, 4096), resolveLimits());
    const started = Date.now();
    await expect(zip.read('word/document.xml', budget())).rejects.toThrow(
      'archive entry word/document.xml inflates past its declared size (possible zip bomb)',
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('counts every inflated byte against the document budget', async () => {
    const zip = ZipArchive.open(rawZip([entry('a.xml', 'a'.repeat(600)), entry('b.xml', 'b'.repeat(600))]), resolveLimits());
    const small = budget({ maxUncompressedBytes: 1000 });
    await zip.read('a.xml', small);
    await zip.read('a.xml', small);
    await expect(zip.read('b.xml', small)).rejects.toThrow(/archive expands beyond/);
  });

  it('refuses too many entries', () => {
    const many = rawZip(Array.from({ length: 50 }, (_, i) => entry(`f${i}`, '', 0)));
    expect(() => ZipArchive.open(many, resolveLimits({ maxArchiveEntries: 49 }))).toThrow('archive has 50 entries, more than the 49 allowed');
  });

  it('refuses a truncated archive, whichever part is cut', async () => {
    const docx = await buildDocx();
    const err = (() => {
      try {
        ZipArchive.open(docx.subarray(0, docx.length - 30), resolveLimits());
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as Error).message).toMatch(/^invalid or corrupt archive: /);

    const part = entry('a.xml', 'some text that deflates');
    const cutData = rawZip([part]);
    // The central directory's compressed size, made to reach past the end of the file.
    Buffer.from(cutData.buffer).writeUInt32LE(100_000, 30 + 'a.xml'.length + part.data.length + 20);
    const zip = ZipArchive.open(cutData, resolveLimits());
    await expect(zip.read('a.xml', budget())).rejects.toThrow('invalid or corrupt archive: entry a.xml is cut short (truncated?)');
  });

  it('refuses encrypted entries and unknown compression methods', async () => {
    const zip = ZipArchive.open(rawZip([{ ...entry('x.xml', 'x'), method: 99 as 8 }]), resolveLimits());
    await expect(zip.read('x.xml', budget())).rejects.toThrow('archive entry x.xml uses unsupported compression method 99');
  });
});
