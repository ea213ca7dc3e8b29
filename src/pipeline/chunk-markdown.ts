import { Lexer, getDefaults, type Token, type Tokens } from 'marked';

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

type Kind = 'heading' | 'prose' | 'list' | 'code' | 'table' | 'other';

/** A contiguous span of the (LF-normalised) source. */
interface Unit {
  start: number;
  end: number;
  kind: Kind;
  /** Set when the unit's content is not the plain source slice (repeated table header, re-fenced code). */
  text?: string;
}

interface Block extends Unit {
  token?: Token;
  /** Untrimmed start of the token, used to walk list item raws. */
  tokenStart: number;
  depth: number;
  title: string;
}

type Level = 'sentence' | 'line' | 'codeline' | 'word';

const PROSE_LEVELS: Level[] = ['sentence', 'line', 'word'];
const LINE_LEVELS: Level[] = ['line', 'sentence', 'word'];
const CODE_LEVELS: Level[] = ['codeline', 'word'];

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
// Block extraction

const FRONT_MATTER = /^---[ \t]*\n[A-Za-z0-9_-]+[ \t]*:[^\n]*\n(?:[^\n]*\n){0,200}?(?:---|\.\.\.)[ \t]*(?:\n|$)/;

function readBlocks(src: string): Block[] {
  const blocks: Block[] = [];
  let base = 0;

  // marked would read YAML front matter as an hr plus a setext heading.
  const fm = FRONT_MATTER.exec(src);
  if (fm) {
    pushBlock(blocks, src, 'other', 0, fm[0].length);
    base = fm[0].length;
  }

  // blockTokens skips marked's inline pass, which chunking has no use for; fresh defaults keep
  // any global marked.use() extensions out of the way.
  const tokens = new Lexer(getDefaults()).blockTokens(base ? src.slice(base) : src);
  let cursor = base;
  for (const token of tokens) {
    const raw = token.raw ?? '';
    let start = cursor;
    if (!src.startsWith(raw, cursor)) {
      const found = src.indexOf(raw, cursor);
      if (found < 0) continue;
      pushBlock(blocks, src, 'other', cursor, found);
      start = found;
    }
    cursor = start + raw.length;
    addToken(blocks, src, token, start, cursor);
  }
  if (cursor < src.length) pushBlock(blocks, src, 'other', cursor, src.length);
  return blocks;
}

function addToken(blocks: Block[], src: string, token: Token, start: number, end: number): void {
  switch (token.type) {
    case 'space':
      return;
    case 'heading': {
      const heading = token as Tokens.Heading;
      const block = pushBlock(blocks, src, 'heading', start, end);
      if (block) {
        block.depth = heading.depth;
        block.title = headingTitle(heading.text);
      }
      return;
    }
    case 'code':
      pushBlock(blocks, src, 'code', start, end, token, true);
      return;
    case 'table':
      pushBlock(blocks, src, 'table', start, end, token);
      return;
    case 'list':
      pushBlock(blocks, src, 'list', start, end, token);
      return;
    case 'paragraph':
    case 'blockquote':
    case 'text':
      pushBlock(blocks, src, 'prose', start, end, token);
      return;
    default:
      pushBlock(blocks, src, 'other', start, end, token);
  }
}

function pushBlock(
  blocks: Block[],
  src: string,
  kind: Kind,
  start: number,
  end: number,
  token?: Token,
  keepIndent = false,
): Block | undefined {
  const [s, e] = keepIndent ? trimKeepIndent(src, start, end) : trimSpan(src, start, end);
  if (s >= e) return undefined;
  const block: Block = { start: s, end: e, kind, token, tokenStart: start, depth: 0, title: '' };
  blocks.push(block);
  return block;
}

function headingTitle(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`+/g, '')
    .replace(/(\*\*|\*|~~)(?=\S)(.*?\S)\1/g, '$2')
    .replace(/(^|\W)__(?=\S)(.*?\S)__(?!\w)/g, '$1$2')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
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

// ---------------------------------------------------------------------------
// Splitting oversized blocks

/**
 * Splits [start, end) at the first level, then any part still longer than `limit` at the next
 * levels; words longer than `limit` are cut hard.
 */
function splitText(
  src: string,
  limit: number,
  start: number,
  end: number,
  kind: Kind,
  levels: Level[],
  out: Unit[] = [],
  depth = 0,
): Unit[] {
  if (depth >= levels.length) {
    for (let p = start; p < end; ) {
      let q = Math.min(end, p + limit);
      if (q < end && isHighSurrogate(src.charCodeAt(q - 1))) q--;
      if (q <= p) q = Math.min(end, p + 2);
      out.push({ start: p, end: q, kind });
      p = q;
    }
    return out;
  }
  for (const [s, e] of spans(src, levels[depth], start, end)) {
    if (e - s <= limit) out.push({ start: s, end: e, kind });
    else splitText(src, limit, s, e, kind, levels, out, depth + 1);
  }
  return out;
}

function spans(src: string, level: Level, start: number, end: number): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  const add = (s: number, e: number, keepIndent = false) => {
    const [a, b] = keepIndent ? trimKeepIndent(src, s, e) : trimSpan(src, s, e);
    if (a < b) result.push([a, b]);
  };
  switch (level) {
    case 'sentence': {
      let prev = start;
      for (const cut of sentenceCuts(src, start, end)) {
        add(prev, cut);
        prev = cut;
      }
      add(prev, end);
      break;
    }
    case 'line':
    case 'codeline': {
      let s = start;
      while (s < end) {
        let e = src.indexOf('\n', s);
        if (e < 0 || e > end) e = end;
        add(s, e, level === 'codeline');
        s = e + 1;
      }
      break;
    }
    case 'word': {
      const re = /\S+/g;
      const text = src.slice(start, end);
      for (let m = re.exec(text); m; m = re.exec(text)) result.push([start + m.index, start + m.index + m[0].length]);
      break;
    }
  }
  return result;
}

/** Positions in [start, end) where a new sentence may begin (after terminal punctuation or a blank line). */
function sentenceCuts(src: string, start: number, end: number): number[] {
  const re = /[.!?…]+[)"'’”»\]*_]*(?=\s)|[。！？]+[」』）"”]*|\n[ \t>]*\n/g;
  const text = src.slice(start, end);
  const cuts: number[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const at = start + m.index;
    if (m[0] === '.' && !endsSentence(src, at, start)) continue;
    const cut = at + m[0].length;
    if (cut < end) cuts.push(cut);
  }
  return cuts;
}

const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'vs', 'cf', 'fig', 'no', 'e.g', 'i.e', 'approx']);

/** False for the period of an ordered-list marker ("3.") or a common abbreviation ("e.g."). */
function endsSentence(src: string, dot: number, floor: number): boolean {
  let w = dot;
  while (w > floor && !isWhitespace(src.charCodeAt(w - 1)) && dot - w < 12) w--;
  const word = src.slice(w, dot);
  if (/^\d{1,9}$/.test(word)) {
    let p = w;
    while (p > floor && (src[p - 1] === ' ' || src[p - 1] === '\t' || src[p - 1] === '>')) p--;
    return !(p === floor || src[p - 1] === '\n');
  }
  const lower = word.replace(/^[(\["'“‘]+/, '').toLowerCase();
  return !ABBREVIATIONS.has(lower) && !/^[a-z]$/.test(lower);
}

function splitList(src: string, size: number, block: Block): Unit[] {
  const items = (block.token as Tokens.List | undefined)?.items;
  if (!items) return splitText(src, size, block.start, block.end, 'list', LINE_LEVELS);
  const out: Unit[] = [];
  let cursor = block.tokenStart;
  for (const item of items) {
    if (!src.startsWith(item.raw, cursor)) {
      return splitText(src, size, block.start, block.end, 'list', LINE_LEVELS);
    }
    const [s, e] = trimSpan(src, cursor, cursor + item.raw.length);
    cursor += item.raw.length;
    if (s >= e) continue;
    if (e - s <= size) out.push({ start: s, end: e, kind: 'list' });
    else splitText(src, size, s, e, 'list', LINE_LEVELS, out);
  }
  if (cursor < block.end) {
    const [s, e] = trimSpan(src, cursor, block.end);
    if (s < e) splitText(src, size, s, e, 'list', LINE_LEVELS, out);
  }
  return out;
}

interface Frame {
  /** End of the real opening (fence line, or table header + separator) at the block start. */
  openEnd: number;
  /** Text repeated at the top of every later piece. */
  openText: string;
  /** Real closing fence at the block end, if any. */
  close: { start: number; end: number } | null;
  /** Text appended to every piece that does not reach the real closing ('' for tables). */
  closeText: string;
  /** Lines between the opening and the closing. */
  body: Array<[number, number]>;
}

function splitFencedCode(src: string, size: number, block: Block, room: number): Unit[] | null {
  const openEnd = src.indexOf('\n', block.start);
  if (openEnd < 0 || openEnd >= block.end) return null;
  const openText = src.slice(block.start, openEnd);
  const fence = /^([ \t]*)(`{3,}|~{3,})/.exec(openText);
  if (!fence) return null;
  const closeText = fence[1] + fence[2];

  let bodyEnd = block.end;
  let close: Frame['close'] = null;
  const lastBreak = src.lastIndexOf('\n', block.end - 1);
  if (lastBreak > openEnd) {
    const closing = /^[ \t]*(`{3,}|~{3,})[ \t]*$/.exec(src.slice(lastBreak + 1, block.end));
    if (closing && closing[1][0] === fence[2][0] && closing[1].length >= fence[2].length) {
      close = { start: lastBreak + 1, end: block.end };
      bodyEnd = lastBreak;
    }
  }
  return splitFramed(src, size, block, room, { openEnd, openText, close, closeText, body: lines(src, openEnd + 1, bodyEnd) });
}

function splitTable(src: string, size: number, block: Block, room: number): Unit[] | null {
  const all = lines(src, block.start, block.end);
  if (all.length < 3) return null;
  const openEnd = all[1][1];
  return splitFramed(src, size, block, room, {
    openEnd,
    openText: src.slice(block.start, openEnd),
    close: null,
    closeText: '',
    body: all.slice(2),
  });
}

/**
 * Greedily groups body lines into pieces of at most `size` characters (the first at most
 * `room`), each wrapped in the block's opening and closing so it stands on its own.
 */
function splitFramed(src: string, size: number, block: Block, room: number, frame: Frame): Unit[] | null {
  const { openText, closeText, close } = frame;
  const closeLength = Math.max(closeText.length, close ? close.end - close.start : 0);
  const overhead = openText.length + 1 + (closeText || close ? closeLength + 1 : 0);
  if (frame.body.length === 0 || overhead * 2 > size) return null;

  const lineLimit = size - overhead;
  const segments: Array<[number, number]> = [];
  for (const [s, e] of frame.body) {
    if (e - s <= lineLimit) segments.push([s, e]);
    else for (const w of splitText(src, lineLimit, s, e, block.kind, ['word'])) segments.push([w.start, w.end]);
  }

  const pieces: Unit[] = [];
  let budget = Math.min(room, size);
  for (let i = 0; i < segments.length; ) {
    let length = overhead + segments[i][1] - segments[i][0];
    if (length > budget && budget < size) {
      budget = size;
      continue;
    }
    let j = i + 1;
    while (j < segments.length) {
      const next = length + (segments[j][0] - segments[j - 1][1]) + (segments[j][1] - segments[j][0]);
      if (next > budget) break;
      length = next;
      j++;
    }
    pieces.push(framedPiece(src, block, frame, segments, i, j));
    i = j;
    budget = size;
  }
  return pieces;
}

function framedPiece(
  src: string,
  block: Block,
  frame: Frame,
  segments: Array<[number, number]>,
  from: number,
  to: number,
): Unit {
  const realOpen = from === 0;
  const realClose = to === segments.length && frame.close !== null;
  const bodyStart = segments[from][0];
  const bodyEnd = segments[to - 1][1];
  const start = realOpen ? block.start : bodyStart;
  const end = realClose ? frame.close!.end : bodyEnd;
  const piece: Unit = { start, end, kind: block.kind };
  if (realOpen && (realClose || !frame.closeText)) return piece;

  let text = realOpen ? src.slice(block.start, bodyEnd) : `${frame.openText}\n${src.slice(bodyStart, bodyEnd)}`;
  if (realClose) text += src.slice(bodyEnd, end);
  else if (frame.closeText) text += `\n${frame.closeText}`;
  piece.text = text;
  return piece;
}

function lines(src: string, start: number, end: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  if (start > end) return out;
  let s = start;
  for (;;) {
    let e = src.indexOf('\n', s);
    if (e < 0 || e > end) e = end;
    out.push([s, e]);
    if (e >= end) break;
    s = e + 1;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Whitespace helpers (same set as String.prototype.trim / \s)

function isWhitespace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function skipWhitespace(src: string, i: number, end: number): number {
  while (i < end && isWhitespace(src.charCodeAt(i))) i++;
  return i;
}

function trimSpan(src: string, start: number, end: number): [number, number] {
  let s = skipWhitespace(src, start, end);
  let e = end;
  while (e > s && isWhitespace(src.charCodeAt(e - 1))) e--;
  return [s, e];
}

/** Trims like trimSpan but keeps the indentation of the first line (indented code must stay indented). */
function trimKeepIndent(src: string, start: number, end: number): [number, number] {
  const [first, e] = trimSpan(src, start, end);
  if (first >= e) return [first, e];
  let s = first;
  while (s > start && (src.charCodeAt(s - 1) === 32 || src.charCodeAt(s - 1) === 9)) s--;
  return [s, e];
}
