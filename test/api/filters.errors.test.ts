import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const numeric = (operator: string, value: number) => ({ AND: [{ key: 'n', value, filterType: 'numeric', numericOperator: operator }] });

describe('numeric filters over values no number type holds', () => {
  let server: TestServer;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer();
    const docs: [string, string, unknown][] = [
      ['huge', 'tag_a', '1e999'],
      ['tiny', 'tag_a', '-1e-999'],
      ['past numeric', 'tag_a', '1e-99999'],
      ['five', 'tag_a', 5],
      ['seven', 'tag_b', 7],
      ['twelve', 'tag_b', '12'],
    ];
    for (const [name, containerTag, n] of docs) {
      const res = await server.request('POST', '/v3/documents', { body: { content: `document ${name}`, containerTag, metadata: { n } } });
      expect(res.status).toBe(200);
      ids[name] = res.body.id;
    }
    const memories = await server.request('POST', '/v4/memories', {
      body: {
        containerTag: 'tag_a',
        memories: [
          { content: 'huge number', metadata: { n: '1e999' } },
          { content: 'small number', metadata: { n: 2 } },
        ],
      },
    });
    expect(memories.status).toBe(201);
  });
  afterAll(async () => server?.close());

  async function listed(filters: unknown, containerTags?: string[]): Promise<string[]> {
    const res = await server.request('POST', '/v3/documents/list', { body: { filters, ...(containerTags ? { containerTags } : {}) } });
    expect(res.status).toBe(200);
    return res.body.memories.map((d: { id: string }) => d.id).sort();
  }
  const named = (...names: string[]) => names.map((n) => ids[n]).sort();

  it('filters the tag holding "1e999" and compares it as the huge number it is', async () => {
    expect(await listed(numeric('>', 1), ['tag_a'])).toEqual(named('huge', 'five'));
    expect(await listed(numeric('<', 1), ['tag_a'])).toEqual(named('tiny'));
  });

  it('filters the whole organization, other tenants included', async () => {
    expect(await listed(numeric('<', 10))).toEqual(named('tiny', 'five', 'seven'));
    expect(await listed(numeric('>=', 7))).toEqual(named('huge', 'seven', 'twelve'));
    expect(await listed({ AND: [{ key: 'n', value: 10, filterType: 'numeric', numericOperator: '<', negate: true }] })).toEqual(named('huge', 'twelve'));
  });

  it('keeps memory lists, search and profiles working over the same values', async () => {
    const list = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['tag_a'], filters: numeric('>', 100) } });
    expect(list.status).toBe(200);
    const memories = list.body.memoryEntries.map((m: { memory: string }) => m.memory);
    expect(memories).toContain('huge number');
    expect(memories).not.toContain('small number');
    for (const [path, body] of [
      ['/v3/search', { q: 'document', filters: numeric('>', 1) }],
      ['/v4/search', { q: 'number', containerTag: 'tag_a', filters: numeric('>', 1) }],
      ['/v4/profile', { containerTag: 'tag_a', filters: numeric('>', 1) }],
    ] as const) {
      expect((await server.request('POST', path, { body })).status).toBe(200);
    }
  });
});
