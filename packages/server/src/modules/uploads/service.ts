/**
 * Program uploads: images for Markdown and covers, and module materials (platform-shell.md §3 documents).
 * A file is accepted only when its name and its bytes agree on an accepted type (file-types.ts); bytes go to
 * the upload store first, and are removed again when the row cannot be written.
 */
import crypto from 'node:crypto';
import type { Upload } from '@larmor/contracts';
import { forbidden, invalidField, notFound } from '../../plugins/errors.ts';
import { isoNow, newId } from '../../db/ids.ts';
import type { ContentScope } from '../content/programs/access.ts';
import { uploadUrl } from '../content/programs/presenter.ts';
import { findProgram, updateProgram, type Db } from '../content/programs/repository.ts';
import { loadEditableProgram } from '../content/programs/service.ts';
import { detectFileType } from './file-types.ts';
import {
  deleteUploadRow,
  findUpload,
  insertUpload,
  uploadsOf,
  userMayReadProgramFiles,
  type UploadRow,
} from './repository.ts';
import type { UploadStore } from './storage.ts';

export const FILE_TYPE_MESSAGE =
  'Upload an image (png, jpg, gif, webp) or a document (doc, docx, pdf, ppt, pptx, csv, xls, xlsx) whose content matches its extension';

const present = (row: UploadRow): Upload => ({
  id: row.id,
  programId: row.program_id,
  filename: row.filename,
  kind: row.kind,
  contentType: row.content_type,
  sizeBytes: row.size_bytes,
  url: uploadUrl(row.id),
  createdAt: row.created_at,
});

/** Keeps the last path segment of a client's file name, without control characters, at most 200 characters. */
function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f' && c !== '"').join('');
  return printable.slice(-200) || 'file';
}

export async function uploadFile(
  db: Db,
  store: UploadStore,
  scope: ContentScope,
  programId: string,
  file: { filename: string; bytes: Buffer },
): Promise<Upload> {
  await loadEditableProgram(db, scope, programId);
  const type = detectFileType(file.filename, file.bytes);
  if (!type) throw invalidField('file', 'file_type', FILE_TYPE_MESSAGE);
  const row: UploadRow = {
    id: newId(),
    program_id: programId,
    filename: cleanFilename(file.filename),
    kind: type.kind,
    content_type: type.contentType,
    size_bytes: file.bytes.length,
    sha256: crypto.createHash('sha256').update(file.bytes).digest('hex'),
    created_by: scope.userId,
    created_at: isoNow(),
  };
  await store.put(row.id, file.bytes);
  try {
    await insertUpload(db, row);
  } catch (error) {
    await store.remove(row.id);
    throw error;
  }
  return present(row);
}

export async function listUploads(db: Db, scope: ContentScope, programId: string): Promise<Upload[]> {
  await loadEditableProgram(db, scope, programId);
  return (await uploadsOf(db, programId)).map(present);
}

/** The upload and its bytes when `userId` may read its program's files; 404 otherwise (unknown or not theirs). */
export async function readUpload(db: Db, store: UploadStore, userId: string, uploadId: string) {
  const row = await findUpload(db, uploadId);
  const program = row ? await findProgram(db, row.program_id) : undefined;
  if (!row || !program) throw notFound('File');
  if (!(await userMayReadProgramFiles(db, userId, program))) throw forbidden();
  const bytes = await store.get(row.id);
  if (!bytes) throw notFound('File');
  return { row, bytes };
}

/** Deletes an upload (and clears it as the program's cover). */
export async function deleteUpload(
  db: Db,
  store: UploadStore,
  scope: ContentScope,
  uploadId: string,
): Promise<void> {
  const row = await findUpload(db, uploadId);
  if (!row) throw notFound('File');
  const program = await loadEditableProgram(db, scope, row.program_id);
  await db.transaction().execute(async (trx) => {
    if (program.cover_upload_id === row.id)
      await updateProgram(trx, program.id, { cover_upload_id: null, updated_at: isoNow() });
    await deleteUploadRow(trx, row.id);
  });
  await store.remove(row.id);
}
