import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { replacePart } from '../../test/fixtures/convert/containers.js';
import { buildDocx, buildPptx, buildXlsx } from '../../test/fixtures/convert/office.js';
import { convertToMarkdown, type ConvertedDocument } from './index.js';

describe('DOCX conversion', () => {
  let doc: ConvertedDocument;
  beforeAll(async () => {
    doc = await convertToMarkdown({ bytes: await buildDocx(), filename: 'plan.docx' });
  });

  it('is typed text with the docx format and the title from the document properties', () => {
    expect(doc).toMatchObject({
      type: 'text',
      format: 'docx',
      title: 'Quarterly Plan',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('keeps the heading hierarchy', () => {
    const headings = doc.markdown.split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual(['# Overview', '## Risks', '### Details']);
  });

  it('keeps emphasis, links and nested lists', () => {
    expect(doc.markdown).toContain('**Revenue** grew _strongly_ this quarter.');
    expect(doc.markdown).toContain('[full report](https://example.com/report)');
    expect(doc.markdown).toMatch(/^- +Supply delays\n {4}- +Port congestion$/m);
  });

  it('renders the table as a markdown table with its first row as header', () => {
    expect(doc.markdown).toContain('| Region | Units |\n| --- | --- |\n| North | 1200 |\n| South | 950 |');
  });

  it('turns footnotes into markdown footnotes', () => {
    expect(doc.markdown).toContain('this quarter.[^1]');
    expect(doc.markdown).toMatch(/^\[\^1\]: Source: internal survey\.$/m);
    expect(doc.markdown).not.toContain('↑');
  });

  it('extracts the image as an attachment and links it by name', () => {
    expect(doc.attachments).toHaveLength(1);
    const [image] = doc.attachments;
    expect(image).toMatchObject({ name: 'image1.png', mimeType: 'image/png' });
    expect(Buffer.from(image!.bytes.subarray(1, 4)).toString('latin1')).toBe('PNG');
    expect(doc.markdown).toContain('![Sales chart](attachment:image1.png)');
  });
});

describe('DOCX extras', () => {
  it('an image whose declared content type is not a media type (an encoded NUL in it) is kept as plain bytes', async () => {
    const docx = await buildDocx();
    const types = await (await JSZip.loadAsync(docx)).file('[Content_Types].xml')!.async('string');
    const bytes = await replacePart(docx, '[Content_Types].xml', types.replace('ContentType="image/png"', 'ContentType="image/png&#0;&#10;x"'));
    const doc = await convertToMarkdown({ bytes, filename: 'nul.docx' });
    expect(doc.attachments.map(({ name, mimeType }) => ({ name, mimeType }))).toEqual([{ name: 'image1.bin', mimeType: 'application/octet-stream' }]);
  });

  it('follows the body with the cached data of its charts and converts embedded workbooks', async () => {
    const deck = await JSZip.loadAsync(await buildPptx(2));
    // The deck's chart part, whatever number the generator gave it (it counts charts per process).
    const chart = await deck.file(/^ppt\/charts\/chart\d+\.xml$/)[0]!.async('uint8array');
    let bytes = await replacePart(await buildDocx(), 'word/charts/chart1.xml', chart);
    bytes = await replacePart(bytes, 'word/embeddings/Microsoft_Excel_Worksheet.xlsx', buildXlsx());
    const doc = await convertToMarkdown({ bytes });
    expect(doc.markdown).toContain('**Chart: Quarterly units**\n\n| Category | Units | Returns |');
    expect(doc.markdown).toContain('## Embedded: Microsoft_Excel_Worksheet.xlsx\n\n### Prices');
    expect(doc.markdown.indexOf('[^1]: Source')).toBeLessThan(doc.markdown.indexOf('**Chart'));
  });
});
