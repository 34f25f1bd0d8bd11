/**
 * Feedback that teaches, through the API (issue 20.3): a failed objective's feedback says what was measured with
 * its number and unit, what to change (the console's parameter, linked to the knowledge base) and the article
 * that teaches it, in words (no internal camelCase name); an answer that names every artifact names none.
 */
import type { Objective } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import { submittedFeedback } from '../scan-results/world.test-support.ts';
import { createSimulatorWorld, useSimulatorApp } from '../sessions/world.test-support.ts';

const SLOW = 180_000;
/** An internal name such as `whiteMatter`, `chemicalShift`, `bandwidthPerPixel`. */
const CAMEL_CASE = /\b[a-z]+[A-Z][a-zA-Z]*\b/;

const OBJECTIVES: Objective[] = [
  { kind: 'weighting', id: 'weighting', title: 'T2 weighting', points: 2, weighting: 'T2' },
  {
    kind: 'chemicalShiftMax',
    id: 'shift',
    title: 'Fat shifted half a pixel at most',
    points: 2,
    maxPixels: 0.5,
  },
  {
    kind: 'diagnoseFix',
    id: 'diagnose',
    title: 'Name the artifact',
    points: 2,
    artifact: 'wrap',
    questionId: 'artifact',
  },
];

describe.each(databases)('automatic feedback teaches on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  it(
    'a failed objective carries the number with its unit, the parameter to change with its knowledge-base link, in words',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db, { objectives: OBJECTIVES });
      const h = world.a.studentHeaders;
      // The scheme's default spin echo: TR 500 ms, TE 15 ms (T1), 200 Hz per pixel (fat ≈ 1.1 pixels).
      const feedback = await submittedFeedback(t.app, world, h, {
        artifact: 'Wrap, chemical shift, motion, susceptibility or Gibbs ringing',
      });
      const [weighting, shift, diagnose] = feedback;

      expect(weighting).toMatchObject({
        passed: false,
        measured: 'TR 500 ms, TE 15 ms: T1 weighting',
        target: 'T2 weighting',
        change: [
          { key: 'repetitionTime', label: 'TR', href: '/knowledge-base/timing-parameters#repetition-time' },
          { key: 'echoTime', label: 'TE', href: '/knowledge-base/timing-parameters#echo-time' },
        ],
        learnMore: {
          title: 'Contrast and weighting: T1, T2 and proton density',
          href: '/knowledge-base/contrast-and-weighting',
        },
      });
      expect(weighting?.hint).toMatch(/TR 500 ms, TE 15 ms give T1 weighting .* Long TR .* and long TE/);

      expect(shift?.passed).toBe(false);
      expect(shift?.measured).toMatch(/^fat shifted 1\.\d\d pixels$/);
      expect(shift?.hint).toMatch(/at 200 Hz per pixel it shifts .* Raise the bandwidth per pixel/);
      expect(shift?.change[0]).toEqual({
        key: 'bandwidthPerPixel',
        label: 'Bandwidth per pixel',
        href: '/knowledge-base/signal-and-speed#bandwidth',
      });
      expect(shift?.learnMore?.href).toBe('/knowledge-base/chemical-shift');

      // Naming every artifact names none; the feedback does not give the artifact (nor its page) away.
      expect(diagnose?.passed).toBe(false);
      expect(diagnose?.hint).toMatch(/The answer names 5 artifacts .*: name the one artifact you saw/);
      expect(diagnose?.measured).not.toMatch(/overlapped|folded/);
      expect(diagnose?.change).toEqual([{ key: 'answer', label: 'Your answer', href: null }]);
      expect(diagnose?.learnMore?.href).toBe('/knowledge-base');

      for (const check of feedback) {
        for (const text of [check.measured ?? '', check.target, check.hint])
          expect(text, `${check.objectiveId}: ${text}`).not.toMatch(CAMEL_CASE);
      }
    },
    SLOW,
  );
});
