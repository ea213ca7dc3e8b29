// Whitespace helpers over spans of a string (same set as String.prototype.trim / \s).

export function isWhitespace(c: number): boolean {
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

export function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

export function skipWhitespace(src: string, i: number, end: number): number {
  while (i < end && isWhitespace(src.charCodeAt(i))) i++;
  return i;
}

export function trimSpan(src: string, start: number, end: number): [number, number] {
  const s = skipWhitespace(src, start, end);
  let e = end;
  while (e > s && isWhitespace(src.charCodeAt(e - 1))) e--;
  return [s, e];
}

/** Trims like trimSpan but keeps the indentation of the first line (indented code must stay indented). */
export function trimKeepIndent(src: string, start: number, end: number): [number, number] {
  const [first, e] = trimSpan(src, start, end);
  if (first >= e) return [first, e];
  let s = first;
  while (s > start && (src.charCodeAt(s - 1) === 32 || src.charCodeAt(s - 1) === 9)) s--;
  return [s, e];
}
