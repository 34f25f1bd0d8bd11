import { ERROR_CODES, importResponseSchema } from '@larmor/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { databases, rowCounts, useTestApp } from '../../test/helper.ts';
import { createGroup, createWorld } from './world.test-support.ts';

const BOUNDARY = 'larmor-test-boundary';

/** A multipart/form-data body with one file field `file`. */
function multipart(filename: string, contentType: string, content: Buffer | string) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const CSV_MIXED = [
  'Username,Email,First Name,Last Name,Role,Password,Groups',
  'csv.one,csv.one@example.test,Csv,One,student,a good password,Alpha Hospital group',
  'csv.two,not-an-address,Csv,Two,Student,,',
  'alpha-teacher,alpha-teacher@example.test,Alpha,Teacher Updated,,,',
  'beta-student,someone@example.test,Beta,Taken,Student,,',
  'csv.three,csv.three@example.test,"Quoted, Name",Three,,,',
  'csv.one,csv.one.again@example.test,Csv,Again,Student,,',
  'csv.four,csv.four@example.test,Csv,Four,Admin,,',
  'csv.five,csv.five@example.test,Csv,Five,Student,,No such group',
].join('\r\n');

describe.each(databases)('POST v1/users/import on %s', (kind) => {
  const t = useTestApp(kind);

  function upload(headers: { authorization: string }, body: ReturnType<typeof multipart>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/users/import',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  it('a CSV with valid and invalid rows answers one entry per row; only valid rows are written', async () => {
    const world = await createWorld(t.db);
    const res = await upload(world.a.adminHeaders, multipart('people.csv', 'text/csv', CSV_MIXED));
    expect(res.statusCode).toBe(200);
    const rows = importResponseSchema.parse(res.json());
    expect(rows.map((r) => [r.index, r.outcome])).toEqual([
      [0, 'created'],
      [1, 'error'],
      [2, 'updated'],
      [3, 'error'],
      [4, 'created'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
    ]);
    expect(rows[1]?.message).toMatch(/^email: /);
    expect(rows[3]?.message).toBe('Email or Username already exists');
    expect(rows[5]?.message).toMatch(/row 0/);
    expect(rows[6]?.message).toBe('Not authorized');
    expect(rows[7]?.message).toBe('groups: no group named No such group');
    expect(rows[2]?.userId).toBe(world.a.teacher.id);

    const created = await t.db
      .selectFrom('users')
      .select(['username', 'first_name', 'status', 'first_login'])
      .where('username', 'like', 'csv.%')
      .orderBy('username')
      .execute();
    expect(created).toEqual([
      { username: 'csv.one', first_name: 'Csv', status: 'active', first_login: 1 },
      { username: 'csv.three', first_name: 'Quoted, Name', status: 'pending', first_login: 1 },
    ]);
    const groups = await t.db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', world.a.groupId)
      .execute();
    expect(groups.map((g) => g.user_id)).toEqual([rows[0]?.userId]);
    // A blank role keeps an existing user's role.
    const teacher = await t.db
      .selectFrom('users')
      .select(['last_name', 'role'])
      .where('id', '=', world.a.teacher.id)
      .executeTakeFirst();
    expect(teacher).toEqual({ last_name: 'Teacher Updated', role: 'Teacher' });
    const activation = await t.db.selectFrom('mail_outbox').select('to_address').execute();
    expect(activation).toEqual([{ to_address: 'csv.three@example.test' }]);
  });

  it('an XLSX workbook built with exceljs imports like a CSV', async () => {
    const world = await createWorld(t.db);
    await createGroup(t.db, world.a.clientId, 'Evening');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Users');
    sheet.addRow(['username', 'email', 'firstName', 'lastName', 'role', 'groups']);
    sheet.addRow([
      'xl.one',
      'xl.one@example.test',
      'Excel',
      'One',
      'Teacher',
      'Evening; Alpha Hospital group',
    ]);
    sheet.addRow([]);
    sheet.addRow(['xl.two', 'xl.two@example.test', 'Excel', '', 'Student', '']);
    sheet.addRow([
      'xl.three',
      { text: 'xl.three@example.test', hyperlink: 'mailto:xl.three@example.test' },
      'Excel',
      'Three',
    ]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(
      world.a.adminHeaders,
      multipart('people.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content),
    );
    expect(res.statusCode).toBe(200);
    const rows = importResponseSchema.parse(res.json());
    expect(rows.map((r) => r.outcome)).toEqual(['created', 'error', 'created']);
    expect(rows[1]?.message).toMatch(/^lastName: /);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${rows[0]?.userId ?? ''}`,
      headers: world.a.adminHeaders,
    });
    expect(one.json()).toMatchObject({ role: 'Teacher', memberships: [{ role: 'Teacher' }] });
    expect(one.json().groups.map((g: { name: string }) => g.name)).toEqual([
      'Alpha Hospital group',
      'Evening',
    ]);
  });

  it('a file of another type answers 400 with code 600601 and writes nothing', async () => {
    const world = await createWorld(t.db);
    const before = await rowCounts(t.db);
    for (const body of [
      multipart('people.pdf', 'application/pdf', '%PDF-1.4'),
      multipart('people', 'text/csv', 'username,email'),
    ]) {
      const res = await upload(world.a.adminHeaders, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe(ERROR_CODES.INVALID_IMPORT_FILE_TYPE);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/import',
      headers: world.a.adminHeaders,
      payload: { users: [] },
    });
    expect(json.json().error.code).toBe(ERROR_CODES.INVALID_IMPORT_FILE_TYPE);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('an unreadable file answers 400 with code 600600 and writes nothing', async () => {
    const world = await createWorld(t.db);
    const before = await rowCounts(t.db);
    for (const body of [
      multipart('broken.xlsx', 'application/octet-stream', 'username,email\nnot,a workbook'),
      multipart('broken.xlsx', 'application/octet-stream', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])),
      multipart('quotes.csv', 'text/csv', 'username,email,firstName,lastName\n"unclosed,a@b.test,A,B'),
      multipart('binary.csv', 'text/csv', Buffer.from([0xff, 0xfe, 0x00, 0x41])),
      multipart('columns.csv', 'text/csv', 'name,mail\nx,y'),
      multipart('empty.csv', 'text/csv', ''),
    ]) {
      const res = await upload(world.a.adminHeaders, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe(ERROR_CODES.PARSING_ERROR);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('a file of more than 5000 data rows answers 400 and writes nothing', async () => {
    const world = await createWorld(t.db);
    const before = await rowCounts(t.db);
    const rows = Array.from({ length: 5001 }, (_, i) => `u${i},u${i}@example.test,U,${i}`);
    const csv = ['username,email,firstName,lastName', ...rows].join('\n');
    const res = await upload(world.a.adminHeaders, multipart('many.csv', 'text/csv', csv));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validation).toEqual({ file: 'max' });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('a file over 5 MiB answers 413; a missing file 400; students and teachers 403 — all writing nothing', async () => {
    const world = await createWorld(t.db);
    const before = await rowCounts(t.db);
    const big = `username,email,firstName,lastName\n${'x'.repeat(5 * 1_048_576 + 10)}`;
    expect((await upload(world.a.adminHeaders, multipart('big.csv', 'text/csv', big))).statusCode).toBe(413);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/import',
      headers: { ...world.a.adminHeaders, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.validation).toEqual({ file: 'required' });
    for (const headers of [world.a.studentHeaders, world.a.teacherHeaders]) {
      const res = await upload(headers, multipart('people.csv', 'text/csv', CSV_MIXED));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe(ERROR_CODES.NOT_AUTHORIZED);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
