import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface RecordedChatRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (null when it was not JSON). */
  body: any;
  /** When it arrived (Date.now()). */
  receivedAt: number;
}

/** The `usage` object of a completion, as the API names its fields. */
export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/**
 * How the fake answers one request:
 * - `content` becomes the assistant message of a normal `chat.completion` (`finishReason` defaults
 *   to `stop`, `usage` to a count of about four characters a token; `null` leaves `usage` out);
 * - `status` + `body` (+ `headers`) send any raw reply (errors, odd shapes);
 * - `hang` never answers: the request stays open until the client gives up or the fake closes.
 */
export type FakeChatReply =
  | { content: string | null; refusal?: string; finishReason?: 'stop' | 'length' | 'content_filter'; usage?: FakeUsage | null }
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { hang: true };

export type FakeChatResponder = (request: RecordedChatRequest) => FakeChatReply;

/**
 * A local stand-in for an OpenAI-compatible chat-completions endpoint (`POST /v1/chat/completions`),
 * speaking its wire format: `choices[].message.content`, `finish_reason`, `usage`, errors as
 * `{error: {message, type, code}}` with their status and headers (`Retry-After`).
 * Replies are taken from a queue, then from the default responder; every request is recorded.
 */
export class FakeOpenAiChat {
  readonly requests: RecordedChatRequest[] = [];
  private readonly queue: FakeChatReply[] = [];
  private readonly hanging = new Set<ServerResponse>();
  private fallbackResponder: FakeChatResponder = () => chatError(500, 'no reply programmed', 'server_error');

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
        const request: RecordedChatRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, receivedAt: Date.now() };
        fake!.requests.push(request);
        const reply: FakeChatReply =
          req.method === 'POST' && request.path.endsWith('/chat/completions')
            ? (fake!.queue.shift() ?? fake!.fallbackResponder(request))
            : chatError(404, `no route ${req.method} ${req.url}`, 'invalid_request_error');
        if ('hang' in reply) {
          fake!.hanging.add(res);
          res.on('close', () => fake!.hanging.delete(res));
          return;
        }
        const [status, payload, headers] = 'status' in reply ? [reply.status, reply.body, reply.headers ?? {}] : [200, completion(request, reply), {}];
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
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

  /** Queues an error answer as the API sends it: `{error: {message, type, code}}` with its headers. */
  replyError(status: number, options: { message?: string; type?: string; code?: string | null; headers?: Record<string, string> } = {}): this {
    return this.reply(chatError(status, options.message ?? `error ${status}`, options.type ?? errorType(status), options.code ?? null, options.headers));
  }

  /** Requests still waiting for an answer that will never come. */
  get hangingRequests(): number {
    return this.hanging.size;
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

/** An error reply as the OpenAI API shapes it. */
export function chatError(
  status: number,
  message: string,
  type = errorType(status),
  code: string | null = null,
  headers?: Record<string, string>,
): FakeChatReply {
  return { status, body: { error: { message, type, param: null, code } }, headers };
}

function errorType(status: number): string {
  if (status === 429) return 'rate_limit_exceeded';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** About four characters a token, as a tokenizer of English text counts them. */
const tokens = (text: string) => Math.ceil(text.length / 4);

function completion(request: RecordedChatRequest, reply: Extract<FakeChatReply, { content: string | null }>) {
  const messages: { content?: unknown }[] = Array.isArray(request.body?.messages) ? request.body.messages : [];
  const prompt = messages.reduce((sum, m) => sum + tokens(typeof m.content === 'string' ? m.content : ''), 0);
  const completionTokens = tokens(reply.content ?? '');
  const usage =
    reply.usage === undefined ? { prompt_tokens: prompt, completion_tokens: completionTokens, total_tokens: prompt + completionTokens } : reply.usage;
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.body?.model ?? 'fake',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.content, refusal: reply.refusal ?? null },
        finish_reason: reply.finishReason ?? 'stop',
        logprobs: null,
      },
    ],
    ...(usage ? { usage } : {}),
  };
}
