import { attachPart } from './embedded.js';
import type { ConvertContext, ConverterResult } from './context.js';
import { clampTitle } from './decode.js';
import { joinBlocks } from './markdown.js';
import { blocks, inline, noteDefinitions, readOdfStyles, type OdfRenderer } from './odf-text.js';
import { readXml, readXmlIfPresent } from './parts.js';
import { odfTitle } from './titles.js';
import { ConversionError } from './types.js';
import { attr, child, children, childrenNamed, find, findAll, localName, textValue, type XmlNode } from './xml.js';
import { ZipArchive } from './zip.js';

interface OdfDocument {
  zip: ZipArchive;
  body: XmlNode;
  renderer: OdfRenderer;
}

/** Stores every picture the content links to, keyed by its href, before rendering. */
async function collectImages(zip: ZipArchive, body: XmlNode, ctx: ConvertContext): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  for (const frame of findAll([body], 'frame')) {
    const label = frameLabel(frame);
    for (const image of childrenNamed(frame, 'image')) {
      const href = attr(image, 'xlink:href') ?? '';
      const path = href.replace(/^\.\//, '');
      if (links.has(href) || !path || /^[a-z]+:/i.test(path)) continue;
      const link = await attachPart(zip, path, ctx, label);
      if (link) links.set(href, link);
    }
  }
  return links;
}

function frameLabel(frame: XmlNode): string {
  const desc = child(frame, 'desc') ?? child(frame, 'title');
  const text = desc ? children(desc).map(textValue).join('') : '';
  return text.trim() || attr(frame, 'draw:name') || 'image';
}

async function openOdf(bytes: Uint8Array, ctx: ConvertContext, bodyName: 'text' | 'presentation'): Promise<OdfDocument> {
  const zip = ZipArchive.open(bytes, ctx.budget.limits);
  if (!zip.has('content.xml')) throw new ConversionError('invalid OpenDocument file: no content.xml');
  const content = await readXml(zip, 'content.xml', ctx.budget);
  const body = find(content, 'body');
  const inner = body ? child(body, bodyName) : undefined;
  if (!inner) throw new ConversionError(`invalid OpenDocument file: no office:${bodyName} body`);
  const styles = readOdfStyles(content, await readXmlIfPresent(zip, 'styles.xml', ctx.budget));
  const images = await collectImages(zip, inner, ctx);
  return { zip, body: inner, renderer: { styles, images, notes: [], maxColumns: ctx.budget.limits.maxColumnsPerSheet } };
}

/** ODT: headings, paragraphs, lists, tables, images and notes in document order. */
export async function convertOdt(bytes: Uint8Array, ctx: ConvertContext): Promise<ConverterResult> {
  const { zip, body, renderer } = await openOdf(bytes, ctx, 'text');
  const parts = blocks(children(body), renderer);
  const firstHeading = parts.find((part) => part.startsWith('#'))?.replace(/^#+ /, '');
  return {
    markdown: joinBlocks([...parts, noteDefinitions(renderer)]),
    title: (await odfTitle(zip, ctx.budget)) ?? clampTitle(firstHeading),
  };
}

function frameClass(frame: XmlNode): string | undefined {
  return attr(frame, 'presentation:class');
}

/** ODP: one section per draw:page with its title, content and speaker notes. */
export async function convertOdp(bytes: Uint8Array, ctx: ConvertContext): Promise<ConverterResult> {
  const { zip, body, renderer } = await openOdf(bytes, ctx, 'presentation');
  const all = childrenNamed(body, 'page');
  const pages = all.slice(0, ctx.budget.limits.maxSlides);
  const sections: string[] = [];
  let firstTitle: string | null = null;
  for (const [i, page] of pages.entries()) {
    const shapes = children(page).filter((node) => localName(node) !== 'notes');
    const titleFrame = shapes.find((node) => frameClass(node) === 'title');
    const title = titleFrame ? inline(children(titleFrame), renderer).replace(/\s+/g, ' ').trim() : '';
    firstTitle ??= title || null;
    const content = blocks(
      shapes.filter((node) => node !== titleFrame),
      renderer,
    );
    const notesNode = childrenNamed(page, 'notes')[0];
    const notes = notesNode
      ? blocks(
          children(notesNode).filter((node) => frameClass(node) === 'notes'),
          renderer,
        )
      : [];
    sections.push(joinBlocks([`## Slide ${i + 1}${title ? `: ${title}` : ''}`, ...content, notes.length ? `### Speaker notes\n\n${joinBlocks(notes)}` : null]));
    ctx.budget.progress('slides', i + 1, pages.length);
    ctx.budget.checkTime();
  }
  if (all.length > pages.length) sections.push(`_Only the first ${pages.length} slides of ${all.length} were converted._`);
  return {
    markdown: joinBlocks([...sections, noteDefinitions(renderer)]),
    title: (await odfTitle(zip, ctx.budget)) ?? clampTitle(firstTitle),
  };
}
