import { chartMarkdown } from './chart.js';
import type { ConvertContext, ConverterResult } from './context.js';
import { clampTitle } from './decode.js';
import { paragraphText, tableMarkdown, textBodyMarkdown } from './drawingml.js';
import { attachPart, embeddedSection } from './embedded.js';
import { escapeInline, joinBlocks } from './markdown.js';
import { relationshipsOf, relKind, type Relationship } from './ooxml.js';
import { coreTitle } from './titles.js';
import { readXml } from './parts.js';
import { attr, child, children, childrenNamed, find, findAll, localName, type XmlNode } from './xml.js';
import { ConversionError } from './types.js';
import { ZipArchive } from './zip.js';

const PRESENTATION = 'ppt/presentation.xml';
const SKIPPED_PLACEHOLDERS = new Set(['sldNum', 'dt', 'ftr', 'hdr', 'sldImg']);

interface SlidePart {
  path: string;
  rels: Map<string, Relationship>;
  zip: ZipArchive;
  ctx: ConvertContext;
}

interface SlideContent {
  title: string | null;
  blocks: string[];
}

async function slidePaths(zip: ZipArchive, ctx: ConvertContext): Promise<string[]> {
  const presentation = await readXml(zip, PRESENTATION, ctx.budget);
  const rels = await relationshipsOf(zip, PRESENTATION, ctx.budget);
  return findAll(presentation, 'sldId')
    .map((slide) => rels.get(attr(slide, 'r:id') ?? ''))
    .filter((rel): rel is Relationship => rel !== undefined && !rel.external && zip.has(rel.target))
    .map((rel) => rel.target);
}

function placeholderType(shape: XmlNode): string | null {
  const ph = find(
    children(shape).filter((n) => localName(n) === 'nvSpPr'),
    'ph',
  );
  if (!ph) return null;
  return attr(ph, 'type') ?? 'body';
}

async function mediaLink(part: SlidePart, relId: string | undefined, label: string): Promise<string | null> {
  const rel = part.rels.get(relId ?? '');
  return rel && !rel.external ? attachPart(part.zip, rel.target, part.ctx, label) : null;
}

async function pictureBlock(part: SlidePart, pic: XmlNode): Promise<string | null> {
  const props = find([pic], 'cNvPr');
  const label = (props && (attr(props, 'descr') || attr(props, 'name'))) || 'image';
  const links = [await mediaLink(part, attr(find([pic], 'blip') ?? {}, 'r:embed'), label)];
  for (const media of [...findAll([pic], 'videoFile'), ...findAll([pic], 'audioFile'), ...findAll([pic], 'media')]) {
    links.push(await mediaLink(part, attr(media, 'r:embed') ?? attr(media, 'r:link'), label));
  }
  return joinBlocks(links);
}

async function graphicFrameBlock(part: SlidePart, frame: XmlNode): Promise<string | null> {
  const data = find([frame], 'graphicData');
  if (!data) return null;
  const table = find([data], 'tbl');
  if (table) return tableMarkdown(table);
  const ole = find([data], 'oleObj');
  const oleRel = ole ? part.rels.get(attr(ole, 'r:id') ?? '') : undefined;
  if (oleRel && !oleRel.external && part.zip.has(oleRel.target)) return embeddedSection(part.zip, oleRel.target, part.ctx, 3);
  const chart = find([data], 'chart');
  const chartRel = chart ? part.rels.get(attr(chart, 'r:id') ?? '') : undefined;
  if (chartRel && !chartRel.external && part.zip.has(chartRel.target)) {
    return chartMarkdown(await readXml(part.zip, chartRel.target, part.ctx.budget));
  }
  return null;
}

async function shapes(part: SlidePart, nodes: XmlNode[], content: SlideContent): Promise<void> {
  for (const node of nodes) {
    const name = localName(node);
    if (name === 'sp') {
      const type = placeholderType(node);
      const body = child(node, 'txBody');
      if (!body || (type && SKIPPED_PLACEHOLDERS.has(type))) continue;
      if ((type === 'title' || type === 'ctrTitle') && !content.title) {
        content.title =
          childrenNamed(body, 'p')
            .map((p) => paragraphText(p))
            .join(' ')
            .trim() || null;
      } else {
        content.blocks.push(textBodyMarkdown(body, part.rels, type === 'body' || type === 'obj'));
      }
    } else if (name === 'grpSp') {
      await shapes(part, children(node), content);
    } else if (name === 'AlternateContent') {
      await shapes(part, children(child(node, 'Choice') ?? {}), content);
    } else if (name === 'pic') {
      content.blocks.push((await pictureBlock(part, node)) ?? '');
    } else if (name === 'graphicFrame') {
      content.blocks.push((await graphicFrameBlock(part, node)) ?? '');
    }
  }
}

async function notesOf(part: SlidePart): Promise<string> {
  const rel = [...part.rels.values()].find((r) => relKind(r) === 'notesSlide' && !r.external);
  if (!rel || !part.zip.has(rel.target)) return '';
  const notes = await readXml(part.zip, rel.target, part.ctx.budget);
  const rels = await relationshipsOf(part.zip, rel.target, part.ctx.budget);
  return joinBlocks(
    findAll(notes, 'sp')
      .filter((shape) => placeholderType(shape) === 'body')
      .map((shape) => {
        const body = child(shape, 'txBody');
        return body ? textBodyMarkdown(body, rels, false) : '';
      }),
  );
}

async function slideSection(zip: ZipArchive, path: string, number: number, ctx: ConvertContext): Promise<SlideContent & { markdown: string }> {
  const part: SlidePart = { path, zip, ctx, rels: await relationshipsOf(zip, path, ctx.budget) };
  const tree = find(await readXml(zip, path, ctx.budget), 'spTree');
  const content: SlideContent = { title: null, blocks: [] };
  if (tree) await shapes(part, children(tree), content);
  const notes = await notesOf(part);
  const heading = `## Slide ${number}${content.title ? `: ${escapeInline(content.title)}` : ''}`;
  const markdown = joinBlocks([heading, ...content.blocks, notes ? `### Speaker notes\n\n${notes}` : null]);
  return { ...content, markdown };
}

/** One section per slide in presentation order: title, text, tables, charts, media, embedded objects, notes. */
export async function convertPptx(bytes: Uint8Array, ctx: ConvertContext): Promise<ConverterResult> {
  const zip = ZipArchive.open(bytes, ctx.budget.limits);
  if (!zip.has(PRESENTATION)) throw new ConversionError('invalid PPTX: no ppt/presentation.xml');
  const all = await slidePaths(zip, ctx);
  const paths = all.slice(0, ctx.budget.limits.maxSlides);
  const sections: string[] = [];
  let firstTitle: string | null = null;
  for (const [i, path] of paths.entries()) {
    const slide = await slideSection(zip, path, i + 1, ctx);
    firstTitle ??= slide.title;
    sections.push(slide.markdown);
    ctx.budget.progress('slides', i + 1, paths.length);
    ctx.budget.checkTime();
  }
  if (all.length > paths.length) sections.push(`_Only the first ${paths.length} slides of ${all.length} were converted._`);
  return { markdown: joinBlocks(sections), title: (await coreTitle(zip, ctx.budget)) ?? clampTitle(firstTitle) };
}
