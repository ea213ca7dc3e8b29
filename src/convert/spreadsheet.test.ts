import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { buildXlsx } from '../../test/fixtures/convert/office.js';
import { convertToMarkdown, type ConvertProgress } from './index.js';

function sections(markdown: string): string[] {
  return markdown.split(/^(?=## )/m).map((section) => section.trim());
}

describe('XLSX conversion', () => {
  it('gives each sheet its own section, in workbook order, titled from the properties', async () => {
    const doc = await convertToMarkdown({ bytes: buildXlsx(), filename: 'budget.xlsx' });
    expect(doc).toMatchObject({ type: 'text', format: 'xlsx', title: 'Grocery Budget' });
    const [prices, notes] = sections(doc.markdown);
    expect(prices).toMatch(/^## Prices\n/);
    expect(notes).toBe('## Notes\n\n| Note |\n| --- |\n| Prices include tax |');
  });

  it('shows cells as formatted, formulas by their calculated value, a merged title row above the table', async () => {
    const doc = await convertToMarkdown({ bytes: buildXlsx(), filename: 'budget.xlsx' });
    const [prices] = sections(doc.markdown);
    expect(prices).toBe(
      [
        '## Prices',
        '',
        '**Fruit prices**',
        '',
        '| Item | Price | Bought |',
        '| --- | --- | --- |',
        '| Apple | 1.50 | 2024-03-05 |',
        '| Pear | 2.25 | 2024-03-06 |',
        '| Total | 3.75 |  |',
      ].join('\n'),
    );
    expect(doc.markdown).not.toContain('SUM(');
  });

  it('repeats a merged value over the cells it covers inside a table', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Region', 'Quarter', 'Sales'],
      ['North', 'Q1', 10],
      [null, 'Q2', 12],
    ]);
    sheet['!merges'] = [{ s: { r: 1, c: 0 }, e: { r: 2, c: 0 } }];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Sales');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const doc = await convertToMarkdown({ bytes });
    expect(doc.markdown).toContain('| North | Q1 | 10 |\n| North | Q2 | 12 |');
  });

  it('bounds a large sheet by rows and says how much was left out', async () => {
    const steps: ConvertProgress[] = [];
    const doc = await convertToMarkdown({
      bytes: buildXlsx(500),
      limits: { maxRowsPerSheet: 20 },
      onProgress: (step) => steps.push(step),
    });
    const [prices] = sections(doc.markdown);
    expect(prices.split('\n').filter((line) => /^\| Item \d+ /.test(line))).toHaveLength(16);
    expect(prices).toContain('_Only the first 20 rows of 505 are shown; the rest of this sheet was not converted._');
    expect(steps).toEqual([
      { name: 'sheets', done: 1, total: 2 },
      { name: 'sheets', done: 2, total: 2 },
    ]);
  });

  it('shares the cell allowance over all sheets and caps the number of sheets', async () => {
    const doc = await convertToMarkdown({ bytes: buildXlsx(50), limits: { maxCells: 30, maxSheets: 1 } });
    const tableRows = doc.markdown.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---'));
    expect(tableRows.length * 3).toBeLessThanOrEqual(30);
    expect(doc.markdown).toContain('_Only the first 1 sheets of 2 were converted._');
    expect(doc.markdown).not.toContain('## Notes');
  });
});

describe('ODS conversion', () => {
  it('reads an OpenDocument spreadsheet through the same path', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['City', 'Visitors'],
      ['Lisbon', 1200],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Trips');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'ods' }) as Buffer);
    const doc = await convertToMarkdown({ bytes, filename: 'trips.ods' });
    expect(doc).toMatchObject({ type: 'text', format: 'ods', mimeType: 'application/vnd.oasis.opendocument.spreadsheet' });
    expect(doc.markdown).toBe('## Trips\n\n| City | Visitors |\n| --- | --- |\n| Lisbon | 1200 |');
  });
});
