import OpenAI, { APIError } from 'openai';

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

export interface LlmClientOptions {
  baseUrl: string;
  apiKey?: string | null;
  model: string;
  timeoutMs?: number;
  /** Transport-level retries done by the SDK (connection errors, 408/409/429/5xx). */
  maxRetries?: number;
  temperature?: number;
}

/** The model answered, but not with a JSON object we can read. */
export class LlmOutputError extends Error {
  constructor(
    message: string,
    readonly raw: string | null,
  ) {
    super(message);
    this.name = 'LlmOutputError';
  }
}

/** Whether asking again may help: bad output, lost connections, rate limits and server errors. */
export function isRetryableLlmError(error: unknown): boolean {
  if (error instanceof LlmOutputError) return true;
  if (error instanceof APIError) {
    const status = error.status;
    return status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
  }
  return false;
}

/** A chat client for any OpenAI-compatible endpoint that returns parsed JSON objects. */
export class LlmClient {
  private readonly client: OpenAI;

  constructor(private readonly options: LlmClientOptions) {
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // Local servers (llama.cpp, Ollama, vLLM) often take no key, but the SDK insists on one.
      apiKey: options.apiKey || 'unused',
      timeout: options.timeoutMs ?? 120_000,
      maxRetries: options.maxRetries ?? 2,
    });
  }

  get model(): string {
    return this.options.model;
  }

  /** Sends the messages with `response_format: json_schema` and returns the parsed reply. */
  async chatJson(messages: ChatMessage[], format: JsonSchemaFormat): Promise<unknown> {
    const completion = await this.client.chat.completions.create({
      model: this.options.model,
      messages,
      temperature: this.options.temperature ?? 0,
      response_format: {
        type: 'json_schema',
        json_schema: { name: format.name, schema: format.schema, strict: format.strict ?? true },
      },
    });
    const message = completion.choices?.[0]?.message;
    if (message?.refusal) throw new LlmOutputError(`model refused: ${message.refusal}`, null);
    const raw = message?.content;
    if (typeof raw !== 'string' || raw.trim() === '') {
      throw new LlmOutputError('empty reply', raw ?? null);
    }
    try {
      return JSON.parse(stripCodeFence(raw));
    } catch {
      throw new LlmOutputError('reply is not valid JSON', raw);
    }
  }
}

// Some OpenAI-compatible servers ignore response_format and wrap the JSON in a markdown fence.
function stripCodeFence(raw: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/i.exec(raw);
  return fenced ? fenced[1] : raw;
}
