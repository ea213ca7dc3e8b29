import { attachmentLink } from './attachments.js';
import type { ConvertContext, ConverterResult } from './context.js';
import { IMAGE_MIME, imageDimensions, type ImageFormat } from './image-header.js';
import { joinBlocks } from './markdown.js';
import type { OcrSession } from './ocr.js';
import { ConversionError } from './types.js';

/** Refuses an image whose header is unreadable or promises more pixels than allowed, before decoding it. */
export function assertImageSize(bytes: Uint8Array, format: ImageFormat, maxPixels: number): void {
  const size = imageDimensions(bytes, format);
  if (!size || size.width <= 0 || size.height <= 0) throw new ConversionError(`invalid ${format.toUpperCase()} image: unreadable header`);
  const pixels = size.width * size.height;
  if (pixels > maxPixels) {
    throw new ConversionError(
      `image is ${size.width}×${size.height} (${Math.round(pixels / 1e6)} megapixels), more than the ${Math.round(maxPixels / 1e6)} allowed`,
    );
  }
}

/** The image itself, kept as an attachment and linked, followed by the text OCR finds in it. */
export async function convertImage(
  bytes: Uint8Array,
  format: ImageFormat,
  filename: string | null | undefined,
  ocr: OcrSession,
  { attachments, budget }: ConvertContext,
): Promise<ConverterResult> {
  assertImageSize(bytes, format, budget.limits.maxImagePixels);
  budget.progress('ocr', 0, 1);
  const text = await ocr.recognize(bytes, budget);
  budget.progress('ocr', 1, 1);
  const base =
    filename
      ?.split(/[\\/]/)
      .pop()
      ?.replace(/\.[^.]*$/, '') || 'image';
  const name = attachments.add(`${base}.${format === 'jpeg' ? 'jpg' : format}`, IMAGE_MIME[format], bytes);
  return { markdown: joinBlocks([name ? attachmentLink(name, IMAGE_MIME[format], base) : null, text]), title: null };
}
