/**
 * Decompression limits for ZIP archives (an XLSX workbook is one), checked before a parser inflates anything:
 * a 0.5 MB file can inflate to hundreds of MB of XML (a "zip bomb", issue 8 item 4).
 *
 * The check reads the central directory (APPNOTE.TXT 6.3.10 §4.3.12, §4.3.16), refuses too many entries, ZIP64,
 * and a declared total over the limit, then inflates each entry with a ceiling of its declared size, so an
 * archive that understates its sizes is caught too; entries that share their data count once per entry.
 * https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  /** Most entries (files and folders) the archive may hold. */
  maxEntries: number;
  /** Most bytes all entries may inflate to, together. */
  maxUncompressedBytes: number;
}

/** Why an archive was refused: `detail` is a sentence for the person who uploaded it. */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

/** A malformed archive (not a limit): the caller answers "cannot be read". */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const END_RECORD_BYTES = 22;
const CENTRAL_HEADER_BYTES = 46;
const LOCAL_HEADER_BYTES = 30;
/** The end record sits in the last 22 bytes plus a comment of at most 65,535 bytes. */
const MAX_COMMENT_BYTES = 0xffff;
/** A 16- or 32-bit field at its maximum means "see the ZIP64 record": no workbook we accept needs one. */
const ZIP64_MARK_16 = 0xffff;
const ZIP64_MARK_32 = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;

interface Entry {
  name: string;
  method: number;
  compressedBytes: number;
  uncompressedBytes: number;
  localHeaderOffset: number;
}

function endRecordOffset(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  for (let at = zip.length - END_RECORD_BYTES; at >= lowest; at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new ZipFormatError('no end of central directory record');
}

function centralDirectory(zip: Buffer, limits: ZipLimits): Entry[] {
  const end = endRecordOffset(zip);
  const count = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (count === ZIP64_MARK_16 || directoryOffset === ZIP64_MARK_32) {
    throw new ZipLimitError('ZIP64 archives are not accepted');
  }
  if (count > limits.maxEntries) {
    throw new ZipLimitError(`it holds ${count} parts, more than the ${limits.maxEntries} allowed`);
  }
  const entries: Entry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_HEADER_BYTES > zip.length || zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_HEADER) {
      throw new ZipFormatError('broken central directory');
    }
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: Entry = {
      method: zip.readUInt16LE(at + 10),
      compressedBytes: zip.readUInt32LE(at + 20),
      uncompressedBytes: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + CENTRAL_HEADER_BYTES, at + CENTRAL_HEADER_BYTES + nameLength),
    };
    if ([entry.compressedBytes, entry.uncompressedBytes, entry.localHeaderOffset].includes(ZIP64_MARK_32)) {
      throw new ZipLimitError('ZIP64 archives are not accepted');
    }
    entries.push(entry);
    at += CENTRAL_HEADER_BYTES + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** The compressed bytes of `entry`, found through its local header. */
function entryData(zip: Buffer, entry: Entry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + LOCAL_HEADER_BYTES > zip.length || zip.readUInt32LE(at) !== LOCAL_FILE_HEADER) {
    throw new ZipFormatError(`broken local header of ${entry.name}`);
  }
  const start = at + LOCAL_HEADER_BYTES + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedBytes > zip.length) throw new ZipFormatError(`${entry.name} is truncated`);
  return zip.subarray(start, start + entry.compressedBytes);
}

const mib = (bytes: number): string => `${(bytes / 1_048_576).toFixed(0)} MiB`;

/**
 * Throws ZipLimitError when `zip` holds more entries or inflates to more bytes than `limits` allow, and
 * ZipFormatError when it is not a readable archive. Inflates at most `limits.maxUncompressedBytes` in all.
 */
export function checkZipLimits(zip: Buffer, limits: ZipLimits): void {
  const entries = centralDirectory(zip, limits);
  const declared = entries.reduce((sum, e) => sum + e.uncompressedBytes, 0);
  if (declared > limits.maxUncompressedBytes) {
    throw new ZipLimitError(
      `it unpacks to ${mib(declared)}, more than the ${mib(limits.maxUncompressedBytes)} allowed`,
    );
  }
  for (const entry of entries) {
    const data = entryData(zip, entry);
    if (entry.method === STORED) {
      if (data.length !== entry.uncompressedBytes) throw new ZipFormatError(`${entry.name}: size mismatch`);
      continue;
    }
    if (entry.method !== DEFLATED) {
      throw new ZipFormatError(`${entry.name}: compression method ${entry.method} is not supported`);
    }
    let inflated: Buffer;
    try {
      // One byte of headroom: a stream longer than declared fails here instead of inflating on.
      inflated = inflateRawSync(data, { maxOutputLength: entry.uncompressedBytes + 1 });
    } catch (error) {
      if (error instanceof RangeError) {
        throw new ZipLimitError(`${entry.name} unpacks to more than the size it declares`);
      }
      throw new ZipFormatError(`${entry.name} cannot be inflated`);
    }
    if (inflated.length !== entry.uncompressedBytes) {
      throw new ZipFormatError(`${entry.name} unpacks to another size than it declares`);
    }
  }
}
