import { describe, expect, it } from 'vitest';
import { PageBuilder } from './pages.js';
import type { SourceItem } from './types.js';

const item = (externalId: string): SourceItem => ({
  externalId,
  version: 'v1',
  title: externalId,
  url: null,
  filepath: null,
  type: 'text',
  body: { text: externalId, mediaType: 'text/plain' },
  metadata: {},
  updatedAt: null,
});

describe('PageBuilder and the documentLimit', () => {
  it('counts only new items against maxItems: held ones and deletions always go through', () => {
    const out = new PageBuilder({ maxItems: 1, held: new Set(['held-a', 'held-b']) });
    expect(out.add(item('new-1'))).toBe(true);
    expect(out.wants('new-2')).toBe(false);
    expect(out.add(item('new-2'))).toBe(false);
    expect(out.wants('held-a')).toBe(true);
    expect(out.add(item('held-a'))).toBe(true);
    expect(out.add(item('held-b'))).toBe(true);
    out.remove('held-c');
    const page = out.take({ at: 1 });
    expect(page.items.map((i) => i.externalId)).toEqual(['new-1', 'held-a', 'held-b']);
    expect(page.deletions).toEqual(['held-c']);
  });

  it('takes everything without a bound, and nothing new at 0', () => {
    const free = new PageBuilder({ maxItems: null });
    for (let i = 0; i < 50; i++) expect(free.add(item(`n${i}`))).toBe(true);
    const none = new PageBuilder({ maxItems: 0 });
    expect(none.wants('x')).toBe(false);
    expect(none.add(item('x'))).toBe(false);
    expect(none.empty).toBe(true);
  });
});

describe('PageBuilder and the held versions', () => {
  it('keeps an item held at the same version, reporting it in the page, and nothing else', () => {
    const out = new PageBuilder({ maxItems: null, versions: new Map([['a', 'v1']]) });
    expect(out.unchanged('a', 'v2')).toBe(false);
    expect(out.unchanged('b', 'v1')).toBe(false);
    expect(out.empty).toBe(true);
    expect(out.unchanged('a', 'v1')).toBe(true);
    expect(out.empty).toBe(false);
    const page = out.take(null);
    expect(page).toMatchObject({ items: [], deletions: [], kept: ['a'] });
    expect(out.take(null).kept).toBeUndefined();
  });

  it('knows no versions when the engine gives none', () => {
    expect(new PageBuilder({ maxItems: null }).unchanged('a', '')).toBe(false);
  });
});
