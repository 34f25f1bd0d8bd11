/**
 * A finished scan's DICOM download as a PACS would read it: the zip of `IM0001.dcm`… (stored entries, PKWARE
 * APPNOTE 6.3) unpacked here and each file read with dcmjs, an independent reader. Stories compare what the
 * viewer shows with these bytes.
 */
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- dcmjs is untyped: its declaration lives in @larmor/mri
/// <reference path="../../packages/mri/src/io/dicom/dcmjs.d.ts" />
import dcmjs from 'dcmjs';
import { login, type Credentials } from './api.ts';

/**
 * One image of the download: its default window (in the output units of the rescale, PS3.3 C.11.2.1.2), its
 * Rescale Slope/Intercept and its stored pixels (rows × columns, row by row).
 */
export interface DicomImageRead {
  windowCenter: number;
  windowWidth: number;
  rescaleSlope: number;
  rescaleIntercept: number;
  rows: number;
  columns: number;
  pixels: Uint16Array;
}

const LOCAL_HEADER_SIGNATURE = 0x04034b50;

/** The entries of a zip whose entries are stored (not deflated), in order. */
function storedZipEntries(zip: Uint8Array): Uint8Array[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const entries: Uint8Array[] = [];
  let offset = 0;
  while (offset + 30 <= zip.length && view.getUint32(offset, true) === LOCAL_HEADER_SIGNATURE) {
    if (view.getUint16(offset + 8, true) !== 0) throw new Error('a deflated zip entry');
    const size = view.getUint32(offset + 18, true);
    const start = offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
    entries.push(zip.slice(start, start + size));
    offset = start + size;
  }
  return entries;
}

function readImage(file: Uint8Array): DicomImageRead {
  const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
  const data = dcmjs.data.DicomMetaDictionary.naturalizeDataset(
    dcmjs.data.DicomMessage.readFile(buffer).dict,
  );
  const [pixels] = data['PixelData'] as ArrayBuffer[];
  if (!pixels) throw new Error('a DICOM file without pixel data');
  return {
    windowCenter: Number(data['WindowCenter']),
    windowWidth: Number(data['WindowWidth']),
    rescaleSlope: Number(data['RescaleSlope'] ?? 1),
    rescaleIntercept: Number(data['RescaleIntercept'] ?? 0),
    rows: Number(data['Rows']),
    columns: Number(data['Columns']),
    pixels: new Uint16Array(pixels),
  };
}

/** Downloads GET …/reconstructed-images/{scanId}?format=dicom as `who` and reads every image of it. */
export async function downloadDicomSeries(
  baseUrl: string,
  who: Credentials,
  sessionId: string,
  scanId: string,
): Promise<DicomImageRead[]> {
  const { accessToken } = await login(baseUrl, who);
  const response = await fetch(
    `${baseUrl}/api/v1/sessions/${sessionId}/reconstructed-images/${scanId}?format=dicom`,
    { headers: { Authorization: `Bearer ${accessToken}` } },
  );
  if (!response.ok) throw new Error(`the DICOM download answered ${response.status}`);
  return storedZipEntries(new Uint8Array(await response.arrayBuffer())).map(readImage);
}
