/**
 * The seeded curriculum's shape (issue 24.1, 24.5): at least 30 modules in at least three programs, each with a
 * clinical scene, objectives, competencies, a reference scan of one of its sequence types and links to the
 * knowledge base; modules that teach what the CPU simulator hides (T2*, susceptibility, chemical shift, motion)
 * run on the Bloch backend. Whether each module is solvable is seed-programs-solvable.test.ts.
 */
import { KNOWLEDGE_BASE_ARTICLES } from '@larmor/contracts/knowledge-base';
import type { Objective } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { isScanned, linkedArticles } from './seed-content-kit.ts';
import { SEED_PROGRAMS } from './seed-programs.ts';

const modules = SEED_PROGRAMS.flatMap((p) => p.courses.flatMap((c) => c.modules));
/** Articles written alongside this content (issue 24.4), not yet in the contents. */
const NEW_SLUGS = [
  'flip-angle-and-ernst',
  'snr',
  'flow',
  'safety-and-sar',
  'planning',
  'contrast-enhancement',
  'field-strength',
  'parallel-imaging',
  'proton-density',
];
const KNOWN_SLUGS = new Set<string>([...KNOWLEDGE_BASE_ARTICLES.map((a) => a.slug), ...NEW_SLUGS]);

/** Whether an objective checks physics the CPU simulator hides (simulator.md §6). */
const needsBloch = (o: Objective): boolean =>
  (o.kind === 'weighting' && o.weighting === 'T2*') ||
  o.kind === 'chemicalShiftMax' ||
  o.kind === 'noMotion' ||
  o.kind === 'ghostMax' ||
  o.kind === 'distortionMax' ||
  (o.kind === 'diagnoseFix' && ['chemicalShift', 'motion', 'susceptibility'].includes(o.artifact));

describe('the seeded curriculum (issue 24)', () => {
  it('has at least 30 modules across at least three programs, titles unique', () => {
    expect(SEED_PROGRAMS.length).toBeGreaterThanOrEqual(3);
    expect(modules.length).toBeGreaterThanOrEqual(30);
    expect(new Set(modules.map((m) => m.lab.title)).size).toBe(modules.length);
  });

  it.each(modules.map((m) => ({ title: m.lab.title, m })))(
    '$title: scene, checks, competencies, links',
    ({ m }) => {
      const { lab, reference } = m;
      expect(lab.instructions).toMatch(
        /^## Clinical scene\n[\s\S]+## Goal\n[\s\S]+## Steps\n[\s\S]+## Learn more\n/,
      );
      expect(lab.objectives?.length).toBeGreaterThan(0);
      expect(lab.competencies.length).toBeGreaterThan(0);
      // A reading-only module scans nothing: its series are prepared from its starting protocols.
      if (isScanned(reference)) expect(lab.sequenceTypes).toContain(reference.sequenceType);
      else expect(lab.startingProtocols?.length).toBeGreaterThan(0);
      const slugs = linkedArticles(lab.instructions ?? '');
      expect(slugs.length).toBeGreaterThan(0);
      for (const slug of slugs) expect(KNOWN_SLUGS.has(slug), slug).toBe(true);
    },
  );

  it('every module that checks T2*, chemical shift, motion or distortion runs on the Bloch backend', () => {
    const bloch = modules.filter((m) => (m.lab.objectives ?? []).some(needsBloch));
    expect(bloch.length).toBeGreaterThanOrEqual(5);
    for (const m of bloch) expect(m.lab.backend, m.lab.title).toBe('censol');
  });

  it('a module that checks distortion has the field map on and locked', () => {
    const distortion = modules.filter((m) =>
      (m.lab.objectives ?? []).some((o) => o.kind === 'distortionMax'),
    );
    expect(distortion.length).toBeGreaterThan(0);
    for (const m of distortion) {
      expect(m.lab.presets?.susceptibility, m.lab.title).toBe(true);
      expect(m.lab.lockedPresets, m.lab.title).toContain('susceptibility');
    }
  });
});
