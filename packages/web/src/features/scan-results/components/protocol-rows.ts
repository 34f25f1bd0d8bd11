/**
 * The parameters of a scan result's snapshot as rows of a table, converted from the snapshot's SI units
 * (s, m, T, T/m) to the console's (ms, mm, T, mT/m). Optional parameters appear only when the snapshot has them.
 */
import { SIMULATOR_BACKEND_WORDS } from '@larmor/contracts/lab-presets';
import type { ScanSnapshotBody } from '@larmor/contracts/scan-snapshot';

export interface ParameterRow {
  name: string;
  value: string;
}

const S_TO_MS = 1000;
const M_TO_MM = 1000;
const T_PER_M_TO_MT_PER_M = 1000;

/** `value` with at most `digits` decimals, trailing zeros dropped. */
function fixed(value: number, digits = 2): string {
  return String(Number(value.toFixed(digits)));
}

const ms = (seconds: number): string => `${fixed(seconds * S_TO_MS)} ms`;
const mm = (metres: number): string => `${fixed(metres * M_TO_MM)} mm`;

/** The protocol rows: sequence, timing, geometry and resolution. */
export function protocolRows(snapshot: ScanSnapshotBody): ParameterRow[] {
  const p = snapshot.protocol;
  const rows: ParameterRow[] = [
    { name: 'Sequence', value: p.is3d === true ? `${p.family} (3D)` : p.family },
    { name: 'TR', value: ms(p.repetitionTime) },
    { name: 'TE', value: ms(p.echoTime) },
  ];
  if (p.inversionTime !== undefined) rows.push({ name: 'TI', value: ms(p.inversionTime) });
  rows.push(
    { name: 'Flip angle', value: `${fixed(p.flipAngle * (180 / Math.PI), 1)}°` },
    { name: 'Echo train length', value: String(p.echoTrainLength) },
    { name: 'Bandwidth', value: `${fixed(p.bandwidthPerPixel, 1)} Hz/pixel` },
    { name: 'FOV (read × phase)', value: `${mm(p.fovRead)} × ${mm(p.fovPhase)}` },
    { name: 'Matrix (read × phase)', value: `${p.matrixRead} × ${p.matrixPhase}` },
    {
      name: 'Pixel size',
      value: `${mm(p.fovRead / p.matrixRead)} × ${mm(p.fovPhase / p.matrixPhase)}`,
    },
    { name: 'Slice thickness', value: mm(p.sliceThickness) },
    { name: 'Slice gap', value: mm(p.sliceGap) },
    { name: 'Slices', value: String(p.sliceCount) },
    { name: 'Orientation', value: p.geometry.orientation },
    { name: 'Phase direction', value: p.phaseDirection === 'row' ? 'Row' : 'Column' },
    { name: 'Averages (NEX)', value: String(p.nex) },
    { name: 'Phase oversampling', value: `${fixed(p.phaseOversampling * 100, 0)} %` },
    { name: 'Fat saturation', value: p.fatSaturation ? 'On' : 'Off' },
    { name: 'Partial Fourier', value: fixed(p.partialFourier, 3) },
  );
  if (p.bValues !== undefined) rows.push({ name: 'b-values', value: `${p.bValues.join(', ')} s/mm²` });
  if (p.echoTimes !== undefined) rows.push({ name: 'Echo times', value: p.echoTimes.map(ms).join(', ') });
  return rows;
}

/** The scanner and simulation rows. */
export function scannerRows(snapshot: ScanSnapshotBody): ParameterRow[] {
  const s = snapshot.scanner;
  const sim = snapshot.simulation;
  const rows: ParameterRow[] = [
    { name: 'Field strength', value: `${fixed(s.b0, 2)} T` },
    { name: 'Max gradient', value: `${fixed(s.maxGradient * T_PER_M_TO_MT_PER_M, 1)} mT/m` },
    { name: 'Max slew rate', value: `${fixed(s.maxSlewRate, 0)} T/m/s` },
    { name: 'Coil', value: s.coil },
    { name: 'Engine', value: SIMULATOR_BACKEND_WORDS[snapshot.engine].name },
    { name: 'Anatomical model', value: String(snapshot.model.id) },
    { name: 'Noise level', value: String(sim.noiseLevel) },
  ];
  if (sim.motion !== undefined) rows.push({ name: 'Motion', value: sim.motion.kind });
  if (sim.contrast !== undefined) {
    rows.push({
      name: 'Contrast',
      value: `${fixed(sim.contrast.volumeMl, 1)} ml, ${fixed(sim.contrast.secondsAfterInjection, 0)} s after injection`,
    });
  }
  const overridden = Object.keys(snapshot.tissueOverrides);
  if (overridden.length > 0) rows.push({ name: 'Tissues changed', value: overridden.join(', ') });
  return rows;
}
