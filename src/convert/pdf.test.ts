import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildScannedPdf, buildTextPdf } from '../../test/fixtures/convert/office.js';
import { Budget, resolveLimits, type ConversionLimits } from './limits.js';
import { OcrSession } from './ocr.js';
import { convertPdf as convertPdfWith } from './pdf.js';
import { ConversionError, type ConvertProgress } from './types.js';

const ocr = new OcrSession();
afterAll(() => ocr.close());

function convertPdf(bytes: Uint8Array, limits?: Partial<ConversionLimits>, onProgress?: (step: ConvertProgress) => void) {
  return convertPdfWith(bytes, ocr, Budget.start(resolveLimits(limits), onProgress));
}

/** Builds a small, valid PDF with one text line per page and a real xref table. */
function buildPdf(pages: string[], title?: string): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((text, i) => {
    const id = pageIds[i]!;
    const content = text ? `BT /F1 24 Tf 72 700 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET` : '';
    objects[id] = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' + `/Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });
  const infoId = objects.length;
  objects[infoId] = title ? `<< /Title (${title}) >>` : '<< >>';

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

describe('convertPdf', () => {
  it('marks lines set larger than the body text as headings, and no line of body or small print', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    const lines: [string, number][] = [
      ['Harbour notice No. 14', 8],
      ['Pier works', 20],
      ['The north pier will close on 1 June while its fenders are replaced.', 11],
      ['Fishing boats will berth at the ferry terminal.', 11],
      ['Who to call', 14],
      ['Call the harbour office on weekdays.', 11],
    ];
    lines.forEach(([text, size], i) => page.drawText(text, { x: 50, y: 780 - i * 30, size, font }));
    const result = await convertPdf(await doc.save());
    expect(result.markdown.split('\n').filter(Boolean)).toEqual([
      'Harbour notice No. 14',
      '## Pier works',
      'The north pier will close on 1 June while its fenders are replaced.',
      'Fishing boats will berth at the ferry terminal.',
      '## Who to call',
      'Call the harbour office on weekdays.',
    ]);
  });

  it('extracts the text of every page, separated by blank lines', async () => {
    const pdf = buildPdf(['Hello from page one', 'Second page text'], 'Quarterly Report');
    const result = await convertPdf(pdf);
    expect(result.markdown).toBe('Hello from page one\n\nSecond page text');
    expect(result.title).toBe('Quarterly Report');
  });

  it('does not detach the caller buffer', async () => {
    const pdf = buildPdf(['Still here']);
    await convertPdf(pdf);
    expect(pdf.byteLength).toBeGreaterThan(0);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('rejects a PDF without extractable text, even after OCR', async () => {
    await expect(convertPdf(buildPdf(['']))).rejects.toThrow(/no extractable text/);
  });

  it('takes the title from the metadata and OCRs a page that is only an image', async () => {
    const result = await convertPdf(await buildScannedPdf());
    expect(result.title).toBe('Signed Contract 2024');
    const [typed, scanned] = result.markdown.split('\n\n');
    expect(typed).toBe('Typed cover page');
    expect(scanned).toMatch(/Invoice number 4711/);
  });

  it('does not OCR past maxOcrPages and says so', async () => {
    const result = await convertPdf(await buildScannedPdf(), { maxOcrPages: 0 });
    expect(result.markdown).toBe("Typed cover page\n\n_1 page without a text layer was not OCR'd._");
  });

  it('converts at most maxPdfPages pages, reporting progress page by page', async () => {
    const steps: ConvertProgress[] = [];
    const result = await convertPdf(await buildTextPdf(5), { maxPdfPages: 3 }, (step) => steps.push(step));
    expect(result.title).toBe('Handbook');
    expect(result.markdown).toContain('Page 3 line 0');
    expect(result.markdown).not.toContain('Page 4 line 0');
    expect(result.markdown).toMatch(/_Only the first 3 pages of 5 were converted\._$/);
    expect(steps).toEqual([1, 2, 3].map((done) => ({ name: 'pages', done, total: 3 })));
  });

  it('rejects a corrupt PDF with a ConversionError', async () => {
    const corrupt = new Uint8Array(Buffer.from('%PDF-1.4\nthis is not really a pdf', 'latin1'));
    const err = await convertPdf(corrupt).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as ConversionError).permanent).toBe(true);
  });
});
