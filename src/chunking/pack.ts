import type { Tokens } from 'marked';
import type { Block, Unit } from './read-blocks.js';
import { CODE_LEVELS, LINE_LEVELS, PROSE_LEVELS, sentenceCuts, splitFencedCode, splitList, splitTable, splitText } from './split.js';
import { skipWhitespace } from './text-spans.js';

/** A chunk before it is numbered and mapped back to the input: its span in the LF-normalised text. */
export interface Draft {
  content: string;
  headingPath: string[];
  start: number;
  end: number;
}

/**
 * Packs blocks into chunks of at most `size` characters: whole blocks where they fit, split ones
 * (sentences, list items, code lines, table rows) where they do not, with headings kept as paths
 * and a prose tail carried over between chunks.
 */
export class Packer {
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
