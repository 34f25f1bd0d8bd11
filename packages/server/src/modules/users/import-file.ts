/**
 * Reading a user import file: CSV or XLSX, parsed on a worker thread (import-file.worker.ts) with a memory
 * ceiling and a time limit, so that no file, however crafted, holds up the event loop (issue 8 item 4).
 * A file of another type answers 400 INVALID_IMPORT_FILE_TYPE; one that cannot be read 400 PARSING_ERROR;
 * one that unpacks too large, or takes too long to read, 400 INVALID_DATA with `{file: 'max'}`.
 */
import { ERROR_CAUSES, ERROR_CODES, USER_IMPORT_MAX_ROWS } from '@larmor/contracts';
import { Piscina } from 'piscina';
import { ApiError } from '../../plugins/errors.ts';
import type { ImportFileType, ImportRecord, ParseOutcome, ParseTask } from './import-file.worker.ts';
import type { ZipLimits } from './zip-limits.ts';

export type { ImportColumn, ImportFileType, ImportRecord } from './import-file.worker.ts';

/**
 * Decompression limits of an XLSX upload. A workbook of the largest import (5,000 rows of seven columns)
 * written by exceljs unpacks to 1.7 MiB in 16 parts; a 220 MB bomb is refused before anything is parsed.
 */
export const XLSX_ZIP_LIMITS: ZipLimits = { maxEntries: 256, maxUncompressedBytes: 32 * 1_048_576 };
/** Wall-clock limit of one parse [ms], time waiting for a free thread included; the thread is then ended. */
export const IMPORT_PARSE_TIMEOUT_MS = 20_000;
/** Heap ceiling of a parsing thread [MiB]: a thread that needs more is ended and the file refused. */
export const IMPORT_PARSE_HEAP_MB = 384;
/** Threads parsing at once, and parses waiting beyond them (more answer 503). */
const IMPORT_PARSE_THREADS = 2;
const IMPORT_PARSE_QUEUE = 16;
/** An idle parsing thread exits after this long [ms] (it keeps exceljs loaded meanwhile). */
const IMPORT_PARSE_IDLE_MS = 60_000;

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
const tooLarge = (message: string): ApiError =>
  new ApiError(400, ERROR_CODES.INVALID_DATA, message, ERROR_CAUSES.VALIDATION, { file: 'max' });

/** The type of an upload from its file name's extension; anything but .csv and .xlsx is refused. */
export function importFileType(filename: string): ImportFileType {
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (extension === 'csv' || extension === 'xlsx') return extension;
  throw invalidFileType();
}

let pool: Piscina<ParseTask, ParseOutcome> | undefined;

/** The parsing threads, started on the first import; idle threads do not keep the process alive. */
function parsers(): Piscina<ParseTask, ParseOutcome> {
  pool ??= new Piscina<ParseTask, ParseOutcome>({
    filename: new URL('./import-file.worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: IMPORT_PARSE_THREADS,
    maxQueue: IMPORT_PARSE_QUEUE,
    idleTimeout: IMPORT_PARSE_IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: IMPORT_PARSE_HEAP_MB },
  });
  return pool;
}

export interface ReadImportOptions {
  /** Default IMPORT_PARSE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default XLSX_ZIP_LIMITS. */
  zipLimits?: ZipLimits;
}

/** The records of an import file of `type`, read on a parsing thread. */
export async function readImportFile(
  type: ImportFileType,
  content: Buffer,
  options: ReadImportOptions = {},
): Promise<ImportRecord[]> {
  const timeoutMs = options.timeoutMs ?? IMPORT_PARSE_TIMEOUT_MS;
  let outcome: ParseOutcome;
  try {
    outcome = await parsers().run(
      { type, content: new Uint8Array(content), zipLimits: options.zipLimits ?? XLSX_ZIP_LIMITS },
      { signal: AbortSignal.timeout(timeoutMs) },
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') {
      throw tooLarge(`The file took longer than ${timeoutMs / 1000} s to read`);
    }
    if (error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw tooLarge('The file needs too much memory to read');
    }
    if (error instanceof Error && error.message === 'Task queue is at limit') {
      throw new ApiError(
        503,
        ERROR_CODES.DOWNSTREAM_SERVICE_ERROR,
        'Too many files are being imported; try again shortly',
        ERROR_CAUSES.UNAVAILABLE,
      );
    }
    throw error;
  }
  if ('records' in outcome) return outcome.records;
  switch (outcome.refused) {
    case 'unreadable':
      throw parsingError(outcome.detail);
    case 'too-many-rows':
      throw tooLarge(`A file may hold at most ${USER_IMPORT_MAX_ROWS} rows`);
    case 'too-large-unpacked':
      throw tooLarge(`The workbook is too large once unpacked: ${outcome.detail}`);
  }
}
