/**
 * Conversion throughput per format: pages (or slides, cells, images) per second and input MB/s.
 *
 *   npm run bench:convert
 *   BENCH_RUNS=5 npm run bench:convert      more timed runs per format (median reported)
 *
 * Every input is written here by the same writer libraries the tests use. Text formats have no
 * pages of their own, so for DOCX, ODT and EPUB a page is 500 words of the markdown produced.
 * Each format gets one untimed warm-up run; OCR'd formats start a fresh OCR worker every run,
 * as a real conversion does. Conversions run as the server runs them, in a ConversionPool thread;
 * BENCH_IN_PROCESS=1 runs them on the main thread instead. The last column is the longest the
 * main thread's event loop was held up while the format converted.
 *
 *   BENCH_IN_PROCESS=1 npm run bench:convert
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import * as XLSX from '@e965/xlsx';
import * as docxLibrary from 'docx';
import { ConversionPool, convertToMarkdown, type ConvertedDocument, type ConvertInput } from '../src/convert/index.js';
import { zipWithMimetype } from '../test/fixtures/convert/containers.js';
import { buildPptx, buildScannedPdf, buildTextPdf, textImage, textTiff } from '../test/fixtures/convert/office.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const IN_PROCESS = process.env.BENCH_IN_PROCESS === '1';
const pool = IN_PROCESS ? null : new ConversionPool({ size: 1, memoryMb: 1024 });
const convert = (input: ConvertInput) => (pool ? pool.convert(input) : convertToMarkdown(input));
const WORDS = (
  'harbour master logged arrival cargo carried crew brought ashore lantern orbit meadow quartz signal river copper ' +
  'atlas violet ember canyon ledger invoice shipment quarterly revenue forecast budget meeting minutes decision ' +
  'customer feedback release schedule warehouse inventory contract signature approval review'
).split(' ');

/** Deterministic prose that compresses like real text, not like one sentence repeated. */
function prose(seed: number, words: number): string {
  let state = seed;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out.push(WORDS[state % WORDS.length]!);
  }
  return `${out.join(' ')}.`;
}

// docx 9.7's declarations cannot be followed by NodeNext resolution; see test/fixtures/convert/office.ts.
const { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } = docxLibrary as any;

async function largeDocx(sections: number): Promise<Uint8Array> {
  const children: unknown[] = [];
  for (let s = 1; s <= sections; s++) {
    children.push(new Paragraph({ text: `Section ${s}`, heading: HeadingLevel.HEADING_1 }));
    for (let p = 0; p < 8; p++) children.push(new Paragraph(prose(s * 10 + p, 50)));
    const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
    children.push(new Table({ rows: [0, 1, 2, 3].map((r) => new TableRow({ children: [cell(`r${r}`), cell(`${r * s}`)] })) }));
  }
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));
}

function largeXlsx(rows: number, columns: number): Uint8Array {
  const data = [Array.from({ length: columns }, (_, c) => `Column ${c + 1}`)];
  for (let r = 0; r < rows; r++) data.push(Array.from({ length: columns }, (_, c) => (c === 0 ? `Row ${r}` : String(r * c))));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), 'Data');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data.slice(0, 200)), 'Summary');
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

function largeOdt(sections: number): Promise<Uint8Array> {
  let body = '';
  for (let s = 1; s <= sections; s++) {
    body += `<text:h text:outline-level="1">Section ${s}</text:h>`;
    for (let p = 0; p < 8; p++) body += `<text:p>${prose(s * 10 + p, 50)}</text:p>`;
  }
  const ns = 'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';
  return zipWithMimetype('application/vnd.oasis.opendocument.text', {
    'content.xml': `<?xml version="1.0"?><office:document-content ${ns}><office:body><office:text>${body}</office:text></office:body></office:document-content>`,
  });
}

function largeEpub(chapters: number): Promise<Uint8Array> {
  const files: Record<string, string> = {
    'META-INF/container.xml':
      '<?xml version="1.0"?><container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>' +
      '<rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
  };
  let manifest = '';
  let spine = '';
  for (let c = 1; c <= chapters; c++) {
    const paragraphs = Array.from({ length: 40 }, (_, p) => `<p>${prose(c * 100 + p, 34)}</p>`).join('');
    files[`c${c}.xhtml`] = `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><h1>Chapter ${c}</h1>${paragraphs}</body></html>`;
    manifest += `<item id="c${c}" href="c${c}.xhtml" media-type="application/xhtml+xml"/>`;
    spine += `<itemref idref="c${c}"/>`;
  }
  files['content.opf'] =
    '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">' +
    `<dc:title>Bench</dc:title></metadata><manifest>${manifest}</manifest><spine>${spine}</spine></package>`;
  return zipWithMimetype('application/epub+zip', files);
}

const wordPages = (doc: ConvertedDocument) => doc.markdown.split(/\s+/).length / 500;

interface Case {
  format: string;
  unit: string;
  bytes: Uint8Array;
  units: (doc: ConvertedDocument) => number;
  runs?: number;
}

async function cases(): Promise<Case[]> {
  const ocrRuns = Math.min(RUNS, 2);
  return [
    { format: 'PDF (text layer)', unit: 'pages', bytes: await buildTextPdf(100), units: () => 100 },
    { format: 'PDF (scanned, OCR)', unit: 'pages', bytes: await buildScannedPdf(), units: () => 2, runs: ocrRuns },
    { format: 'DOCX', unit: 'pages*', bytes: await largeDocx(60), units: wordPages },
    { format: 'XLSX', unit: 'cells', bytes: largeXlsx(2000, 10), units: (doc) => (doc.markdown.match(/^\| (?!---)/gm)?.length ?? 0) * 10 },
    { format: 'PPTX', unit: 'slides', bytes: await buildPptx(100), units: () => 100 },
    { format: 'ODT', unit: 'pages*', bytes: await largeOdt(60), units: wordPages },
    { format: 'EPUB', unit: 'pages*', bytes: await largeEpub(20), units: wordPages },
    {
      format: 'PNG (OCR)',
      unit: 'images',
      bytes: await textImage(['Quarterly report', 'Revenue grew 12 percent', 'Costs fell 3 percent']),
      units: () => 1,
      runs: ocrRuns,
    },
    { format: 'TIFF (OCR)', unit: 'images', bytes: await textTiff(['Archive page 7', 'Filed in March']), units: () => 1, runs: ocrRuns },
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measure(c: Case): Promise<string> {
  let doc = await convert({ bytes: c.bytes });
  const times: number[] = [];
  // The longest gap between ticks of a 10 ms timer, less the 10 ms: how long the loop could not answer.
  let longest = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 10);
    last = now;
  }, 10);
  for (let i = 0; i < (c.runs ?? RUNS); i++) {
    const started = process.hrtime.bigint();
    doc = await convert({ bytes: c.bytes });
    times.push(Number(process.hrtime.bigint() - started) / 1e9);
  }
  clearInterval(ticker);
  longest = Math.max(longest, performance.now() - last - 10);
  const seconds = median(times);
  const units = c.units(doc);
  const mb = c.bytes.byteLength / (1024 * 1024);
  const stall = `${Math.max(0, longest).toFixed(0)} ms`;
  return `| ${c.format} | ${(mb * 1024).toFixed(0)} KB | ${units.toFixed(units < 10 ? 1 : 0)} ${c.unit} | ${(seconds * 1000).toFixed(0)} ms | ${(units / seconds).toFixed(1)} | ${(mb / seconds).toFixed(2)} | ${stall} |`;
}

const rows: string[] = [];
for (const c of await cases()) {
  rows.push(await measure(c));
  process.stderr.write(`${rows[rows.length - 1]}\n`);
}
await pool?.close();
const where = IN_PROCESS ? 'on the main thread' : 'in a worker thread';
console.log(`\nnpm run bench:convert (BENCH_RUNS=${RUNS}, median, ${where}), Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`);
console.log(`uptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}\n`);
console.log('| format | input | units | time | units/s | MB/s | event loop held up |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
console.log('\n* 500 words of markdown output');
