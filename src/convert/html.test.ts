import { describe, expect, it } from 'vitest';
import { convertHtml } from './html.js';

const paragraph = 'Engram stores documents and recalls them later with hybrid search. '.repeat(8);

const page = `<!doctype html>
<html><head>
  <title>Release notes | Example</title>
  <style>body { color: red }</style>
</head><body>
  <nav><a href="/">Home</a> <a href="/pricing">Pricing menu</a></nav>
  <script>window.trackingSecret = "abc123";</script>
  <article>
    <h1>Release notes</h1>
    <p>${paragraph}</p>
    <h2>Breaking changes</h2>
    <p>This release <del>removes</del> deprecates the old API. See <a href="/docs/api">the docs</a>.</p>
    <table>
      <thead><tr><th>Version</th><th>Change</th></tr></thead>
      <tbody>
        <tr><td>1.2</td><td>Faster | smaller</td></tr>
        <tr><td>1.3</td><td>New recall API</td></tr>
      </tbody>
    </table>
    <pre><code class="language-ts">const x: number = 1;</code></pre>
  </article>
  <footer>Copyright Example Corp footer text</footer>
</body></html>`;

describe('convertHtml', () => {
  const result = convertHtml(page, 'https://example.com/blog/release.html');

  it('keeps the article text', () => {
    expect(result.markdown).toContain('Engram stores documents and recalls them later');
  });

  it('drops navigation, scripts, styles and footers', () => {
    expect(result.markdown).not.toContain('Pricing menu');
    expect(result.markdown).not.toContain('trackingSecret');
    expect(result.markdown).not.toContain('color: red');
    expect(result.markdown).not.toContain('Copyright Example Corp');
  });

  it('converts tables, strikethrough and code blocks to GFM', () => {
    expect(result.markdown).toMatch(/\| Version \| Change \|\n\| --- \| --- \|/);
    expect(result.markdown).toMatch(/\| 1\.2 \| Faster \\\| smaller \|/);
    expect(result.markdown).toContain('~~removes~~');
    expect(result.markdown).toContain('```ts\nconst x: number = 1;\n```');
  });

  it('uses ATX headings and absolute links', () => {
    expect(result.markdown).toMatch(/^#{2,3} Breaking changes$/m);
    expect(result.markdown).toContain('[the docs](https://example.com/docs/api)');
  });

  it('takes the title from the document', () => {
    expect(result.title).toMatch(/Release notes/);
  });

  it('falls back to the body for fragments readability cannot use', () => {
    const fragment = convertHtml('<p>Short <strong>note</strong></p><script>evil()</script>');
    expect(fragment.markdown).toBe('Short **note**');
    expect(fragment.title).toBeNull();
  });

  it('uses og:title when there is no <title>', () => {
    const html = '<html><head><meta property="og:title" content="OG Title"></head><body><p>x</p></body></html>';
    expect(convertHtml(html).title).toBe('OG Title');
  });
});

describe('convertHtml with loosely structured documents', () => {
  it.each([
    '<!doctype html><title>Loose</title><body><p>Body text <del>gone</del></p></body>',
    '<html><title>Loose</title><body><p>Body text <del>gone</del></p></body></html>',
    '<title>Loose</title><p>Body text <del>gone</del></p>',
  ])('extracts body text from %s', (html) => {
    const result = convertHtml(html);
    expect(result.markdown).toBe('Body text ~~gone~~');
    expect(result.title).toBe('Loose');
  });
});
