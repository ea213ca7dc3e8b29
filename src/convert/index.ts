import { AttachmentSink } from './attachments.js';
import type { ConvertContext, ConverterResult } from './context.js';
import { convertConversation } from './conversation.js';
import { convertCsv } from './csv.js';
import { assertTextual, charsetOf, decodeText } from './decode.js';
import { CANONICAL_MIME, detectKind, type Kind } from './detect.js';
import { convertDocx } from './docx.js';
import { convertEpub } from './epub.js';
import { convertHtml } from './html.js';
import { convertImage } from './image.js';
import { convertJson } from './json.js';
import { Budget, resolveLimits, type ConversionLimits } from './limits.js';
import { isStackOverflow } from './nesting.js';
import { OcrSession } from './ocr.js';
import { convertOdp, convertOdt } from './odf.js';
import { convertPdf } from './pdf.js';
import { convertPptx } from './pptx.js';
import { convertSpreadsheet } from './spreadsheet.js';
import { storableDocument } from './storable-document.js';
import { storableMediaType, storableText } from './storable-text.js';
import { convertText } from './text.js';
import { ConversionError, type ConvertedDocument, type ConvertInput, type DocumentType } from './types.js';

export { ConversionError, DOCUMENT_TYPES } from './types.js';
export type { Attachment, ConvertedDocument, ConvertInput, ConvertProgress, DocumentFormat, DocumentType } from './types.js';
export { ATTACHMENT_SCHEME } from './attachments.js';
export { DEFAULT_LIMITS } from './limits.js';
export { ConversionPool, type ConversionPoolOptions } from './pool.js';
export type { ConversionLimits } from './limits.js';
export { FetchError, fetchUrl } from './fetch-url.js';
export { storableText } from './storable-text.js';
export type { FetchedResource, FetchUrlOptions } from './fetch-url.js';

type TextKind = 'html' | 'csv' | 'json' | 'conversation' | 'markdown' | 'text';

function convertDecoded(kind: TextKind, text: string, url: string | null | undefined, limits: ConversionLimits): ConverterResult {
  switch (kind) {
    case 'html':
      return convertHtml(text, url, limits.maxNestingDepth);
    case 'csv':
      return convertCsv(text);
    case 'json':
      return convertJson(text, limits.maxNestingDepth);
    case 'conversation':
      return convertConversation(text, limits.maxNestingDepth);
    case 'markdown':
    case 'text':
      return convertText(text);
  }
}

/** The SDK's document types have no office or data formats: those are 'text', with the format kept in `format`. */
function documentType(kind: Kind, url: string | null | undefined): DocumentType {
  switch (kind) {
    case 'pdf':
    case 'conversation':
      return kind;
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'webp':
    case 'tiff':
      return 'image';
    case 'html':
      return url ? 'webpage' : 'text';
    default:
      return 'text';
  }
}

interface Job {
  input: ConvertInput;
  /** The input decoded as text, done once and only when a text format needs it. */
  text: () => string;
  ctx: ConvertContext;
  ocr: OcrSession;
}

async function convertKind(kind: Kind, job: Job): Promise<ConverterResult> {
  const { ctx, ocr } = job;
  const { bytes, filename } = job.input;
  switch (kind) {
    case 'pdf':
      return convertPdf(bytes, ocr, ctx.budget);
    case 'docx':
      return convertDocx(bytes, ctx);
    case 'xlsx':
    case 'ods':
      return convertSpreadsheet(bytes, ctx);
    case 'pptx':
      return convertPptx(bytes, ctx);
    case 'odt':
      return convertOdt(bytes, ctx);
    case 'odp':
      return convertOdp(bytes, ctx);
    case 'epub':
      return convertEpub(bytes, ctx);
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'webp':
    case 'tiff':
      return convertImage(bytes, kind, filename, ocr, ctx);
    default:
      assertTextual(job.text());
      // A few NULs pass as text (under the binary threshold); they carry nothing and cannot be stored.
      return convertDecoded(kind, storableText(job.text()), job.input.url, job.ctx.budget.limits);
  }
}

function lazyText(bytes: Uint8Array, contentType: string | null | undefined): () => string {
  let decoded: string | undefined;
  return () => (decoded ??= decodeText(bytes, charsetOf(contentType)));
}

/** A document embedded in another, detected by its bytes and name and converted on the host's budget. */
function embedder(job: Job): ConvertContext['convertEmbedded'] {
  return async (bytes, filename) => {
    const { budget } = job.ctx;
    if (budget.embedDepth >= budget.limits.maxEmbedDepth) throw new ConversionError('objects nested this deep are not converted');
    const nested: Job = {
      ...job,
      input: { bytes, filename },
      text: lazyText(bytes, null),
      ctx: { ...job.ctx, budget: budget.nested() },
    };
    nested.ctx.convertEmbedded = embedder(nested);
    const { kind } = detectKind(nested.input, nested.text, budget.limits);
    return (await convertKind(kind, nested)).markdown;
  };
}

/**
 * Converts raw bytes into markdown, with the files it carries as attachments.
 * Throws ConversionError for unsupported, corrupt, hostile or empty input,
 * and for input that exceeds the limits; that error is permanent and never
 * worth retrying.
 */
export async function convertToMarkdown(input: ConvertInput): Promise<ConvertedDocument> {
  const limits = resolveLimits(input.limits);
  const text = lazyText(input.bytes, input.contentType);
  const { kind, mediaType } = detectKind(input, text, limits);

  const ocr = new OcrSession();
  const attachments = new AttachmentSink(limits.maxAttachments, limits.maxAttachmentBytes);
  const ctx: ConvertContext = { budget: Budget.start(limits, input.onProgress), attachments, convertEmbedded: async () => '' };
  const job: Job = { input, text, ocr, ctx };
  ctx.convertEmbedded = embedder(job);

  let result: ConverterResult;
  try {
    result = await convertKind(kind, job);
  } catch (error) {
    // Each converter bounds the nesting it knows of; whatever recursion is left still fails with a reason.
    throw !(error instanceof ConversionError) && isStackOverflow(error)
      ? new ConversionError('document nested too deeply to convert', { cause: error })
      : error;
  } finally {
    await ocr.close();
  }
  // JSON escapes (\u0000, lone \ud800) and PDF or office text can still produce what cannot be stored.
  let markdown = storableText(result.markdown);
  if (markdown.trim() === '') throw new ConversionError('document has no text content');
  if (attachments.dropped) {
    markdown += `\n\n_${attachments.dropped} embedded file${attachments.dropped === 1 ? ' was' : 's were'} not kept: attachment limit reached._`;
  }

  return storableDocument({
    markdown,
    title: result.title,
    titleGuessed: result.titleGuessed ?? false,
    type: documentType(kind, input.url),
    format: kind,
    mimeType: storableMediaType(mediaType, CANONICAL_MIME[kind]),
    attachments: attachments.all(),
    droppedAttachments: attachments.dropped,
  });
}
