import type { ChatMessage, JsonSchemaFormat } from './client.js';

/** The part of an LLM client that structured-output features need. */
export interface JsonChatModel {
  chatJson(messages: ChatMessage[], format: JsonSchemaFormat): Promise<unknown>;
}

export interface JsonQuestion<T> {
  system: string;
  user: string;
  format: JsonSchemaFormat;
  /** Turns the parsed reply into the answer; throws when the reply is unusable (a zod schema's `parse` fits). */
  read: (reply: unknown) => T;
}

/**
 * Base of the features the chat model does best but an offline implementation can always do: the
 * model is asked for JSON, and when the call fails or its reply is unusable the error is reported
 * and the offline implementation answers, so the feature itself never fails.
 */
export abstract class LlmWithOfflineFallback<Offline> {
  readonly name = 'llm';

  constructor(
    private readonly llm: JsonChatModel,
    protected readonly fallback: Offline,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  protected async ask<T>(question: JsonQuestion<T>, offlineAnswer: () => Promise<T>): Promise<T> {
    try {
      const messages: ChatMessage[] = [
        { role: 'system', content: question.system },
        { role: 'user', content: question.user },
      ];
      return question.read(await this.llm.chatJson(messages, question.format));
    } catch (error) {
      this.onError(error);
      return offlineAnswer();
    }
  }
}
