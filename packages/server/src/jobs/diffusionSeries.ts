/**
 * The series of a DWI scan (the render CLI and the session API): one trace image per b-value and the ADC map (@larmor/mri simulate/diffusion.ts).
 * Each b-value > 0 is scanned once per diffusion direction with its own noise seed and the trace is their
 * geometric mean; b = 0 is scanned once.
 */
import type { Protocol } from '@larmor/mri';
import { adcMap, geometricMean, TRACE_DIRECTIONS } from '@larmor/mri/simulate';

/** One image of a series (display orientation). */
export interface SeriesImage {
  rows: number;
  columns: number;
  magnitude: Float32Array;
}

/** A series the render command writes: its name (sub-folder and file suffix), description and images. */
export interface RenderedSeries {
  /** '' for the scan itself; 'b0', 'b1000' (s/mm²) and 'adc' for the DWI series. */
  name: string;
  description: string;
  protocol: Protocol;
  images: readonly SeriesImage[];
  /** DICOM ImageType of a computed series (trace, ADC); absent for acquired images. */
  imageType?: readonly string[];
}

/** ADC map unit of the written images: 10⁻⁶ mm²/s (1e-12 m²/s), as consoles store it (white matter ≈ 700). */
export const ADC_UNIT_M2_PER_S = 1e-12;

/** Pixels whose lowest-b trace is below this fraction of its maximum are background (ADC 0). */
const ADC_BACKGROUND_FRACTION = 0.05;

/** s/m² → s/mm² for names. */
const bInSPerMm2 = (b: number): number => Math.round(b / 1e6);

/**
 * The trace series of every b-value of `protocol` and, with two or more distinct b-values, the ADC map.
 * `scan(protocol, seed)` runs one scan and resolves to its slices.
 */
export async function diffusionSeries(
  protocol: Protocol,
  seed: number,
  scan: (protocol: Protocol, seed: number) => Promise<readonly SeriesImage[]>,
  directions = TRACE_DIRECTIONS,
): Promise<RenderedSeries[]> {
  const bValues = [...new Set(protocol.bValues ?? [0])].sort((a, b) => a - b);
  const series: RenderedSeries[] = [];
  let run = 0;
  for (const b of bValues) {
    const single = { ...protocol, bValues: [b] };
    const scans: (readonly SeriesImage[])[] = [];
    for (let d = 0; d < (b > 0 ? directions : 1); d++) scans.push(await scan(single, seed + run++));
    const first = scans[0] ?? [];
    const images = first.map((image, slice) => ({
      rows: image.rows,
      columns: image.columns,
      magnitude: geometricMean(scans.map((s) => (s[slice] as SeriesImage).magnitude)),
    }));
    const name = `b${bInSPerMm2(b)}`;
    const trace = b > 0 && directions > 1;
    series.push({
      name,
      // The DICOM SeriesDescription too: the b-value, and TRACEW for a trace (as its ImageType).
      description: trace
        ? `DWI TRACEW b=${bInSPerMm2(b)} s/mm² (trace of ${directions} directions)`
        : `DWI b=${bInSPerMm2(b)} s/mm² (one direction)`,
      protocol: single,
      images,
      ...(trace ? { imageType: ['DERIVED', 'PRIMARY', 'DIFFUSION', 'TRACEW'] } : {}),
    });
  }
  if (series.length >= 2) {
    const lowest = series[0]?.images ?? [];
    // Loops, not spreads: a spread passes every pixel as an argument and overflows the stack on a large image.
    const peak = lowest.reduce(
      (max, image) => image.magnitude.reduce((m, v) => Math.max(m, v), max),
      -Infinity,
    );
    const floor = ADC_BACKGROUND_FRACTION * peak;
    const images = lowest.map((image, slice) => {
      const adc = adcMap(
        series.map((s) => (s.images[slice] as SeriesImage).magnitude),
        bValues,
        floor,
      );
      return { rows: image.rows, columns: image.columns, magnitude: adc.map((v) => v / ADC_UNIT_M2_PER_S) };
    });
    series.push({
      name: 'adc',
      description: 'DWI ADC (10⁻⁶ mm²/s)',
      protocol,
      images,
      imageType: ['DERIVED', 'PRIMARY', 'DIFFUSION', 'ADC'],
    });
  }
  return series;
}
