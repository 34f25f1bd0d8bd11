/**
 * Minimal DICOM Part 10 encoder: explicit VR little endian elements (PS3.5 §7.1.2), the 128-byte preamble and
 * "DICM" prefix, and the file meta group (PS3.10 §7.1). Enough to write single-frame image objects.
 */

/** Value representations this encoder writes. */
export type Vr =
  | 'AE'
  | 'CS'
  | 'DA'
  | 'DS'
  | 'FD'
  | 'IS'
  | 'LO'
  | 'LT'
  | 'OB'
  | 'OW'
  | 'PN'
  | 'SH'
  | 'TM'
  | 'UI'
  | 'UL'
  | 'US';

/** One data element: tag as 0xGGGGEEEE, its VR and value (strings are joined with '\' for multiple values). */
export interface DicomElement {
  tag: number;
  vr: Vr;
  value: string | readonly string[] | readonly number[] | Uint8Array;
}

/** VRs with a 2-byte reserved field and a 32-bit length (PS3.5 Table 7.1-1). */
const LONG_LENGTH_VRS = new Set<Vr>(['OB', 'OW']);

/** Explicit VR Little Endian transfer syntax UID (PS3.5 §A.2). */
export const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';

const textEncoder = new TextEncoder();

/** A decimal string of at most 16 characters (PS3.5 Table 6.2-1, DS). */
export function decimalString(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`DS value must be finite, got ${x}`);
  for (let digits = 15; digits >= 1; digits--) {
    const s = String(Number(x.toPrecision(digits)));
    if (s.length <= 16) return s;
  }
  return x.toExponential(6);
}

function valueBytes(element: DicomElement): Uint8Array {
  const { vr, value } = element;
  if (value instanceof Uint8Array) return value;
  if (vr === 'US' || vr === 'UL' || vr === 'FD') {
    const numbers = value as readonly number[];
    const size = { US: 2, UL: 4, FD: 8 }[vr];
    const out = new Uint8Array(numbers.length * size);
    const view = new DataView(out.buffer);
    numbers.forEach((n, i) => {
      if (vr === 'US') view.setUint16(i * size, n, true);
      else if (vr === 'UL') view.setUint32(i * size, n, true);
      else view.setFloat64(i * size, n, true);
    });
    return out;
  }
  const text =
    typeof value === 'string' ? value : (value as readonly (string | number)[]).map(String).join('\\');
  return textEncoder.encode(text);
}

/** Encodes one element, padding the value to even length (NUL for UI/OB/OW, space for other strings). */
export function encodeElement(element: DicomElement): Uint8Array {
  let bytes = valueBytes(element);
  if (bytes.length % 2 === 1) {
    const padded = new Uint8Array(bytes.length + 1);
    padded.set(bytes);
    padded[bytes.length] = element.vr === 'UI' || element.vr === 'OB' || element.vr === 'OW' ? 0 : 0x20;
    bytes = padded;
  }
  const long = LONG_LENGTH_VRS.has(element.vr);
  const header = new Uint8Array(long ? 12 : 8);
  const view = new DataView(header.buffer);
  view.setUint16(0, element.tag >>> 16, true);
  view.setUint16(2, element.tag & 0xffff, true);
  header[4] = element.vr.charCodeAt(0);
  header[5] = element.vr.charCodeAt(1);
  if (long) view.setUint32(8, bytes.length, true);
  else {
    if (bytes.length > 0xffff)
      throw new RangeError(`value of ${element.tag.toString(16)} too long for ${element.vr}`);
    view.setUint16(6, bytes.length, true);
  }
  return concat([header, bytes]);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Elements sorted by tag, encoded back to back (a dataset must be in ascending tag order, PS3.5 §7.1). */
export function encodeDataset(elements: readonly DicomElement[]): Uint8Array {
  return concat([...elements].sort((a, b) => a.tag - b.tag).map(encodeElement));
}

/** Identification of this implementation in the file meta group. */
export const IMPLEMENTATION_CLASS_UID = '2.25.160868294375301346546219838046251383581';
export const IMPLEMENTATION_VERSION_NAME = 'LARMOR_0_1';

/**
 * A Part 10 file: 128-byte zero preamble, "DICM", the file meta group (with its group length), then the dataset.
 */
export function part10File(
  sopClassUid: string,
  sopInstanceUid: string,
  dataset: readonly DicomElement[],
): Uint8Array {
  const meta = encodeDataset([
    { tag: 0x00020001, vr: 'OB', value: new Uint8Array([0, 1]) },
    { tag: 0x00020002, vr: 'UI', value: sopClassUid },
    { tag: 0x00020003, vr: 'UI', value: sopInstanceUid },
    { tag: 0x00020010, vr: 'UI', value: EXPLICIT_VR_LITTLE_ENDIAN },
    { tag: 0x00020012, vr: 'UI', value: IMPLEMENTATION_CLASS_UID },
    { tag: 0x00020013, vr: 'SH', value: IMPLEMENTATION_VERSION_NAME },
  ]);
  const groupLength = encodeElement({ tag: 0x00020000, vr: 'UL', value: [meta.length] });
  const prefix = new Uint8Array(132);
  prefix.set(textEncoder.encode('DICM'), 128);
  return concat([prefix, groupLength, meta, encodeDataset(dataset)]);
}

/**
 * A deterministic UID under the 2.25 root (ITU-T X.667: a UUID as one decimal integer), from a text key:
 * two 64-bit FNV-1a hashes of the key make the 128-bit number. Same key, same UID; no clock or random source.
 */
export function uidFromKey(key: string): string {
  const bytes = textEncoder.encode(key);
  const fnv = (seed: bigint): bigint => {
    let h = seed;
    for (const b of bytes) {
      h ^= BigInt(b);
      h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
    }
    return h;
  };
  const value = (fnv(0xcbf29ce484222325n) << 64n) | fnv(0x84222325cbf29ce4n);
  return `2.25.${value.toString()}`;
}
