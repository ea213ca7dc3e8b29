import { describe, expect, it } from 'vitest';
import { buildEpub, buildOdp, buildOdt } from '../../test/fixtures/convert/containers.js';
import { convertToMarkdown } from './index.js';

describe('ODT conversion', () => {
  it('keeps headings, emphasis, links, lists, tables, images and footnotes', async () => {
    const doc = await convertToMarkdown({ bytes: await buildOdt(), filename: 'log.odt' });
    expect(doc).toMatchObject({ type: 'text', format: 'odt', title: 'Harbour Log', mimeType: 'application/vnd.oasis.opendocument.text' });
    expect(doc.attachments.map((file) => [file.name, file.mimeType])).toEqual([['map.png', 'image/png']]);
    expect(doc.markdown).toBe(
      [
        '# Field Notes',
        'The **harbour** was *calm*, see [tide tables](https://example.org/tides).[^1]',
        '## Equipment',
        '- Compass\n  - Spare needle\n- Rope',
        '1. Check weather\n2. Launch',
        '| Fish | Count |\n| --- | --- |\n| Cod | 7 |',
        '![Bay map](attachment:map.png)',
        '[^1]: Measured at dawn.',
      ].join('\n\n'),
    );
  });
});

describe('ODP conversion', () => {
  it('gives one section per page with its title, content and speaker notes', async () => {
    const doc = await convertToMarkdown({ bytes: await buildOdp(), filename: 'plan.odp' });
    expect(doc).toMatchObject({ type: 'text', format: 'odp', title: 'Product Plan' });
    expect(doc.markdown).toBe(
      [
        '## Slide 1: Roadmap',
        '- Ship the beta',
        '### Speaker notes',
        'Mention the beta testers.',
        '## Slide 2: Budget',
        '| Team | Cost |\n| --- | --- |\n| Design | 30 |',
      ].join('\n\n'),
    );
  });
});

describe('EPUB conversion', () => {
  it('follows the spine, not the manifest, and keeps images', async () => {
    const doc = await convertToMarkdown({ bytes: await buildEpub(), filename: 'book.epub' });
    expect(doc).toMatchObject({ type: 'text', format: 'epub', title: 'The Lighthouse Keeper', mimeType: 'application/epub+zip' });
    expect(doc.markdown.indexOf('# Chapter One')).toBeLessThan(doc.markdown.indexOf('# Chapter Two'));
    expect(doc.markdown).toContain('The lamp was _lit_ at dusk.');
    expect(doc.markdown).toContain('![The lamp](attachment:lamp.png)');
    expect(doc.markdown).toMatch(/\| Night \| Ships \|\n\| --- \| --- \|\n\| 1 +\| 3 +\|/);
    expect(doc.markdown).not.toContain('two.xhtml');
    expect(doc.attachments.map((file) => file.name)).toEqual(['lamp.png']);
  });
});
