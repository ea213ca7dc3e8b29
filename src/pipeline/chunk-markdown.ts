import type { Tokens } from 'marked';
import { readBlocks, type Block, type Unit } from './markdown-blocks.js';
import { CODE_LEVELS, LINE_LEVELS, PROSE_LEVELS, sentenceCuts, splitFencedCode, splitList, splitTable, splitText } from './split-block.js';
import { skipWhitespace } from './text-spans.js';

export interface ChunkOptions {
  /** Maximum chunk length in characters. */
  size?: number;
  /** Maximum length in characters of the prose carried over from the previous chunk. */
  overlap?: number;
}

export const DEFAULT_CHUNK_SIZE = 1000;
export const DEFAULT_CHUNK_OVERLAP = 120;
export const MIN_CHUNK_SIZE = 100;
export const MAX_CHUNK_SIZE = 8000;

const OVERLAP_RATIO = DEFAULT_CHUNK_OVERLAP / DEFAULT_CHUNK_SIZE;
const MAX_CHUNK_OVERLAP = 400;

export interface MarkdownChunk {
  /** 0-based index of the chunk in the document. */
  position: number;
  content: string;
  /** Titles of the headings in force for the chunk's content, outermost first. */
  headingPath: string[];
  /**
   * Span of the chunk in the input, overlap included. `input.slice(startOffset, endOffset)`
   * equals `content` unless the chunk repeats a table header or re-opens/closes a code fence
   * (then the span covers the rows/lines taken from the source), or the input used CRLF
   * line endings (content is always LF).
   */
  startOffset: number;
  endOffset: number;
}

export function resolveChunkOptions(chunkSize: number | null | undefined): Required<ChunkOptions> {
  if (chunkSize == null || chunkSize === -1 || !Number.isFinite(chunkSize)) {
    return { size: DEFAULT_CHUNK_SIZE, overlap: DEFAULT_CHUNK_OVERLAP };
  }
  const size = Math.min(MAX_CHUNK_SIZE, Math.max(MIN_CHUNK_SIZE, Math.round(chunkSize)));
  return { size, overlap: scaledOverlap(size) };
}

function scaledOverlap(size: number): number {
  return Math.min(MAX_CHUNK_OVERLAP, Math.round(size * OVERLAP_RATIO));
}

function normalizeOptions(options: ChunkOptions): Required<ChunkOptions> {
  const size =
    typeof options.size === 'number' && Number.isFinite(options.size) && options.size >= 1
      ? Math.floor(options.size)
      : DEFAULT_CHUNK_SIZE;
  const requested =
    typeof options.overlap === 'number' && Number.isFinite(options.overlap)
      ? Math.floor(options.overlap)
      : scaledOverlap(size);
  return { size, overlap: Math.max(0, Math.min(requested, Math.floor(size / 2))) };
}

export function chunkMarkdown(markdown: string, options: ChunkOptions = {}): MarkdownChunk[] {
  if (!/\S/.test(markdown)) return [];
  const { size, overlap } = normalizeOptions(options);

  // marked normalises line endings itself; doing it up front keeps token raws aligned with `src`.
  const src = markdown.includes('\r') ? markdown.replace(/\r\n?/g, '\n') : markdown;
  const offsetMap = src === markdown ? null : buildOffsetMap(markdown, src.length);
  const toInput = (i: number) => (offsetMap ? offsetMap[i] : i);

  const packer = new Packer(src, size, overlap);
  const drafts = packer.run(readBlocks(src));
  return drafts.map((d, position) => ({
    position,
    content: d.content,
    headingPath: d.headingPath,
    startOffset: toInput(d.start),
    endOffset: toInput(d.end),
  }));
}

/** Maps each index of the LF-normalised text back to the original (CR/CRLF) input. */
function buildOffsetMap(input: string, normalizedLength: number): Int32Array {
  const map = new Int32Array(normalizedLength + 1);
  let j = 0;
  for (let i = 0; i < input.length; i++) {
    map[j++] = i;
    if (input.charCodeAt(i) === 13 && input.charCodeAt(i + 1) === 10) i++;
  }
  map[j] = input.length;
  return map;
}

// ---------------------------------------------------------------------------
// Packing

interface Draft {
  content: string;
  headingPath: string[];
  start: number;
  end: number;
}

class Packer {
  private readonly drafts: Draft[] = [];
  private units: Unit[] = [];
  private len = 0;
  private hasBody = false;
  private lastHeadingDepth = 0;
  private readonly headings: Array<{ depth: number; title: string }> = [];

  constructor(
    private readonly src: string,
    private readonly size: number,
    private readonly overlap: number,
  ) {}

  run(blocks: Block[]): Draft[] {
    for (const block of blocks) {
      if (block.kind === 'heading') this.addHeading(block);
      else this.addBody(block);
    }
    this.flush();
    return this.drafts;
  }

  private addHeading(block: Block): void {
    if (this.units.length > 0) {
      // A section with nothing but its heading rides along with its first subsection instead
      // of becoming a chunk of its own.
      const merge = !this.hasBody && block.depth > this.lastHeadingDepth && this.fits(block);
      if (!merge) this.flush();
    }
    while (this.headings.length && this.headings[this.headings.length - 1].depth >= block.depth) {
      this.headings.pop();
    }
    this.headings.push({ depth: block.depth, title: block.title });
    if (unitLength(block) <= this.size) this.place(block);
    else for (const piece of splitText(this.src, this.size, block.start, block.end, 'heading', LINE_LEVELS)) this.place(piece);
    this.lastHeadingDepth = block.depth;
  }

  private addBody(block: Block): void {
    if (this.fits(block)) {
      this.push(block);
      return;
    }
    const length = unitLength(block);
    const breakable = block.kind === 'prose' || block.kind === 'list';
    // A block that fits a chunk of its own stays whole, except prose/lists right after a heading,
    // which are split between sentences/items so the heading is not left alone.
    if (length <= this.size && (this.hasBody || !breakable)) {
      this.breakBefore(block);
      this.push(block);
      return;
    }
    const room = this.units.length ? this.size - this.len - this.gapBefore(block) : this.size;
    for (const piece of this.split(block, Math.max(0, room))) this.place(piece);
  }

  private split(block: Block, room: number): Unit[] {
    const { src, size } = this;
    switch (block.kind) {
      case 'code': {
        const code = block.token as Tokens.Code | undefined;
        if (code && code.codeBlockStyle !== 'indented') {
          const pieces = splitFencedCode(src, size, block, room);
          if (pieces) return pieces;
        }
        return splitText(src, size, block.start, block.end, 'code', CODE_LEVELS);
      }
      case 'table':
        return splitTable(src, size, block, room) ?? splitText(src, size, block.start, block.end, 'table', LINE_LEVELS);
      case 'list':
        return splitList(src, size, block);
      case 'prose':
        return splitText(src, size, block.start, block.end, 'prose', PROSE_LEVELS);
      default:
        return splitText(src, size, block.start, block.end, block.kind, LINE_LEVELS);
    }
  }

  private gapBefore(unit: Unit): number {
    const last = this.units[this.units.length - 1];
    return last ? Math.max(0, unit.start - last.end) : 0;
  }

  private fits(unit: Unit): boolean {
    const base = this.units.length ? this.len + this.gapBefore(unit) : 0;
    return base + unitLength(unit) <= this.size;
  }

  private place(unit: Unit): void {
    if (!this.fits(unit)) this.breakBefore(unit);
    this.push(unit);
  }

  private push(unit: Unit): void {
    this.len += (this.units.length ? this.gapBefore(unit) : 0) + unitLength(unit);
    this.units.push(unit);
    if (unit.kind !== 'heading') this.hasBody = true;
  }

  /** Closes the current chunk; the next one starts with a prose tail of it when both sides are prose. */
  private breakBefore(next: Unit): void {
    const prev = this.units[this.units.length - 1];
    this.flush();
    if (!prev || this.overlap <= 0 || !isProse(prev) || !isProse(next)) return;
    const budget = Math.min(this.overlap, this.size - unitLength(next) - Math.max(0, next.start - prev.end));
    if (budget <= 0) return;
    const start = tailStart(this.src, prev, budget);
    if (start !== null && start < prev.end) this.push({ start, end: prev.end, kind: prev.kind });
  }

  private flush(): void {
    const units = this.units;
    if (units.length === 0) return;
    const { src } = this;
    const first = units[0];
    const last = units[units.length - 1];
    let content: string;
    if (units.every((u) => u.text === undefined)) {
      content = src.slice(first.start, last.end);
    } else {
      content = unitText(src, first);
      for (let i = 1; i < units.length; i++) {
        content += src.slice(units[i - 1].end, Math.max(units[i - 1].end, units[i].start)) + unitText(src, units[i]);
      }
    }
    this.drafts.push({
      content,
      headingPath: this.headings.map((h) => h.title).filter((t) => t.length > 0),
      start: first.start,
      end: last.end,
    });
    this.units = [];
    this.len = 0;
    this.hasBody = false;
    this.lastHeadingDepth = 0;
  }
}

function isProse(unit: Unit): boolean {
  return unit.kind === 'prose' || unit.kind === 'list';
}

function unitLength(unit: Unit): number {
  return unit.text !== undefined ? unit.text.length : unit.end - unit.start;
}

function unitText(src: string, unit: Unit): string {
  return unit.text ?? src.slice(unit.start, unit.end);
}

/**
 * Where the overlap carried from `prev` begins: the earliest sentence start (or line start in
 * lists) leaving at most `budget` characters. Null when even the last sentence is longer, so a
 * chunk never opens mid-sentence.
 */
function tailStart(src: string, prev: Unit, budget: number): number | null {
  const limit = prev.end - budget;
  if (limit <= prev.start) return prev.start;
  const from = Math.max(prev.start, limit - 16);
  const candidates = sentenceCuts(src, from, prev.end);
  if (prev.kind === 'list') {
    for (let i = src.indexOf('\n', from); i >= 0 && i < prev.end; i = src.indexOf('\n', i + 1)) candidates.push(i + 1);
    candidates.sort((a, b) => a - b);
  }
  for (const cut of candidates) {
    const start = skipWhitespace(src, cut, prev.end);
    if (start >= limit && start < prev.end) return start;
  }
  return null;
}
