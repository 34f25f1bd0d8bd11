/**
 * The objective kinds of issue 24 through the API: a module whose objectives limit SAR, Gibbs ringing and
 * distortion, and ask for a signal null, an angulation and a signal ratio, grades a submitted spin echo with each measured value
 * in words and units, the console's parameters to change with their knowledge-base places, and the article
 * that teaches the check; no internal name reaches the student.
 */
import type { Objective } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import { submittedFeedback } from '../scan-results/world.test-support.ts';
import { createSimulatorWorld, useSimulatorApp } from '../sessions/world.test-support.ts';

const SLOW = 180_000;
/** An internal name such as `whiteMatter`, `refocusingFlipAngle`. */
const CAMEL_CASE = /\b[a-z]+[A-Z][a-zA-Z]*\b/;

const OBJECTIVES: Objective[] = [
  { kind: 'sarMax', id: 'sar', points: 1, maxWattsPerKg: 0.001 },
  { kind: 'gibbsMax', id: 'gibbs', points: 1, maxPercent: 100 },
  { kind: 'tissueNull', id: 'null', points: 1, tissue: 'fat', maxFraction: 0.1 },
  {
    kind: 'angulation',
    id: 'line',
    points: 1,
    line: 'joint line',
    fromMm: [0, 0, 0],
    toMm: [0, 0, 50],
    maxDegrees: 10,
  },
  { kind: 'signalRatioMin', id: 'ratio', points: 1, tissue: 'fat', otherTissue: 'muscle', minRatio: 1000 },
];

describe.each(databases)('new objective kinds graded through the API on %s (issue 24)', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  it(
    'each result names the measured value with its unit, what to change and where to learn it',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db, { objectives: OBJECTIVES });
      const h = world.a.studentHeaders;
      const [sar, gibbs, fatNull, line, ratio] = await submittedFeedback(t.app, world, h);

      expect(sar).toMatchObject({ passed: false, target: '≤ 0.001 W/kg' });
      expect(sar?.measured).toMatch(/^SAR \d+\.\d\d W\/kg \(\d+ % of the 2 W\/kg normal-mode limit\)$/);
      expect(sar?.change[0]).toEqual({
        key: 'refocusingFlipAngle',
        label: 'Refocusing flip angle',
        href: '/knowledge-base/timing-parameters#refocusing-flip-angle',
      });
      expect(gibbs).toMatchObject({ passed: true, change: [] });
      expect(gibbs?.measured).toMatch(/^ringing \d+\.\d % of an edge’s step, 5 mm from it/);
      expect(gibbs?.learnMore?.href).toBe('/knowledge-base/truncation');
      // The scheme's spin echo keeps fat's signal: nothing but an inversion or fat saturation nulls it.
      expect(fatNull).toMatchObject({ passed: false, measured: 'fat keeps 100 % of its signal' });
      expect(fatNull?.change.map((c) => c.label)).toEqual(['Sequence type', 'Fat saturation']);
      expect(line?.measured).toMatch(/^the joint line runs \d+\.\d° out of the \w+ slices$/);
      expect(line?.learnMore?.href).toBe('/knowledge-base/planning#angulation');

      // A ratio of the two tissues' mean signals, noise out of it: a spin echo's TR and TE set it.
      expect(ratio).toMatchObject({ passed: false, target: '≥ 1000' });
      expect(ratio?.measured).toMatch(
        /^signal ratio \d+\.\d\d of fat to muscle \(mean signals [\d.]+ and [\d.]+\)$/,
      );
      expect(ratio?.change.map((c) => c.label)).toEqual(['TR', 'TE']);
      expect(ratio?.learnMore?.href).toBe('/knowledge-base/contrast-and-weighting');

      for (const check of [sar, gibbs, fatNull, line, ratio])
        for (const text of [check?.measured ?? '', check?.target ?? '', check?.hint ?? ''])
          expect(text, `${check?.objectiveId}: ${text}`).not.toMatch(CAMEL_CASE);
    },
    SLOW,
  );
});
