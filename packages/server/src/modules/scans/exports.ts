/**
 * Downloads of a finished scan's series: a zip of its DICOM MR files (@larmor/mri io/dicom, one file per slice)
 * and a gzip-compressed NIfTI-1 volume (@larmor/mri io/nifti, exports/nifti.ts). Both are rebuilt from the
 * stored pixels and the snapshot's geometry, so they show exactly what the viewers show.
 */
import { crc32 } from 'node:zlib';
import { dicomMrSeries, niftiVolume } from '@larmor/mri/io';
import { scanGeometry, type ScanSnapshot } from '@larmor/mri/simulate';
import type { Protocol } from '@larmor/mri';
import { modelSnrPercent } from '@larmor/mri/anatomy';
import { niftiFileBytes } from '../../exports/nifti.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import type { ScanRow } from './repository.ts';
import { imageKey, type ScanResultRecord } from './runner.ts';

/** A zip archive (PKWARE APPNOTE 6.3: local headers, stored entries, central directory, end record). */
export function zipStored(entries: readonly { name: string; data: Uint8Array }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...centrals, end]));
}

async function imagesOf(runtime: SimulatorRuntime, scan: ScanRow, result: ScanResultRecord) {
  const images = [];
  for (let i = 0; i < result.slices.length; i++) {
    const bytes = await runtime.blobs.get(imageKey(scan.id, i));
    const magnitude = new Float32Array(bytes.slice().buffer);
    images.push({ rows: result.rows, columns: result.columns, magnitude });
  }
  return images;
}

/** The series as a zip of DICOM MR files `IM0001.dcm`…. */
export async function dicomZip(runtime: SimulatorRuntime, scan: ScanRow, result: ScanResultRecord) {
  const snapshot = JSON.parse(scan.snapshot) as ScanSnapshot;
  const protocol: Protocol = snapshot.protocol;
  const created = scan.created_at;
  const files = dicomMrSeries({
    images: await imagesOf(runtime, scan, result),
    geometry: scanGeometry(protocol),
    protocol,
    scanner: snapshot.scanner,
    scanKey: `scan/${scan.id}`,
    date: created.slice(0, 10).replaceAll('-', ''),
    time: created.slice(11, 19).replaceAll(':', ''),
    seriesNumber: scan.series_number,
    seriesDescription: `${protocol.family} ${scan.id.slice(0, 8)}`,
    relativeSnrPercent: modelSnrPercent(protocol, snapshot.scanner, snapshot.model.id),
  });
  return zipStored(files.map((data, i) => ({ name: `IM${String(i + 1).padStart(4, '0')}.dcm`, data })));
}

/** The series as a `.nii.gz` volume. */
export async function niftiGz(runtime: SimulatorRuntime, scan: ScanRow, result: ScanResultRecord) {
  const snapshot = JSON.parse(scan.snapshot) as ScanSnapshot;
  const nii = niftiVolume({
    images: await imagesOf(runtime, scan, result),
    geometry: scanGeometry(snapshot.protocol),
    repetitionTime: snapshot.protocol.repetitionTime,
    relativeSnrPercent: modelSnrPercent(snapshot.protocol, snapshot.scanner, snapshot.model.id),
  });
  return niftiFileBytes('scan.nii.gz', nii);
}
