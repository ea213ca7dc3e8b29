import { describe, expect, it } from 'vitest';
import { convertPdf } from './pdf.js';
import { ConversionError } from './types.js';

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
    objects[id] =
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
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

  it('rejects a PDF without extractable text', async () => {
    await expect(convertPdf(buildPdf(['']))).rejects.toThrow(/no extractable text/);
  });

  it('rejects a corrupt PDF with a ConversionError', async () => {
    const corrupt = new Uint8Array(Buffer.from('%PDF-1.4\nthis is not really a pdf', 'latin1'));
    const err = await convertPdf(corrupt).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as ConversionError).permanent).toBe(true);
  });
});
