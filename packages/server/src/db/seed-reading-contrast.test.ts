/**
 * The reading module "Reading: which sequence shows the lesions?" (seed-reading.ts) teaches by its images: its
 * prepared series, run as its session runs them (seed-reading-contrast.test-support.ts), must show what its
 * question asks. FLAIR: periventricular lesions bright against white matter, CSF dark; T2 TSE: lesions bright but
 * darker than the CSF beside them (hard to separate); T1 SE: lesions no brighter than white matter (faint); and
 * the stack cuts through the lesions on many slices. At 96² (2.4 mm pixels) instead of the module's 192²: the
 * tissue means do not depend on the matrix, and areas are counted in mm².
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SEQ } from './seed-content-kit.ts';
import { CLINICAL_READING } from './seed-reading.ts';
import { preparedSeriesContrast, type SeriesContrast } from './seed-reading-contrast.test-support.ts';

const TITLE = 'Reading: which sequence shows the lesions?';
/** FLAIR lesion / white matter, lesion / CSF: lesions stand out from both. */
const FLAIR_LESION_OVER_WM_MIN = 1.3;
const FLAIR_LESION_OVER_CSF_MIN = 2;
/** A slice shows a lesion when it holds at least this much lesion [mm²] (about a 5 mm disc). */
const VISIBLE_LESION_MM2 = 20;
/** Slices of the stack that show a lesion, at least. */
const SLICES_WITH_LESION_MIN = 10;

/** Three series of the fast engine on one thread. */
const RUN_TIMEOUT_MS = 120_000;
/** The test's matrix (the contrasts do not depend on it). */
const SMALL = { matrixRead: 96, matrixPhase: 96 };

const lab = CLINICAL_READING.flatMap((c) => c.modules).find((m) => m.lab.title === TITLE)?.lab;

describe(`the prepared series of "${TITLE}" show the lesions as the question asks`, () => {
  if (!lab) throw new Error(`no module ${TITLE}`);
  let series: SeriesContrast[] = [];
  beforeAll(() => {
    series = preparedSeriesContrast(lab, SMALL);
  }, RUN_TIMEOUT_MS);
  const of = (type: number): SeriesContrast => {
    const s = series.find((x) => x.sequenceType === type);
    if (!s) throw new Error(`no prepared series of type ${type}`);
    return s;
  };

  it('each series runs its starting protocol (none refused and replaced by its type’s defaults)', () => {
    for (const s of series) {
      const starting = lab.startingProtocols?.find((p) => p.sequenceType === s.sequenceType);
      expect(s.protocol, `type ${s.sequenceType}`).toMatchObject({ ...starting?.parameters, ...SMALL });
    }
  });

  it(`FLAIR: lesion ≥ ${FLAIR_LESION_OVER_WM_MIN}× white matter and ≥ ${FLAIR_LESION_OVER_CSF_MIN}× CSF`, () => {
    const flair = of(SEQ.flair);
    expect(flair.lesion / flair.whiteMatter).toBeGreaterThanOrEqual(FLAIR_LESION_OVER_WM_MIN);
    expect(flair.lesion / flair.csf).toBeGreaterThanOrEqual(FLAIR_LESION_OVER_CSF_MIN);
  });

  it('T2 TSE: lesion brighter than white matter but darker than CSF; T1 SE: lesion no brighter than white matter', () => {
    const [t1, t2] = [of(SEQ.t1Se), of(SEQ.t2Tse)];
    expect(t2.lesion).toBeGreaterThan(t2.whiteMatter);
    expect(t2.lesion / t2.csf).toBeLessThan(1);
    expect(t1.lesion / t1.whiteMatter).toBeLessThan(1);
  });

  it(`the stack shows lesions (≥ ${VISIBLE_LESION_MM2} mm²) on at least ${SLICES_WITH_LESION_MIN} slices`, () => {
    const showing = of(SEQ.flair).lesionAreaMm2.filter((a) => a >= VISIBLE_LESION_MM2).length;
    expect(showing).toBeGreaterThanOrEqual(SLICES_WITH_LESION_MIN);
  });
});
