/**
 * The measured checks of issue 24 against closed forms: CNR = |S₁ − S₂| / (SD_air / 0.655) and the signal ratio
 * S₁ / S₂ (which no noise moves) on a constructed series; the kept signal of an inversion recovery |Mz(TI)| / |Mz(5·T1)|; the mean ADC of a tissue's pixels;
 * SAR ∝ B0²·α²; the angle of a line to the slice plane, asin |u·n|. Each passes and fails with what to change.
 */
import { describe, expect, it } from 'vitest';
import { sarEstimate } from '../sequence/derived.ts';
import { inversionNullTimeWithReadout, inversionRecoveryMz } from '../sequence/steady-state.ts';
import { tissueAtField } from '../tissue/library.ts';
import { checkObjective } from './grade.ts';
import { RAYLEIGH_SD_FACTOR } from './imageStats.ts';
import type { Objective } from './objectives.ts';
import { blockSeries, type BlockValues } from './synthetic.testing.ts';

const VALUES: BlockValues = { one: 300, two: 200, backgroundMean: 12, backgroundSd: 5 };
/** Noise σ of the constructed background: its SD (exactly 5) over the Rayleigh factor. */
const SIGMA = VALUES.backgroundSd / RAYLEIGH_SD_FACTOR;
const DEG = Math.PI / 180;

describe('contrast-to-noise ratio between two tissues', () => {
  const series = blockSeries('whiteMatter', 'greyMatter', VALUES);
  const expected = (VALUES.one - VALUES.two) / SIGMA;

  it('is |S₁ − S₂| ÷ σ (σ = SD of the far background / 0.655), to 1e-4: passes at or below it, fails above', () => {
    const pass = checkObjective(
      { kind: 'cnrMin', id: 'c', points: 2, tissue: 'whiteMatter', otherTissue: 'greyMatter', minCnr: 13 },
      series,
    );
    expect(expected).toBeCloseTo(13.1, 1);
    expect(pass.value).toBeCloseTo(expected, 4);
    expect(pass).toMatchObject({ passed: true, points: 2 });
    expect(pass.measured).toMatch(/^CNR 13\.1 between white matter and grey matter/);
    const fail = checkObjective(
      { kind: 'cnrMin', id: 'c', points: 2, tissue: 'greyMatter', otherTissue: 'whiteMatter', minCnr: 20 },
      series,
    );
    expect(fail.value).toBeCloseTo(expected, 4);
    expect(fail).toMatchObject({ passed: false, points: 0 });
    expect(fail.hint).toMatch(/asks for 20/);
    // The constructed series is a gradient echo: its flip angle sets contrast first.
    expect(fail.adjust).toEqual([
      'flipAngle',
      'repetitionTime',
      'echoTime',
      'sliceThickness',
      'nex',
      'bandwidthPerPixel',
    ]);
  });

  it('a tissue the slices do not show gives no figure and says to plan through it', () => {
    const none = checkObjective(
      { kind: 'cnrMin', id: 'c', points: 2, tissue: 'whiteMatter', otherTissue: 'csf', minCnr: 1 },
      series,
    );
    expect(none).toMatchObject({ passed: false, measured: null, value: null, adjust: ['slicePosition'] });
  });
});

describe('signal ratio between two tissues', () => {
  const series = blockSeries('whiteMatter', 'greyMatter', VALUES);
  /** S₁ / S₂ of the constructed images: 300 / 200. */
  const expected = VALUES.one / VALUES.two;
  const ratio = (minRatio: number, tissue = 'whiteMatter', otherTissue = 'greyMatter'): Objective => ({
    kind: 'signalRatioMin',
    id: 'r',
    points: 2,
    tissue,
    otherTissue,
    minRatio,
  });

  it('is mean S₁ ÷ mean S₂ over the tissues’ pixels, to 1e-9: passes at or below it, fails above', () => {
    const pass = checkObjective(ratio(1.5), series);
    expect(pass.value).toBeCloseTo(expected, 9);
    expect(pass).toMatchObject({ passed: true, points: 2, target: '≥ 1.5' });
    expect(pass.measured).toBe('signal ratio 1.50 of white matter to grey matter (mean signals 300 and 200)');
    const fail = checkObjective(ratio(2), series);
    expect(fail).toMatchObject({ passed: false, points: 0 });
    expect(fail.hint).toMatch(
      /^The mean signal of white matter is 1\.50 × that of grey matter; the task asks for 2\./,
    );
    // The constructed series is a gradient echo: its flip angle sets contrast first; noise is no remedy.
    expect(fail.adjust).toEqual(['flipAngle', 'repetitionTime', 'echoTime']);
    // The other way round: 200 / 300.
    expect(checkObjective(ratio(0.5, 'greyMatter', 'whiteMatter'), series).value).toBeCloseTo(2 / 3, 9);
  });

  it('does not move with the noise (to 1e-9) where CNR does: air SD × 10 and zero-mean noise on the tissues', () => {
    const noisy = blockSeries('whiteMatter', 'greyMatter', {
      ...VALUES,
      backgroundSd: 10 * VALUES.backgroundSd,
    });
    // ±40 in a checkerboard over each tissue: every row of a tissue holds 12 pixels, so the noise's mean is 0.
    const images = noisy.images.map((image) => {
      const magnitude = image.magnitude.map((v, p) => {
        const r = Math.floor(p / image.columns);
        const c = p % image.columns;
        return v === VALUES.one || v === VALUES.two ? v + ((r + c) % 2 === 0 ? 40 : -40) : v;
      });
      return { ...image, magnitude };
    });
    const shaken = { ...noisy, images };
    expect(checkObjective(ratio(1.5), shaken).value).toBeCloseTo(expected, 9);
    const cnr: Objective = {
      kind: 'cnrMin',
      id: 'c',
      points: 1,
      tissue: 'whiteMatter',
      otherTissue: 'greyMatter',
      minCnr: 13,
    };
    expect(checkObjective(cnr, shaken).value).toBeCloseTo((VALUES.one - VALUES.two) / (10 * SIGMA), 4);
  });

  it('a tissue the slices do not show gives no figure and says to plan through it', () => {
    const none = checkObjective(ratio(1, 'whiteMatter', 'csf'), series);
    expect(none).toMatchObject({ passed: false, measured: null, value: null, adjust: ['slicePosition'] });
  });

  it('partial credit falls linearly below the ratio: 1.5 against 2 with a 50 % margin keeps half the points', () => {
    const partial = checkObjective({ ...ratio(2), partialCredit: { marginFraction: 0.5 } }, series);
    expect(partial).toMatchObject({ passed: false, points: 1 });
  });
});

describe('signal null of a tissue', () => {
  const csf = tissueAtField('csf', 1.5);
  const flair = (ti: number) =>
    blockSeries('whiteMatter', 'csf', VALUES, {
      protocol: {
        family: 'FLAIR',
        repetitionTime: 9,
        echoTime: 0.12,
        inversionTime: ti,
        echoTrainLength: 15,
      },
    });
  const objective: Objective = { kind: 'tissueNull', id: 'n', points: 3, tissue: 'csf', maxFraction: 0.05 };
  const nullTime = inversionNullTimeWithReadout(csf.t1, 9, 0.12);

  it('at the null TI CSF keeps < 1e-9 of its signal and passes', () => {
    const at = checkObjective(objective, flair(nullTime));
    expect(at.value).toBeLessThan(1e-9);
    expect(at).toMatchObject({ passed: true, points: 3 });
  });

  it('at TI 1000 ms it keeps |Mz(TI)| / |Mz(5·T1)| (to 1e-9), fails, and names TI and the null point', () => {
    const off = checkObjective(objective, flair(1));
    const kept =
      Math.abs(inversionRecoveryMz(csf.t1, 9, 1, 0.12)) /
      Math.abs(inversionRecoveryMz(csf.t1, 9, 5 * csf.t1, 0.12));
    expect(off.value).toBeCloseTo(kept, 9);
    expect(off).toMatchObject({ passed: false, points: 0, adjust: ['inversionTime', 'repetitionTime'] });
    expect(off.hint).toContain(`change TI towards ${Math.round(nullTime * 1000)} ms`);
  });

  it('a spin echo nulls nothing (kept 1) and points at the sequence; fat saturation nulls fat (kept 0)', () => {
    const se = checkObjective(objective, blockSeries('whiteMatter', 'csf', VALUES));
    expect(se.value).toBeCloseTo(1, 12);
    expect(se).toMatchObject({ passed: false, adjust: ['family', 'fatSaturation'] });
    const fat: Objective = { kind: 'tissueNull', id: 'f', points: 1, tissue: 'fat', maxFraction: 0.05 };
    const sat = checkObjective(
      fat,
      blockSeries('muscle', 'fat', VALUES, { protocol: { fatSaturation: true } }),
    );
    expect(sat).toMatchObject({
      passed: true,
      value: 0,
      hint: 'Fat saturation removes the signal of fat: it keeps 0 %.',
    });
  });
});

describe('ADC of a tissue within a range', () => {
  const adc = { one: 0.75e-9, two: 3.0e-9 };
  const objective: Objective = {
    kind: 'adcRange',
    id: 'a',
    points: 2,
    tissue: 'whiteMatter',
    minMm2PerS: 0.6e-3,
    maxMm2PerS: 0.9e-3,
  };

  it('is the mean of the tissue’s pixels on the ADC map (to 1e-9 relative): inside passes, outside fails', () => {
    const pass = checkObjective(objective, blockSeries('whiteMatter', 'csf', VALUES, { adc }));
    expect((pass.value ?? 0) / 0.75e-3).toBeCloseTo(1, 6);
    expect(pass).toMatchObject({ passed: true, points: 2 });
    expect(pass.measured).toMatch(/^ADC 0\.75 × 10⁻³ mm²\/s in white matter/);
    const low = checkObjective(
      objective,
      blockSeries('whiteMatter', 'csf', VALUES, { adc: { ...adc, one: 0.3e-9 } }),
    );
    expect(low).toMatchObject({ passed: false, points: 0, adjust: ['bValues', 'nex'] });
    const high = checkObjective(
      { ...objective, partialCredit: { marginFraction: 0.5 } },
      blockSeries('whiteMatter', 'csf', VALUES, { adc: { ...adc, one: 1.08e-9 } }),
    );
    // (1.08 − 0.9) / 0.9 = 0.2 of a 0.5 margin: 60 % of the points.
    expect(high).toMatchObject({ passed: false, points: 1.2 });
  });

  it('a series without an ADC map fails and asks for a DWI with two b-values', () => {
    const none = checkObjective(objective, blockSeries('whiteMatter', 'csf', VALUES));
    expect(none).toMatchObject({ passed: false, measured: null, adjust: ['family', 'bValues'] });
    expect(none.hint).toMatch(/at least two b-values/);
  });
});

describe('SAR limit', () => {
  const gre = { family: 'GRE' as const, repetitionTime: 0.01, echoTime: 0.004, flipAngle: 30 * DEG };
  it('is the engine’s estimate and scales as B0²·α² (closed form, 1e-9): a 30° GRE fails 4× over, 15° at 1.5 T passes', () => {
    const at = (flip: number, b0: number) =>
      blockSeries('muscle', 'fat', VALUES, {
        protocol: { ...gre, flipAngle: flip * DEG },
        snapshot: { scanner: { b0, maxGradient: 0.04, maxSlewRate: 150, coil: 'body' } },
      });
    const strong = at(30, 3);
    const w = sarEstimate(strong.snapshot.protocol, strong.snapshot.scanner).wattsPerKilogram;
    const weak = checkObjective({ kind: 'sarMax', id: 's', points: 1, maxWattsPerKg: w / 3 }, at(15, 1.5));
    expect((weak.value ?? 0) / w).toBeCloseTo(1 / 16, 9);
    expect(weak.passed).toBe(true);
    const hot = checkObjective({ kind: 'sarMax', id: 's', points: 1, maxWattsPerKg: w / 3 }, strong);
    expect(hot.value).toBeCloseTo(w, 12);
    expect(hot).toMatchObject({ passed: false, adjust: ['flipAngle', 'repetitionTime', 'sliceCount'] });
    expect(hot.measured).toMatch(/^SAR \d+\.\d\d W\/kg \(\d+ % of the 2 W\/kg normal-mode limit\)$/);
  });

  it('a spin echo train points at the refocusing flip angle and echo train first', () => {
    const tse = blockSeries('muscle', 'fat', VALUES, {
      protocol: { family: 'TSE', repetitionTime: 3, echoTime: 0.1, echoTrainLength: 16 },
    });
    const r = checkObjective({ kind: 'sarMax', id: 's', points: 1, maxWattsPerKg: 1e-6 }, tse);
    expect(r.adjust.slice(0, 2)).toEqual(['refocusingFlipAngle', 'echoTrainLength']);
  });
});

describe('stack angulation along an anatomical line', () => {
  /** A line tilted `deg` from anterior–posterior towards the head, 100 mm long. */
  const line = (deg: number): Objective => ({
    kind: 'angulation',
    id: 'acpc',
    points: 2,
    line: 'AC–PC line',
    fromMm: [0, 0, 0],
    toMm: [0, -100 * Math.cos(deg * DEG), 100 * Math.sin(deg * DEG)],
    maxDegrees: 5,
  });
  const axial = blockSeries('whiteMatter', 'greyMatter', VALUES);

  it('is asin |u·n| against the slice normal (1e-9 °): 3° passes an axial stack, 10° fails', () => {
    const near = checkObjective(line(3), axial);
    expect(near.value).toBeCloseTo(3, 9);
    expect(near).toMatchObject({ passed: true, points: 2 });
    const far = checkObjective(line(10), axial);
    expect(far.value).toBeCloseTo(10, 9);
    expect(far).toMatchObject({
      passed: false,
      points: 0,
      adjust: ['orientation', 'sliceTilt', 'sliceRotation'],
    });
    expect(far.measured).toBe('the AC–PC line runs 10.0° out of the axial slices');
  });

  it('the same line is 87° out of coronal slices; an in-plane rotation does not tilt the plane', () => {
    const coronal = blockSeries('whiteMatter', 'greyMatter', VALUES, {
      protocol: { geometry: { orientation: 'coronal', center: [0, 0, 0], rotation: 20 * DEG } },
    });
    expect(checkObjective(line(3), coronal).value).toBeCloseTo(87, 9);
  });

  it('an axial stack tilted along a 15° line contains it (0°, passes); tilted the other way it is 30° out (fails) (1e-9 °)', () => {
    // The line runs (0, −cos 15°, sin 15°); a tilt a about the row turns the column to (0, cos a, sin a): a = −15°.
    const tiltedBy = (deg: number) =>
      blockSeries('whiteMatter', 'greyMatter', VALUES, {
        protocol: { geometry: { orientation: 'axial', center: [0, 0, 0], tiltAboutRow: deg * DEG } },
      });
    const along = checkObjective(line(15), tiltedBy(-15));
    expect(along.value).toBeCloseTo(0, 9);
    expect(along).toMatchObject({ passed: true, points: 2 });
    expect(checkObjective(line(15), blockSeries('whiteMatter', 'greyMatter', VALUES)).value).toBeCloseTo(
      15,
      9,
    );
    const across = checkObjective(line(15), tiltedBy(15));
    expect(across.value).toBeCloseTo(30, 9);
    expect(across).toMatchObject({ passed: false, points: 0 });
  });

  it('a sagittal stack tilted about its column follows a line that leaves the sagittal plane', () => {
    // A line running 12° off posterior towards the patient's left (as the ACL runs across the knee): a tilt of 12°
    // about the column (the normal −x turned towards the row +y, the row to (sin 12°, cos 12°, 0)) contains it.
    const u = [Math.sin(12 * DEG), Math.cos(12 * DEG), 0];
    const angled: Objective = {
      kind: 'angulation',
      id: 'acl',
      points: 2,
      line: 'ACL',
      fromMm: [0, 0, 0],
      toMm: [100 * (u[0] ?? 0), 100 * (u[1] ?? 0), 0],
      maxDegrees: 5,
    };
    const sagittal = (deg: number) =>
      blockSeries('whiteMatter', 'greyMatter', VALUES, {
        protocol: { geometry: { orientation: 'sagittal', center: [0, 0, 0], tiltAboutColumn: deg * DEG } },
      });
    expect(checkObjective(angled, sagittal(0)).value).toBeCloseTo(12, 9);
    expect(checkObjective(angled, sagittal(12))).toMatchObject({ passed: true });
    expect(checkObjective(angled, sagittal(12)).value).toBeCloseTo(0, 9);
  });
});
