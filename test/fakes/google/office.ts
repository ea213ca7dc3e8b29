import * as XLSX from '@e965/xlsx';
import PptxGenJSModule from 'pptxgenjs';

// pptxgenjs's declarations are CommonJS-shaped; `import` loads its ES build, whose default export is the class.
const PptxGenJS = PptxGenJSModule as unknown as typeof PptxGenJSModule.default;

/** A Google Sheet as Drive exports it: one XLSX worksheet per sheet. */
export function sheetToXlsx(sheets: Record<string, (string | number)[][]>): Buffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Google Slides as Drive exports them: one PPTX slide per slide, with its title and body text. */
export async function slidesToPptx(slides: { title: string; body: string }[]): Promise<Buffer> {
  const pptx = new PptxGenJS();
  for (const { title, body } of slides) {
    const slide = pptx.addSlide();
    slide.addText(title, { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 28 });
    slide.addText(body, { x: 0.5, y: 1.5, w: 9, h: 3, fontSize: 16 });
  }
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}
