/**
 * Reading a user import file: CSV (papaparse) or XLSX (exceljs, first worksheet), first row the headers.
 * Answers one record per data row keyed by the columns of USER_IMPORT_COLUMNS; a file of another type
 * answers 400 INVALID_IMPORT_FILE_TYPE, one that cannot be read 400 PARSING_ERROR.
 */
import { ERROR_CAUSES, ERROR_CODES, USER_IMPORT_COLUMNS, USER_IMPORT_MAX_ROWS } from '@larmor/contracts';
import Papa from 'papaparse';
import { ApiError } from '../../plugins/errors.ts';

export type ImportColumn = (typeof USER_IMPORT_COLUMNS)[number];
export type ImportRecord = Partial<Record<ImportColumn, string>>;
export type ImportFileType = 'csv' | 'xlsx';

/** Columns a file must have. */
const REQUIRED_COLUMNS: readonly ImportColumn[] = ['username', 'email', 'firstName', 'lastName'];
/** Columns of a worksheet read at most: the import needs seven, a few spare ones are tolerated. */
const MAX_COLUMNS = 64;
/** An XLSX file is a ZIP archive: it starts with the local file header signature `PK\x03\x04`. */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export const invalidFileType = (): ApiError =>
  new ApiError(
    400,
    ERROR_CODES.INVALID_IMPORT_FILE_TYPE,
    'Only CSV (.csv) and Excel (.xlsx) files can be imported',
    ERROR_CAUSES.UNSUPPORTED_MEDIA_TYPE,
  );
const parsingError = (detail: string): ApiError =>
  new ApiError(
    400,
    ERROR_CODES.PARSING_ERROR,
    `The file could not be read: ${detail}`,
    ERROR_CAUSES.VALIDATION,
  );

const tooManyRows = (): ApiError =>
  new ApiError(
    400,
    ERROR_CODES.INVALID_DATA,
    `A file may hold at most ${USER_IMPORT_MAX_ROWS} rows`,
    ERROR_CAUSES.VALIDATION,
    { file: 'max' },
  );

/** The type of an upload from its file name's extension; anything but .csv and .xlsx is refused. */
export function importFileType(filename: string): ImportFileType {
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (extension === 'csv' || extension === 'xlsx') return extension;
  throw invalidFileType();
}

/** The column a header names (case, spaces, `_` and `-` ignored), or undefined. */
function columnOf(header: string): ImportColumn | undefined {
  const key = header.replace(/[\s_-]/g, '').toLowerCase();
  return USER_IMPORT_COLUMNS.find((c) => c.toLowerCase() === key);
}

/** Records from a header row and data rows of cell texts; blank rows are dropped. */
function toRecords(headers: readonly string[], rows: readonly (readonly string[])[]): ImportRecord[] {
  const columns = headers.map(columnOf);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) throw parsingError(`missing column ${missing.join(', ')}`);
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
  if (records.length > USER_IMPORT_MAX_ROWS) throw tooManyRows();
  return records;
}

function parseCsv(content: Buffer): ImportRecord[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw parsingError('not UTF-8 text');
  }
  if (text.includes('\0')) throw parsingError('not a text file');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal) throw parsingError(`${fatal.message} (row ${fatal.row ?? 0})`);
  const [headers, ...rows] = parsed.data;
  if (!headers) throw parsingError('the file is empty');
  return toRecords(headers, rows);
}

async function parseXlsx(content: Buffer): Promise<ImportRecord[]> {
  if (!ZIP_SIGNATURE.every((byte, i) => content[i] === byte)) throw parsingError('not an XLSX workbook');
  // Loaded on the first XLSX import only: exceljs takes ~0.25 s to load, which every server start (and every
  // API test file) would otherwise pay.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw parsingError('not an XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount === 0) throw parsingError('the workbook is empty');
  // Refuse oversized sheets before copying their cells; columns past the last known header are never read.
  if (sheet.actualRowCount > USER_IMPORT_MAX_ROWS + 1) throw tooManyRows();
  const width = Math.min(sheet.columnCount, MAX_COLUMNS);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c += 1) cells.push(row.getCell(c).text);
    rows.push(cells);
  });
  const [headers, ...data] = rows;
  if (!headers) throw parsingError('the workbook is empty');
  return toRecords(headers, data);
}

/** The records of an import file of `type`. */
export async function readImportFile(type: ImportFileType, content: Buffer): Promise<ImportRecord[]> {
  return type === 'csv' ? parseCsv(content) : parseXlsx(content);
}
