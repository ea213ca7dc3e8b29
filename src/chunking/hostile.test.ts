import { describe, expect, it } from 'vitest';
import { chunkMarkdown, DEFAULT_CHUNK_SIZE, type MarkdownChunk } from './index.js';

/** Every chunk within bounds, and together they hold every non-space character of the input, in order. */
function expectFullCover(input: string, chunks: MarkdownChunk[]): void {
  expect(chunks.length).toBeGreaterThan(0);
  let previousEnd = 0;
  let covered = 0;
  for (const chunk of chunks) {
    expect(chunk.content.length).toBeLessThanOrEqual(DEFAULT_CHUNK_SIZE);
    expect(input.slice(chunk.startOffset, chunk.endOffset)).toBe(chunk.content);
    expect(input.slice(previousEnd, Math.max(previousEnd, chunk.startOffset)).trim()).toBe('');
    covered += chunk.endOffset - Math.max(previousEnd, chunk.startOffset);
    previousEnd = Math.max(previousEnd, chunk.endOffset);
  }
  expect(input.slice(previousEnd).trim()).toBe('');
  expect(covered).toBeGreaterThan(0);
}

describe('chunkMarkdown on hostile input', () => {
  it('chunks 2,000 nested blockquotes (4 KB)', () => {
    const doc = `${'>'.repeat(2000)} the innermost quote`;
    const chunks = chunkMarkdown(doc);
    expect(chunks.map((c) => c.content).join('')).toContain('the innermost quote');
    expectFullCover(doc, chunks);
  });

  it('chunks 2,000 lines of quotes nesting one level deeper each', () => {
    const doc = Array.from({ length: 2000 }, (_, i) => `${'>'.repeat(i + 1)} level ${i}`).join('\n');
    expectFullCover(doc, chunkMarkdown(doc));
  });

  it('chunks quotes whose nesting shrinks line after line without re-reading them exponentially', { timeout: 10_000 }, () => {
    const doc = Array.from({ length: 2000 }, (_, i) => `${'>'.repeat(40 - (i % 40))} x`).join('\n');
    expectFullCover(doc, chunkMarkdown(doc));
  });

  it('chunks 10,000 list markers nested on one line', () => {
    const doc = `${'- '.repeat(10_000)}item`;
    expectFullCover(doc, chunkMarkdown(doc));
  });

  it('chunks a 9 MB paragraph on one line', { timeout: 30_000 }, () => {
    const doc = 'lorem ipsum dolor sit amet '.repeat(Math.ceil(9_000_000 / 27)).trim();
    expect(doc.length).toBeGreaterThan(8_999_000);
    const chunks = chunkMarkdown(doc);
    expectFullCover(doc, chunks);
    expect(chunks.length).toBeGreaterThan(9000);
  });

  it('chunks a 9 MB paragraph of many short lines and a 9 MB run of one character', { timeout: 30_000 }, () => {
    const lines = 'a line of text\n'.repeat(600_000);
    expectFullCover(lines, chunkMarkdown(lines));
    const run = 'x'.repeat(9_000_000);
    expectFullCover(run, chunkMarkdown(run));
  });

  it('splits a long run of punctuation in linear time', { timeout: 10_000 }, () => {
    const doc = `a${'.'.repeat(1_000_000)} end`;
    expectFullCover(doc, chunkMarkdown(doc));
  });

  it('keeps the structure of a large document that needs several lexing passes', () => {
    const section = (i: number) => `# Part ${i}\n\n${'Body sentence. '.repeat(400)}\n\n\`\`\`\n${'# not a heading\n\n'.repeat(200)}\`\`\``;
    const doc = Array.from({ length: 40 }, (_, i) => section(i)).join('\n\n');
    expect(doc.length).toBeGreaterThan(256 * 1024);
    const chunks = chunkMarkdown(doc);
    for (const chunk of chunks) expect(chunk.content.length).toBeLessThanOrEqual(DEFAULT_CHUNK_SIZE);
    const paths = new Set(chunks.map((c) => c.headingPath.join('/')));
    expect(paths).toEqual(new Set(Array.from({ length: 40 }, (_, i) => `Part ${i}`)));
  });
});
