/**
 * The parsing of a user import file, run on a worker thread (import-file.ts) so that a large or hostile file
 * never holds up the event loop: CSV (papaparse) or XLSX (exceljs, first worksheet), first row the headers.
 * Answers one record per data row keyed by the columns of USER_IMPORT_COLUMNS, or why the file was refused;
 * nothing here throws across the thread boundary for a bad file.
 */
import { USER_IMPORT_COLUMNS, USER_IMPORT_MAX_ROWS } from '@larmor/contracts';
import Papa from 'papaparse';
import { checkZipLimits, ZipLimitError, type ZipLimits } from './zip-limits.ts';

export type ImportColumn = (typeof USER_IMPORT_COLUMNS)[number];
export type ImportRecord = Partial<Record<ImportColumn, string>>;
export type ImportFileType = 'csv' | 'xlsx';

/** What the worker is given: the file's type and bytes, and the decompression limits of an XLSX file. */
export interface ParseTask {
  type: ImportFileType;
  content: Uint8Array;
  zipLimits: ZipLimits;
}

/** What the worker answers: the records, or why the file cannot be imported. */
export type ParseOutcome =
  | { records: ImportRecord[] }
  | { refused: 'unreadable'; detail: string }
  | { refused: 'too-many-rows' }
  | { refused: 'too-large-unpacked'; detail: string };

/** Columns a file must have. */
const REQUIRED_COLUMNS: readonly ImportColumn[] = ['username', 'email', 'firstName', 'lastName'];
/** Columns of a worksheet read at most: the import needs seven, a few spare ones are tolerated. */
const MAX_COLUMNS = 64;
/** An XLSX file is a ZIP archive: it starts with the local file header signature `PK\x03\x04`. */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** A bad file: caught by `parseImportFile` and answered as a ParseOutcome. */
class Refusal extends Error {
  readonly outcome: Exclude<ParseOutcome, { records: ImportRecord[] }>;
  constructor(outcome: Exclude<ParseOutcome, { records: ImportRecord[] }>) {
    super(outcome.refused);
    this.outcome = outcome;
  }
}

const unreadable = (detail: string): Refusal => new Refusal({ refused: 'unreadable', detail });

/** The column a header names (case, spaces, `_` and `-` ignored), or undefined. */
function columnOf(header: string): ImportColumn | undefined {
  const key = header.replace(/[\s_-]/g, '').toLowerCase();
  return USER_IMPORT_COLUMNS.find((c) => c.toLowerCase() === key);
}

/** Records from a header row and data rows of cell texts; blank rows are dropped. */
function toRecords(headers: readonly string[], rows: readonly (readonly string[])[]): ImportRecord[] {
  const columns = headers.map(columnOf);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) throw unreadable(`missing column ${missing.join(', ')}`);
  const records = rows
    .filter((cells) => cells.some((cell) => cell.trim() !== ''))
    .map((cells) => {
      const record: ImportRecord = {};
      columns.forEach((column, i) => {
        const value = cells[i]?.trim();
        if (column && value) record[column] = value;
      });
      return record;
    });
  if (records.length > USER_IMPORT_MAX_ROWS) throw new Refusal({ refused: 'too-many-rows' });
  return records;
}

function parseCsv(content: Uint8Array): ImportRecord[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw unreadable('not UTF-8 text');
  }
  if (text.includes('\0')) throw unreadable('not a text file');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal) throw unreadable(`${fatal.message} (row ${fatal.row ?? 0})`);
  const [headers, ...rows] = parsed.data;
  if (!headers) throw unreadable('the file is empty');
  return toRecords(headers, rows);
}

async function parseXlsx(content: Buffer, zipLimits: ZipLimits): Promise<ImportRecord[]> {
  if (!ZIP_SIGNATURE.every((byte, i) => content[i] === byte)) throw unreadable('not an XLSX workbook');
  try {
    checkZipLimits(content, zipLimits);
  } catch (error) {
    if (error instanceof ZipLimitError)
      throw new Refusal({ refused: 'too-large-unpacked', detail: error.message });
    throw unreadable('not an XLSX workbook');
  }
  // Loaded on the first XLSX import only (~0.25 s), and then kept by the worker thread.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw unreadable('not an XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount === 0) throw unreadable('the workbook is empty');
  // Refuse oversized sheets before copying their cells; columns past the last known header are never read.
  if (sheet.actualRowCount > USER_IMPORT_MAX_ROWS + 1) throw new Refusal({ refused: 'too-many-rows' });
  const width = Math.min(sheet.columnCount, MAX_COLUMNS);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c += 1) cells.push(row.getCell(c).text);
    rows.push(cells);
  });
  const [headers, ...data] = rows;
  if (!headers) throw unreadable('the workbook is empty');
  return toRecords(headers, data);
}

/** The records of an import file, or why it is refused. The worker thread's task function (piscina). */
export default async function parseImportFile(task: ParseTask): Promise<ParseOutcome> {
  const content = Buffer.from(task.content.buffer, task.content.byteOffset, task.content.byteLength);
  try {
    const records = task.type === 'csv' ? parseCsv(content) : await parseXlsx(content, task.zipLimits);
    return { records };
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    throw error;
  }
}
