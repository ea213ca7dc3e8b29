import { attachmentLink, mimeTypeOfName } from './attachments.js';
import type { ConvertContext } from './context.js';
import { nestHeadings, escapeInline, joinBlocks } from './markdown.js';
import { ConversionError } from './types.js';
import type { ZipArchive } from './zip.js';

const CONVERTIBLE = /\.(docx|xlsx|pptx|odt|ods|odp|csv|txt|pdf)$/i;

export function isConvertibleEmbedding(path: string): boolean {
  return CONVERTIBLE.test(path);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * One embedded object as a section of its host: converted on the host's
 * budget, its headings nested below its own heading at `level`. A failure becomes a note in the
 * markdown, never a failure of the host document.
 */
export async function embeddedSection(zip: ZipArchive, path: string, ctx: ConvertContext, level: number): Promise<string> {
  const name = baseName(path);
  const heading = `${'#'.repeat(Math.min(6, level))} Embedded: ${escapeInline(name)}`;
  if (!isConvertibleEmbedding(name)) return `_Embedded object ${escapeInline(name)} was not converted: unsupported format._`;
  try {
    const markdown = await ctx.convertEmbedded(await zip.read(path, ctx.budget), name);
    return `${heading}\n\n${nestHeadings(markdown, level + 1)}`;
  } catch (err) {
    if (!(err instanceof ConversionError)) throw err;
    return `${heading}\n\n_This embedded object could not be converted: ${escapeInline(err.message)}._`;
  }
}

/** Every convertible object under `prefix` (e.g. 'word/embeddings/'), as sections after the body. */
export async function embeddedObjects(zip: ZipArchive, prefix: string, ctx: ConvertContext): Promise<string> {
  const paths = zip.names().filter((name) => name.toLowerCase().startsWith(prefix) && isConvertibleEmbedding(name));
  const sections: string[] = [];
  for (const path of paths) sections.push(await embeddedSection(zip, path, ctx, 2));
  return joinBlocks(sections);
}

/**
 * Keeps a picture or media part of a container as an attachment; a part
 * that cannot be read is left out (null) rather than failing the document.
 */
export async function keepPart(zip: ZipArchive, path: string, ctx: ConvertContext): Promise<{ name: string; mimeType: string } | null> {
  if (!zip.has(path)) return null;
  let bytes: Uint8Array;
  try {
    bytes = await zip.read(path, ctx.budget);
  } catch (err) {
    if (err instanceof ConversionError) return null;
    throw err;
  }
  const mimeType = mimeTypeOfName(path);
  const name = ctx.attachments.add(path, mimeType, bytes);
  return name ? { name, mimeType } : null;
}

/** keepPart, as the markdown link to the kept file. */
export async function attachPart(zip: ZipArchive, path: string, ctx: ConvertContext, label: string): Promise<string | null> {
  const kept = await keepPart(zip, path, ctx);
  return kept ? attachmentLink(kept.name, kept.mimeType, label) : null;
}
