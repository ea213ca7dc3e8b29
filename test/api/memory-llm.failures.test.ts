import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeOpenAiChat, type FakeChatReply } from '../fakes/openai-chat.js';
import { LogCapture } from '../helpers/log-capture.js';
import { startTestServer, waitFor, waitForDocument, type TestServer } from '../helpers/server.js';

/** A word only the documents carry: it may reach the model, never the log. */
const SECRET_WORD = 'marzipanlighthouse';
/** Long enough for a loaded machine to answer a normal request; short enough to wait out a hanging one. */
const TIMEOUT_MS = 1_000;

/**
 * An unreliable chat endpoint, end to end: rate limits, server errors and hanging answers are
 * retried within bounds, then the offline extractor stands in; every document ends done with
 * memories, and its processing metadata says who extracted them and what the model cost.
 */
describe('memory extraction through an LLM: an endpoint that fails', () => {
  const logs = new LogCapture();
  let llm: FakeOpenAiChat;
  let server: TestServer;
  let tags = 0;

  beforeAll(async () => {
    llm = await FakeOpenAiChat.start();
    server = await startTestServer(
      { LOG_LEVEL: 'info', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'llama3.2:3b', LLM_TIMEOUT_MS: String(TIMEOUT_MS), LLM_RETRY_BASE_MS: '10' },
      { logger: logs.logger },
    );
  });
  afterAll(async () => {
    await server?.close();
    await llm?.close();
  });
  beforeEach(() => {
    llm.reset();
    llm.replyByDefault({ status: 500, body: { error: { message: 'no reply programmed', type: 'server_error', code: null } } });
  });

  const SOURCE = `# Notes\n\nTomas Berg works at Initech as a welder. Tomas keeps a ${SECRET_WORD} on his desk.`;
  const employer = {
    content: 'Tomas Berg is employed by Initech',
    isStatic: true,
    kind: 'identity',
    eventDates: [],
    forgetAfter: null,
    speaker: null,
    turnIndex: null,
    confidence: 0.9,
  };
  const answer = JSON.stringify({ memories: [employer] });

  async function ingest(...replies: FakeChatReply[]) {
    llm.reply(...replies);
    const containerTag = `failures_${++tags}`;
    const added = await server.request('POST', '/v3/documents', { body: { content: SOURCE, containerTag } });
    expect(added.status).toBe(200);
    const doc = await waitForDocument(server, added.body.id);
    const list = await server.request('POST', '/v4/memories/list', { body: { containerTags: [containerTag] } });
    const memories: string[] = list.body.memoryEntries.map((m: { memory: string }) => m.memory);
    const extraction = doc.processingMetadata.steps.find((s: { name: string }) => s.name === 'memories')?.extraction;
    return { doc, memories, extraction };
  }

  it('429 with Retry-After: waits as asked, then stores the model’s memories', async () => {
    const { doc, memories, extraction } = await ingest(
      {
        status: 429,
        body: { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } },
        headers: { 'retry-after': '1' },
      },
      { content: answer },
    );
    expect(doc.status).toBe('done');
    expect(memories).toEqual([employer.content]);
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1].receivedAt - llm.requests[0].receivedAt).toBeGreaterThanOrEqual(950);
    expect(extraction).toMatchObject({ extractor: 'llm', requests: 2 });
  });

  it('500 on every request: retried, then the offline extractor; the document ends done with memories', async () => {
    llm.replyByDefault({
      status: 500,
      body: { error: { message: 'The server had an error while processing your request.', type: 'server_error', code: null } },
    });
    const { doc, memories, extraction } = await ingest();
    expect(doc.status).toBe('done');
    expect(llm.requests).toHaveLength(3);
    expect(memories.join('\n')).toMatch(/Tomas Berg/);
    expect(memories).not.toContain(employer.content);
    expect(extraction).toEqual({
      extractor: 'offline',
      model: 'llama3.2:3b',
      parts: 1,
      fallback: { reason: 'server_error', parts: 1 },
      requests: 3,
      tokens: { prompt: 0, completion: 0, total: 0 },
    });
  });

  it('an answer that hangs past the timeout: given up on and asked again', async () => {
    const { doc, memories, extraction } = await ingest({ hang: true }, { content: answer });
    expect(doc.status).toBe('done');
    expect(memories).toEqual([employer.content]);
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1].receivedAt - llm.requests[0].receivedAt).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(extraction).toMatchObject({ extractor: 'llm', requests: 2 });
    await waitFor(async () => (llm.hangingRequests === 0 ? true : undefined), 5_000, 'the hanging request to be closed');
  });

  it('answers that always hang: the offline extractor after the retries, never a stuck document', async () => {
    llm.replyByDefault({ hang: true });
    const { doc, memories, extraction } = await ingest();
    expect(doc.status).toBe('done');
    expect(llm.requests).toHaveLength(3);
    expect(memories.join('\n')).toMatch(/Tomas Berg/);
    expect(extraction).toMatchObject({ extractor: 'offline', fallback: { reason: 'timeout', parts: 1 }, requests: 3 });
  });

  it('reports the tokens of every request, retries included, in the processing metadata and the log, without content', async () => {
    const { doc, memories, extraction } = await ingest(
      { content: 'Let me think about this document first.', usage: { prompt_tokens: 700, completion_tokens: 9, total_tokens: 709 } },
      { status: 503, body: { error: { message: 'overloaded', type: 'server_error', code: null } } },
      { content: answer, usage: { prompt_tokens: 760, completion_tokens: 48, total_tokens: 808 } },
    );
    expect(doc.status).toBe('done');
    expect(memories).toEqual([employer.content]);
    expect(extraction).toEqual({ extractor: 'llm', model: 'llama3.2:3b', parts: 1, requests: 3, tokens: { prompt: 1460, completion: 57, total: 1517 } });

    const done = await waitFor(async () => logs.entries().find((e) => e.documentId === doc.id && /done/.test(e.msg)), 10_000, 'the done line');
    expect(done.extraction).toEqual(extraction);
    expect(done.memories).toMatchObject({ extracted: 1, created: 1 });
    expect(llm.requests[0].body.messages[1].content).toContain(SECRET_WORD);
    expect(logs.text()).not.toContain(SECRET_WORD);
    expect(logs.text()).not.toContain('Tomas');
  });

  it('a fallback is one warning naming the document and the reason', async () => {
    llm.replyByDefault({ status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } });
    const { doc, extraction } = await ingest();
    expect(doc.status).toBe('done');
    expect(llm.requests).toHaveLength(1);
    expect(extraction).toMatchObject({ extractor: 'offline', fallback: { reason: 'request_rejected' } });
    const warning = await waitFor(async () => logs.entries().find((e) => e.documentId === doc.id && e.level === 40), 10_000, 'the warning');
    expect(warning).toMatchObject({ reason: 'request_rejected', model: 'llama3.2:3b' });
    expect(warning.msg).toMatch(/offline extractor stood in/);
  });
});
