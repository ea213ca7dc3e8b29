import { createIsomorphicCanvasFactory, getDocumentProxy, getMeta, renderPageAsImage } from 'unpdf';
import type { ConverterResult } from './context.js';
import { clampTitle } from './decode.js';
import type { Budget } from './limits.js';
import { joinBlocks } from './markdown.js';
import type { OcrSession } from './ocr.js';
import { normalizeText } from './text.js';
import { isStackOverflow } from './nesting.js';
import { ConversionError } from './types.js';

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

const canvasImport = () => import('@napi-rs/canvas');
/** Scanned pages are rendered at up to 2× (144 dpi) and never above this many pixels. */
const OCR_SCALE = 2;
const OCR_MAX_PIXELS = 8_000_000;

async function open(bytes: Uint8Array): Promise<{ pdf: PdfProxy; canRender: boolean }> {
  // Rendering a page for OCR needs the canvas factory from the start; text extraction does not.
  const CanvasFactory = await createIsomorphicCanvasFactory(canvasImport).catch(() => undefined);
  try {
    // pdf.js takes ownership of (and may detach) the buffer it is given.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, ...(CanvasFactory ? { CanvasFactory } : {}) });
    return { pdf, canRender: CanvasFactory !== undefined };
  } catch (err) {
    throw pdfError(err);
  }
}

/** pdf.js failed: the file is corrupt, or nests its objects deeper than pdf.js can recurse. */
function pdfError(err: unknown): ConversionError {
  const reason = isStackOverflow(err) ? 'objects nested too deeply to read' : (err as Error).message;
  return new ConversionError(`invalid or corrupt PDF: ${reason}`, { cause: err });
}

/** The Title of the document information dictionary, else the XMP dc:title. */
async function pdfTitle(pdf: PdfProxy): Promise<string | null> {
  try {
    const { info, metadata } = await getMeta(pdf);
    const title = typeof info?.Title === 'string' ? clampTitle(info.Title) : null;
    return title ?? clampTitle(metadata?.get('dc:title') ?? null);
  } catch {
    return null;
  }
}

interface TextItem {
  str?: string;
  hasEOL?: boolean;
  /** The text matrix: its fourth entry is the font's height on the page. */
  transform?: number[];
}

/** A page's text, its lines set larger than the body text (titles, headings) marked as markdown headings. */
async function pageText(pdf: PdfProxy, number: number): Promise<string> {
  const page = await pdf.getPage(number);
  const content = await page.getTextContent();
  const lines: { text: string; size: number }[] = [{ text: '', size: 0 }];
  for (const item of content.items as TextItem[]) {
    const line = lines[lines.length - 1];
    line.text += item.str ?? '';
    if (item.str?.trim()) line.size = Math.max(line.size, Math.abs(item.transform?.[3] ?? 0));
    if (item.hasEOL) lines.push({ text: '', size: 0 });
  }
  page.cleanup();
  const body = bodySize(lines);
  return normalizeText(lines.map((line) => (isHeading(line, body) ? `## ${line.text.trim()}` : line.text)).join('\n'));
}

/** The size most of a page's letters are set in. */
function bodySize(lines: { text: string; size: number }[]): number {
  const letters = new Map<number, number>();
  for (const line of lines) letters.set(Math.round(line.size), (letters.get(Math.round(line.size)) ?? 0) + line.text.trim().length);
  return [...letters].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/** A short line, not ended like a sentence, set at least a quarter larger than the body: a title or heading. */
function isHeading(line: { text: string; size: number }, body: number): boolean {
  const text = line.text.trim();
  return body > 0 && line.size >= body * 1.25 && text.length <= 120 && /\p{L}/u.test(text) && !/[.!?:;,]["')\]]*$/.test(text);
}

async function ocrPage(pdf: PdfProxy, number: number, ocr: OcrSession, budget: Budget): Promise<string> {
  const page = await pdf.getPage(number);
  const { width, height } = page.getViewport({ scale: 1 });
  const scale = Math.min(OCR_SCALE, Math.sqrt(OCR_MAX_PIXELS / Math.max(1, width * height)));
  const image = await renderPageAsImage(pdf, number, { canvasImport, scale });
  page.cleanup();
  budget.checkTime();
  return ocr.recognize(new Uint8Array(image), budget);
}

/**
 * The text layer of every page; a page without one is rendered and OCR'd
 * (up to maxOcrPages of them). The title comes from the PDF's metadata.
 */
export async function convertPdf(bytes: Uint8Array, ocr: OcrSession, budget: Budget): Promise<ConverterResult> {
  const { pdf, canRender } = await open(bytes);
  try {
    const { maxPdfPages, maxOcrPages } = budget.limits;
    const count = Math.min(pdf.numPages, maxPdfPages);
    const pages: string[] = [];
    let ocrd = 0;
    let skipped = 0;
    for (let number = 1; number <= count; number++) {
      let text: string;
      try {
        text = await pageText(pdf, number);
        if (!text && canRender && ocrd < maxOcrPages) {
          ocrd++;
          text = await ocrPage(pdf, number, ocr, budget);
        } else if (!text) {
          skipped++;
        }
      } catch (err) {
        if (err instanceof ConversionError) throw err;
        throw pdfError(err);
      }
      pages.push(text);
      budget.progress('pages', number, count);
      budget.checkTime();
    }
    const notes = [
      pdf.numPages > count ? `_Only the first ${count} pages of ${pdf.numPages} were converted._` : null,
      skipped ? `_${skipped} page${skipped === 1 ? ' without a text layer was' : 's without a text layer were'} not OCR'd._` : null,
    ];
    const markdown = joinBlocks([...pages, ...notes]);
    if (!pages.some((page) => page !== '')) throw new ConversionError('PDF has no extractable text');
    return { markdown, title: await pdfTitle(pdf) };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}
