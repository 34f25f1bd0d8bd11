/**
 * What an uploaded file is, read from its bytes as well as its name: the extension must be an accepted one
 * (platform-shell.md §3 documents, and raster images) and the content must carry that type's signature.
 * SVG is not accepted (it can carry script). Signatures: PNG (ISO/IEC 15948), JPEG SOI, GIF87a/89a, RIFF WEBP,
 * %PDF-, the OLE2 compound file of legacy Office (doc, xls, ppt), ZIP with the Office Open XML part folder
 * (word/, xl/, ppt/), and CSV as UTF-8 text without NUL bytes.
 */
import type { ACCEPTED_UPLOAD_EXTENSIONS } from '@larmor/contracts';

export type UploadExtension = (typeof ACCEPTED_UPLOAD_EXTENSIONS)[number];

export interface FileType {
  kind: 'image' | 'document';
  contentType: string;
  /** Whether `bytes` carry this type's signature. */
  matches: (bytes: Buffer) => boolean;
}

const startsWith = (bytes: Buffer, ...signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const isGif = (b: Buffer) => startsWith(b, ...ascii('GIF87a')) || startsWith(b, ...ascii('GIF89a'));
const isWebp = (b: Buffer) =>
  startsWith(b, ...ascii('RIFF')) && b.subarray(8, 12).toString('latin1') === 'WEBP';
/** An Office Open XML package: a ZIP whose entries include the part folder (`word/`, `xl/`, `ppt/`). */
const isOoxml = (folder: string) => (b: Buffer) =>
  startsWith(b, ...ZIP) && b.includes(Buffer.from(folder, 'latin1'));

function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const image = (contentType: string, matches: (b: Buffer) => boolean): FileType => ({
  kind: 'image',
  contentType,
  matches,
});
const doc = (contentType: string, matches: (b: Buffer) => boolean): FileType => ({
  kind: 'document',
  contentType,
  matches,
});

export const FILE_TYPES: Readonly<Record<UploadExtension, FileType>> = {
  png: image('image/png', (b) => startsWith(b, ...PNG)),
  jpg: image('image/jpeg', (b) => startsWith(b, ...JPEG)),
  jpeg: image('image/jpeg', (b) => startsWith(b, ...JPEG)),
  gif: image('image/gif', isGif),
  webp: image('image/webp', isWebp),
  pdf: doc('application/pdf', (b) => startsWith(b, ...ascii('%PDF-'))),
  doc: doc('application/msword', (b) => startsWith(b, ...OLE2)),
  xls: doc('application/vnd.ms-excel', (b) => startsWith(b, ...OLE2)),
  ppt: doc('application/vnd.ms-powerpoint', (b) => startsWith(b, ...OLE2)),
  docx: doc('application/vnd.openxmlformats-officedocument.wordprocessingml.document', isOoxml('word/')),
  xlsx: doc('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', isOoxml('xl/')),
  pptx: doc('application/vnd.openxmlformats-officedocument.presentationml.presentation', isOoxml('ppt/')),
  csv: doc('text/csv; charset=utf-8', isText),
};

/** The lower-cased extension of `filename` when it is accepted, else null. */
export function uploadExtension(filename: string): UploadExtension | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(filename);
  const ext = match?.[1]?.toLowerCase();
  return ext !== undefined && ext in FILE_TYPES ? (ext as UploadExtension) : null;
}

/** The type of a file named `filename` with `bytes`, or null when the name or the content does not fit. */
export function detectFileType(filename: string, bytes: Buffer): FileType | null {
  const ext = uploadExtension(filename);
  if (ext === null || bytes.length === 0) return null;
  const type = FILE_TYPES[ext];
  return type.matches(bytes) ? type : null;
}
