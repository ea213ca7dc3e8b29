import { describe, expect, it } from 'vitest';
import { assertSafeXml, attr, children, find, localName, parseXml } from './xml.js';

describe('assertSafeXml', () => {
  it('accepts ordinary XML with comments, CDATA, processing instructions and quoted >', () => {
    const xml = '<?xml version="1.0"?><!-- a <b> comment --><root a="x > y" b=\'<c>\'><![CDATA[<not><a><tag>]]><leaf/><p>text</p></root>';
    expect(() => assertSafeXml(xml, 2, 'part.xml')).not.toThrow();
  });

  it('accepts a DOCTYPE without an internal subset (XHTML chapters have one)', () => {
    expect(() => assertSafeXml('<!DOCTYPE html><html><body/></html>', 5, 'c.xhtml')).not.toThrow();
  });

  it('refuses entity declarations: the billion laughs never reach a parser', () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;">]><lolz>&lol1;</lolz>';
    expect(() => assertSafeXml(laughs, 10, 'word/document.xml')).toThrow('word/document.xml: XML entity or DTD declarations are not allowed');
    expect(() => assertSafeXml('<!DOCTYPE x SYSTEM "file:///etc/passwd"><x/>', 10, 'a.xml')).not.toThrow();
    expect(() => assertSafeXml('<!ENTITY x "y"><x/>', 10, 'a.xml')).toThrow(/not allowed/);
  });

  it('refuses nesting deeper than the limit, counting only open elements', () => {
    expect(() => assertSafeXml('<a><b><c/></b><b><c/></b></a>', 3, 'p.xml')).not.toThrow();
    expect(() => assertSafeXml('<a><b><c><d/></c></b></a>', 3, 'p.xml')).not.toThrow();
    expect(() => assertSafeXml('<a><b><c><d></d></c></b></a>', 3, 'p.xml')).toThrow('p.xml: XML nested deeper than 3 levels');
    const deep = '<a>'.repeat(200_000);
    const started = Date.now();
    expect(() => assertSafeXml(deep, 96, 'deep.xml')).toThrow(/deeper than 96/);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('parseXml', () => {
  it('keeps document order, attributes, whitespace in text and the predefined entities', () => {
    const nodes = parseXml('<a:p xmlns:a="x"><a:r><a:t xml:space="preserve"> R&amp;D &#x41;&#66; &lt;x&gt; </a:t></a:r></a:p>', 10, 't.xml');
    const t = find(nodes, 't')!;
    expect(localName(t)).toBe('t');
    expect(attr(t, 'xml:space')).toBe('preserve');
    expect(
      children(t)
        .map((n) => n['#text'])
        .join(''),
    ).toBe(' R&D AB <x> ');
  });
});
