/**
 * The shape of a memory-truth case: a small scenario in its own container tag, played through the
 * public HTTP API, then judged by checks that each pass or fail.
 */

/** The failure classes of issue 30, item 6, in its order. */
export const CLASSES = {
  edits: 'edits leave the old fact live',
  deletes: 'deletes and moves leave memories behind',
  furniture: 'page furniture becomes memory',
  dates: 'date suffixes on document facts',
  oneFact: 'two facts in one memory',
  questions: 'plain questions at the default threshold',
  updates: 'updates in other phrasings',
} as const;

export type TruthClass = keyof typeof CLASSES;
/**
 * tune and report are the two halves of the original cases; dev is a third set, written independently
 * of them, used for development alongside tune.
 */
export type Split = 'tune' | 'report' | 'dev';
export type Mode = 'memories' | 'hybrid';

/**
 * Text to look for, case-insensitive, accents and curly quotes folded: a string, or a list of
 * acceptable forms (any one matches).
 */
export type Forms = string | string[];

/**
 * A container tag of the case: omitted is the case's own tag; a name ("b", "archive") is another
 * tag of the same case (`<case tag>-<name>`).
 */
export type TagRef = string | undefined;

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  name?: string;
}

/** One block of a generated PDF page. */
export type PdfBlock = { title: string } | { heading: string } | { text: string } | { caption: string } | { small: string };

export interface PdfSpec {
  /** Drawn at the top of every page (a running header). */
  header?: string;
  /** Drawn at the bottom of every page, followed by "Page n of m". */
  footer?: string;
  pages: PdfBlock[][];
}

export type Step =
  /** A text or markdown note (POST /v3/documents); with the customId of an earlier note, a re-add. */
  | { do: 'note'; as?: string; content: string; customId?: string; title?: string; tag?: TagRef; documentDate?: string }
  /** A conversation (POST /v4/conversations); the same conversationId again extends it. */
  | { do: 'chat'; as?: string; conversationId: string; messages: ChatMessage[]; tag?: TagRef; documentDate?: string }
  /** A web page served on 127.0.0.1, added by URL or uploaded as an .html file. */
  | { do: 'page'; as?: string; path: string; html: string; via: 'url' | 'file'; tag?: TagRef }
  /** A PDF made with pdf-lib and uploaded (POST /v3/documents/file). */
  | { do: 'pdf'; as?: string; file: string; pdf: PdfSpec; tag?: TagRef }
  /** A web-crawler connection over a small site served on 127.0.0.1. */
  | { do: 'crawl'; as: string; pages: Record<string, string>; start: string; tag?: TagRef }
  /** PATCH /v3/documents/{id}: new content, or a move to another tag of the case. */
  | { do: 'edit'; target: string; content?: string; moveTo?: string }
  /** DELETE /v3/documents/{id}. */
  | { do: 'delete'; target: string }
  /** DELETE /v3/documents/bulk, by documents or by tags of the case ("." is the case's own tag). */
  | { do: 'bulkDelete'; targets?: string[]; tags?: string[] }
  /** DELETE /v3/connections/{id} (its documents with it). */
  | { do: 'deleteConnection'; target: string }
  /** POST /v4/memories. */
  | { do: 'remember'; memories: { content: string; isStatic?: boolean }[]; tag?: TagRef };

export type Check =
  /** The query's answer is in one of the first `within` (3) results at the default threshold, in each mode (both by default);
   * with `above`, no result ranked before it holds one of these (old) values without the answer. */
  | { answer: string; expect: Forms; modes?: Mode[]; within?: number; above?: Forms; tag?: TagRef }
  /** No result of the query, at the default threshold, holds the text (each mode; both by default). */
  | { unfound: string; text: Forms; modes?: Mode[]; tag?: TagRef }
  /** One live memory (latest, not forgotten) holds every part. */
  | { live: Forms[]; tag?: TagRef }
  /** No live memory holds every part. */
  | { absent: Forms[]; tag?: TagRef }
  /** The new value is live and is a new version (version ≥ 2) or the old value is no longer live on its own. */
  | { version: { now: Forms; was: Forms }; tag?: TagRef }
  /** Profile (static + dynamic) holds / does not hold the text. */
  | { profileHas: Forms; tag?: TagRef }
  | { profileLacks: Forms; tag?: TagRef }
  /** No live memory carries a date suffix "(as of …". */
  | { noSuffix: true; tag?: TagRef }
  /** No live memory holds both facts. */
  | { oneFact: [Forms, Forms]; tag?: TagRef }
  /** The tag's documents and live memories, as /v3/container-tags/{tag} and the list endpoints count them. */
  | { count: { documents?: number; memories?: number | { min: number } }; tag?: TagRef }
  /** PATCH /v4/memories by content (the fact without any date wording) answers 2xx. */
  | { updateByContent: { content: string; newContent: string }; tag?: TagRef }
  /** DELETE /v4/memories by content answers 2xx. */
  | { forgetByContent: string; tag?: TagRef };

export interface TruthCase {
  id: string;
  class: TruthClass;
  split: Split;
  /** What the scenario is, in a line. */
  about: string;
  steps: Step[];
  checks: Check[];
}
