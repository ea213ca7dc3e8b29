import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface RecordedChatRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (null when it was not JSON). */
  body: any;
}

/**
 * How the fake answers one request: `content` becomes the assistant message of a normal
 * chat.completion; `status` + `body` send any raw reply (errors, odd shapes).
 */
export type FakeChatReply =
  | { content: string | null; refusal?: string }
  | { status: number; body: unknown };

export type FakeChatResponder = (request: RecordedChatRequest) => FakeChatReply;

/**
 * A local stand-in for an OpenAI-compatible chat-completions endpoint (`POST /v1/chat/completions`).
 * Replies are taken from a queue, then from the default responder; every request is recorded.
 */
export class FakeOpenAiChat {
  readonly requests: RecordedChatRequest[] = [];
  private readonly queue: FakeChatReply[] = [];
  private fallbackResponder: FakeChatResponder = () => ({ status: 500, body: { error: { message: 'no reply programmed' } } });

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<FakeOpenAiChat> {
    let fake: FakeOpenAiChat | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
        const request: RecordedChatRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
        fake!.requests.push(request);
        const reply: FakeChatReply =
          req.method === 'POST' && request.path.endsWith('/chat/completions')
            ? fake!.queue.shift() ?? fake!.fallbackResponder(request)
            : { status: 404, body: { error: { message: `no route ${req.method} ${req.url}` } } };
        const [status, payload] = 'status' in reply ? [reply.status, reply.body] : [200, completion(request, reply)];
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeOpenAiChat(server, `http://127.0.0.1:${port}/v1`);
    return fake;
  }

  /** Queues replies for the next requests, in order. */
  reply(...replies: FakeChatReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  /** Answers every request not covered by the queue. */
  replyByDefault(responder: FakeChatResponder | FakeChatReply): this {
    this.fallbackResponder = typeof responder === 'function' ? responder : () => responder;
    return this;
  }

  /** Queues a reply whose content is `value` serialised as JSON. */
  replyJson(value: unknown): this {
    return this.reply({ content: JSON.stringify(value) });
  }

  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((e) => (e ? reject(e) : resolve())));
  }
}

function completion(request: RecordedChatRequest, reply: { content: string | null; refusal?: string }) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.body?.model ?? 'fake',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.content, refusal: reply.refusal ?? null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}
