// Splitting a block longer than a chunk into pieces that each fit one.

import type { Tokens } from 'marked';
import type { Block, Kind, Unit } from './read-blocks.js';
import { isHighSurrogate, isWhitespace, trimKeepIndent, trimSpan } from './text-spans.js';

type Level = 'sentence' | 'line' | 'codeline' | 'word';

export const PROSE_LEVELS: Level[] = ['sentence', 'line', 'word'];
export const LINE_LEVELS: Level[] = ['line', 'sentence', 'word'];
export const CODE_LEVELS: Level[] = ['codeline', 'word'];

/**
 * Splits [start, end) at the first level, then any part still longer than `limit` at the next
 * levels; words longer than `limit` are cut hard.
 */
export function splitText(src: string, limit: number, start: number, end: number, kind: Kind, levels: Level[], out: Unit[] = [], depth = 0): Unit[] {
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
      // A scan, not /\S+/g: a regex match of one 9 MB word can overflow V8's backtracking stack.
      let p = start;
      while (p < end) {
        while (p < end && isWhitespace(src.charCodeAt(p))) p++;
        const wordStart = p;
        while (p < end && !isWhitespace(src.charCodeAt(p))) p++;
        if (p > wordStart) result.push([wordStart, p]);
      }
      break;
    }
  }
  return result;
}

/** Positions in [start, end) where a new sentence may begin (after terminal punctuation or a blank line). */
export function sentenceCuts(src: string, start: number, end: number): number[] {
  // The whitespace after terminal punctuation is checked here rather than by a lookahead, which
  // would make the regex retry every position of a long run of dots.
  const re = /[.!?…]+[)"'’”»\]*_]*|[。！？]+[」』）"”]*|\n[ \t>]*\n/g;
  const text = src.slice(start, end);
  const cuts: number[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const at = start + m.index;
    if (!'。！？\n'.includes(m[0][0]) && !isWhitespace(src.charCodeAt(at + m[0].length))) continue;
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
  const lower = word.replace(/^[(["'“‘]+/, '').toLowerCase();
  return !ABBREVIATIONS.has(lower) && !/^[a-z]$/.test(lower);
}

export function splitList(src: string, size: number, block: Block): Unit[] {
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

export function splitFencedCode(src: string, size: number, block: Block, room: number): Unit[] | null {
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

export function splitTable(src: string, size: number, block: Block, room: number): Unit[] | null {
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

function framedPiece(src: string, block: Block, frame: Frame, segments: Array<[number, number]>, from: number, to: number): Unit {
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
