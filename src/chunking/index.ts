/**
 * The markdown chunker: reads the text as blocks (read-blocks.ts), splits blocks too large for a
 * chunk (split.ts) and packs them into chunks with their heading paths (pack.ts).
 */
import { Packer } from './pack.js';
import { readBlocks } from './read-blocks.js';

export interface ChunkOptions {
  /** Maximum chunk length in characters. */
  size?: number;
  /** Maximum length in characters of the prose carried over from the previous chunk. */
  overlap?: number;
}

export const DEFAULT_CHUNK_SIZE = 1000;
export const DEFAULT_CHUNK_OVERLAP = 120;
export const MIN_CHUNK_SIZE = 100;
export const MAX_CHUNK_SIZE = 8000;

const OVERLAP_RATIO = DEFAULT_CHUNK_OVERLAP / DEFAULT_CHUNK_SIZE;
const MAX_CHUNK_OVERLAP = 400;

export interface MarkdownChunk {
  /** 0-based index of the chunk in the document. */
  position: number;
  content: string;
  /** Titles of the headings in force for the chunk's content, outermost first. */
  headingPath: string[];
  /**
   * Span of the chunk in the input, overlap included. `input.slice(startOffset, endOffset)`
   * equals `content` unless the chunk repeats a table header or re-opens/closes a code fence
   * (then the span covers the rows/lines taken from the source), or the input used CRLF
   * line endings (content is always LF).
   */
  startOffset: number;
  endOffset: number;
}

export function resolveChunkOptions(chunkSize: number | null | undefined): Required<ChunkOptions> {
  if (chunkSize == null || chunkSize === -1 || !Number.isFinite(chunkSize)) {
    return { size: DEFAULT_CHUNK_SIZE, overlap: DEFAULT_CHUNK_OVERLAP };
  }
  const size = Math.min(MAX_CHUNK_SIZE, Math.max(MIN_CHUNK_SIZE, Math.round(chunkSize)));
  return { size, overlap: scaledOverlap(size) };
}

function scaledOverlap(size: number): number {
  return Math.min(MAX_CHUNK_OVERLAP, Math.round(size * OVERLAP_RATIO));
}

function normalizeOptions(options: ChunkOptions): Required<ChunkOptions> {
  const size = typeof options.size === 'number' && Number.isFinite(options.size) && options.size >= 1 ? Math.floor(options.size) : DEFAULT_CHUNK_SIZE;
  const requested = typeof options.overlap === 'number' && Number.isFinite(options.overlap) ? Math.floor(options.overlap) : scaledOverlap(size);
  return { size, overlap: Math.max(0, Math.min(requested, Math.floor(size / 2))) };
}

export function chunkMarkdown(markdown: string, options: ChunkOptions = {}): MarkdownChunk[] {
  if (!/\S/.test(markdown)) return [];
  const { size, overlap } = normalizeOptions(options);

  // marked normalises line endings itself; doing it up front keeps token raws aligned with `src`.
  const src = markdown.includes('\r') ? markdown.replace(/\r\n?/g, '\n') : markdown;
  const offsetMap = src === markdown ? null : buildOffsetMap(markdown, src.length);
  const toInput = (i: number) => (offsetMap ? offsetMap[i] : i);

  const packer = new Packer(src, size, overlap);
  const drafts = packer.run(readBlocks(src));
  return drafts.map((d, position) => ({
    position,
    content: d.content,
    headingPath: d.headingPath,
    startOffset: toInput(d.start),
    endOffset: toInput(d.end),
  }));
}

/** Maps each index of the LF-normalised text back to the original (CR/CRLF) input. */
function buildOffsetMap(input: string, normalizedLength: number): Int32Array {
  const map = new Int32Array(normalizedLength + 1);
  let j = 0;
  for (let i = 0; i < input.length; i++) {
    map[j++] = i;
    if (input.charCodeAt(i) === 13 && input.charCodeAt(i + 1) === 10) i++;
  }
  map[j] = input.length;
  return map;
}
