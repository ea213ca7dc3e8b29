import { beforeAll, describe, expect, it } from 'vitest';
import { breakEntry } from '../../test/fixtures/convert/containers.js';
import { buildPptx, buildStyledPptx, buildXlsx, embedInSlide } from '../../test/fixtures/convert/office.js';
import { convertToMarkdown, type ConvertedDocument, type ConvertProgress } from './index.js';

function slides(markdown: string): string[] {
  return markdown.split(/^(?=## Slide )/m).map((section) => section.trim());
}

describe('PPTX conversion', () => {
  let doc: ConvertedDocument;
  const steps: ConvertProgress[] = [];
  beforeAll(async () => {
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const bytes = await embedInSlide(await buildPptx(4), 2, [
      { name: 'Microsoft_Excel_Worksheet1.xlsx', bytes: buildXlsx() },
      { name: 'Broken_Document.docx', bytes: broken },
    ]);
    doc = await convertToMarkdown({ bytes, filename: 'review.pptx', onProgress: (step) => steps.push(step) });
  });

  it('is typed text with the pptx format and the deck title', () => {
    expect(doc).toMatchObject({ type: 'text', format: 'pptx', title: 'Launch Review' });
  });

  it('gives one section per slide, in slide order, headed by its title', () => {
    const headings = doc.markdown.split('\n').filter((line) => line.startsWith('## '));
    expect(headings).toEqual(['## Slide 1: Agenda', '## Slide 2: Sales by region', '## Slide 3: Topic 3', '## Slide 4: Topic 4']);
    expect(steps.map((step) => step.done)).toEqual([1, 2, 3, 4]);
    expect(steps.every((step) => step.name === 'slides' && step.total === 4)).toBe(true);
  });

  it('keeps body text as nested bullets and speaker notes under their slide', () => {
    const [first, , third] = slides(doc.markdown);
    expect(first).toBe('## Slide 1: Agenda\n\n- Results so far\n  - Customer feedback\n\n### Speaker notes\n\nOpen with the customer story.');
    expect(third).toContain('Discussion point number 3 for the team.\n\n### Speaker notes\n\nNotes for topic 3.');
  });

  it('renders a slide table as a markdown table', () => {
    expect(slides(doc.markdown)[1]).toContain('| Region | Revenue |\n| --- | --- |\n| North | 42 |\n| South | 17 |');
  });

  it('extracts pictures as attachments linked with their alt text', () => {
    const image = doc.attachments.find((file) => file.mimeType === 'image/png');
    expect(image).toBeDefined();
    expect(slides(doc.markdown)[1]).toContain(`![Company logo](attachment:${image!.name})`);
  });

  it('converts an embedded workbook inside the slide, its sheets nested below it', () => {
    const second = slides(doc.markdown)[1]!;
    expect(second).toContain('### Embedded: Microsoft_Excel_Worksheet1.xlsx\n\n#### Prices');
    expect(second).toContain('| Total | 3.75 |  |');
  });

  it('notes an embedded object that fails instead of failing the deck', () => {
    expect(slides(doc.markdown)[1]).toMatch(
      /### Embedded: Broken_Document\.docx\n\n_This embedded object could not be converted: invalid or corrupt archive: [^\n]+\._/,
    );
    expect(slides(doc.markdown)[3]).toContain('Topic 4');
  });

  it('leaves out a picture that cannot be read and converts the rest', async () => {
    const doc = await convertToMarkdown({ bytes: breakEntry(await buildPptx(2), 'ppt/media/image-2-1.png') });
    expect(doc.attachments.filter((file) => file.mimeType === 'image/png')).toEqual([]);
    expect(doc.markdown).not.toContain('Company logo');
    expect(slides(doc.markdown)[1]).toContain('| North | 42 |');
  });

  it('stops at maxSlides and says so', async () => {
    const capped = await convertToMarkdown({ bytes: await buildPptx(4), limits: { maxSlides: 2 } });
    expect(slides(capped.markdown)).toHaveLength(2);
    expect(capped.markdown).toMatch(/_Only the first 2 slides of 4 were converted\._$/);
  });
});

describe('PPTX charts', () => {
  it('render their title and cached values as a table', async () => {
    const doc = await convertToMarkdown({ bytes: await buildPptx(2) });
    expect(slides(doc.markdown)[1]).toContain(
      '**Chart: Quarterly units**\n\n| Category | Units | Returns |\n| --- | --- | --- |\n| Q1 | 120 | 4 |\n| Q2 | 150 | 6 |',
    );
  });
});

describe('PPTX text runs', () => {
  it('keep bold, italic and links, with spaces outside the markers', async () => {
    const doc = await convertToMarkdown({ bytes: await buildStyledPptx() });
    expect(doc.markdown).toBe('## Slide 1\n\nRead [the guide](https://example.com/guide) before the **launch**, *carefully*');
  });
});
