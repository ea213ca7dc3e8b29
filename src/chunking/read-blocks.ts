import { Lexer, getDefaults, type Token, type Tokens, type TokensList } from 'marked';
import { trimKeepIndent, trimSpan } from './text-spans.js';

export type Kind = 'heading' | 'prose' | 'list' | 'code' | 'table' | 'other';

/** A contiguous span of the (LF-normalised) source. */
export interface Unit {
  start: number;
  end: number;
  kind: Kind;
  /** Set when the unit's content is not the plain source slice (repeated table header, re-fenced code). */
  text?: string;
}

export interface Block extends Unit {
  token?: Token;
  /** Untrimmed start of the token, used to walk list item raws. */
  tokenStart: number;
  depth: number;
  title: string;
}

// marked's block regexes keep a backtracking entry per character they match and its lexer recurses
// once per level of nesting, so megabytes of one paragraph, or thousands of nested quotes, exhaust
// the stack. The source is therefore lexed in segments of bounded size, and nesting is not looked
// into past MAX_NESTING levels: chunking only uses the top-level blocks.

/** A segment ends at the first blank line or fence past this length... */
const SEGMENT_TARGET = 64 * 1024;
/** ...or at any line past this one. */
const SEGMENT_MAX = 256 * 1024;
/** Fenced code is kept in one segment up to this length. */
const FENCED_MAX = 1024 * 1024;
/** A line longer than this is taken as prose without lexing. */
const LONG_LINE = 64 * 1024;
/** Deeper nesting lets marked's blockquote continuation re-lex exponentially (over a minute for 12 KB at 8 levels). */
const MAX_NESTING = 4;
/** Heading titles are for the heading path; longer text is not a title anyone reads. */
const MAX_TITLE = 1000;

const FRONT_MATTER = /^---[ \t]*\n[A-Za-z0-9_-]+[ \t]*:[^\n]*\n(?:[^\n]*\n){0,200}?(?:---|\.\.\.)[ \t]*(?:\n|$)/;

/** The top-level blocks of `src`, in order, trimmed; whitespace between them is left out. */
export function readBlocks(src: string): Block[] {
  const blocks: Block[] = [];
  let base = 0;

  // marked would read YAML front matter as an hr plus a setext heading.
  const fm = FRONT_MATTER.exec(src);
  if (fm) {
    pushBlock(blocks, src, 'other', 0, fm[0].length);
    base = fm[0].length;
  }
  for (const segment of segments(src, base)) {
    if (segment.lex) lexSegment(blocks, src, segment.start, segment.end);
    else pushBlock(blocks, src, 'prose', segment.start, segment.end);
  }
  return blocks;
}

interface Segment {
  start: number;
  end: number;
  /** False for an overlong line, which is prose whatever it looks like. */
  lex: boolean;
}

/** Cuts `src` from `from` into segments at line starts, preferring blank lines, never inside fenced code below FENCED_MAX. */
function segments(src: string, from: number): Segment[] {
  const out: Segment[] = [];
  let start = from;
  let fence: string | null = null;
  const cut = (at: number, lex = true) => {
    if (at > start) out.push({ start, end: at, lex });
    start = at;
  };
  for (let pos = from; pos < src.length; ) {
    let eol = src.indexOf('\n', pos);
    if (eol < 0) eol = src.length;
    const size = pos - start;
    if (fence !== null) {
      if (closesFence(src, pos, eol, fence)) fence = null;
      else if (size >= FENCED_MAX || eol - pos > LONG_LINE) {
        fence = null;
        cut(pos);
        continue;
      }
    } else if (eol - pos > LONG_LINE) {
      cut(pos);
      cut(eol, false);
    } else {
      fence = openingFence(src, pos, eol);
      if (size >= SEGMENT_TARGET && (size >= SEGMENT_MAX || fence !== null || isBlank(src, pos, eol))) cut(pos);
    }
    pos = eol + 1;
  }
  cut(src.length);
  return out;
}

function indentEnd(src: string, pos: number, eol: number): number {
  let i = pos;
  while (i < eol && i - pos < 3 && src.charCodeAt(i) === 32) i++;
  return i;
}

/** The fence a line opens (marked's rule: 3+ backticks with none after them, or 3+ tildes), else null. */
function openingFence(src: string, pos: number, eol: number): string | null {
  const i = indentEnd(src, pos, eol);
  const mark = src[i];
  if (mark !== '`' && mark !== '~') return null;
  let j = i;
  while (j < eol && src[j] === mark) j++;
  if (j - i < 3) return null;
  if (mark === '`' && src.slice(j, eol).includes('`')) return null;
  return src.slice(i, j);
}

function closesFence(src: string, pos: number, eol: number, fence: string): boolean {
  const i = indentEnd(src, pos, eol);
  if (!src.startsWith(fence, i)) return false;
  let j = i + fence.length;
  while (j < eol && (src[j] === '`' || src[j] === '~')) j++;
  while (j < eol && src[j] === ' ') j++;
  return j === eol;
}

function isBlank(src: string, pos: number, eol: number): boolean {
  for (let i = pos; i < eol; i++) {
    const c = src.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** A lexer that takes whatever lies deeper than MAX_NESTING levels as one paragraph. */
class ShallowLexer extends Lexer {
  private depth = 0;

  override blockTokens(src: string, tokens?: Token[], lastParagraphClipped?: boolean): Token[];
  override blockTokens(src: string, tokens?: TokensList, lastParagraphClipped?: boolean): TokensList;
  override blockTokens(src: string, tokens: Token[] = [], lastParagraphClipped = false): Token[] {
    if (this.depth >= MAX_NESTING) {
      tokens.push({ type: 'paragraph', raw: src, text: src, tokens: [] });
      return tokens;
    }
    this.depth++;
    try {
      return super.blockTokens(src, tokens, lastParagraphClipped);
    } finally {
      this.depth--;
    }
  }
}

function lexSegment(blocks: Block[], src: string, start: number, end: number): void {
  const text = src.slice(start, end);
  // blockTokens skips marked's inline pass, which chunking has no use for; fresh defaults keep
  // any global marked.use() extensions out of the way.
  const tokens = new ShallowLexer(getDefaults()).blockTokens(text);
  let cursor = 0;
  for (const token of tokens) {
    const raw = token.raw ?? '';
    let at = cursor;
    if (!text.startsWith(raw, cursor)) {
      const found = text.indexOf(raw, cursor);
      if (found < 0) continue;
      pushBlock(blocks, src, 'other', start + cursor, start + found);
      at = found;
    }
    cursor = at + raw.length;
    addToken(blocks, src, token, start + at, start + cursor);
  }
  if (cursor < text.length) pushBlock(blocks, src, 'other', start + cursor, end);
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
        block.title = headingTitle(heading.text.slice(0, MAX_TITLE));
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

function pushBlock(blocks: Block[], src: string, kind: Kind, start: number, end: number, token?: Token, keepIndent = false): Block | undefined {
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
