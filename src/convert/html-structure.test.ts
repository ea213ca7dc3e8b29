import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { normalizeHtmlStructure } from './html-structure.js';

function parts(html: string): { title: string | undefined; body: string | undefined } {
  const { document } = parseHTML(normalizeHtmlStructure(html));
  return { title: document.head?.querySelector('title')?.textContent, body: document.body?.innerHTML.trim() };
}

describe('normalizeHtmlStructure', () => {
  it.each([
    '<!doctype html><html lang="en"><head><title>T</title></head><body class="x"><p>Hi</p></body></html>',
    '<!doctype html><title>T</title><body><p>Hi</p></body>',
    '<html><title>T</title><body><p>Hi</p></body></html>',
    '<head><title>T</title></head><p>Hi</p>',
    '<html><head><title>T</title></head><p>Hi</p></html>',
  ])('puts head and body content where they belong: %s', (html) => {
    expect(parts(html)).toEqual({ title: 'T', body: '<p>Hi</p>' });
  });

  it('wraps bare fragments in a body', () => {
    expect(parts('<p>Hi</p> text').body).toBe('<p>Hi</p> text');
    expect(parts('<body><p>Hi</p></body>').body).toBe('<p>Hi</p>');
  });

  it('leaves well-formed documents untouched', () => {
    const html = '<!DOCTYPE html>\n<!-- c -->\n<html><head><title>T</title></head>\n<body><p>x</p></body></html>';
    expect(normalizeHtmlStructure(html)).toBe(html);
  });
});
