import { describe, expect, it } from 'vitest';
import { buildEpub, buildOdt, pngHeader, replacePart, zipBomb } from '../../test/fixtures/convert/containers.js';
import { buildDocx, buildScannedPdf, buildXlsx } from '../../test/fixtures/convert/office.js';
import { ConversionError, convertToMarkdown } from './index.js';

const MB = 1024 * 1024;
const DEEP = `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${'<w:p>'.repeat(100_000)}</w:body></w:document>`;
const LAUGHS =
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
  '<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]><lolz>&lol2;</lolz>';

/** A one-page PDF with text, its page dictionary carrying `value` under /Extra. */
function pdfWithPageEntry(value: string): Uint8Array {
  const content = 'BT /F1 12 Tf 20 100 Td (Deep) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> /Extra ${value} >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** Converts hostile input and returns the error it must fail with, checking time and memory on the way. */
async function refusal(input: Parameters<typeof convertToMarkdown>[0], maxMs = 2000): Promise<ConversionError> {
  const rssBefore = process.memoryUsage().rss;
  const started = Date.now();
  const err = await convertToMarkdown(input).then(
    () => new Error('converted without complaint'),
    (e: unknown) => e,
  );
  expect(Date.now() - started).toBeLessThan(maxMs);
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * MB);
  expect(err).toBeInstanceOf(ConversionError);
  return err as ConversionError;
}

describe('hostile files end in a ConversionError with a reason, quickly and in bounded memory', () => {
  it('a zip bomb declaring gigabytes is refused before anything is inflated', async () => {
    const err = await refusal({ bytes: zipBomb(64, 4000 * MB), filename: 'bomb.docx' }, 200);
    expect(err.message).toBe('archive entry word/document.xml expands to 4000 MB, more than the 64 MB allowed (possible zip bomb)');
  });

  it('a zip bomb lying about its size stops at the size it declared', async () => {
    const err = await refusal({ bytes: zipBomb(2048, 100_000), filename: 'bomb.docx' });
    expect(err.message).toBe('archive entry word/document.xml inflates past its declared size (possible zip bomb)');
  });

  it('deeply nested XML inside a DOCX never reaches the parser', async () => {
    const bytes = await replacePart(await buildDocx(), 'word/document.xml', DEEP);
    const err = await refusal({ bytes });
    expect(err.message).toBe('word/document.xml: XML nested deeper than 96 levels');
  });

  it('a DOCX body of more XML than may be parsed into a tree is refused before parsing', async () => {
    const paragraph = '<w:p><w:r><w:t>The harbour master logged every arrival and its cargo.</w:t></w:r></w:p>';
    const body = `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraph.repeat(120_000)}</w:body></w:document>`;
    const bytes = await replacePart(await buildDocx(), 'word/document.xml', body);
    expect(bytes.byteLength).toBeLessThan(200_000);
    const err = await refusal({ bytes }, 1000);
    expect(err.message).toBe('word/document.xml is 10 MB of XML, more than the 8 MB allowed');
  });

  it.each([
    ['DOCX', () => buildDocx(), 'word/document.xml'],
    ['XLSX', async () => buildXlsx(), 'xl/worksheets/sheet1.xml'],
    ['ODT', () => buildOdt(), 'content.xml'],
    ['EPUB', () => buildEpub(), 'OEBPS/text/one.xhtml'],
  ])('billion laughs in a %s part are refused', async (_, build, part) => {
    const err = await refusal({ bytes: await replacePart(await build(), part, LAUGHS) });
    expect(err.message).toBe(`${part}: XML entity or DTD declarations are not allowed`);
  });

  it('a truncated archive is refused as corrupt', async () => {
    const docx = await buildDocx();
    const err = await refusal({ bytes: docx.subarray(0, Math.floor(docx.length / 2)), filename: 'report.docx' });
    expect(err.message).toBe('invalid or corrupt archive: no end of central directory (truncated or not a zip file)');
  });

  it('an image header of 30k × 30k pixels is refused before decoding', async () => {
    const err = await refusal({ bytes: pngHeader(30_000, 30_000), filename: 'huge.png' }, 200);
    expect(err.message).toMatch(/^image is 30000×30000 \(900 megapixels\)/);
  });

  it('a conversion that outlives its time limit is stopped', async () => {
    const err = await refusal({ bytes: await buildScannedPdf(), limits: { timeoutMs: 150 } }, 5000);
    expect(err.message).toBe('conversion took longer than 0.15s');
  });

  it.each([
    ['arrays', '['.repeat(1_000_000) + ']'.repeat(1_000_000)],
    ['objects', '{"a":'.repeat(1_000_000) + '1' + '}'.repeat(1_000_000)],
    ['unclosed arrays', '['.repeat(1_000_000)],
  ])('JSON of %s nested a million deep is refused with the depth allowed', async (_, json) => {
    const err = await refusal({ bytes: new TextEncoder().encode(json), filename: 'deep.json' });
    expect(err.message).toBe('JSON nested deeper than 256 levels');
  });

  it('brackets inside JSON strings are text, not nesting', async () => {
    const json = JSON.stringify({ note: '['.repeat(10_000), nested: [[[['deep enough']]]] });
    const doc = await convertToMarkdown({ bytes: new TextEncoder().encode(json), filename: 'brackets.json' });
    expect(doc.markdown).toContain('deep enough');
  });

  it('a conversation whose tool calls nest a million deep is refused with the depth allowed', async () => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    const json = `{"messages":[{"role":"assistant","content":"calling","tool_calls":${deep}}]}`;
    const err = await refusal({ bytes: new TextEncoder().encode(json), fileType: 'conversation' });
    expect(err.message).toBe('JSON nested deeper than 256 levels');
  });

  it('a conversation turn without text content is refused, naming the turn', async () => {
    const json = JSON.stringify({
      messages: [
        { role: 'user', content: 'hello' },
        { role: 'user', content: { text: 'hi' } },
      ],
    });
    const err = await refusal({ bytes: new TextEncoder().encode(json), fileType: 'conversation' });
    expect(err.message).toBe('conversation message 2 has no text content');
  });

  it.each([
    ['closed elements', `<html><body>${'<div>'.repeat(1_000_000)}x${'</div>'.repeat(1_000_000)}</body></html>`],
    ['unclosed elements', `<html><body>${'<b>'.repeat(1_000_000)}x</body></html>`],
    ['a fragment', `${'<span>'.repeat(100_000)}x`],
  ])('HTML of %s nested deep is refused before a tree is built', async (_, html) => {
    const err = await refusal({ bytes: new TextEncoder().encode(html), filename: 'deep.html' });
    expect(err.message).toBe('HTML nested deeper than 256 elements');
  });

  it('HTML of many sibling paragraphs and list items left open is not nesting', async () => {
    const html = `<html><body><ul>${'<li>an item'.repeat(5_000)}</ul>${'<p>a paragraph'.repeat(5_000)}</body></html>`;
    const doc = await convertToMarkdown({ bytes: new TextEncoder().encode(html), filename: 'flat.html' });
    expect(doc.markdown).toContain('an item');
  });

  it('an EPUB chapter of self-closed divs, flat as XML but nested as HTML, is refused', async () => {
    const chapter = `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body>${'<div/>'.repeat(100_000)}</body></html>`;
    const err = await refusal({ bytes: await replacePart(await buildEpub(), 'OEBPS/text/one.xhtml', chapter) });
    expect(err.message).toBe('HTML nested deeper than 256 elements');
  });

  it('a PDF whose objects nest a million deep fails with that reason, not a stack overflow', async () => {
    const err = await refusal({ bytes: pdfWithPageEntry('['.repeat(1_000_000) + ']'.repeat(1_000_000)), filename: 'deep.pdf' });
    expect(err.message).toBe('invalid or corrupt PDF: objects nested too deeply to read');
  });

  it('an archive with too many entries is refused', async () => {
    const err = await refusal({ bytes: await buildDocx(), limits: { maxArchiveEntries: 3 } }, 500);
    expect(err.message).toMatch(/^archive has \d+ entries, more than the 3 allowed$/);
  });
});
