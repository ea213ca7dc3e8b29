export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A JSON schema for structured output; `name` follows the OpenAI rules (a-z, 0-9, _ and -, ≤64). */
export interface JsonSchemaFormat {
  name: string;
  schema: Record<string, unknown>;
  /** Strict mode needs every property required and `additionalProperties: false`. */
  strict?: boolean;
}

/** Tokens a request used, as the server counted them (`usage`). */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** What one chat completion returned. */
export interface ChatReply {
  content: string | null;
  refusal: string | null;
  /** `stop`, `length` (cut at the token limit), `content_filter`…; null when the server did not say. */
  finishReason: string | null;
  /** Null when the server sent no `usage`. */
  usage: TokenUsage | null;
}

/** One request to a chat endpoint: what the retrying layer above it needs. */
export interface ChatEndpoint {
  readonly model: string;
  complete(messages: ChatMessage[], format: JsonSchemaFormat): Promise<ChatReply>;
}

/** Why a request got no completion; fixed words (they end up in logs and processing metadata). */
export type RequestFailure = 'rate_limited' | 'server_error' | 'timeout' | 'connection_failed' | 'request_rejected' | 'format_unsupported';

/** A request that got no completion. Its message has the status and the server's error type and code, never its text. */
export class LlmRequestError extends Error {
  constructor(
    readonly reason: RequestFailure,
    message: string,
    readonly status?: number,
    /** How long the server asked to wait (`Retry-After`, `retry-after-ms`). */
    readonly retryAfterMs?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'LlmRequestError';
  }

  /** Whether asking again may help: rate limits, server errors, timeouts, lost connections, a format retried without. */
  get retryable(): boolean {
    return this.reason !== 'request_rejected';
  }
}

/** How one chat request ended: `ok`, or why it got no completion. */
export type ChatOutcome = 'ok' | RequestFailure | 'error';

/** How long one chat request took, how it ended and the tokens it used (null: the server did not say). */
export type ChatObserver = (seconds: number, outcome: ChatOutcome, usage: TokenUsage | null) => void;

/** A chat endpoint whose every request is timed and told to `observe`; nothing else changes. */
export class ObservedChat implements ChatEndpoint {
  constructor(
    private readonly inner: ChatEndpoint,
    private readonly observe: ChatObserver,
  ) {}

  get model(): string {
    return this.inner.model;
  }

  async complete(messages: ChatMessage[], format: JsonSchemaFormat): Promise<ChatReply> {
    const started = performance.now();
    try {
      const reply = await this.inner.complete(messages, format);
      this.observe((performance.now() - started) / 1000, 'ok', reply.usage);
      return reply;
    } catch (error) {
      this.observe((performance.now() - started) / 1000, error instanceof LlmRequestError ? error.reason : 'error', null);
      throw error;
    }
  }
}

export interface LlmClientOptions {
  baseUrl: string;
  apiKey?: string | null;
  model: string;
  /** For one request, answer included. */
  timeoutMs?: number;
  temperature?: number;
  /** Tokens one completion may take (`max_tokens`); the server's own limit when absent. */
  maxTokens?: number;
}

/**
 * A client for any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, llama.cpp's
 * server, vLLM, LM Studio…) over plain `fetch`, one request per call: retries are the caller's
 * (`json-chat.ts`), which sees the status, `Retry-After`, `finish_reason` and `usage` of each.
 */
export class LlmClient implements ChatEndpoint {
  private readonly url: string;
  /** Cleared when the server refuses `response_format`: the prompt asks for JSON anyway. */
  private structuredOutput = true;

  constructor(private readonly options: LlmClientOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  get model(): string {
    return this.options.model;
  }

  async complete(messages: ChatMessage[], format: JsonSchemaFormat): Promise<ChatReply> {
    const body = {
      model: this.options.model,
      messages,
      temperature: this.options.temperature ?? 0,
      ...(this.options.maxTokens ? { max_tokens: this.options.maxTokens } : {}),
      ...(this.structuredOutput
        ? { response_format: { type: 'json_schema', json_schema: { name: format.name, schema: format.schema, strict: format.strict ?? true } } }
        : {}),
    };
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    // Local servers (llama.cpp, Ollama, vLLM) often take no key.
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const timeoutMs = this.options.timeoutMs ?? 120_000;
    let response: Response;
    let text: string;
    try {
      // One deadline for the whole exchange: a server that sends headers and then stalls times out too.
      const signal = AbortSignal.timeout(timeoutMs);
      response = await fetch(this.url, { method: 'POST', headers, body: JSON.stringify(body), signal });
      text = await response.text();
    } catch (error) {
      if (isTimeout(error)) throw new LlmRequestError('timeout', `the chat endpoint did not answer within ${timeoutMs} ms`);
      throw new LlmRequestError('connection_failed', `the chat endpoint could not be reached (${networkCode(error)})`);
    }
    const json = parseJson(text);
    if (!response.ok) throw this.failure(response, json);
    if (!isRecord(json) || !Array.isArray(json.choices)) {
      // A proxy's error page, or an error object sent with 200.
      throw new LlmRequestError('server_error', `the chat endpoint answered ${response.status} without a completion`, response.status);
    }
    const choice = isRecord(json.choices[0]) ? json.choices[0] : {};
    const message = isRecord(choice.message) ? choice.message : {};
    return {
      content: contentText(message.content),
      refusal: typeof message.refusal === 'string' && message.refusal.trim() ? message.refusal : null,
      finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : null,
      usage: usageOf(json.usage),
    };
  }

  private failure(response: Response, json: unknown): LlmRequestError {
    const status = response.status;
    const error = isRecord(json) && isRecord(json.error) ? json.error : {};
    const serverMessage = typeof error.message === 'string' ? error.message : isRecord(json) && typeof json.error === 'string' ? json.error : '';
    const code = typeof error.code === 'string' ? error.code : undefined;
    const type = typeof error.type === 'string' ? error.type : undefined;
    const label = [type, code].filter(Boolean).join(', ');
    const said = `the chat endpoint answered ${status}${label ? ` (${label})` : ''}`;
    if (status === 429 && code !== 'insufficient_quota') return new LlmRequestError('rate_limited', said, status, retryAfterMs(response.headers), code);
    if (status >= 500 || status === 408 || status === 409) {
      return new LlmRequestError(status === 408 ? 'timeout' : 'server_error', said, status, retryAfterMs(response.headers), code);
    }
    if ((status === 400 || status === 422) && this.structuredOutput && /response_format|json_schema|structured output/i.test(serverMessage)) {
      this.structuredOutput = false;
      return new LlmRequestError('format_unsupported', `${said}: structured output is not supported; asking without it`, status, undefined, code);
    }
    if (status === 404)
      return new LlmRequestError(
        'request_rejected',
        `${said}: is LLM_MODEL served there, and LLM_BASE_URL the base of its /chat/completions?`,
        status,
        undefined,
        code,
      );
    return new LlmRequestError('request_rejected', said, status, undefined, code);
  }
}

/** `retry-after-ms` (OpenAI's), else `Retry-After` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(?:\.\d+)?$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** The text of a message: a string, or the text parts some servers send as an array. */
function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const parts = content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
    return parts || null;
  }
  return null;
}

function usageOf(usage: unknown): TokenUsage | null {
  if (!isRecord(usage)) return null;
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0);
  const promptTokens = count(usage.prompt_tokens);
  const completionTokens = count(usage.completion_tokens);
  return { promptTokens, completionTokens, totalTokens: count(usage.total_tokens) || promptTokens + completionTokens };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || (error.cause instanceof Error && error.cause.name === 'TimeoutError'));
}

/** ECONNREFUSED, ENOTFOUND…: the cause's code, never a message. */
function networkCode(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.name : 'unknown error';
}
