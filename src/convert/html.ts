import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { clampTitle } from './decode.js';
import { normalizeHtmlStructure } from './html-structure.js';
import { DEFAULT_LIMITS } from './limits.js';
import { assertHtmlDepth } from './nesting.js';
import { normalizeText } from './text.js';
import { createTurndown } from './turndown.js';

const NOISE = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'nav',
  'footer',
  'aside',
  'button',
  'input',
  'select',
  'textarea',
  '[role="navigation"]',
  '[aria-hidden="true"]',
  '[hidden]',
  'body title',
].join(',');

type Doc = ReturnType<typeof parseHTML>['document'];

function setBase(document: Doc, url: string | null | undefined): void {
  if (!url || document.querySelector('base[href]') || !document.head) return;
  // Lets Readability turn relative links and images into absolute ones.
  const base = document.createElement('base');
  base.setAttribute('href', url);
  document.head.prepend(base);
}

function metaTitle(document: Doc): string | null {
  const og = document.querySelector('meta[property="og:title"], meta[name="og:title"]')?.getAttribute('content');
  return clampTitle(document.querySelector('title')?.textContent) ?? clampTitle(og);
}

export function convertHtml(html: string, url?: string | null, maxDepth = DEFAULT_LIMITS.maxNestingDepth): { markdown: string; title: string | null } {
  const normalized = normalizeHtmlStructure(html);
  assertHtmlDepth(normalized, maxDepth);
  const { document } = parseHTML(normalized);
  const fallbackTitle = metaTitle(document);
  setBase(document, url);
  for (const node of document.querySelectorAll(NOISE)) node.remove();
  const bodyHtml = document.body?.innerHTML ?? '';

  let article: ReturnType<Readability['parse']> = null;
  try {
    article = new Readability(document as unknown as Document, { keepClasses: true }).parse();
  } catch {
    article = null;
  }

  const turndown = createTurndown();
  let markdown = article?.content ? normalizeText(turndown.turndown(article.content)) : '';
  if (!markdown) markdown = normalizeText(turndown.turndown(bodyHtml));

  return { markdown: markdown.replace(/\n{3,}/g, '\n\n'), title: clampTitle(article?.title) ?? fallbackTitle };
}
