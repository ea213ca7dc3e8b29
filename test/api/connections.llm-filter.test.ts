import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../fakes/github/index.js';
import { FakeOpenAiChat } from '../fakes/openai-chat.js';
import { codeHostEnv, connectCodeHost, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let github: FakeGitHub;
let chat: FakeOpenAiChat;
let server: TestServer;

beforeAll(async () => {
  github = await FakeGitHub.start();
  chat = await FakeOpenAiChat.start();
  // The model judges connector items by the org's filterPrompt; every other question fails, so those features run offline.
  chat.replyByDefault((request) => {
    if (request.body?.response_format?.json_schema?.name !== 'sync_relevance') return { status: 500, body: { error: { message: 'not this test' } } };
    const question = String(request.body.messages.at(-1)?.content ?? '');
    return { content: JSON.stringify({ relevant: !question.includes('payroll') }) };
  });
  server = await startTestServer({ ...codeHostEnv(github), LLM_BASE_URL: chat.baseUrl, LLM_MODEL: 'judge', LLM_API_KEY: 'sk-fake' });
});

afterAll(async () => {
  await server?.close();
  await chat?.close();
  await github?.close();
});

describe('connections: the model filter of the settings', () => {
  it('imports only what the model finds relevant to the filterPrompt, after the lists', async () => {
    github.createRepo('wiki', {
      files: { 'design.md': '# Design\n\nThe queue is a table.\n', 'people.md': '# People\n\nThe payroll of March.\n', 'notes.txt': 'scratch\n' },
    });
    const patched = await server.request('PATCH', '/v3/settings', {
      body: { shouldLLMFilter: true, filterPrompt: 'Only engineering documentation', includeItems: { fileTypes: ['md'] } },
    });
    expect(patched.status).toBe(200);
    const id = await connectCodeHost(server, 'wiki_tag', { metadata: { repositories: 'octocat/wiki', includeIssues: false } });
    await waitForRuns(server, id, 1);
    const docs = await waitForSourceDocuments(server, 'code-host', 'wiki_tag', 1);
    expect(docs.map((d: any) => d.title)).toEqual(['design.md']);
    const asked = chat.requests.filter((r) => r.body?.response_format?.json_schema?.name === 'sync_relevance');
    // notes.txt was refused by the include list before the model was asked.
    expect(asked).toHaveLength(2);
    expect(asked[0].body.messages.at(-1).content).toContain('Only engineering documentation');
  });
});
