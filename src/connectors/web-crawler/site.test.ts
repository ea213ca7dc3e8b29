import { describe, expect, it } from 'vitest';
import { connectorFor } from '../index.js';
import { ConnectorConfigError } from '../types.js';
import { Site } from './site.js';

describe('Site', () => {
  const site = Site.of('https://www.example.org/docs/start?x=1');

  it.each([
    ['/about#team', 'https://www.example.org/about'],
    ['guide', 'https://www.example.org/docs/guide'],
    ['../', 'https://www.example.org/'],
    ['http://example.org/news', 'https://www.example.org/news'],
    ['https://WWW.Example.org:443/a?', 'https://www.example.org/a'],
    ['/search?q=a&b=2', 'https://www.example.org/search?q=a&b=2'],
    ['/files/report.pdf', 'https://www.example.org/files/report.pdf'],
  ])('takes %s as %s', (href, expected) => {
    expect(site.resolve(href, 'https://www.example.org/docs/start')).toBe(expected);
  });

  it.each([
    'https://other.org/',
    'https://sub.example.org/',
    'https://www.example.org:8443/',
    'mailto:club@example.org',
    'javascript:void(0)',
    'https://user:pw@www.example.org/',
    '/images/logo.png',
    '/app.js',
    `/${'a'.repeat(2100)}`,
    'http://[::1',
  ])('leaves %s out', (href) => {
    expect(site.resolve(href, 'https://www.example.org/')).toBeNull();
  });

  it('tells sites on other ports apart', () => {
    const local = Site.of('http://127.0.0.1:4000/');
    expect(local.resolve('http://127.0.0.1:4001/page', local.origin)).toBeNull();
    expect(local.resolve('/page', local.origin)).toBe('http://127.0.0.1:4000/page');
  });
});

describe('web-crawler configuration', () => {
  const connector = connectorFor('web-crawler', { fetch: { allowPrivate: false, maxBytes: 1, timeoutMs: 1 } })!;

  it('fills in defaults and strips the fragment of the start URL', () => {
    expect(connector.parseConfig({ startUrl: 'https://example.org/#top' })).toEqual({ startUrl: 'https://example.org/', maxPages: 100, maxDepth: 5 });
    expect(connector.parseConfig({ startUrl: 'http://example.org', maxPages: '10000', maxDepth: 0 })).toMatchObject({ maxPages: 10_000, maxDepth: 0 });
  });

  it.each([
    [{}, 'metadata.startUrl'],
    [{ startUrl: 'ftp://example.org/' }, 'metadata.startUrl'],
    [{ startUrl: 'not a url' }, 'metadata.startUrl'],
    [{ startUrl: 'https://u:p@example.org/' }, 'metadata.startUrl'],
    [{ startUrl: 'https://example.org/', maxPages: 10_001 }, 'metadata.maxPages'],
    [{ startUrl: 'https://example.org/', maxPages: 0 }, 'metadata.maxPages'],
    [{ startUrl: 'https://example.org/', maxDepth: 2.5 }, 'metadata.maxDepth'],
    [{ startUrl: 'https://example.org/', maxDepth: 51 }, 'metadata.maxDepth'],
  ])('refuses %j naming %s', (metadata, field) => {
    const err = (() => {
      try {
        connector.parseConfig(metadata);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConnectorConfigError);
    expect((err as ConnectorConfigError).field).toBe(field);
  });

  it('has no schedule before a crawl finished', () => {
    expect(connector.nextRunAfter!(null)).toBeNull();
    expect(connector.nextRunAfter!({ v: 1, recrawlAfter: 'garbage', pages: {} })).toBeNull();
  });
});
