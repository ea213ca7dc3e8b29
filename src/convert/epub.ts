import { parseHTML } from 'linkedom';
import { ATTACHMENT_SCHEME } from './attachments.js';
import type { ConvertContext, ConverterResult } from './context.js';
import { clampTitle } from './decode.js';
import { keepPart } from './embedded.js';
import { joinBlocks } from './markdown.js';
import { assertXmlPartSize, readXml, resolvePartPath } from './parts.js';
import { normalizeText } from './text.js';
import { createTurndown, promoteFirstRowToHeader } from './turndown.js';
import { assertHtmlDepth } from './nesting.js';
import { ConversionError } from './types.js';
import { allText, assertSafeXml, attr, find, findAll } from './xml.js';
import { ZipArchive } from './zip.js';

interface Package {
  title: string | null;
  /** Content documents in reading order. */
  chapters: string[];
}

async function readPackage(zip: ZipArchive, ctx: ConvertContext): Promise<Package> {
  if (!zip.has('META-INF/container.xml')) throw new ConversionError('invalid EPUB: no META-INF/container.xml');
  const container = await readXml(zip, 'META-INF/container.xml', ctx.budget);
  const opfPath = attr(find(container, 'rootfile') ?? {}, 'full-path');
  if (!opfPath || !zip.has(opfPath)) throw new ConversionError('invalid EPUB: no package document');
  const opf = await readXml(zip, opfPath, ctx.budget);
  const manifest = new Map<string, string>();
  for (const item of findAll(opf, 'item')) {
    const id = attr(item, 'id');
    const href = attr(item, 'href');
    if (id && href) manifest.set(id, resolvePartPath(opfPath, href));
  }
  const chapters = findAll(opf, 'itemref')
    .map((ref) => manifest.get(attr(ref, 'idref') ?? ''))
    .filter((path): path is string => path !== undefined && zip.has(path));
  const metadata = find(opf, 'metadata');
  const title = metadata ? find([metadata], 'title') : undefined;
  return { title: title ? clampTitle(allText(title)) : null, chapters };
}

async function chapterMarkdown(zip: ZipArchive, path: string, ctx: ConvertContext): Promise<string> {
  assertXmlPartSize(zip, path, ctx.budget);
  const xhtml = await zip.text(path, ctx.budget);
  assertSafeXml(xhtml, ctx.budget.limits.maxXmlDepth, path);
  // Read as HTML, `<div/>` opens an element: the XML depth does not bound the tree.
  assertHtmlDepth(xhtml, ctx.budget.limits.maxNestingDepth);
  const { document } = parseHTML(xhtml);
  for (const node of document.querySelectorAll('script, style, nav[epub\\:type="toc"]')) node.remove();
  for (const img of document.querySelectorAll('img[src], image')) {
    const src = img.getAttribute('src') ?? img.getAttribute('xlink:href') ?? img.getAttribute('href') ?? '';
    const target = resolvePartPath(path, src);
    const alt = img.getAttribute('alt') ?? '';
    const kept = /^[a-z]+:/i.test(src) ? null : await keepPart(zip, target, ctx);
    if (!kept) {
      img.remove();
      continue;
    }
    const replacement = document.createElement('img');
    replacement.setAttribute('src', `${ATTACHMENT_SCHEME}${kept.name}`);
    replacement.setAttribute('alt', alt || 'image');
    img.replaceWith(replacement);
  }
  // Links inside the book (chapters, notes) mean nothing once it is one markdown document.
  for (const link of document.querySelectorAll('a')) {
    if (!/^(https?:|mailto:)/i.test(link.getAttribute('href') ?? '')) link.removeAttribute('href');
  }
  const body = document.querySelector('body') ?? document.documentElement;
  promoteFirstRowToHeader(body as unknown as ParentNode);
  return normalizeText(createTurndown().turndown(body.innerHTML ?? '')).replace(/\n{3,}/g, '\n\n');
}

/** The spine's content documents in reading order, images kept as attachments. */
export async function convertEpub(bytes: Uint8Array, ctx: ConvertContext): Promise<ConverterResult> {
  const zip = ZipArchive.open(bytes, ctx.budget.limits);
  const { title, chapters } = await readPackage(zip, ctx);
  const parts: string[] = [];
  for (const [i, path] of chapters.entries()) {
    parts.push(await chapterMarkdown(zip, path, ctx));
    ctx.budget.progress('chapters', i + 1, chapters.length);
    ctx.budget.checkTime();
  }
  return { markdown: joinBlocks(parts), title };
}
