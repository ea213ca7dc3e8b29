import { describe, expect, it } from 'vitest';
import { convertText } from './text.js';

describe('convertText', () => {
  it('normalises line endings and trailing whitespace', () => {
    const result = convertText('\r\n\r\nfirst line   \r\nsecond\t\rthird\n\n\n');
    expect(result.markdown).toBe('first line\nsecond\nthird');
  });

  it('uses the first markdown heading as title', () => {
    expect(convertText('intro text\n\n## Real Title ##\n\nbody').title).toBe('Real Title');
  });

  it('falls back to the first non-empty line', () => {
    expect(convertText('\n\n  Meeting notes for Monday\nmore').title).toBe('Meeting notes for Monday');
  });

  it('prefers a front matter title', () => {
    expect(convertText('---\ntitle: "From Front Matter"\ntags: [a]\n---\n# Heading\n').title).toBe('From Front Matter');
  });

  it('caps titles at 120 characters', () => {
    const title = convertText(`${'word '.repeat(60)}\nbody`).title!;
    expect(title.length).toBeLessThanOrEqual(120);
    expect(title.startsWith('word word')).toBe(true);
  });

  it('returns a null title for blank input', () => {
    expect(convertText('   \n\t\n')).toEqual({ markdown: '', title: null, titleGuessed: true });
  });
});
