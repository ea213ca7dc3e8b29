import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type ApiResponse, type TestServer } from '../helpers/server.js';
import { v5Contract, type V5Contract, contractRequest } from '../helpers/v5-contract.js';

/**
 * What a chat integration over the v5 API does in each turn, over HTTP: read the user's profile and
 * search for the message before answering, then add the conversation (one document, its id the
 * conversation id, growing turn by turn); and, when asked to, forget by content with a dry run first.
 */
describe('v5: a chat turn as an integration makes it', () => {
  let server: TestServer;
  let contract: V5Contract;
  const namespace = 'user_priya';
  const conversationId = 'chat_2026-01-15_a1';

  async function call(operationId: string, method: string, path: string, body?: unknown): Promise<ApiResponse> {
    const res = await contractRequest(server, contract, operationId, method, path, body === undefined ? {} : { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res;
  }

  /** One turn: profile and search before the answer, the conversation so far added after it. */
  async function turn(message: string, transcript: string) {
    const profile = await call('postNsByNamespaceProfile', 'POST', `/ns/${namespace}/profile`, {});
    const search = await call('postNsByNamespaceSearch', 'POST', `/ns/${namespace}/search`, { query: message, limit: 5 });
    const add = await call('postNsByNamespaceDocument', 'POST', `/ns/${namespace}/document`, {
      content: transcript,
      id: conversationId,
      metadata: { type: 'conversation' },
    });
    expect(add.body.id).toBe(conversationId);
    await waitFor(
      async () => {
        const doc = await call('getNsByNamespaceDocumentById', 'GET', `/ns/${namespace}/document/${conversationId}`);
        return doc.body.system.status === 'done' ? doc.body : undefined;
      },
      30_000,
      'the conversation to be processed',
    );
    return { profile: profile.body.profile, results: search.body.results };
  }

  beforeAll(async () => {
    [server, contract] = await Promise.all([startTestServer(), v5Contract()]);
  });
  afterAll(async () => server?.close());

  it('remembers across turns, and forgets by content after a dry run', async () => {
    const first = 'user: Hi, I am Priya Raman. I work as a radiologist in Leeds.';
    const start = await turn('Hi, I am Priya Raman. I work as a radiologist in Leeds.', first);
    expect(start.profile).toMatchObject({ static: [], dynamic: [] });
    expect(start.results).toEqual([]);

    const second = `${first}\n\nassistant: Nice to meet you, Priya!\n\nuser: What do you know about my job?`;
    const next = await turn('What do you know about my job?', second);
    const remembered = [...next.profile.static, ...next.profile.dynamic].map((line: { memory: string }) => line.memory).join(' ');
    expect(remembered).toMatch(/radiologist/i);
    expect(next.results.some((r: { memory?: string; chunk?: string }) => /radiologist/i.test(r.memory ?? r.chunk ?? ''))).toBe(true);

    // One document for the conversation, holding every turn once.
    const doc = await call('getNsByNamespaceDocumentById', 'GET', `/ns/${namespace}/document/${conversationId}`);
    expect(doc.body.content).toBe(second);
    const listed = await call('postNsByNamespaceListByType', 'POST', `/ns/${namespace}/list/documents`, {});
    expect(listed.body.documents.map((d: { id: string }) => d.id)).toEqual([conversationId]);

    const preview = await call('deleteNsByNamespaceMemoriesSemantic', 'DELETE', `/ns/${namespace}/memories/semantic`, { query: 'radiologist', dryRun: true });
    expect(preview.body.count).toBeGreaterThan(0);
    const stillThere = await call('postNsByNamespaceSearch', 'POST', `/ns/${namespace}/search`, { query: 'radiologist job', searchMode: 'memories' });
    expect(stillThere.body.results.length).toBeGreaterThan(0);

    await call('deleteNsByNamespaceMemoriesSemantic', 'DELETE', `/ns/${namespace}/memories/semantic`, { query: 'radiologist', dryRun: false });
    const after = await call('postNsByNamespaceSearch', 'POST', `/ns/${namespace}/search`, { query: 'radiologist job', searchMode: 'memories' });
    const forgottenIds = new Set(preview.body.matches.map((m: { id: string }) => m.id));
    expect(after.body.results.filter((r: { id: string }) => forgottenIds.has(r.id))).toEqual([]);
  });
});
