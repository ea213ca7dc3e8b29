import { describe, expect, it } from 'vitest';
import { DEFAULT_CHUNK_OVERLAP, DEFAULT_CHUNK_SIZE, MAX_CHUNK_SIZE, MIN_CHUNK_SIZE, chunkMarkdown, resolveChunkOptions, type MarkdownChunk } from './index.js';

function sentences(prefix: string, count: number): string {
  return Array.from({ length: count }, (_, i) => `${prefix} sentence ${i} carries a little detail about the topic.`).join(' ');
}

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** Chunks whose content is a verbatim slice of the input (no repeated header or re-opened fence). */
function verbatim(input: string, chunk: MarkdownChunk): boolean {
  return input.slice(chunk.startOffset, chunk.endOffset) === chunk.content;
}

function expectWellFormed(input: string, chunks: MarkdownChunk[], size: number): void {
  chunks.forEach((chunk, i) => {
    expect(chunk.position).toBe(i);
    expect(chunk.content.length).toBeGreaterThan(0);
    expect(chunk.content.length).toBeLessThanOrEqual(size);
    expect(chunk.content).toBe(chunk.content.trim());
    expect(chunk.startOffset).toBeLessThan(chunk.endOffset);
    expect(chunk.endOffset).toBeLessThanOrEqual(input.length);
    if (i > 0) expect(chunk.startOffset).toBeGreaterThanOrEqual(chunks[i - 1].startOffset);
  });
}

describe('chunkMarkdown', () => {
  it('returns no chunks for empty or whitespace-only input', () => {
    expect(chunkMarkdown('')).toEqual([]);
    expect(chunkMarkdown('   \n\n\t  \r\n ')).toEqual([]);
  });

  it('chunks plain text without markdown as paragraphs', () => {
    const text = 'Just some plain text.\nWith a second line.\n\nAnd a second paragraph here.';
    const chunks = chunkMarkdown(text);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toEqual({
      position: 0,
      content: text,
      headingPath: [],
      startOffset: 0,
      endOffset: text.length,
    });
  });

  it('tracks heading paths across nested sections', () => {
    const doc = [
      'Preamble before any heading.',
      '# Guide',
      'Guide intro.',
      '## Install',
      '### Linux',
      'Use the package manager.',
      '### macOS',
      'Use Homebrew.',
      '## Usage',
      'Run `engram serve`.',
      '# Reference **API**',
      '### Deep `skip`',
      'Skipped a level.',
      'Setext title\n------------',
      'Under setext.',
    ].join('\n\n');
    const chunks = chunkMarkdown(doc);

    expect(chunks.map((c) => c.headingPath)).toEqual([
      [],
      ['Guide'],
      ['Guide', 'Install', 'Linux'],
      ['Guide', 'Install', 'macOS'],
      ['Guide', 'Usage'],
      ['Reference API', 'Deep skip'],
      ['Reference API', 'Setext title'],
    ]);
    expect(chunks[0].content).toBe('Preamble before any heading.');
    expect(chunks[1].content).toBe('# Guide\n\nGuide intro.');
    // An empty section is carried into its first subsection rather than becoming its own chunk.
    expect(chunks[2].content).toBe('## Install\n\n### Linux\n\nUse the package manager.');
    expect(chunks[3].content).toBe('### macOS\n\nUse Homebrew.');
    expect(chunks[4].content).toBe('## Usage\n\nRun `engram serve`.');
    expect(chunks[5].content).toBe('# Reference **API**\n\n### Deep `skip`\n\nSkipped a level.');
    expect(chunks[6].content).toBe('Setext title\n------------\n\nUnder setext.');
    for (const chunk of chunks) expect(verbatim(doc, chunk)).toBe(true);
  });

  it('keeps the heading path on continuation chunks of a long section', () => {
    const doc = `# Top\n\n## Section\n\n${sentences('Long', 40)}\n\n## Next\n\nShort.`;
    const chunks = chunkMarkdown(doc, { size: 300 });
    const section = chunks.filter((c) => c.headingPath.join('/') === 'Top/Section');
    expect(section.length).toBeGreaterThan(3);
    expect(section[0].content.startsWith('# Top\n\n## Section\n\nLong sentence 0')).toBe(true);
    for (const chunk of section.slice(1)) expect(chunk.content.startsWith('#')).toBe(false);
    expect(chunks[chunks.length - 1]).toMatchObject({ headingPath: ['Top', 'Next'], content: '## Next\n\nShort.' });
  });

  it('respects the size bound on mixed content', () => {
    const code = Array.from({ length: 40 }, (_, i) => `  const value${i} = compute(${i}); // step ${i}`).join('\n');
    const rows = Array.from({ length: 40 }, (_, i) => `| key-${i} | value number ${i} |`).join('\n');
    const items = Array.from({ length: 30 }, (_, i) => `- item ${i}: ${sentences('Item', 1)}`).join('\n');
    const doc = [
      '# Mixed',
      sentences('Intro', 25),
      '```ts\n' + code + '\n```',
      '| Key | Value |\n| --- | --- |\n' + rows,
      items,
      '> ' + sentences('Quoted', 20),
      'Averyveryverylongtokenwithoutanybreaks'.repeat(20),
      '<div>\n' + sentences('Html', 15) + '\n</div>',
    ].join('\n\n');
    for (const size of [120, 200, 400, 1000]) {
      const chunks = chunkMarkdown(doc, { size });
      expect(chunks.length).toBeGreaterThan(1);
      expectWellFormed(doc, chunks, size);
    }
  });

  it('cuts a single token longer than the size rather than exceeding it', () => {
    const token = 'x'.repeat(2500);
    const doc = `Before it.\n\n${token}\n\nAfter it.`;
    const chunks = chunkMarkdown(doc, { size: 1000 });
    expectWellFormed(doc, chunks, 1000);
    expect(
      chunks
        .map((c) => c.content)
        .join('')
        .replace(/\s+/g, ''),
    ).toBe(`Beforeit.${token}Afterit.`);
  });

  it('never breaks a code block that fits in a chunk', () => {
    const code = '```python\n' + Array.from({ length: 8 }, (_, i) => `print("line ${i}")`).join('\n') + '\n```';
    const doc = `# Code\n\n${sentences('Lead', 4)}\n\n${code}\n\n${sentences('Tail', 4)}`;
    const chunks = chunkMarkdown(doc, { size: 260 });
    expectWellFormed(doc, chunks, 260);
    const holders = chunks.filter((c) => c.content.includes('```'));
    expect(holders).toHaveLength(1);
    expect(holders[0].content).toContain(code);
  });

  it('re-fences every piece of a code block that is too large', () => {
    const lines = Array.from({ length: 60 }, (_, i) => `let line${i} = "${'v'.repeat(i % 7)}";`);
    const doc = `## Script\n\n~~~js title="x"\n${lines.join('\n')}\n~~~\n\nAfter the code.`;
    const chunks = chunkMarkdown(doc, { size: 300 });
    expectWellFormed(doc, chunks, 300);
    const pieces = chunks.filter((c) => c.content.includes('let line'));
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces[0].content.startsWith('## Script\n\n~~~js title="x"\n')).toBe(true);
    for (const piece of pieces) {
      const fence = piece.content.indexOf('~~~js title="x"\n');
      expect(fence).toBeGreaterThanOrEqual(0);
      const lastLine = piece.content.lastIndexOf('\nlet line');
      expect(piece.content.slice(lastLine + 1).split('\n')[1]).toBe('~~~');
      expect(piece.headingPath).toEqual(['Script']);
    }
    // Every line appears whole, once, in order.
    const seen = pieces.flatMap((p) => p.content.split('\n').filter((l) => l.startsWith('let line')));
    expect(seen).toEqual(lines);
    // The span of a re-fenced piece still points at its lines in the source.
    for (const piece of pieces.slice(1)) {
      expect(doc.slice(piece.startOffset, piece.endOffset).startsWith('let line')).toBe(true);
    }
  });

  it('repeats the table header in every piece of a split table', () => {
    const header = '| Name | Type | Description |\n|:-----|:----:|------------:|';
    const rows = Array.from({ length: 50 }, (_, i) => `| field_${i} | string | The value of field ${i}. |`);
    const doc = `# Schema\n\nThe table below lists every field.\n\n${header}\n${rows.join('\n')}\n\nEnd.`;
    const chunks = chunkMarkdown(doc, { size: 400 });
    expectWellFormed(doc, chunks, 400);
    const pieces = chunks.filter((c) => c.content.includes('| field_'));
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) {
      const at = piece.content.indexOf(header + '\n');
      expect(at).toBeGreaterThanOrEqual(0);
      const table = piece.content.slice(at).split('\n\n')[0];
      expect(
        table
          .split('\n')
          .slice(2)
          .every((line) => line.startsWith('| field_')),
      ).toBe(true);
    }
    const seen = pieces.flatMap((p) => p.content.split('\n').filter((l) => l.startsWith('| field_')));
    expect(seen).toEqual(rows);
    expect(chunks[chunks.length - 1].content.endsWith('End.')).toBe(true);
  });

  it('keeps list items whole when a list is split', () => {
    const items = Array.from({ length: 25 }, (_, i) => `- Item ${i} explains one thing. It has a second sentence too.\n  And a continuation line ${i}.`);
    const doc = `## Checklist\n\n${items.join('\n')}`;
    const chunks = chunkMarkdown(doc, { size: 300 });
    expectWellFormed(doc, chunks, 300);
    expect(chunks.length).toBeGreaterThan(3);
    for (const item of items) {
      expect(chunks.some((c) => c.content.includes(item))).toBe(true);
    }
    for (const chunk of chunks) {
      // Apart from a carried-over overlap prefix, a chunk starts at an item or at the heading.
      const prev = chunks[chunk.position - 1];
      const own = prev && prev.endOffset > chunk.startOffset ? chunk.content.slice(prev.endOffset - chunk.startOffset).trimStart() : chunk.content;
      expect(own.startsWith('- Item') || own.startsWith('## Checklist')).toBe(true);
      expect(chunk.content.endsWith('.')).toBe(true);
    }
  });

  it('overlaps consecutive prose chunks with trailing sentences, but not across headings', () => {
    const doc = `# One\n\n${sentences('First', 30)}\n\n# Two\n\n${sentences('Second', 30)}`;
    const overlap = 120;
    const chunks = chunkMarkdown(doc, { size: 400, overlap });
    expectWellFormed(doc, chunks, 400);
    let overlaps = 0;
    for (let i = 1; i < chunks.length; i++) {
      const prev = chunks[i - 1];
      const chunk = chunks[i];
      if (chunk.content.startsWith('# ')) {
        expect(chunk.startOffset).toBeGreaterThanOrEqual(prev.endOffset);
        continue;
      }
      overlaps++;
      const shared = prev.endOffset - chunk.startOffset;
      expect(shared).toBeGreaterThan(0);
      expect(shared).toBeLessThanOrEqual(overlap);
      const carried = chunk.content.slice(0, shared);
      expect(prev.content.endsWith(carried)).toBe(true);
      // Carried text starts at a sentence boundary.
      expect(carried).toMatch(/^(First|Second) sentence \d+/);
    }
    expect(overlaps).toBeGreaterThan(4);
    const two = chunks.find((c) => c.content.startsWith('# Two'))!;
    expect(two.content).not.toContain('First');
    expect(two.headingPath).toEqual(['Two']);
  });

  it('carries only whole sentences, so a chunk never opens mid-sentence', () => {
    const long = Array.from(
      { length: 12 },
      (_, i) => `Sentence ${i} is deliberately long, running on with clause after clause so that it is longer than the overlap allowance on its own.`,
    ).join(' ');
    const chunks = chunkMarkdown(long, { size: 400, overlap: 100 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk.content).toMatch(/^Sentence \d+ is/);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i].startOffset).toBeGreaterThanOrEqual(chunks[i - 1].endOffset);
  });

  it('does not mistake ordered-list markers or abbreviations for sentence ends', () => {
    const items = Array.from({ length: 12 }, (_, i) => `${i + 1}. Configure option ${i}, e.g. the timeout. Save it.`);
    const doc = items.join('\n');
    const chunks = chunkMarkdown(doc, { size: 150, overlap: 60 });
    expectWellFormed(doc, chunks, 150);
    for (const chunk of chunks) expect(chunk.content).toMatch(/^(\d+\. Configure|Save it\.)/);
  });

  it('does not overlap into code or tables', () => {
    const code = '```\n' + Array.from({ length: 12 }, (_, i) => `step ${i}`).join('\n') + '\n```';
    const doc = `${sentences('Lead', 5)}\n\n${code}\n\n${sentences('Tail', 2)}`;
    const chunks = chunkMarkdown(doc, { size: 200, overlap: 80 });
    expectWellFormed(doc, chunks, 200);
    const codeChunk = chunks.find((c) => c.content.includes('step 0'))!;
    expect(codeChunk.content.startsWith('```')).toBe(true);
    expect(codeChunk.startOffset).toBeGreaterThanOrEqual(chunks[codeChunk.position - 1].endOffset);
  });

  it('disables overlap when asked', () => {
    const doc = sentences('Plain', 40);
    const chunks = chunkMarkdown(doc, { size: 300, overlap: 0 });
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i].startOffset).toBeGreaterThanOrEqual(chunks[i - 1].endOffset);
    }
    expect(words(chunks.map((c) => c.content).join(' '))).toEqual(words(doc));
  });

  it('splits a sentence longer than the size between words', () => {
    const sentence = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkMarkdown(sentence, { size: 150, overlap: 0 });
    expectWellFormed(sentence, chunks, 150);
    expect(chunks.flatMap((c) => words(c.content))).toEqual(words(sentence));
  });

  it('gives offsets that slice back to the source', () => {
    const doc = `  # Title\n\nSome intro text.   \n\n\n- a\n- b\n\n${sentences('Body', 20)}\n\n> quoted\n> lines\n\n---\n\n<p>html</p>\n`;
    const chunks = chunkMarkdown(doc, { size: 250 });
    expectWellFormed(doc, chunks, 250);
    for (const chunk of chunks) expect(doc.slice(chunk.startOffset, chunk.endOffset)).toBe(chunk.content);
  });

  it('maps offsets back into CRLF input', () => {
    const lf = `# Title\n\n${sentences('Windows', 12)}\n\n## Sub\n\nLine one\nline two`;
    const crlf = lf.replace(/\n/g, '\r\n');
    const expected = chunkMarkdown(lf, { size: 300 });
    const chunks = chunkMarkdown(crlf, { size: 300 });
    expect(chunks.map((c) => c.content)).toEqual(expected.map((c) => c.content));
    for (const chunk of chunks) {
      expect(crlf.slice(chunk.startOffset, chunk.endOffset).replace(/\r\n/g, '\n')).toBe(chunk.content);
    }
  });

  it('keeps YAML front matter out of the heading structure', () => {
    const doc = '---\ntitle: Notes\ntags: [a, b]\n---\n\n# Real heading\n\nBody.';
    const chunks = chunkMarkdown(doc);
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toMatchObject({ headingPath: [], content: '---\ntitle: Notes\ntags: [a, b]\n---' });
    expect(chunks[1]).toMatchObject({ headingPath: ['Real heading'], content: '# Real heading\n\nBody.' });
  });

  it('is deterministic', () => {
    const doc = `# A\n\n${sentences('Same', 50)}\n\n| h |\n|---|\n| r |`;
    expect(chunkMarkdown(doc, { size: 200 })).toEqual(chunkMarkdown(doc, { size: 200 }));
  });

  it('chunks 1 MB of markdown quickly and covers every word in order', () => {
    const sections: string[] = [];
    let length = 0;
    for (let i = 0; length < 1_000_000; i++) {
      const part = [
        `# Chapter ${i}`,
        sentences(`Chapter ${i} intro`, 3 + (i % 9)),
        `## Details ${i}`,
        `- first point of ${i}. It matters.\n- second point of ${i}\n  - nested point`,
        '```ts\n' + `export const chapter${i} = ${i};\nconsole.log(chapter${i});` + '\n```',
        `| key | value |\n|---|---|\n| chapter | ${i} |`,
        `> ${sentences(`Quote ${i}`, 2)}`,
        sentences(`Chapter ${i} body`, 20 + (i % 30)),
      ].join('\n\n');
      sections.push(part);
      length += part.length + 2;
    }
    const doc = sections.join('\n\n');
    expect(doc.length).toBeGreaterThanOrEqual(1_000_000);

    const startedAt = performance.now();
    const chunks = chunkMarkdown(doc);
    const elapsed = performance.now() - startedAt;
    expect(elapsed).toBeLessThan(1000);

    expectWellFormed(doc, chunks, DEFAULT_CHUNK_SIZE);
    const covered: string[] = [];
    let previousEnd = 0;
    for (const chunk of chunks) {
      expect(verbatim(doc, chunk)).toBe(true);
      // Nothing but whitespace is skipped between chunks.
      if (chunk.startOffset > previousEnd) expect(doc.slice(previousEnd, chunk.startOffset).trim()).toBe('');
      const own = chunk.content.slice(Math.max(0, previousEnd - chunk.startOffset));
      covered.push(...words(own));
      previousEnd = chunk.endOffset;
    }
    expect(covered).toEqual(words(doc));
  });
});

describe('resolveChunkOptions', () => {
  it('uses the defaults for -1, null and undefined', () => {
    const defaults = { size: DEFAULT_CHUNK_SIZE, overlap: DEFAULT_CHUNK_OVERLAP };
    expect(resolveChunkOptions(-1)).toEqual(defaults);
    expect(resolveChunkOptions(null)).toEqual(defaults);
    expect(resolveChunkOptions(undefined)).toEqual(defaults);
    expect(resolveChunkOptions(Number.NaN)).toEqual(defaults);
  });

  it('clamps sizes into range and scales the overlap', () => {
    expect(resolveChunkOptions(10)).toEqual({ size: MIN_CHUNK_SIZE, overlap: 12 });
    expect(resolveChunkOptions(0)).toEqual({ size: MIN_CHUNK_SIZE, overlap: 12 });
    expect(resolveChunkOptions(1_000_000)).toEqual({ size: MAX_CHUNK_SIZE, overlap: 400 });
    expect(resolveChunkOptions(2000)).toEqual({ size: 2000, overlap: 240 });
    expect(resolveChunkOptions(1000)).toEqual({ size: 1000, overlap: DEFAULT_CHUNK_OVERLAP });
  });

  it('produces options chunkMarkdown honours', () => {
    const options = resolveChunkOptions(150);
    const doc = sentences('Tiny', 30);
    const chunks = chunkMarkdown(doc, options);
    expectWellFormed(doc, chunks, options.size);
  });
});
