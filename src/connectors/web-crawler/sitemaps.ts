import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { decodeText } from '../../convert/decode.js';
import { FetchError } from '../../convert/fetch-url.js';
import { ConversionError } from '../../convert/types.js';
import { allText, child, findAll, parseXml } from '../../convert/xml.js';
import type { PacedFetcher } from './fetcher.js';
import type { Site } from './site.js';

/** Sitemap files read per crawl, indexes included. */
const MAX_SITEMAPS = 20;
/** The sitemap protocol's own limit for one file, gzipped ones once inflated too. */
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
const MAX_XML_DEPTH = 16;
const inflate = promisify(gunzip);

/** A gzipped file starts with these two bytes (RFC 1952), whatever its name or media type says. */
const isGzip = (bytes: Uint8Array) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * Page URLs of the site named by its sitemaps: those robots.txt lists, or `/sitemap.xml` when it
 * lists none. Indexes are followed; files off the site, unreadable or past the bounds are skipped.
 */
export async function sitemapPages(fetcher: PacedFetcher, site: Site, listed: string[], limit: number): Promise<string[]> {
  const queue = listed.map((url) => site.resolveSitemap(url, site.origin)).filter((url): url is string => url !== null);
  if (listed.length === 0) queue.push(`${site.origin}/sitemap.xml`);
  const requested = new Set<string>();
  const pages = new Set<string>();
  while (queue.length > 0 && requested.size < MAX_SITEMAPS && pages.size < limit) {
    const url = queue.shift()!;
    if (requested.has(url)) continue;
    requested.add(url);
    const nodes = await readSitemap(fetcher, url);
    for (const entry of findAll(nodes, 'sitemap')) {
      const loc = locOf(entry, url, (href, base) => site.resolveSitemap(href, base));
      if (loc) queue.push(loc);
    }
    for (const entry of findAll(nodes, 'url')) {
      const loc = locOf(entry, url, (href, base) => site.resolve(href, base));
      if (loc && pages.size < limit) pages.add(loc);
    }
  }
  return [...pages];
}

function locOf(entry: Parameters<typeof child>[0], base: string, resolve: (href: string, base: string) => string | null): string | null {
  const loc = child(entry, 'loc');
  return loc ? resolve(allText(loc), base) : null;
}

async function readSitemap(fetcher: PacedFetcher, url: string): Promise<ReturnType<typeof parseXml>> {
  try {
    const res = await fetcher.get(url, { maxBytes: MAX_SITEMAP_BYTES });
    if (res.status !== 200) return [];
    // `.xml.gz`: inflated off the event loop, and given up past the protocol's size.
    const bytes = isGzip(res.bytes) ? await inflate(res.bytes, { maxOutputLength: MAX_SITEMAP_BYTES }) : res.bytes;
    return parseXml(decodeText(bytes), MAX_XML_DEPTH, 'sitemap');
  } catch (err) {
    // A missing, broken or oversized sitemap only means fewer seeds; the crawl goes on without it.
    if (err instanceof FetchError || err instanceof ConversionError || isZlibError(err)) return [];
    throw err;
  }
}

/** zlib's refusal of a corrupt stream, or of one inflating past `maxOutputLength` (a RangeError). */
function isZlibError(err: unknown): boolean {
  if (err instanceof RangeError) return true;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && (code.startsWith('Z_') || code === 'ERR_BUFFER_TOO_LARGE');
}
