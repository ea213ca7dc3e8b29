import { addUsage, LlmGaveUp, noUsage, type JsonChatModel } from '../llm/json-chat.js';
import { LlmOutputError } from '../llm/json-reply.js';
import { EXTRACTION_JSON_SCHEMA, parseLlmExtraction } from './llm-output.js';
import { buildExtractionMessages, copiesTheExample, windowsOf, windowText, type ExtractionWindow } from './prompt.js';
import type { ExtractionReport, ReportedExtraction, ReportingExtractor } from './report.js';
import type { ExtractedMemory, ExtractionInput, Extractor, WarnLogger } from './types.js';

export interface LlmExtractorOptions {
  /** The chat model, asked with the retry policy of every feature (`JsonChat`). */
  chat: JsonChatModel;
  /** Used for any part of the input the model could not handle, so nothing is dropped. */
  fallback: Extractor;
  logger?: WarnLogger;
  /** Characters of a document (or of a conversation's turns) sent in one request. */
  maxCharsPerRequest?: number;
}

export const DEFAULT_MAX_CHARS_PER_REQUEST = 24_000;

const FORMAT = { name: 'memories', schema: EXTRACTION_JSON_SCHEMA, strict: true };

const consoleLogger: WarnLogger = { warn: (details, message) => console.warn(message, details) };

/**
 * Extraction by any OpenAI-compatible chat model. A long input is sent in parts; a part the model
 * gives no usable answer for (after the retries of `JsonChat`) is extracted by the offline
 * extractor instead, so a document never fails or stalls because of the model. What ran, and the
 * tokens spent, are reported with the memories.
 */
export class LlmExtractor implements ReportingExtractor {
  readonly name = 'llm';
  private readonly maxChars: number;
  private readonly logger: WarnLogger;

  constructor(private readonly options: LlmExtractorOptions) {
    this.maxChars = options.maxCharsPerRequest ?? DEFAULT_MAX_CHARS_PER_REQUEST;
    this.logger = options.logger ?? consoleLogger;
  }

  async extract(input: ExtractionInput): Promise<ExtractedMemory[]> {
    return (await this.extractWithReport(input)).memories;
  }

  async extractWithReport(input: ExtractionInput): Promise<ReportedExtraction> {
    const windows = windowsOf(input, this.maxChars);
    const memories: ExtractedMemory[] = [];
    let usage = noUsage();
    let requests = 0;
    let truncatedReplies = 0;
    let fallback: { reason: string; parts: number } | undefined;
    for (const window of windows) {
      input.signal?.throwIfAborted();
      try {
        const answer = await this.options.chat.ask({
          messages: buildExtractionMessages(input, window),
          format: FORMAT,
          read: (json, reply) => this.read(json, input, window, reply.truncated),
        });
        usage = addUsage(usage, answer.usage);
        requests += answer.requests;
        if (answer.truncated) truncatedReplies++;
        memories.push(...answer.value);
      } catch (error) {
        // An error of our own, not the model's: the offline extractor answers all the same.
        const reason = error instanceof LlmGaveUp ? error.reason : 'internal_error';
        if (error instanceof LlmGaveUp) {
          usage = addUsage(usage, error.usage);
          requests += error.requests;
        }
        fallback = { reason: fallback?.reason ?? reason, parts: (fallback?.parts ?? 0) + 1 };
        this.logger.warn({ err: error, reason }, 'memory extraction with the LLM failed; the offline extractor stood in for this part');
        memories.push(...(await this.fallbackFor(input, window)));
      }
    }
    const report: ExtractionReport = {
      extractor: !fallback ? 'llm' : fallback.parts === windows.length ? 'offline' : 'llm+offline',
      model: this.options.chat.model,
      parts: windows.length,
      ...(fallback ? { fallback } : {}),
      requests,
      tokens: { prompt: usage.promptTokens, completion: usage.completionTokens, total: usage.totalTokens },
      ...(truncatedReplies ? { truncatedReplies } : {}),
    };
    return { memories, report };
  }

  /**
   * The memories of one answer. The prompt's example copied is not one, and an answer of nothing
   * else is no answer; a reply cut before its first memory ended is no answer either (rather than
   * one saying there is nothing to remember).
   */
  private read(json: unknown, input: ExtractionInput, window: ExtractionWindow, truncated: boolean): ExtractedMemory[] {
    const read = parseLlmExtraction(json, input.turns?.length ?? 0);
    const source = windowText(window);
    const memories = read.filter((m) => !copiesTheExample(m.content, source));
    if (read.length > 0 && memories.length === 0) throw new LlmOutputError('schema_echo', 'it copied the example instead of reading the source');
    if (truncated && memories.length === 0) throw new LlmOutputError('truncated', 'it was cut off before its first memory ended');
    return memories;
  }

  private async fallbackFor(input: ExtractionInput, window: ExtractionWindow): Promise<ExtractedMemory[]> {
    if (window.kind === 'text') return this.options.fallback.extract({ ...input, turns: undefined, text: window.text });
    const offset = window.turns[0].index;
    const turns = window.turns.map((t) => t.turn);
    const memories = await this.options.fallback.extract({ ...input, turns, text: turns.map((t) => t.content).join('\n') });
    return memories.map((m) => ({ ...m, turnIndex: m.turnIndex == null ? m.turnIndex : m.turnIndex + offset }));
  }
}
