import dcmjs from 'dcmjs';
import { describe, expect, it } from 'vitest';
import { seriesWindow } from '../../recon/window.ts';
import { sarEstimate, scanTime } from '../../sequence/derived.ts';
import { scanGeometry } from '../../simulate/geometry.ts';
import { testProtocol } from '../../simulate/fast/phantom.testing.ts';
import { decimalString, uidFromKey } from './encode.ts';
import { dicomMrSeries, relativeSnrComment, type DicomImage, type DicomSeriesInput } from './mrImage.ts';
import { TEST_SCANNER } from '../../scanner.testing.ts';
import { tinyStack } from '../export.testing.ts';

/** Reads a Part 10 file with dcmjs, an independent reader: the file meta group and the dataset by keyword. */
function read(file: Uint8Array): { meta: Record<string, unknown>; data: Record<string, unknown> } {
  const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  const dict = dcmjs.data.DicomMessage.readFile(buffer as ArrayBuffer);
  const naturalize = dcmjs.data.DicomMetaDictionary.naturalizeDataset;
  return { meta: naturalize(dict.meta), data: naturalize(dict.dict) };
}

function pixels(data: Record<string, unknown>): Uint16Array {
  const [buffer] = data['PixelData'] as ArrayBuffer[];
  if (!buffer) throw new Error('no pixel data');
  return new Uint16Array(buffer);
}

describe('DICOM MR export (read back with dcmjs)', () => {
  const { protocol, geometry, images } = tinyStack('coronal', 2, (s, i) => i + s);
  const series = (overrides: Partial<DicomSeriesInput> = {}) =>
    dicomMrSeries({
      images,
      geometry,
      protocol,
      scanner: TEST_SCANNER,
      scanKey: 'scan-1',
      date: '20261121',
      time: '120000',
      ...overrides,
    }).map(read);
  const [first, second] = series();
  if (!first || !second) throw new Error('two files expected');

  it('writes a Part 10 file: MR Image Storage, explicit VR little endian, SOP UIDs as in the meta group', () => {
    expect(first.meta['MediaStorageSOPClassUID']).toBe('1.2.840.10008.5.1.4.1.1.4');
    expect(first.meta['TransferSyntaxUID']).toBe('1.2.840.10008.1.2.1');
    expect(first.data['SOPClassUID']).toBe(first.meta['MediaStorageSOPClassUID']);
    expect(first.data['SOPInstanceUID']).toBe(first.meta['MediaStorageSOPInstanceUID']);
    expect(first.data['Modality']).toBe('MR');
  });

  it('puts both slices in one series with distinct instances', () => {
    expect(first.data['SeriesInstanceUID']).toBe(second.data['SeriesInstanceUID']);
    expect(first.data['SOPInstanceUID']).not.toBe(second.data['SOPInstanceUID']);
    expect([first.data['InstanceNumber'], second.data['InstanceNumber']]).toEqual([1, 2]);
  });

  it("a further series of the scan (seriesKey): its own series and instance UIDs, the scan's study and frame of reference", () => {
    const [derived] = series({ seriesKey: 'adc' });
    expect(derived?.data['SeriesInstanceUID']).not.toBe(first.data['SeriesInstanceUID']);
    expect(derived?.data['SOPInstanceUID']).not.toBe(first.data['SOPInstanceUID']);
    expect(derived?.data['StudyInstanceUID']).toBe(first.data['StudyInstanceUID']);
    expect(derived?.data['FrameOfReferenceUID']).toBe(first.data['FrameOfReferenceUID']);
  });

  it('writes the geometry in mm: position of the first pixel, orientation, spacing, thickness', () => {
    // Coronal: rows run along +x (left), columns along −z (feet); 4 columns of 50 mm, 2 rows of 50 mm.
    expect(first.data['ImageOrientationPatient']).toEqual([1, 0, 0, 0, 0, -1]);
    expect(first.data['PixelSpacing']).toEqual([50, 50]);
    expect(first.data['SliceThickness']).toBe(4);
    expect(first.data['SpacingBetweenSlices']).toBe(5);
    // Slice 0 centre: 20 mm − 2.5 mm along the normal (+y); first pixel −2 columns·50 mm in x, −1 row·50 mm in −z.
    const position = first.data['ImagePositionPatient'] as number[];
    [10 - 100, 17.5, 30 + 50].forEach((v, i) => expect(position[i]).toBeCloseTo(v, 6));
    expect((second.data['ImagePositionPatient'] as number[])[1]).toBeCloseTo(22.5, 6);
  });

  it('writes the acquisition: TR, TE [ms], flip angle [°], field [T], sequence terms, 2D', () => {
    expect(first.data['RepetitionTime']).toBe(500);
    expect(first.data['EchoTime']).toBe(15);
    expect(first.data['EchoNumbers']).toBe(1);
    expect(first.data['FlipAngle']).toBe(90);
    expect(first.data['MagneticFieldStrength']).toBe(1.5);
    expect(first.data['ScanningSequence']).toBe('SE');
    expect(first.data['SequenceVariant']).toBe('NONE');
    expect(first.data['InPlanePhaseEncodingDirection']).toBe('COL');
    expect(first.data['MRAcquisitionType']).toBe('2D');
  });

  it("writes the console's derived values: AcquisitionDuration [s] and SAR [W/kg]", () => {
    expect(first.data['AcquisitionDuration']).toBe(scanTime(protocol, TEST_SCANNER).seconds);
    expect(first.data['SAR']).toBeCloseTo(sarEstimate(protocol, TEST_SCANNER).wattsPerKilogram, 9);
  });

  it('labels a 3D acquisition (MP-RAGE) 3D, with contiguous partitions and its inversion time', () => {
    const mprage = testProtocol({
      ...protocol,
      family: 'MPRAGE',
      inversionTime: 0.9,
      repetitionTime: 2.3,
      echoTime: 0.003,
    });
    const slab = scanGeometry(mprage);
    const [image] = dicomMrSeries({
      images,
      geometry: slab,
      protocol: mprage,
      scanner: TEST_SCANNER,
      scanKey: 'mprage',
      date: '20261121',
      time: '120000',
    }).map(read);
    expect(image?.data['MRAcquisitionType']).toBe('3D');
    expect(image?.data['SpacingBetweenSlices']).toBe(4);
    expect(image?.data['InversionTime']).toBe(900);
    expect(image?.data['ScanningSequence']).toEqual(['IR', 'GR']);
  });

  it('writes each echo its EchoTime and EchoNumbers, and diffusion its b-value [s/mm²] and direction', () => {
    const echoes: DicomImage[] = [1, 2].flatMap((number) =>
      images.map((image, slice) => ({ ...image, slice, echo: { number, time: 0.01 * number } })),
    );
    const multiEcho = series({ images: echoes });
    expect(multiEcho.map((f) => [f.data['EchoNumbers'], f.data['EchoTime']])).toEqual([
      [1, 10],
      [1, 10],
      [2, 20],
      [2, 20],
    ]);
    expect(multiEcho[2]?.data['ImagePositionPatient']).toEqual(first.data['ImagePositionPatient']);
    expect(multiEcho.map((f) => f.data['InstanceNumber'])).toEqual([1, 2, 3, 4]);

    const [slice0] = images;
    if (!slice0) throw new Error('no slice');
    const weighted: DicomImage[] = [
      { ...slice0, slice: 0, diffusion: { bValue: 0 } },
      { ...slice0, slice: 0, diffusion: { bValue: 1e9, direction: [0, 0.6, -0.8] } },
    ];
    const [b0, b1000] = series({ images: weighted });
    expect(b0?.data['DiffusionBValue']).toBe(0);
    expect(b0?.data['DiffusionDirectionality']).toBe('NONE');
    expect(b0?.data['DiffusionGradientOrientation']).toBeUndefined();
    expect(b1000?.data['DiffusionBValue']).toBe(1000);
    expect(b1000?.data['DiffusionDirectionality']).toBe('DIRECTIONAL');
    expect(b1000?.data['DiffusionGradientOrientation']).toEqual([0, 0.6, -0.8]);
  });

  it('writes ImageType ORIGINAL by default and what a computed map says it is', () => {
    expect(first.data['ImageType']).toEqual(['ORIGINAL', 'PRIMARY', 'OTHER']);
    const [adc] = series({ imageType: ['DERIVED', 'PRIMARY', 'DIFFUSION', 'ADC'] });
    expect(adc?.data['ImageType']).toEqual(['DERIVED', 'PRIMARY', 'DIFFUSION', 'ADC']);
  });

  it('stores 12-bit pixels scaled so the series peak is 4095', () => {
    expect([first.data['Rows'], first.data['Columns']]).toEqual([2, 4]);
    expect([first.data['BitsAllocated'], first.data['BitsStored'], first.data['HighBit']]).toEqual([
      16, 12, 11,
    ]);
    expect(Array.from(pixels(second.data))).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((v) => Math.round((v * 4095) / 8)),
    );
  });

  it("writes Rescale Slope/Intercept that recover the served magnitudes, and the series' tissue window in those units on every slice (issue 23.8)", () => {
    const window = seriesWindow(images.map((i) => i.magnitude));
    const slope = Number(first.data['RescaleSlope']);
    expect(Number(first.data['RescaleIntercept'])).toBe(0);
    const served = Array.from(pixels(second.data)).map((v) => v * slope);
    served.forEach((v, i) => expect(Math.abs(v - (i + 1))).toBeLessThanOrEqual(slope / 2 + 1e-12));
    expect(Number(first.data['WindowCenter'])).toBeCloseTo(window.center, 10);
    expect(Number(first.data['WindowWidth'])).toBeCloseTo(window.width, 10);
    expect(second.data['WindowCenter']).toBe(first.data['WindowCenter']);
    expect(second.data['WindowWidth']).toBe(first.data['WindowWidth']);
  });

  it('carries the relative SNR figure in Image Comments', () => {
    expect(first.data['ImageComments']).toMatch(/^Relative SNR \d+\.\d % /);
    const [given] = series({ relativeSnrPercent: 42.25 });
    expect(given?.data['ImageComments']).toBe(relativeSnrComment(42.25));
  });

  it('credits the anatomy in Patient Comments when the model carries a notice (an atlas-derived knee), else writes none', () => {
    expect(first.data['PatientComments']).toBeUndefined();
    const notice = 'Knee model derived from the SPL Knee Atlas (Richolt J, Jakab M, Kikinis R; SPL, 2015).';
    const [credited] = series({ anatomyNotice: notice });
    expect(credited?.data['PatientComments']).toBe(notice);
  });

  it('encodes decimal strings in at most 16 characters and UIDs deterministically', () => {
    for (const x of [Math.PI * 1e6, -1 / 3, 1e-12, 123456789012.345]) {
      expect(decimalString(x).length).toBeLessThanOrEqual(16);
      expect(Math.abs(Number(decimalString(x)) / x - 1)).toBeLessThan(1e-9);
    }
    expect(uidFromKey('a')).toBe(uidFromKey('a'));
    expect(uidFromKey('a')).not.toBe(uidFromKey('b'));
    expect(uidFromKey('a')).toMatch(/^2\.25\.[1-9]\d*$/);
  });
});
