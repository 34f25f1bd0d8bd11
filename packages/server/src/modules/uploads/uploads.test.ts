import ExcelJS from 'exceljs';
import { programSchema, uploadListSchema, uploadSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, rowCounts, useTestApp } from '../../test/helper.ts';
import { ASSET_COOKIE } from '../assets/routes.ts';
import {
  buildProgram,
  call,
  createContentWorld,
  publishedProgram,
  type Headers,
} from '../content/programs/world.test-support.ts';
import { detectFileType } from './file-types.ts';

const BOUNDARY = 'larmor-upload-boundary';
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

function multipart(filename: string, content: Buffer | string) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

async function xlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('T1').addRow(['tissue', 'T1 [ms]']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('upload file types (by extension and content)', () => {
  it('accepts a file only when its bytes carry its extension’s signature', async () => {
    expect(detectFileType('brain.PNG', PNG)?.contentType).toBe('image/png');
    expect(detectFileType('brain.jpg', JPEG)?.kind).toBe('image');
    expect(detectFileType('brain.png', JPEG)).toBeNull();
    expect(detectFileType('notes.pdf', Buffer.from('%PDF-1.7 ...'))?.kind).toBe('document');
    expect(detectFileType('sheet.xlsx', await xlsx())?.contentType).toContain('spreadsheetml');
    expect(detectFileType('sheet.docx', await xlsx())).toBeNull();
    expect(
      detectFileType('old.doc', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))?.kind,
    ).toBe('document');
    expect(detectFileType('values.csv', Buffer.from('tissue,t1\ncsf,4000\n'))?.kind).toBe('document');
    expect(detectFileType('values.csv', Buffer.from([0x41, 0x00, 0x42]))).toBeNull();
    expect(detectFileType('logo.svg', Buffer.from('<svg onload="alert(1)"/>'))).toBeNull();
    expect(detectFileType('run.exe', Buffer.from('MZ'))).toBeNull();
    expect(detectFileType('empty.pdf', Buffer.alloc(0))).toBeNull();
  });
});

describe.each(databases)('uploads (v1/programs/{programId}/uploads, v1/uploads/{uploadId}) on %s', (kind) => {
  const t = useTestApp(kind);

  function upload(programId: string, headers: Headers, filename: string, content: Buffer | string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/programs/${programId}/uploads`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(filename, content),
    });
  }

  it('a teacher uploads an image and a spreadsheet; students of the program read them by bearer or asset cookie', async () => {
    const world = await createContentWorld(t.db);
    const h = world.a.teacherHeaders;
    const { programId } = await publishedProgram(t.app, h, { enrollment: 'open' });
    const res = await upload(programId, h, 'figure.png', PNG);
    expect(res.statusCode, res.body).toBe(201);
    const image = uploadSchema.parse(res.json());
    expect(image).toMatchObject({
      kind: 'image',
      contentType: 'image/png',
      sizeBytes: PNG.length,
      url: `/api/v1/uploads/${image.id}`,
    });
    const sheet = await upload(programId, h, 'relaxation.xlsx', await xlsx());
    expect(sheet.statusCode).toBe(201);
    expect(
      uploadListSchema.parse((await call(t.app, 'GET', `v1/programs/${programId}/uploads`, h)).body),
    ).toHaveLength(2);
    const cover = await call(t.app, 'PATCH', `v1/programs/${programId}`, h, { coverUploadId: image.id });
    expect(programSchema.parse(cover.body).coverImageUrl).toBe(image.url);

    const byBearer = await t.app.inject({ method: 'GET', url: image.url, headers: world.a.studentHeaders });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.headers['content-type']).toBe('image/png');
    expect(byBearer.headers['content-disposition']).toBe(
      `inline; filename="figure.png"; filename*=UTF-8''figure.png`,
    );
    expect(byBearer.rawPayload.equals(PNG)).toBe(true);
    const cookieRes = await t.app.inject({
      method: 'GET',
      url: '/api/v2/assets/signed-cookie',
      headers: world.a.studentHeaders,
    });
    const cookie = cookieRes.cookies.find((c) => c.name === ASSET_COOKIE)?.value ?? '';
    const byCookie = await t.app.inject({
      method: 'GET',
      url: image.url,
      cookies: { [ASSET_COOKIE]: cookie },
    });
    expect(byCookie.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: image.url, headers: world.b.studentHeaders })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: image.url, cookies: { [ASSET_COOKIE]: `${cookie}x` } }))
        .statusCode,
    ).toBe(401);
  });

  it('files whose content does not match their extension, students and other organisations are refused, writing nothing', async () => {
    const world = await createContentWorld(t.db);
    const h = world.a.teacherHeaders;
    const { programId } = await buildProgram(t.app, h);
    const refused = async (headers: Headers, filename: string, content: Buffer | string) => {
      const before = await rowCounts(t.db);
      const res = await upload(programId, headers, filename, content);
      expect(await rowCounts(t.db), filename).toEqual(before);
      return res.statusCode;
    };
    expect(await refused(h, 'figure.png', JPEG)).toBe(400);
    expect(await refused(h, 'figure.png', '<script>alert(1)</script>')).toBe(400);
    expect(await refused(h, 'page.html', '<html></html>')).toBe(400);
    expect(await refused(h, 'slides.pptx', await xlsx())).toBe(400);
    expect(await refused(world.a.studentHeaders, 'figure.png', PNG)).toBe(403);
    expect(await refused(world.b.teacherHeaders, 'figure.png', PNG)).toBe(403);
    const before = await rowCounts(t.db);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/v1/programs/${programId}/uploads`,
      headers: { ...h, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
    expect(await rowCounts(t.db)).toEqual(before);
    const notCover = await call(t.app, 'PATCH', `v1/programs/${programId}`, h, {
      coverUploadId: '00000000-0000-4000-8000-000000000000',
    });
    expect(notCover.status).toBe(400);
  });

  it("a cover is an image of this program: a document or another program's image is refused (400), another organisation's teacher and a student 403; nothing written", async () => {
    const world = await createContentWorld(t.db);
    const h = world.a.teacherHeaders;
    const { programId } = await buildProgram(t.app, h);
    const other = await buildProgram(t.app, h, { title: 'Other' });
    const pdf = uploadSchema.parse((await upload(programId, h, 'notes.pdf', '%PDF-1.7 ...')).json());
    const foreign = uploadSchema.parse((await upload(other.programId, h, 'cover.png', PNG)).json());
    const own = uploadSchema.parse((await upload(programId, h, 'cover.png', PNG)).json());
    const url = `v1/programs/${programId}`;
    const before = await rowCounts(t.db);
    const stored = await t.db.selectFrom('programs').selectAll().where('id', '=', programId).execute();
    expect((await call(t.app, 'PATCH', url, h, { coverUploadId: pdf.id })).status).toBe(400);
    expect((await call(t.app, 'PATCH', url, h, { coverUploadId: foreign.id })).status).toBe(400);
    expect((await call(t.app, 'PATCH', url, world.b.teacherHeaders, { coverUploadId: own.id })).status).toBe(
      403,
    );
    expect((await call(t.app, 'PATCH', url, world.a.studentHeaders, { coverUploadId: own.id })).status).toBe(
      403,
    );
    expect(await rowCounts(t.db)).toEqual(before);
    expect(await t.db.selectFrom('programs').selectAll().where('id', '=', programId).execute()).toEqual(
      stored,
    );
    const set = await call(t.app, 'PATCH', url, h, { coverUploadId: own.id });
    expect(programSchema.parse(set.body).coverImageUrl).toBe(own.url);
  });

  it('deleting an upload removes the file and clears the cover; other organisations may not', async () => {
    const world = await createContentWorld(t.db);
    const h = world.a.teacherHeaders;
    const { programId } = await buildProgram(t.app, h);
    const image = uploadSchema.parse((await upload(programId, h, 'cover.png', PNG)).json());
    await call(t.app, 'PATCH', `v1/programs/${programId}`, h, { coverUploadId: image.id });
    expect((await call(t.app, 'DELETE', `v1/uploads/${image.id}`, world.b.teacherHeaders)).status).toBe(403);
    expect((await call(t.app, 'DELETE', `v1/uploads/${image.id}`, h)).status).toBe(204);
    expect(
      programSchema.parse((await call(t.app, 'GET', `v1/programs/${programId}`, h)).body).coverImageUrl,
    ).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: image.url, headers: h })).statusCode).toBe(404);
  });
});
