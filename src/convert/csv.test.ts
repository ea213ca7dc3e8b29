import { describe, expect, it } from 'vitest';
import { convertCsv } from './csv.js';
import { ConversionError } from './types.js';

describe('convertCsv', () => {
  it('renders a markdown table with the header row', () => {
    const csv = 'name,city,notes\nAda,London,"likes | pipes"\nLinus,Helsinki,"two\nlines"\n';
    expect(convertCsv(csv).markdown).toBe(
      ['| name | city | notes |', '| --- | --- | --- |', '| Ada | London | likes \\| pipes |', '| Linus | Helsinki | two<br>lines |'].join('\n'),
    );
  });

  it('pads ragged rows and names missing header cells', () => {
    const lines = convertCsv('a,b\n1,2,3\n4\n').markdown.split('\n');
    expect(lines[0]).toBe('| a | b | Column 3 |');
    expect(lines[2]).toBe('| 1 | 2 | 3 |');
    expect(lines[3]).toBe('| 4 |  |  |');
  });

  it('detects other delimiters', () => {
    expect(convertCsv('x;y\n1;2\n').markdown).toContain('| 1 | 2 |');
  });

  it('handles large inputs', () => {
    const csv = ['id,value', ...Array.from({ length: 20_000 }, (_, i) => `${i},v${i}`)].join('\n');
    const lines = convertCsv(csv).markdown.split('\n');
    expect(lines).toHaveLength(20_002);
    expect(lines.at(-1)).toBe('| 19999 | v19999 |');
  });

  it('rejects empty input', () => {
    expect(() => convertCsv('')).toThrow(ConversionError);
    expect(() => convertCsv('\n ,\n\n')).toThrow(ConversionError);
  });
});
