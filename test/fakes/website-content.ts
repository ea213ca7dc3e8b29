/** One thing the site serves at a path. */
export interface SiteResource {
  status: number;
  contentType: string;
  body: string | Buffer;
  lastModified: Date;
  headers?: Record<string, string>;
}

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** The smallest well-formed PDF with one empty page. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** An HTML page with a nav of links, a main text and a footer, like a small real site. */
export function htmlPage(title: string, paragraphs: string[], links: [href: string, text: string][] = []): string {
  const nav = links.map(([href, text]) => `<li><a href="${href}">${text}</a></li>`).join('');
  const main = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><nav><ul>${nav}</ul></nav>
<main><article><h1>${title}</h1>
${main}
</article></main>
<footer><p>© Example Garden Club</p></footer></body></html>`;
}

const html = (body: string, at: Date): SiteResource => ({ status: 200, contentType: 'text/html; charset=utf-8', body, lastModified: at });

/**
 * The default site of a garden club: pages that link to each other, a chain five links deep,
 * pages only the sitemaps name, a disallowed area, links to another host, redirects (one to the
 * same site, others off it and to private addresses) and files that are not HTML.
 */
export function defaultSite(origin: string, externalOrigin: string, crawlDelaySeconds: number, at: Date): Map<string, SiteResource> {
  const site = new Map<string, SiteResource>();
  const redirect = (location: string, status = 302): SiteResource => ({
    status,
    contentType: 'text/html; charset=utf-8',
    body: '',
    lastModified: at,
    headers: { location },
  });
  const xml = (body: string): SiteResource => ({ status: 200, contentType: 'application/xml; charset=utf-8', body, lastModified: at });

  site.set(
    '/',
    html(
      htmlPage(
        'Example Garden Club',
        ['Welcome to the club. We grow tomatoes, beans and patience.'],
        [
          ['/about', 'About'],
          ['/about#team', 'Team'],
          ['/docs/', 'Docs'],
          ['/news', 'News'],
          ['/blog/first-post', 'Blog'],
          ['/private/admin', 'Admin'],
          [`${externalOrigin}/page`, 'Our friends'],
          ['/redirect/about', 'About (old link)'],
          ['/redirect/metadata', 'Status'],
          ['/redirect/internal', 'Intranet'],
          ['/redirect/external', 'Partner'],
          ['/files/report.pdf', 'Annual report'],
          ['/images/logo.png', 'Logo'],
          ['/data.json', 'Data'],
          ['mailto:club@example.com', 'Mail us'],
          ['javascript:void(0)', 'Menu'],
        ],
      ),
      at,
    ),
  );
  site.set(
    '/about',
    html(
      htmlPage(
        'About the club',
        ['Founded in 1987 by three neighbours with one shovel.'],
        [
          ['/', 'Home'],
          ['/docs/', 'Docs'],
        ],
      ),
      at,
    ),
  );
  site.set(
    '/docs/',
    html(
      htmlPage(
        'Documentation',
        ['Guides for members.'],
        [
          ['/docs/intro', 'Introduction'],
          ['guide', 'Guide'],
        ],
      ),
      at,
    ),
  );
  site.set(
    '/docs/intro',
    html(
      htmlPage(
        'Introduction',
        ['Start with good soil and water in the morning.'],
        [
          ['/docs/guide', 'Guide'],
          ['/chain/1', 'Deeper'],
        ],
      ),
      at,
    ),
  );
  site.set('/docs/guide', html(htmlPage('Growing guide', ['Tomatoes need sun; beans need poles.'], [['../', 'Back to docs']]), at));
  for (let n = 1; n <= 5; n++) {
    site.set(`/chain/${n}`, html(htmlPage(`Chain ${n}`, [`Link number ${n} in a chain of five.`], n < 5 ? [[`/chain/${n + 1}`, 'Next']] : []), at));
  }
  site.set('/news', html(htmlPage('News', ['Spring meeting on Saturday.'], [['/', 'Home']]), at));
  site.set('/blog/first-post', html(htmlPage('First post', ['Our first harvest was three tomatoes.'], [['/', 'Home']]), at));
  site.set('/blog/sitemap-only-post', html(htmlPage('A post only the sitemap lists', ['Nobody links here.']), at));
  site.set('/orphan', html(htmlPage('Orphan page', ['Only sitemap.xml names this page.']), at));
  site.set('/private/admin', html(htmlPage('Admin', ['robots.txt disallows this page.']), at));

  site.set('/redirect/about', redirect('/about', 301));
  site.set('/redirect/metadata', redirect('http://169.254.169.254/latest/meta-data/'));
  site.set('/redirect/internal', redirect('http://10.0.0.1/admin'));
  site.set('/redirect/external', redirect(`${externalOrigin}/page`));

  site.set('/files/report.pdf', { status: 200, contentType: 'application/pdf', body: PDF, lastModified: at });
  site.set('/images/logo.png', { status: 200, contentType: 'image/png', body: PNG, lastModified: at });
  site.set('/data.json', { status: 200, contentType: 'application/json', body: '{"members":42}', lastModified: at });

  site.set('/robots.txt', {
    status: 200,
    contentType: 'text/plain; charset=utf-8',
    body: `User-agent: *\nDisallow: /private/\nCrawl-delay: ${crawlDelaySeconds}\n\nSitemap: ${origin}/sitemap_index.xml\n`,
    lastModified: at,
  });
  const urlset = (paths: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths
      .map((p) => `  <url><loc>${origin}${p}</loc><lastmod>${at.toISOString().slice(0, 10)}</lastmod></url>`)
      .join('\n')}\n</urlset>\n`;
  site.set(
    '/sitemap_index.xml',
    xml(`<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>${origin}/sitemap.xml</loc></sitemap>
  <sitemap><loc>${origin}/sitemap-blog.xml</loc></sitemap>
</sitemapindex>
`),
  );
  site.set('/sitemap.xml', xml(urlset(['/', '/about', '/docs/intro', '/orphan'])));
  site.set('/sitemap-blog.xml', xml(urlset(['/blog/first-post', '/blog/sitemap-only-post'])));
  return site;
}
