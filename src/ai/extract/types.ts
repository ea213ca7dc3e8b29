export type TurnRole = 'user' | 'assistant' | 'system' | 'tool';

export interface ConversationTurn {
  role: TurnRole;
  /** Who spoke; unnamed user turns are attributed to "the user". */
  name?: string;
  content: string;
  /** When the turn was said (ISO); relative dates in it resolve against this before `documentDate`. */
  date?: string;
}

export interface ExtractionInput {
  /** Markdown of a document, or a conversation rendered as text. */
  text: string;
  /** The turns, when the input is a conversation; they take precedence over `text`. */
  turns?: ConversationTurn[];
  /** Relative dates ("yesterday", "next month") resolve against this. */
  documentDate?: Date | null;
  /** Tag-level hint: who or what the container is about. */
  entityContext?: string | null;
  workspacePrompt?: string | null;
  filterPrompt?: string | null;
  shouldLLMFilter?: boolean;
  /** Aborted when the work must stop (the server is shutting down): the extractor throws. */
  signal?: AbortSignal;
}

export const MEMORY_KINDS = ['identity', 'preference', 'relation', 'event', 'plan', 'fact'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

export interface ExtractedMemory {
  /** One atomic, self-contained fact with its subject named. */
  content: string;
  /** Durable identity facts: name, job, home, relationships, stable preferences. */
  isStatic: boolean;
  kind: MemoryKind;
  /** ISO dates the fact is about: YYYY-MM-DD, or YYYY-MM / YYYY when only that is known. */
  eventDates: string[];
  /** ISO instant after which a time-bound fact no longer holds. */
  forgetAfter: string | null;
  speaker?: string | null;
  /** Index into `input.turns` of the turn the fact came from. */
  turnIndex?: number | null;
  /** 0..1 */
  confidence: number;
}

export interface Extractor {
  readonly name: string;
  extract(input: ExtractionInput): Promise<ExtractedMemory[]>;
}

/** The subset of a pino logger the extractors use. */
export interface WarnLogger {
  warn(details: object, message: string): void;
}
