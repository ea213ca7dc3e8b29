import { setTimeout as delay } from 'node:timers/promises';
import { LlmRequestError, type ChatEndpoint, type ChatMessage, type JsonSchemaFormat, type RequestFailure, type TokenUsage } from './client.js';
import { LlmOutputError, readJsonReply, type OutputFailure } from './json-reply.js';

/** How hard one question is tried before the caller's offline answer is used. */
export interface RetryPolicy {
  /** Requests for one question, the first included (at least 1). */
  attempts: number;
  /** Wait before the first retry of a failed request; it doubles for each later one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A server's `Retry-After` up to this is waited out; a longer one ends the question at once. */
  maxRetryAfterMs: number;
}

/** Why a question got no usable answer: a request failure or an output failure. */
export type LlmFailure = RequestFailure | OutputFailure;

export interface JsonQuestion<T> {
  messages: ChatMessage[];
  format: JsonSchemaFormat;
  /**
   * Turns the JSON answer into the result; throws when it is unusable (the model is then shown its
   * reply and what was wrong, and asked again). `truncated`: the reply was cut short and only its
   * complete items are in `json`.
   */
  read: (json: unknown, reply: { truncated: boolean }) => T;
}

export interface JsonAnswer<T> {
  value: T;
  /** Requests sent for it, retries included. */
  requests: number;
  /** Tokens of every request sent for it, retries included. */
  usage: TokenUsage;
  /** The answer used was cut short at the token limit (its complete items were kept). */
  truncated: boolean;
}

/** A question the model could not answer usably within the policy. Carries what was spent on it. */
export class LlmGaveUp extends Error {
  constructor(
    readonly reason: LlmFailure,
    readonly requests: number,
    readonly usage: TokenUsage,
    cause?: LlmRequestError,
  ) {
    super(`the chat model gave no usable answer in ${requests} request${requests === 1 ? '' : 's'} (${reason})`, cause ? { cause } : undefined);
    this.name = 'LlmGaveUp';
  }
}

/** What the features that ask a model for JSON need. */
export interface JsonChatModel {
  readonly model: string;
  ask<T>(question: JsonQuestion<T>): Promise<JsonAnswer<T>>;
}

export const noUsage = (): TokenUsage => ({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });

export function addUsage(sum: TokenUsage, more: TokenUsage | null | undefined): TokenUsage {
  if (!more) return sum;
  return {
    promptTokens: sum.promptTokens + more.promptTokens,
    completionTokens: sum.completionTokens + more.completionTokens,
    totalTokens: sum.totalTokens + more.totalTokens,
  };
}

/** The longest reply shown back to the model with what was wrong with it. */
const MAX_ECHOED_CHARS = 8_000;

/**
 * Asks a chat endpoint for JSON, with the one retry policy of every feature: rate limits (their
 * `Retry-After` honoured), server errors, timeouts and lost connections are retried with bounded,
 * doubling waits; unreadable or unusable replies are asked again at once, showing the model its
 * reply and what was wrong; a refusal or a rejected request ends the question. Tokens are summed
 * over every request. Gives up with `LlmGaveUp`, for the caller's offline answer.
 */
export class JsonChat implements JsonChatModel {
  private readonly policy: RetryPolicy;

  constructor(
    private readonly endpoint: ChatEndpoint,
    policy: RetryPolicy,
    private readonly sleep: (ms: number) => Promise<unknown> = delay,
  ) {
    this.policy = { ...policy, attempts: Math.max(1, Math.floor(policy.attempts)) };
  }

  get model(): string {
    return this.endpoint.model;
  }

  async ask<T>(question: JsonQuestion<T>): Promise<JsonAnswer<T>> {
    let usage = noUsage();
    let requests = 0;
    let messages = question.messages;
    let failure: { reason: LlmFailure; error?: LlmRequestError } = { reason: 'unreadable_reply' };
    let retriesAfterErrors = 0;
    const expectedKeys = requiredKeys(question.format);
    while (requests < this.policy.attempts) {
      requests++;
      let reply;
      try {
        reply = await this.endpoint.complete(messages, question.format);
      } catch (error) {
        const requestError = error instanceof LlmRequestError ? error : new LlmRequestError('connection_failed', 'the chat request failed');
        failure = { reason: requestError.reason, error: requestError };
        if (!requestError.retryable || requests >= this.policy.attempts) break;
        const wait = this.waitBefore(retriesAfterErrors++, requestError);
        if (wait === null) break;
        if (wait > 0) await this.sleep(wait);
        continue;
      }
      usage = addUsage(usage, reply.usage);
      if (reply.refusal) {
        failure = { reason: 'refused' };
        break;
      }
      const truncated = reply.finishReason === 'length';
      try {
        const json = readJsonReply(reply.content, { expectedKeys });
        const cut = truncated || json.truncated;
        return { value: question.read(json.value, { truncated: cut }), requests, usage, truncated: cut };
      } catch (error) {
        const reason = error instanceof LlmOutputError ? error.reason : 'unusable_reply';
        // A reply cut at the token limit that held nothing usable failed because it was cut.
        failure = { reason: truncated && (reason === 'unusable_reply' || reason === 'unreadable_reply') ? 'truncated' : reason };
        // Showing the model its own reply and what was wrong fixes most slips on the next try.
        messages = [
          ...question.messages,
          ...(reply.content?.trim() ? [{ role: 'assistant' as const, content: reply.content.slice(0, MAX_ECHOED_CHARS) }] : []),
          { role: 'user', content: correction(error, question.format) },
        ];
      }
    }
    throw new LlmGaveUp(failure.reason, requests, usage, failure.error);
  }

  /** Milliseconds to wait before retrying after a failed request; null when the server asks for longer than the policy waits. */
  private waitBefore(retry: number, error: LlmRequestError): number | null {
    if (error.reason === 'format_unsupported') return 0;
    if (error.retryAfterMs !== undefined) return error.retryAfterMs <= this.policy.maxRetryAfterMs ? error.retryAfterMs : null;
    return Math.min(this.policy.maxDelayMs, this.policy.baseDelayMs * 2 ** retry);
  }
}

function requiredKeys(format: JsonSchemaFormat): string[] {
  const required = format.schema.required;
  return Array.isArray(required) ? required.filter((k): k is string => typeof k === 'string') : [];
}

/** What the model is told about a reply that could not be used, with the shape it must take. */
function correction(error: unknown, format: JsonSchemaFormat): string {
  const keys = requiredKeys(format);
  const shape = keys.length ? ` with the key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}` : '';
  const why =
    error instanceof LlmOutputError
      ? {
          refused: 'it was a refusal',
          empty_reply: 'it was empty',
          unreadable_reply: 'it held no JSON',
          schema_echo: 'it repeated the schema instead of filling it in from the source',
          truncated: 'it was cut off at the length limit; keep it shorter',
          unusable_reply: error.message,
        }[error.reason]
      : error instanceof Error
        ? error.message.slice(0, 500)
        : 'it did not fit';
  return `That reply could not be used: ${why}. Reply again with only the JSON object${shape}, filled in from the source, and nothing else.`;
}
