import { describe, expect, it } from 'vitest';
import { buildTimeline } from '../../sequence/build/index.ts';
import { axesOf } from '../../sequence/build/context.ts';
import { FAMILY_PROTOCOLS, smallProtocol } from '../../sequence/build/protocols.testing.ts';
import type { Protocol } from '../../sequence/protocol.ts';
import type { BlochSignal } from './scan.ts';
import { acquisitionFrame, scanGeometry, type AcquisitionFrame } from '../geometry.ts';
import { adcLines, adcReadLines, blochMagnitudeImage, readAxisOf, type ReadLine } from './recon.ts';
import { GRADIENT_LIMITED_SCANNER as scanner } from '../../scanner.testing.ts';

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
 * at acquisition pixel (u, v), x = (index − N/2)·FOV/N, with line `lines[e]` acquired by ADC event e and its
 * sample n at read grid position `read[e]` places it (n when absent).
 */
function pointSignal(
  frame: AcquisitionFrame,
  lines: readonly number[],
  u: number,
  v: number,
  m: number,
  read?: readonly ReadLine[],
): BlochSignal {
  const nu = frame.readCount;
  const re = new Float64Array(lines.length * nu);
  const im = new Float64Array(lines.length * nu);
  const xr = ((u - nu / 2) * frame.fovRead) / nu;
  const xp = ((v - frame.phaseCount / 2) * frame.fovPhase) / frame.phaseCount;
  lines.forEach((line, e) => {
    const placement = read?.[e] ?? { reversed: false, offset: 0 };
    for (let n = 0; n < nu; n++) {
      const position = placement.offset + (placement.reversed ? nu - 1 - n : n);
      const phase =
        -2 *
        Math.PI *
        (((position - nu / 2) / frame.fovRead) * xr + ((line - frame.phaseCount / 2) / frame.fovPhase) * xp);
      re[e * nu + n] = m * Math.cos(phase);
      im[e * nu + n] = m * Math.sin(phase);
    }
  });
  return { times: new Float64Array(lines.length * nu), coils: [{ re, im }] };
}

describe('adcLines', () => {
  it('reads the phase-encoding line of every ADC event from the phase area since the last RF pulse: SE and GRE in order from the most negative ky (phase-order.ts)', () => {
    const se = protocol();
    expect(adcLines(buildTimeline(se, scanner), axesOf(se).phase, frameOf(se))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
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

describe('adcReadLines', () => {
  it('reads every SE line forwards on the grid', () => {
    const se = protocol();
    const frame = frameOf(se);
    expect(adcReadLines(buildTimeline(se, scanner), readAxisOf(frame), frame)).toEqual(
      Array.from({ length: N }, () => ({ reversed: false, offset: 0 })),
    );
  });

  it('reverses every other EPI line, off the grid by the flat top beyond N·dwell (gradient raster), in dwells', () => {
    for (const family of ['GRE-EPI', 'SE-EPI'] as const) {
      const p = protocol({ family, ...FAMILY_PROTOCOLS[family] });
      const timeline = buildTimeline(p, scanner);
      const frame = frameOf(p);
      const readAxis = readAxisOf(frame);
      expect(readAxis).toBe(axesOf(p).read);
      const first = timeline.blocks.find((b) => b.adc);
      const g = first?.[readAxis];
      if (!first?.adc || !g) throw new Error('no readout');
      const flat = (g.times[2] ?? 0) - (g.times[1] ?? 0);
      const excess = (flat - N * first.adc.dwell) / first.adc.dwell;
      expect(excess).toBeGreaterThan(0.01); // the case under test: the raster leaves the reversed lines off-grid
      const read = adcReadLines(timeline, readAxis, frame);
      expect(read).toHaveLength(N);
      read.forEach((line, e) => {
        expect(line.reversed).toBe(e % 2 === 1);
        expect(line.offset).toBeCloseTo(e % 2 === 1 ? excess : 0, 6);
      });
    }
  });
});

describe('blochMagnitudeImage', () => {
  it('puts a point of an EPI signal (reversed, off-grid lines) at its pixel with value |m| and nothing elsewhere (1e-6)', () => {
    const p = protocol({ family: 'GRE-EPI', ...FAMILY_PROTOCOLS['GRE-EPI'] });
    const timeline = buildTimeline(p, scanner);
    const frame = frameOf(p);
    const lines = adcLines(timeline, axesOf(p).phase, frame);
    const read = adcReadLines(timeline, readAxisOf(frame), frame);
    const [u, v, m] = [2, 6, 0.61];
    const image = blochMagnitudeImage(
      pointSignal(frame, lines, u, v, m, read),
      timeline,
      axesOf(p).phase,
      frame,
    );
    for (let r = 0; r < image.rows; r++)
      for (let c = 0; c < image.columns; c++)
        expect(image.magnitude[r * image.columns + c]).toBeCloseTo(r === v && c === u ? m : 0, 6);
  });

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
