/**
 * Decompression limits for ZIP archives (an XLSX workbook is one), checked before a parser inflates anything:
 * a 0.5 MB file can inflate to hundreds of MB of XML (a "zip bomb", issue 8 item 4).
 *
 * fflate reads the central directory (without inflating); too many entries, or a declared total over the
 * limit, are refused there. Then every entry is inflated in small steps under a ceiling of the size it
 * declares, so an archive that understates its sizes is caught after at most about 1 MiB more; entries that
 * share their data count once per entry in the declared total.
 * https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT
 */
import { Unzip, UnzipInflate, unzipSync, type UnzipFileInfo } from 'fflate';

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

/** The smallest central directory header (APPNOTE 4.3.12): an archive cannot list more entries than fit. */
const CENTRAL_HEADER_BYTES = 46;
/**
 * Compressed bytes handed to the inflater at a time: DEFLATE expands at most ~1032-fold, so one step writes
 * at most ~1 MiB past a ceiling before the count sees it.
 */
const INFLATE_STEP_BYTES = 1024;

const mib = (bytes: number): string => `${(bytes / 1_048_576).toFixed(0)} MiB`;

/** The central directory's entries, read by fflate without inflating any. */
function centralDirectory(zip: Uint8Array): UnzipFileInfo[] {
  const entries: UnzipFileInfo[] = [];
  try {
    unzipSync(zip, {
      filter: (entry) => {
        entries.push(entry);
        if (entries.length * CENTRAL_HEADER_BYTES > zip.length) {
          throw new ZipFormatError('broken central directory');
        }
        return false;
      },
    });
  } catch (error) {
    if (error instanceof ZipFormatError) throw error;
    throw new ZipFormatError('no readable central directory');
  }
  return entries;
}

/**
 * Inflates every entry in `INFLATE_STEP_BYTES` steps, counting its bytes against the size the central
 * directory declares for it (`declared`, by name, in order).
 */
function inflateWithinDeclared(zip: Uint8Array, declared: Map<string, number[]>): void {
  const unzip = new Unzip((file) => {
    const ceiling = declared.get(file.name)?.shift();
    if (ceiling === undefined) throw new ZipFormatError(`${file.name} is not in the central directory`);
    if (file.compression !== 0 && file.compression !== 8) {
      throw new ZipFormatError(`${file.name}: compression method ${file.compression} is not supported`);
    }
    let inflated = 0;
    file.ondata = (error, chunk, final) => {
      if (error instanceof ZipLimitError || error instanceof ZipFormatError) throw error;
      if (error) throw new ZipFormatError(`${file.name} cannot be inflated`);
      inflated += chunk.length;
      if (inflated > ceiling) {
        throw new ZipLimitError(`${file.name} unpacks to more than the size it declares`);
      }
      if (final && inflated !== ceiling) {
        throw new ZipFormatError(`${file.name} unpacks to another size than it declares`);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < zip.length; at += INFLATE_STEP_BYTES) {
      const end = Math.min(at + INFLATE_STEP_BYTES, zip.length);
      unzip.push(zip.subarray(at, end), end === zip.length);
    }
  } catch (error) {
    if (error instanceof ZipLimitError || error instanceof ZipFormatError) throw error;
    throw new ZipFormatError('broken local headers');
  }
}

/**
 * Throws ZipLimitError when `zip` holds more entries or inflates to more bytes than `limits` allow, and
 * ZipFormatError when it is not a readable archive. Never holds more than one inflation step in memory.
 */
export function checkZipLimits(zip: Uint8Array, limits: ZipLimits): void {
  const entries = centralDirectory(zip);
  if (entries.length > limits.maxEntries) {
    throw new ZipLimitError(`it holds ${entries.length} parts, more than the ${limits.maxEntries} allowed`);
  }
  const total = entries.reduce((sum, e) => sum + e.originalSize, 0);
  if (total > limits.maxUncompressedBytes) {
    throw new ZipLimitError(
      `it unpacks to ${mib(total)}, more than the ${mib(limits.maxUncompressedBytes)} allowed`,
    );
  }
  const declared = new Map<string, number[]>();
  for (const e of entries) declared.set(e.name, [...(declared.get(e.name) ?? []), e.originalSize]);
  inflateWithinDeclared(zip, declared);
}
