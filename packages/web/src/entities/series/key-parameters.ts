/**
 * A series' key parameters in words with units (issue 20.5): what a student compares between two runs — TR, TE,
 * TI (inversion families only), flip angle, matrix, FOV, slice thickness and scan time — converted from the
 * protocol's SI units (s, m, rad) to the console's (ms, mm, °).
 */
import type { ProtocolBody as Protocol } from '@larmor/contracts/scan-snapshot';

export interface KeyParameter {
  name: string;
  value: string;
}

/** `value` with at most `digits` decimals, trailing zeros dropped. */
function fixed(value: number, digits = 1): string {
  return String(Number(value.toFixed(digits)));
}

const ms = (seconds: number): string => `${fixed(seconds * 1000)} ms`;
const mm = (metres: number): string => fixed(metres * 1000);

/** A duration [s] as "1 min 05 s", or "42 s" under a minute. */
export function scanTimeInWords(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return minutes === 0 ? `${rest} s` : `${minutes} min ${String(rest).padStart(2, '0')} s`;
}

export function keyParameters(protocol: Protocol, scanTimeSeconds: number): KeyParameter[] {
  const rows: KeyParameter[] = [
    { name: 'TR', value: ms(protocol.repetitionTime) },
    { name: 'TE', value: ms(protocol.echoTime) },
  ];
  if (protocol.inversionTime !== undefined) rows.push({ name: 'TI', value: ms(protocol.inversionTime) });
  rows.push(
    { name: 'Flip', value: `${fixed((protocol.flipAngle * 180) / Math.PI)}°` },
    { name: 'Matrix', value: `${protocol.matrixRead} × ${protocol.matrixPhase}` },
    { name: 'FOV', value: `${mm(protocol.fovRead)} × ${mm(protocol.fovPhase)} mm` },
    { name: 'Slice thickness', value: `${mm(protocol.sliceThickness)} mm` },
    { name: 'Scan time', value: scanTimeInWords(scanTimeSeconds) },
  );
  return rows;
}
