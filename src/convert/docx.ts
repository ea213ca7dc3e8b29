import mammoth from 'mammoth';
import { parseHTML } from 'linkedom';
import { ATTACHMENT_SCHEME, extensionOfMime } from './attachments.js';
import { chartMarkdown } from './chart.js';
import type { ConvertContext, ConverterResult } from './context.js';
import { clampTitle } from './decode.js';
import { joinBlocks } from './markdown.js';
import { coreTitle } from './titles.js';
import { readXml, verifyArchive } from './parts.js';
import { normalizeText } from './text.js';
import { addNoteRules, createTurndown, promoteFirstRowToHeader } from './turndown.js';
import { ConversionError } from './types.js';
import { embeddedObjects } from './embedded.js';
import { ZipArchive } from './zip.js';

const CHART_PART = /^word\/charts\/chart(\d+)\.xml$/i;

/**
 * mammoth drops charts; their cached data follows the body instead, in the
 * order Word numbers them (the order they were inserted).
 */
async function chartSections(zip: ZipArchive, ctx: ConvertContext): Promise<string[]> {
  const parts = zip
    .names()
    .filter((name) => CHART_PART.test(name))
    .sort((a, b) => Number(CHART_PART.exec(a)![1]) - Number(CHART_PART.exec(b)![1]));
  const sections: string[] = [];
  for (const part of parts) sections.push((await chartMarkdown(await readXml(zip, part, ctx.budget))) ?? '');
  return sections;
}

/** Word headings, lists, emphasis, links, tables and notes through mammoth's semantic HTML. */
export async function convertDocx(bytes: Uint8Array, ctx: ConvertContext): Promise<ConverterResult> {
  const zip = ZipArchive.open(bytes, ctx.budget.limits);
  if (!zip.has('word/document.xml')) throw new ConversionError('invalid DOCX: no word/document.xml');
  // mammoth builds a tree of every Word part it reads.
  await verifyArchive(zip, ctx.budget, /^word\/[^/]+\.xml$/i);

  let imageCount = 0;
  const convertImage = mammoth.images.imgElement(async (image) => {
    const data = await image.readAsBuffer().catch(() => null);
    if (!data) return { src: '' };
    const name = ctx.attachments.add(`image${++imageCount}.${extensionOfMime(image.contentType)}`, image.contentType, data);
    return { src: name ? `${ATTACHMENT_SCHEME}${name}` : '' };
  });

  let html: string;
  try {
    ({ value: html } = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      { convertImage, externalFileAccess: false, ignoreEmptyParagraphs: true },
    ));
  } catch (err) {
    if (err instanceof ConversionError) throw err;
    throw new ConversionError(`invalid or corrupt DOCX: ${(err as Error).message}`, { cause: err });
  }
  ctx.budget.checkTime();

  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  promoteFirstRowToHeader(document.body as unknown as ParentNode);
  const turndown = createTurndown();
  addNoteRules(turndown);
  const body = normalizeText(turndown.turndown(document.body.innerHTML)).replace(/\n{3,}/g, '\n\n');
  const charts = await chartSections(zip, ctx);
  const embedded = await embeddedObjects(zip, 'word/embeddings/', ctx);

  const firstHeading = /^#{1,6} (.+)$/m.exec(body)?.[1];
  return {
    markdown: joinBlocks([body, ...charts, embedded]),
    title: (await coreTitle(zip, ctx.budget)) ?? clampTitle(firstHeading),
  };
}
