export const MAX_URL_LENGTH = 2048;

/** Files no converter reads and no reader wants as a document: never requested. */
const SKIPPED_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'svg',
  'ico',
  'bmp',
  'tif',
  'tiff',
  'avif',
  'css',
  'js',
  'mjs',
  'map',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'zip',
  'gz',
  'tgz',
  'bz2',
  'xz',
  '7z',
  'rar',
  'tar',
  'dmg',
  'exe',
  'msi',
  'iso',
  'apk',
  'bin',
  'mp3',
  'mp4',
  'm4a',
  'wav',
  'ogg',
  'webm',
  'avi',
  'mov',
  'mkv',
  'flv',
]);

/** A sitemap may be gzipped (`sitemap.xml.gz`). */
const SKIPPED_FOR_SITEMAPS: ReadonlySet<string> = new Set([...SKIPPED_EXTENSIONS].filter((extension) => extension !== 'gz'));

function hostKey(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}

/**
 * The site being crawled: one host, its `www.` twin and both schemes count as the same site (on
 * the default port, or the same explicit port). Every URL of the site is rewritten to the site's
 * own scheme and host, so a page is known by one URL however it was linked.
 */
export class Site {
  private constructor(private readonly root: URL) {}

  static of(url: string): Site {
    const root = new URL(url);
    return new Site(new URL(root.origin));
  }

  get origin(): string {
    return this.root.origin;
  }

  contains(url: URL): boolean {
    return (url.protocol === 'http:' || url.protocol === 'https:') && hostKey(url) === hostKey(this.root) && url.port === this.root.port;
  }

  /**
   * The site's URL for a link (relative to `base`), or null for a link elsewhere, to another
   * scheme (mailto:, javascript:), with credentials, too long, or to a file never requested.
   */
  resolve(href: string, base: string): string | null {
    return this.normalise(href, base, SKIPPED_EXTENSIONS);
  }

  /** The site's URL for a sitemap, which may be gzipped (`.xml.gz`); null as for `resolve`. */
  resolveSitemap(href: string, base: string): string | null {
    return this.normalise(href, base, SKIPPED_FOR_SITEMAPS);
  }

  private normalise(href: string, base: string, skipped: ReadonlySet<string>): string | null {
    let url: URL;
    try {
      url = new URL(href.trim(), base);
    } catch {
      return null;
    }
    if (!this.contains(url) || url.username || url.password) return null;
    url.protocol = this.root.protocol;
    url.hostname = this.root.hostname;
    url.port = this.root.port;
    url.hash = '';
    // Drops a bare `?`, which URL keeps in href.
    if (url.search === '') url.search = '';
    const extension = /\.([a-z0-9]{1,5})$/i.exec(url.pathname)?.[1]?.toLowerCase();
    if (extension && skipped.has(extension)) return null;
    return url.href.length <= MAX_URL_LENGTH ? url.href : null;
  }
}
