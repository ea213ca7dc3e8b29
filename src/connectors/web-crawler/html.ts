import { parseHTML } from 'linkedom';
import { clampTitle } from '../../convert/decode.js';

export interface PageFacts {
  title: string | null;
  /** Where relative links are resolved from: the page URL, or its `<base href>`. */
  base: string;
  /** hrefs as written, of links that may be followed. */
  links: string[];
  canonical: string | null;
  /** `<meta name="robots">` says not to keep the page, or not to follow its links. */
  noindex: boolean;
  nofollow: boolean;
}

const MAX_LINKS = 5_000;

const relHas = (element: Element, value: string) => (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).includes(value);

export function readHtml(html: string, url: string): PageFacts {
  const { document } = parseHTML(html);
  const directives = [...document.querySelectorAll('meta[name]')]
    .filter((meta) => /^robots$/i.test(meta.getAttribute('name') ?? ''))
    .flatMap((meta) => (meta.getAttribute('content') ?? '').toLowerCase().split(/[\s,]+/));
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  let base = url;
  try {
    if (baseHref) base = new URL(baseHref, url).href;
  } catch {
    base = url;
  }
  const links: string[] = [];
  for (const anchor of document.querySelectorAll('a[href], area[href]')) {
    if (links.length >= MAX_LINKS) break;
    if (!relHas(anchor, 'nofollow')) links.push(anchor.getAttribute('href')!);
  }
  const canonical = [...document.querySelectorAll('link[href]')].find((link) => relHas(link, 'canonical'))?.getAttribute('href') ?? null;
  return {
    title: clampTitle(document.querySelector('title')?.textContent),
    base,
    links,
    canonical,
    noindex: directives.includes('noindex') || directives.includes('none'),
    nofollow: directives.includes('nofollow') || directives.includes('none'),
  };
}
