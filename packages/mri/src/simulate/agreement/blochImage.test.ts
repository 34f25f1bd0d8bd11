import { describe, expect, it } from 'vitest';
import { buildTimeline } from '../../sequence/build/index.ts';
import { axesOf } from '../../sequence/build/context.ts';
import { smallProtocol, TEST_SCANNER as scanner } from '../../sequence/build/protocols.testing.ts';
import type { Protocol } from '../../sequence/protocol.ts';
import type { BlochSignal } from '../bloch/scan.ts';
import { acquisitionFrame, scanGeometry, type AcquisitionFrame } from '../geometry.ts';
import { adcLines, blochMagnitudeImage } from './blochImage.ts';

const N = 8;

const protocol = (overrides: Partial<Protocol> = {}): Protocol =>
  smallProtocol({ fovPhase: 0.16, matrixRead: N, matrixPhase: N, ...overrides });

const frameOf = (p: Protocol): AcquisitionFrame => {
  const plane = scanGeometry(p).slices[0];
  if (!plane) throw new Error('no slice');
  return acquisitionFrame(p, plane);
};

/**
 * The signal S = m·exp(−i2π(k_r·x_r + k_p·x_p)) (docs/conventions.md) of one point of transverse magnetisation m
 * at acquisition pixel (u, v), x = (index − N/2)·FOV/N, with line `lines[e]` acquired by ADC event e.
 */
function pointSignal(
  frame: AcquisitionFrame,
  lines: readonly number[],
  u: number,
  v: number,
  m: number,
): BlochSignal {
  const nu = frame.readCount;
  const re = new Float64Array(lines.length * nu);
  const im = new Float64Array(lines.length * nu);
  const xr = ((u - nu / 2) * frame.fovRead) / nu;
  const xp = ((v - frame.phaseCount / 2) * frame.fovPhase) / frame.phaseCount;
  lines.forEach((line, e) => {
    for (let n = 0; n < nu; n++) {
      const phase =
        -2 *
        Math.PI *
        (((n - nu / 2) / frame.fovRead) * xr + ((line - frame.phaseCount / 2) / frame.fovPhase) * xp);
      re[e * nu + n] = m * Math.cos(phase);
      im[e * nu + n] = m * Math.sin(phase);
    }
  });
  return { times: new Float64Array(lines.length * nu), coils: [{ re, im }] };
}

describe('adcLines', () => {
  it('reads the phase-encoding line of every ADC event from the phase area since the last RF pulse: SE from the centre line on, GRE in order', () => {
    const se = protocol();
    expect(adcLines(buildTimeline(se, scanner), axesOf(se).phase, frameOf(se))).toEqual([
      4, 5, 6, 7, 0, 1, 2, 3,
    ]);
    const gre = protocol({ family: 'GRE', repetitionTime: 0.02, echoTime: 0.005, flipAngle: Math.PI / 6 });
    expect(adcLines(buildTimeline(gre, scanner), axesOf(gre).phase, frameOf(gre))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
  });

  it('rejects a frame whose phase field of view does not put the areas on lines', () => {
    const p = protocol();
    const frame = { ...frameOf(p), fovPhase: 1.5 * p.fovPhase };
    expect(() => adcLines(buildTimeline(p, scanner), axesOf(p).phase, frame)).toThrow(
      /not on a phase-encoding line/,
    );
  });
});

describe('blochMagnitudeImage', () => {
  it('puts a point of transverse magnetisation m at its pixel with value |m| and nothing elsewhere (1e-12), in display orientation', () => {
    for (const phaseDirection of ['column', 'row'] as const) {
      const p = protocol({ phaseDirection });
      const timeline = buildTimeline(p, scanner);
      const frame = frameOf(p);
      const lines = adcLines(timeline, axesOf(p).phase, frame);
      const [u, v, m] = [5, 2, 0.37];
      const image = blochMagnitudeImage(pointSignal(frame, lines, u, v, m), timeline, axesOf(p).phase, frame);
      // Display (row, column): (phase, read) when phase runs along columns, (read, phase) when along rows.
      const [row, column] = phaseDirection === 'column' ? [v, u] : [u, v];
      for (let r = 0; r < image.rows; r++)
        for (let c = 0; c < image.columns; c++)
          expect(image.magnitude[r * image.columns + c]).toBeCloseTo(r === row && c === column ? m : 0, 6);
    }
  });

  it('rejects a signal whose sample count does not match its ADC events', () => {
    const p = protocol();
    const timeline = buildTimeline(p, scanner);
    const signal: BlochSignal = {
      times: new Float64Array(3),
      coils: [{ re: new Float64Array(3), im: new Float64Array(3) }],
    };
    expect(() => blochMagnitudeImage(signal, timeline, axesOf(p).phase, frameOf(p))).toThrow(/samples/);
  });
});
