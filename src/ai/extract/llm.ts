import { ZodError } from 'zod';
import { isRetryableLlmError, type ChatMessage, type LlmClient } from '../llm/client.js';
import { EXTRACTION_JSON_SCHEMA, parseLlmExtraction } from './llm-output.js';
import { buildExtractionMessages, windowsOf, type ExtractionWindow } from './prompt.js';
import type { ExtractedMemory, ExtractionInput, Extractor, WarnLogger } from './types.js';

export interface LlmExtractorOptions {
  client: Pick<LlmClient, 'chatJson'>;
  /** Used for any part of the input the model could not handle, so nothing is dropped. */
  fallback: Extractor;
  logger?: WarnLogger;
  /** Requests per window before falling back (first try included). */
  attempts?: number;
  maxCharsPerRequest?: number;
}

const consoleLogger: WarnLogger = { warn: (details, message) => console.warn(message, details) };

/** Extraction by any OpenAI-compatible chat model, answering in a JSON schema checked with zod. */
export class LlmExtractor implements Extractor {
  readonly name = 'llm';
  private readonly attempts: number;
  private readonly maxChars: number;
  private readonly logger: WarnLogger;

  constructor(private readonly options: LlmExtractorOptions) {
    this.attempts = Math.max(1, options.attempts ?? 3);
    this.maxChars = options.maxCharsPerRequest ?? 24_000;
    this.logger = options.logger ?? consoleLogger;
  }

  async extract(input: ExtractionInput): Promise<ExtractedMemory[]> {
    const memories: ExtractedMemory[] = [];
    for (const window of windowsOf(input, this.maxChars)) {
      memories.push(...(await this.extractWindow(input, window)));
    }
    return memories;
  }

  private async extractWindow(input: ExtractionInput, window: ExtractionWindow): Promise<ExtractedMemory[]> {
    const request = buildExtractionMessages(input, window);
    const turnCount = input.turns?.length ?? 0;
    let messages: ChatMessage[] = request;
    let lastError: unknown;
    let attempt = 0;
    while (attempt < this.attempts) {
      attempt++;
      let raw: unknown;
      try {
        raw = await this.options.client.chatJson(messages, { name: 'memories', schema: EXTRACTION_JSON_SCHEMA, strict: true });
      } catch (error) {
        lastError = error;
        if (!isRetryableLlmError(error)) break;
        continue;
      }
      try {
        return parseLlmExtraction(raw, turnCount);
      } catch (error) {
        lastError = error;
        // Showing the model its own reply and what was wrong with it fixes most slips on the next try.
        messages = [
          ...request,
          { role: 'assistant', content: JSON.stringify(raw).slice(0, 8_000) },
          { role: 'user', content: `That reply does not match the required schema (${describe(error)}). Reply again with only the corrected JSON object.` },
        ];
      }
    }
    this.logger.warn(
      { extractor: this.name, attempts: attempt, error: describe(lastError) },
      'LLM memory extraction failed; using the offline extractor for this part',
    );
    return this.fallbackFor(input, window);
  }

  private async fallbackFor(input: ExtractionInput, window: ExtractionWindow): Promise<ExtractedMemory[]> {
    if (window.kind === 'text') return this.options.fallback.extract({ ...input, turns: undefined, text: window.text });
    const offset = window.turns[0].index;
    const turns = window.turns.map((t) => t.turn);
    const memories = await this.options.fallback.extract({ ...input, turns, text: turns.map((t) => t.content).join('\n') });
    return memories.map((m) => ({ ...m, turnIndex: m.turnIndex == null ? m.turnIndex : m.turnIndex + offset }));
  }
}

function describe(error: unknown): string {
  if (error instanceof ZodError) {
    return error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}
