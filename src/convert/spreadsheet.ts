import * as XLSX from '@e965/xlsx';
import type { ConvertContext, ConverterResult } from './context.js';
import { clampTitle } from './decode.js';
import { escapeInline, joinBlocks, markdownTable } from './markdown.js';
import { verifyArchive } from './parts.js';
import { odfTitle } from './titles.js';
import { ConversionError } from './types.js';
import { ZipArchive } from './zip.js';

type Grid = string[][];

/** What a cell shows: its formatted text (`w`), the cached value of a formula, else the formula itself. */
function shown(cell: XLSX.CellObject | undefined): string {
  if (!cell) return '';
  if (cell.w !== undefined) return cell.w.trim();
  if (cell.v !== undefined && cell.v !== null) return String(cell.v).trim();
  return cell.f ? `=${cell.f}` : '';
}

function readGrid(sheet: XLSX.WorkSheet, range: XLSX.Range, maxColumns: number): Grid {
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  const lastColumn = Math.min(range.e.c, range.s.c + maxColumns - 1);
  const grid: Grid = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row: string[] = [];
    for (let c = range.s.c; c <= lastColumn; c++) row.push(shown(data[r]?.[c]));
    grid.push(row);
  }
  // A merged range shows its top-left value in every cell it covers.
  for (const merge of sheet['!merges'] ?? []) {
    const value = grid[merge.s.r - range.s.r]?.[merge.s.c - range.s.c];
    if (!value) continue;
    for (let r = merge.s.r; r <= merge.e.r; r++) {
      for (let c = merge.s.c; c <= merge.e.c; c++) {
        const row = grid[r - range.s.r];
        if (row && c - range.s.c < row.length) row[c - range.s.c] = value;
      }
    }
  }
  return grid;
}

/** Drops empty rows and the empty columns at either side. */
function trim(grid: Grid): Grid {
  const rows = grid.filter((row) => row.some((value) => value !== ''));
  const used = (c: number): boolean => rows.some((row) => row[c] !== '');
  const width = rows[0]?.length ?? 0;
  let first = 0;
  let last = width - 1;
  while (first <= last && !used(first)) first++;
  while (last >= first && !used(last)) last--;
  return rows.map((row) => row.slice(first, last + 1));
}

/** Rows above the table holding one value across the whole width are titles, not data. */
function splitTitles(rows: Grid): { titles: string[]; table: Grid } {
  let i = 0;
  const width = rows[0]?.length ?? 0;
  while (width > 1 && i < rows.length - 1 && new Set(rows[i]!.filter((v) => v !== '')).size === 1) i++;
  return { titles: rows.slice(0, i).map((row) => row.find((v) => v !== '')!), table: rows.slice(i) };
}

function sheetSection(name: string, sheet: XLSX.WorkSheet, ctx: ConvertContext): string | null {
  const { maxRowsPerSheet, maxColumnsPerSheet } = ctx.budget.limits;
  if (!sheet['!ref']) return null;
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const full = XLSX.utils.decode_range((sheet['!fullref'] as string | undefined) ?? sheet['!ref']);
  let rows = trim(readGrid(sheet, range, maxColumnsPerSheet));
  if (rows.length === 0) return null;

  const notes: string[] = [];
  const width = rows[0]!.length;
  const granted = ctx.budget.takeCells(rows.length * width);
  const cutByCells = granted < rows.length * width;
  if (cutByCells) rows = rows.slice(0, Math.floor(granted / width));
  if (cutByCells || full.e.r > range.e.r) {
    const total = (full.e.r - full.s.r + 1).toLocaleString('en-US');
    notes.push(`_Only the first ${rows.length.toLocaleString('en-US')} rows of ${total} are shown; the rest of this sheet was not converted._`);
  }
  if (full.e.c - full.s.c + 1 > maxColumnsPerSheet) {
    notes.push(`_Only the first ${maxColumnsPerSheet} columns are shown._`);
  }
  const { titles, table } = splitTitles(rows);
  return joinBlocks([
    `## ${escapeInline(name)}`,
    titles.map((title) => `**${escapeInline(title)}**`).join('\n\n'),
    table.length ? markdownTable(table) : null,
    ...notes,
  ]);
}

/**
 * XLSX and ODS through SheetJS: one section per sheet, each a table of what
 * the cells show. Rows past maxRowsPerSheet are never parsed (sheetRows),
 * columns past maxColumnsPerSheet are cut, and all sheets share maxCells.
 */
export async function convertSpreadsheet(bytes: Uint8Array, ctx: ConvertContext): Promise<ConverterResult> {
  const { limits } = ctx.budget;
  const zip = ZipArchive.open(bytes, limits);
  await verifyArchive(zip, ctx.budget);
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      sheetRows: limits.maxRowsPerSheet,
      cellFormula: true,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch (err) {
    throw new ConversionError(`invalid or corrupt spreadsheet: ${(err as Error).message}`, { cause: err });
  }
  ctx.budget.checkTime();

  const names = workbook.SheetNames.slice(0, limits.maxSheets);
  const sections: string[] = [];
  for (const [i, name] of names.entries()) {
    const section = sheetSection(name, workbook.Sheets[name]!, ctx);
    if (section) sections.push(section);
    ctx.budget.progress('sheets', i + 1, names.length);
    ctx.budget.checkTime();
  }
  if (workbook.SheetNames.length > names.length) {
    sections.push(`_Only the first ${names.length} sheets of ${workbook.SheetNames.length} were converted._`);
  }
  const title = clampTitle(workbook.Props?.Title) ?? (await odfTitle(zip, ctx.budget));
  return { markdown: joinBlocks(sections), title };
}
