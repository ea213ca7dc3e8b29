import { gfm } from '@joplin/turndown-plugin-gfm';
import TurndownService from 'turndown';

/** The one HTML → markdown setup: ATX headings, fenced code, GFM tables and strikethrough. */
export function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    hr: '---',
  });
  service.use(gfm);
  service.remove(['script', 'style', 'noscript', 'template']);
  return service;
}

/**
 * Word, OpenDocument and EPUB tables rarely mark a header row; GFM needs one,
 * so the first row's cells become header cells.
 */
export function promoteFirstRowToHeader(root: ParentNode): void {
  for (const table of Array.from(root.querySelectorAll('table'))) {
    if (table.querySelector('th')) continue;
    const first = table.querySelector('tr');
    if (!first) continue;
    for (const cell of Array.from(first.children)) {
      if (cell.tagName.toLowerCase() !== 'td') continue;
      const th = cell.ownerDocument.createElement('th');
      th.innerHTML = cell.innerHTML;
      cell.replaceWith(th);
    }
  }
}

const NOTE_LINK = /^#((?:foot|end)note)-(\d+)$/;

function noteLabel(href: string | null): string | null {
  const match = NOTE_LINK.exec(href ?? '');
  if (!match) return null;
  return match[1] === 'footnote' ? match[2]! : `e${match[2]}`;
}

/**
 * Footnotes and endnotes as written by mammoth (`<sup><a href="#footnote-1">`
 * and a closing `<ol>` of `<li id="footnote-1">`) become markdown footnotes:
 * `[^1]` in the text and `[^1]: …` at the end.
 */
export function addNoteRules(service: TurndownService): void {
  service.addRule('noteReference', {
    filter: (node) => node.nodeName === 'SUP' && noteLabel(node.querySelector('a')?.getAttribute('href') ?? null) !== null,
    replacement: (_content, node) => `[^${noteLabel((node as Element).querySelector('a')!.getAttribute('href'))}]`,
  });
  service.addRule('noteBackLink', {
    filter: (node) => node.nodeName === 'A' && /^#(foot|end)note-ref-/.test(node.getAttribute('href') ?? ''),
    replacement: () => '',
  });
  service.addRule('noteBody', {
    filter: (node) => node.nodeName === 'LI' && noteLabel(`#${node.getAttribute('id') ?? ''}`) !== null,
    replacement: (content, node) => {
      const label = noteLabel(`#${(node as Element).getAttribute('id')}`);
      return `[^${label}]: ${content.trim().replace(/\n\n+/g, '\n\n    ')}\n\n`;
    },
  });
  service.addRule('imageWithoutSource', {
    filter: (node) => node.nodeName === 'IMG' && !node.getAttribute('src'),
    replacement: () => '',
  });
}
