import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turns } from '../fixtures/conversation-turns.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('conversations: happy paths', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('creates one document per conversationId and keeps roles, names and tool calls', async () => {
    const res = await server.request('POST', '/v4/conversations', {
      body: { conversationId: 'conv-001', containerTag: 'caroline', messages: turns, documentDate: '2023-05-08' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ conversationId: 'conv-001', status: 'queued' });
    const doc = await waitForDocument(server, res.body.id);
    expect(doc.status).toBe('done');
    expect(doc.type).toBe('conversation');
    expect(doc.customId).toBe('conv-001');
    expect(doc.containerTag).toBe('caroline');
    expect(doc.documentDate).toBe('2023-05-08T00:00:00.000Z');
    expect(doc.content).toContain('**Caroline** (user): I went to a LGBTQ support group yesterday.');
    expect(doc.content).toContain('**Melanie** (assistant)');
    expect(doc.content).toContain('lookup_group');
    expect(doc.content).toContain('(result of tool call call_1)');
    const stored = JSON.parse(doc.raw!);
    expect(stored.messages).toHaveLength(4);
    expect(stored.messages[2].tool_calls[0].function.name).toBe('lookup_group');
  });

  it('updates the same document when the transcript grows', async () => {
    const first = await server.request('POST', '/v4/conversations', { body: { conversationId: 'conv-002', messages: turns.slice(0, 2) } });
    await waitForDocument(server, first.body.id);
    const more = [...turns.slice(0, 2), { role: 'user', name: 'Caroline', content: 'It was great, I am going again next week.' }];
    const second = await server.request('POST', '/v4/conversations', { body: { conversationId: 'conv-002', messages: more } });
    expect(second.body).toEqual({ id: first.body.id, conversationId: 'conv-002', status: 'queued' });
    const doc = await waitForDocument(server, first.body.id);
    expect(doc.content).toContain('going again next week');
    const same = await server.request('POST', '/v4/conversations', { body: { conversationId: 'conv-002', messages: more } });
    expect(same.body).toEqual({ id: first.body.id, conversationId: 'conv-002', status: 'done' });
  });

  it('accepts the customId + containerTags spelling, content parts, and free-text conversation ids', async () => {
    const res = await server.request('POST', '/v4/conversations', {
      body: {
        customId: 'conv-003',
        containerTags: ['parts_tag'],
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look at my cat' },
              { type: 'image_url', image_url: { url: 'https://x.test/cat.png' } },
            ],
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.conversationId).toBe('conv-003');
    const doc = await waitForDocument(server, res.body.id);
    expect(doc.containerTag).toBe('parts_tag');
    expect(doc.content).toContain('[image: https://x.test/cat.png]');

    const odd = 'thread with spaces / and slashes';
    const a = await server.request('POST', '/v4/conversations', { body: { conversationId: odd, messages: turns.slice(0, 1) } });
    const b = await server.request('POST', '/v4/conversations', { body: { conversationId: odd, messages: turns.slice(0, 2) } });
    expect(a.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.conversationId).toBe(odd);
  });

  it("lends a memory the context of its own day's part of a conversation, not of the other days", async () => {
    const kyoto = [
      { role: 'user', name: 'Erin', content: 'I flew to Kyoto for the cherry blossom season.' },
      { role: 'user', name: 'Erin', content: 'The cherry blossoms in Kyoto were at their peak.' },
      { role: 'user', name: 'Erin', content: 'We stayed in a small family guesthouse.' },
    ];
    const lisbon = [{ role: 'user', name: 'Erin', content: 'My cousin runs a guesthouse in Lisbon.' }];
    for (const [messages, documentDate] of [
      [kyoto, '2023-04-10'],
      [[...kyoto, ...lisbon], '2023-06-02'],
    ] as const) {
      const res = await server.request('POST', '/v4/conversations', { body: { conversationId: 'erin-days', containerTag: 'erin', messages, documentDate } });
      expect(res.status).toBe(200);
      expect((await waitForDocument(server, res.body.id)).status).toBe('done');
    }
    const listed = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['erin'], limit: 50 } });
    const contentOf = (part: string) => (listed.body.memoryEntries as { memory: string }[]).find((e) => e.memory.includes(part))!.memory;
    const [stayed, cousin] = [contentOf('family guesthouse'), contentOf('Lisbon')];
    // The same words written alone (with metadata of their own, so they are not the conversation's memories again): no context at all.
    const alone = new Set<string>();
    for (const content of [stayed, cousin]) {
      const written = await server.request('POST', '/v4/memories', { body: { containerTag: 'erin', memories: [{ content, metadata: { source: 'note' } }] } });
      expect(written.status).toBe(201);
      alone.add(written.body.memories[0].id);
    }

    const res = await server.request('POST', '/v4/search', {
      body: { q: 'Kyoto cherry blossom trip guesthouse', containerTag: 'erin', threshold: 0, limit: 20 },
    });
    expect(res.status).toBe(200);
    const results = res.body.results as { id: string; memory: string; similarity: number }[];
    const score = (content: string, written: boolean) => results.find((r) => r.memory === content && alone.has(r.id) === written)!.similarity;
    const [inKyotoDay, stayedAlone] = [score(stayed, false), score(stayed, true)];
    const [inLisbonDay, cousinAlone] = [score(cousin, false), score(cousin, true)];
    // Beside the Kyoto memories of its day the guesthouse rises; the Lisbon one, told another day, does not.
    expect(inKyotoDay).toBeGreaterThan(stayedAlone);
    expect(inLisbonDay).toBeCloseTo(cousinAlone, 6);
  });
});
