/**
 * A minimal NRRD reader for the build scripts (format: teem.sourceforge.net/nrrd/format.html, NRRD0001–0005).
 * Reads single-file (attached-data) 3-D scalar volumes, raw or gzip-encoded (node:zlib), of the integer types
 * the SPL atlases use, with their `space directions` and `space origin`.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export interface NrrdVolume {
  dims: [number, number, number];
  /** The NRRD `space` field, e.g. "left-posterior-superior". */
  space: string;
  /** Per-axis direction vectors (index step → world step, in the space's units, mm for the atlases). */
  directions: [Vec, Vec, Vec];
  /** World position of the centre of voxel (0, 0, 0) [mm]. */
  origin: Vec;
  /** Voxel values, x fastest. */
  data: Int32Array;
}

type Vec = [number, number, number];

/** NRRD `type` spellings (format spec, "type") this reader understands, with their byte sizes and readers. */
const TYPES: Record<string, [number, (v: DataView, o: number, le: boolean) => number]> = {
  uchar: [1, (v, o) => v.getUint8(o)],
  'unsigned char': [1, (v, o) => v.getUint8(o)],
  uint8: [1, (v, o) => v.getUint8(o)],
  short: [2, (v, o, le) => v.getInt16(o, le)],
  'short int': [2, (v, o, le) => v.getInt16(o, le)],
  'signed short': [2, (v, o, le) => v.getInt16(o, le)],
  int16: [2, (v, o, le) => v.getInt16(o, le)],
  ushort: [2, (v, o, le) => v.getUint16(o, le)],
  'unsigned short': [2, (v, o, le) => v.getUint16(o, le)],
  uint16: [2, (v, o, le) => v.getUint16(o, le)],
  int: [4, (v, o, le) => v.getInt32(o, le)],
  int32: [4, (v, o, le) => v.getInt32(o, le)],
};

function vector(text: string): Vec {
  const m = /\(([^)]*)\)/.exec(text);
  const parts = (m?.[1] ?? '').split(',').map(Number);
  if (parts.length !== 3 || parts.some((p) => !Number.isFinite(p)))
    throw new Error(`bad NRRD vector ${text}`);
  return parts as Vec;
}

/** Parses NRRD bytes (header, blank line, attached data). Throws on what it does not support. */
export function parseNrrd(bytes: Uint8Array): NrrdVolume {
  // The header ends at the first empty line ("\n\n").
  let end = -1;
  for (let i = 0; i + 1 < bytes.length; i++) {
    if (bytes[i] === 0x0a && bytes[i + 1] === 0x0a) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('NRRD header has no end');
  const header = new TextDecoder().decode(bytes.subarray(0, end));
  if (!/^NRRD000[1-5]/.test(header)) throw new Error('not a NRRD file');
  const fields = new Map<string, string>();
  for (const line of header.split('\n').slice(1)) {
    if (line.startsWith('#') || !line.includes(':')) continue;
    const at = line.indexOf(':');
    fields.set(
      line.slice(0, at).trim(),
      line
        .slice(at + 1)
        .replace(/^=?\s*/, '')
        .trim(),
    );
  }
  const get = (key: string): string => {
    const value = fields.get(key);
    if (value === undefined) throw new Error(`NRRD header lacks "${key}"`);
    return value;
  };
  if (Number(get('dimension')) !== 3) throw new Error('only 3-D NRRD volumes are supported');
  if (fields.has('data file') || fields.has('datafile'))
    throw new Error('detached NRRD data is not supported');
  const dims = get('sizes').split(/\s+/).map(Number) as Vec;
  const type = TYPES[get('type')];
  if (!type) throw new Error(`unsupported NRRD type ${get('type')}`);
  const [size, read] = type;
  const little = (fields.get('endian') ?? 'little') === 'little';
  const encoding = get('encoding');
  const payload = bytes.subarray(end + 2);
  const raw =
    encoding === 'gzip' || encoding === 'gz'
      ? new Uint8Array(gunzipSync(payload))
      : encoding === 'raw'
        ? payload
        : (() => {
            throw new Error(`unsupported NRRD encoding ${encoding}`);
          })();
  const count = dims[0] * dims[1] * dims[2];
  if (raw.length < count * size) throw new Error('NRRD data shorter than its sizes');
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const data = new Int32Array(count);
  for (let i = 0; i < count; i++) data[i] = read(view, i * size, little);
  const directions = (get('space directions').match(/\([^)]*\)/g) ?? []).map(vector);
  if (directions.length !== 3) throw new Error('NRRD space directions must give three vectors');
  return {
    dims,
    space: get('space'),
    directions: directions as [Vec, Vec, Vec],
    origin: vector(get('space origin')),
    data,
  };
}

/** Reads a NRRD file from disk. */
export function readNrrd(path: string): NrrdVolume {
  return parseNrrd(new Uint8Array(readFileSync(path)));
}
