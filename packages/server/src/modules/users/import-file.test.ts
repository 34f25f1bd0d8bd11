/**
 * Decompression limits of XLSX imports (issue 8 item 4): an archive is measured from its central directory and
 * its entries inflated under a ceiling before exceljs sees it; parsing runs on a worker thread under a time limit.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { ERROR_CODES, USER_IMPORT_MAX_ROWS } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../plugins/errors.ts';
import { databases, rowCounts, useTestApp } from '../../test/helper.ts';
import { readImportFile, XLSX_ZIP_LIMITS } from './import-file.ts';
import { createWorld } from './world.test-support.ts';
import { checkZipLimits, ZipLimitError } from './zip-limits.ts';

const MIB = 1_048_576;

interface ZipEntry {
  name: string;
  data: Buffer;
  /** The uncompressed size the archive claims (default the true one): a smaller claim is a lie to catch. */
  declaredBytes?: number;
}

/** A ZIP archive of deflated entries, written by hand (APPNOTE.TXT §4.3) so a test can make it lie. */
function zipArchive(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = deflateRawSync(entry.data);
    const size = entry.declaredBytes ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(entry.data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A minimal XLSX workbook (one sheet of inline strings); `padding` bytes of blanks inflate its sheet. */
function workbook(rows: readonly (readonly string[])[], padding = 0): Buffer {
  // Cell references A1, B1, …: the import reads seven columns, so single letters suffice.
  const cell = (text: string, column: number, row: number) =>
    `<c r="${String.fromCharCode(65 + column)}${row}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const sheetRows = rows
    .map((cells, i) => `<row r="${i + 1}">${cells.map((c, j) => cell(c, j, i + 1)).join('')}</row>`)
    .join('');
  const xml = (body: string) =>
    Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
  const ns = 'http://schemas.openxmlformats.org';
  /** A relationships part with one relationship, rId1, of `type` to `target`. */
  const relationship = (type: string, target: string) =>
    xml(
      `<Relationships xmlns="${ns}/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/${type}" Target="${target}"/>` +
        '</Relationships>',
    );
  return zipArchive([
    {
      name: '[Content_Types].xml',
      data: xml(
        `<Types xmlns="${ns}/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    },
    { name: '_rels/.rels', data: relationship('officeDocument', 'xl/workbook.xml') },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships">` +
          '<sheets><sheet name="People" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    { name: 'xl/_rels/workbook.xml.rels', data: relationship('worksheet', 'worksheets/sheet1.xml') },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.concat([
        xml(`<worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetRows}`),
        Buffer.alloc(padding, ' '),
        Buffer.from('</sheetData></worksheet>'),
      ]),
    },
  ]);
}

const PEOPLE = [
  ['username', 'email', 'firstName', 'lastName'],
  ['zip.one', 'zip.one@example.test', 'Zip', 'One'],
];
/** 0.1 MB on disk, 64 MiB of XML once inflated. */
const BOMB = workbook(PEOPLE, 64 * MIB);

describe('checkZipLimits', () => {
  const limits = { maxEntries: 8, maxUncompressedBytes: MIB };

  it('passes a workbook within the limits', () => {
    expect(() => checkZipLimits(workbook(PEOPLE), limits)).not.toThrow();
  });

  it('refuses an archive whose declared content exceeds the limit, before inflating it', () => {
    expect(BOMB.length).toBeLessThan(MIB / 4);
    expect(() => checkZipLimits(BOMB, limits)).toThrow(/unpacks to 64 MiB, more than the 1 MiB allowed/);
  });

  it('refuses an archive that declares less than its entries inflate to', () => {
    const liar = zipArchive([{ name: 'a.xml', data: Buffer.alloc(4 * MIB, ' '), declaredBytes: 1_000 }]);
    expect(() => checkZipLimits(liar, limits)).toThrow(ZipLimitError);
    expect(() => checkZipLimits(liar, limits)).toThrow(/unpacks to more than the size it declares/);
  });

  it('refuses an archive of more entries than allowed', () => {
    const many = zipArchive(
      Array.from({ length: 9 }, (_, i) => ({ name: `${i}.xml`, data: Buffer.from('x') })),
    );
    expect(() => checkZipLimits(many, limits)).toThrow(/holds 9 parts, more than the 8 allowed/);
  });
});

/** The largest legitimate import: USER_IMPORT_MAX_ROWS rows of seven columns. */
function largestWorkbook(): Buffer {
  const header = ['username', 'email', 'firstName', 'lastName', 'role', 'password', 'groups'];
  const rows = Array.from({ length: USER_IMPORT_MAX_ROWS }, (_, i) => [
    `user.${i}`,
    `user.${i}@example-hospital.test`,
    'Firstname',
    'Lastname-Lastname',
    'Student',
    'a reasonably long password',
    'Radiography year 1;Radiography year 2',
  ]);
  return workbook([header, ...rows]);
}

describe('readImportFile of an XLSX workbook', () => {
  it('reads a hand-made workbook (the same shape as the bomb, without its padding)', async () => {
    expect(await readImportFile('xlsx', workbook(PEOPLE))).toEqual([
      { username: 'zip.one', email: 'zip.one@example.test', firstName: 'Zip', lastName: 'One' },
    ]);
  });

  it('refuses a zip bomb with 400 {file: max} within a second or two, not after inflating it', async () => {
    const started = performance.now();
    const refused = await readImportFile('xlsx', BOMB).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      statusCode: 400,
      code: ERROR_CODES.INVALID_DATA,
      validation: { file: 'max' },
    });
    expect((refused as ApiError).message).toMatch(/too large once unpacked/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('ends a parse that runs past its time limit and answers 400 {file: max}', async () => {
    // The largest legitimate workbook takes far longer than 1 ms to parse on any machine; a one-row workbook
    // could finish on a warm thread before a 1 ms timer fires (it did on a fast CI machine).
    const refused = await readImportFile('xlsx', largestWorkbook(), { timeoutMs: 1 }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ statusCode: 400, validation: { file: 'max' } });
    expect((refused as ApiError).message).toBe('The file took longer than 0.001 s to read');
  });

  it('keeps the largest legitimate import (5,000 rows of seven columns) far inside the limits', () => {
    const large = largestWorkbook();
    expect(() => checkZipLimits(large, { ...XLSX_ZIP_LIMITS, maxUncompressedBytes: 4 * MIB })).not.toThrow();
  });
});

describe.each(databases)('POST v1/users/import of a zip bomb on %s', (kind) => {
  const t = useTestApp(kind);

  it('answers 400 {file: max} and writes nothing', async () => {
    const world = await createWorld(t.db);
    const before = await rowCounts(t.db);
    const boundary = 'larmor-zip-bomb';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/import',
      headers: { ...world.a.adminHeaders, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.xlsx"\r\n` +
            'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
        ),
        BOMB,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: ERROR_CODES.INVALID_DATA, validation: { file: 'max' } });
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
