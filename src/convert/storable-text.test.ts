import { describe, expect, it } from 'vitest';
import { storableMediaType, storableText } from './storable-text.js';

describe('storableText', () => {
  it('drops NUL and replaces lone surrogates', () => {
    expect(storableText('a\u0000b\ud800c')).toBe('ab\uFFFDc');
  });
});

describe('storableMediaType', () => {
  it('keeps a well-formed media type, lower-cased and without parameters', () => {
    expect(storableMediaType('Image/PNG; name=x', 'application/octet-stream')).toBe('image/png');
    expect(storableMediaType('application/vnd.ms-excel.sheet.macroEnabled.12', 'x/y')).toBe('application/vnd.ms-excel.sheet.macroenabled.12');
  });

  it.each([['image/png\u0000'], ['image/png\nx'], ['image'], ['image/'], ['/png'], ['image/png/x'], ['image/p ng'], [''], [null], ['i/' + 'x'.repeat(200)]])(
    '%j becomes the fallback',
    (value) => {
      expect(storableMediaType(value, 'application/octet-stream')).toBe('application/octet-stream');
    },
  );
});
