import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { clampTitle } from './decode.js';
import { normalizeText } from './text.js';
import { ConversionError } from './types.js';

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

async function open(bytes: Uint8Array): Promise<PdfProxy> {
  try {
    // pdf.js takes ownership of (and may detach) the buffer it is given.
    return await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (err) {
    throw new ConversionError(`invalid or corrupt PDF: ${(err as Error).message}`, { cause: err });
  }
}

async function pdfTitle(pdf: PdfProxy): Promise<string | null> {
  try {
    const { info } = await getMeta(pdf);
    return typeof info?.Title === 'string' ? clampTitle(info.Title) : null;
  } catch {
    return null;
  }
}

export async function convertPdf(bytes: Uint8Array): Promise<{ markdown: string; title: string | null }> {
  const pdf = await open(bytes);
  try {
    let pages: string[];
    try {
      ({ text: pages } = await extractText(pdf, { mergePages: false }));
    } catch (err) {
      throw new ConversionError(`invalid or corrupt PDF: ${(err as Error).message}`, { cause: err });
    }
    const markdown = pages
      .map((page) => normalizeText(page))
      .filter((page) => page !== '')
      .join('\n\n');
    if (!markdown) throw new ConversionError('PDF has no extractable text');
    return { markdown, title: await pdfTitle(pdf) };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}
