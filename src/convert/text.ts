import type { ConverterResult } from './context.js';
import { clampTitle } from './decode.js';

/** CRLF/CR to LF, trailing whitespace off every line, outer blank lines dropped. */
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+/, '')
    .replace(/\n+$/, '');
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n(?:---|\.\.\.)\n/;
const ATX_HEADING = /^ {0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/m;

/** The title a text states (front matter `title:`, then its first heading), or, guessed, its first line. */
export function textTitle(normalized: string): { title: string | null; guessed: boolean } {
  let body = normalized;
  const front = FRONT_MATTER.exec(body);
  if (front) {
    const title = /^title:\s*["']?(.+?)["']?\s*$/m.exec(front[1]!);
    if (title) return { title: clampTitle(title[1]), guessed: false };
    body = body.slice(front[0].length);
  }
  const heading = ATX_HEADING.exec(body);
  if (heading) return { title: clampTitle(heading[1]), guessed: false };
  const firstLine = body.split('\n').find((line) => line.trim() !== '');
  return { title: clampTitle(firstLine), guessed: true };
}

export function convertText(text: string): ConverterResult {
  const markdown = normalizeText(text);
  const { title, guessed } = textTitle(markdown);
  return { markdown, title, titleGuessed: guessed };
}
