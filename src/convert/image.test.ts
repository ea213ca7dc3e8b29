import { describe, expect, it } from 'vitest';
import { pngHeader } from '../../test/fixtures/convert/containers.js';
import { textImage, textTiff, tiffHeader } from '../../test/fixtures/convert/office.js';
import { imageDimensions, imageFormatOf } from './image-header.js';
import { ATTACHMENT_SCHEME as READ_SCHEME, rewriteAttachmentLinks } from '../model/attachments.js';
import { ATTACHMENT_SCHEME, ConversionError, convertToMarkdown } from './index.js';

describe('image headers', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('reads the size of a real %s without decoding it', async (format) => {
    const bytes = await textImage(['Size check'], format, 20);
    expect(imageFormatOf(bytes)).toBe(format);
    const size = imageDimensions(bytes, format);
    expect(size).not.toBeNull();
    expect(size!.width).toBeGreaterThan(100);
    expect(size!.height).toBeGreaterThan(20);
  });

  it('reads the size of a TIFF from its first directory', () => {
    const bytes = tiffHeader(640, 480, () => undefined);
    expect(imageFormatOf(bytes)).toBe('tiff');
    expect(imageDimensions(bytes, 'tiff')).toEqual({ width: 640, height: 480 });
  });
});

describe('image conversion', () => {
  it('OCRs a PNG offline, keeps the image as an attachment and links it first', async () => {
    const doc = await convertToMarkdown({ bytes: await textImage(['Invoice 2024', 'Total due 310 EUR']), filename: 'scan.png' });
    expect(doc).toMatchObject({ type: 'image', format: 'png', mimeType: 'image/png', title: null });
    expect(doc.attachments).toHaveLength(1);
    expect(doc.attachments[0]).toMatchObject({ name: 'scan.png', mimeType: 'image/png' });
    const [link, ...text] = doc.markdown.split('\n');
    expect(link).toBe('![scan](attachment:scan.png)');
    expect(text.join('\n')).toMatch(/Invoice 2024\s+Total due 310 EUR/);
    const served = rewriteAttachmentLinks(doc.markdown, (name) => `https://files.example/${name}?sig=1`);
    expect(served.split('\n')[0]).toBe('![scan](https://files.example/scan.png?sig=1)');
  });

  it('writes links in the scheme the server reads them in', () => {
    expect(ATTACHMENT_SCHEME).toBe(READ_SCHEME);
  });

  it('OCRs a TIFF, which browsers cannot show but tesseract reads', async () => {
    const doc = await convertToMarkdown({ bytes: await textTiff(['Archive page 7']), contentType: 'image/tiff' });
    expect(doc).toMatchObject({ type: 'image', format: 'tiff', mimeType: 'image/tiff' });
    expect(doc.markdown).toContain('Archive page 7');
  });

  it.each([
    ['PNG', () => pngHeader(30_000, 30_000)],
    ['TIFF', () => tiffHeader(30_000, 30_000)],
  ])('refuses a 30k × 30k %s from its header, at once', async (_, build) => {
    const started = Date.now();
    const err = await convertToMarkdown({ bytes: build() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as Error).message).toBe('image is 30000×30000 (900 megapixels), more than the 40 allowed');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses an image whose header cannot be read', async () => {
    const bytes = pngHeader(10, 10).slice();
    bytes.set([0, 0, 0, 0], 12);
    await expect(convertToMarkdown({ bytes })).rejects.toThrow('invalid PNG image: unreadable header');
  });

  it('refuses a forced image type for bytes that are not an image', async () => {
    await expect(convertToMarkdown({ bytes: new TextEncoder().encode('not an image at all'), fileType: 'image' })).rejects.toThrow(/not a supported image/);
  });
});
