import type { ChatMessage, JsonSchemaFormat } from './client.js';
import type { JsonChatModel } from './json-chat.js';

export type { JsonChatModel } from './json-chat.js';

export interface FeatureQuestion<T> {
  system: string;
  user: string;
  format: JsonSchemaFormat;
  /** Turns the JSON answer into the result; throws when it is unusable. */
  read: (reply: unknown) => T;
}

/**
 * Base of the features the chat model does best but an offline implementation can always do: the
 * model is asked for JSON (read, retried and given up on by `JsonChat`, the same for every
 * feature), and when it gives no usable answer the error is reported and the offline
 * implementation answers, so the feature itself never fails.
 */
export abstract class LlmWithOfflineFallback<Offline> {
  readonly name = 'llm';

  constructor(
    private readonly llm: JsonChatModel,
    protected readonly fallback: Offline,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  protected async ask<T>(question: FeatureQuestion<T>, offlineAnswer: () => Promise<T>): Promise<T> {
    try {
      const messages: ChatMessage[] = [
        { role: 'system', content: question.system },
        { role: 'user', content: question.user },
      ];
      return (await this.llm.ask({ messages, format: question.format, read: question.read })).value;
    } catch (error) {
      this.onError(error);
      return offlineAnswer();
    }
  }
}
