import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import type { PdfBlock, PdfSpec } from './types.js';

/** A small web site on 127.0.0.1 for one case: its pages by path, anything else 404 (robots.txt too). */
export interface Site {
  origin: string;
  close(): Promise<void>;
}

export async function serveSite(pages: Record<string, string>): Promise<Site> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const html = pages[path];
    if (html === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const PAGE = { width: 595, height: 842, margin: 56 };

function styleOf(block: PdfBlock): { text: string; size: number; bold: boolean; italic: boolean; gapBefore: number } {
  if ('title' in block) return { text: block.title, size: 20, bold: true, italic: false, gapBefore: 6 };
  if ('heading' in block) return { text: block.heading, size: 14, bold: true, italic: false, gapBefore: 14 };
  if ('caption' in block) return { text: block.caption, size: 9, bold: false, italic: true, gapBefore: 6 };
  if ('small' in block) return { text: block.small, size: 9, bold: false, italic: false, gapBefore: 6 };
  return { text: block.text, size: 11, bold: false, italic: false, gapBefore: 8 };
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF laid out like a short report: a running header and footer, wrapped paragraphs, small italic captions. */
export async function buildPdf(spec: PdfSpec): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
  };
  const width = PAGE.width - 2 * PAGE.margin;
  spec.pages.forEach((blocks, index) => {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    if (spec.header) page.drawText(spec.header, { x: PAGE.margin, y: PAGE.height - 32, size: 8, font: fonts.regular });
    const footer = `${spec.footer ? `${spec.footer}   ` : ''}Page ${index + 1} of ${spec.pages.length}`;
    page.drawText(footer, { x: PAGE.margin, y: 28, size: 8, font: fonts.regular });
    let y = PAGE.height - PAGE.margin - 10;
    for (const block of blocks) {
      const style = styleOf(block);
      const font = style.bold ? fonts.bold : style.italic ? fonts.italic : fonts.regular;
      y -= style.gapBefore;
      for (const line of wrap(style.text, font, style.size, width)) {
        y -= style.size * 1.35;
        page.drawText(line, { x: PAGE.margin, y, size: style.size, font });
      }
    }
  });
  return pdf.save();
}
