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

export function textTitle(normalized: string): string | null {
  let body = normalized;
  const front = FRONT_MATTER.exec(body);
  if (front) {
    const title = /^title:\s*["']?(.+?)["']?\s*$/m.exec(front[1]!);
    if (title) return clampTitle(title[1]);
    body = body.slice(front[0].length);
  }
  const heading = ATX_HEADING.exec(body);
  if (heading) return clampTitle(heading[1]);
  const firstLine = body.split('\n').find((line) => line.trim() !== '');
  return clampTitle(firstLine);
}

export function convertText(text: string): { markdown: string; title: string | null } {
  const markdown = normalizeText(text);
  return { markdown, title: textTitle(markdown) };
}
