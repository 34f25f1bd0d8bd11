/**
 * What validates plays on an oblique stack (issue 23.4): every family's default protocol, tilted about its row or
 * column or rotated in-plane and set to the minimum TE, TR, TI and echo spacing that validation reports, is
 * accepted by validation and by the fast engine's plan (`timingViolations`, what `simulateSlice` checks first), and
 * the Bloch builder builds it with every channel within the scanner's amplitude and slew limits. Before, the builder
 * derated oblique lobes to 0.9 of the limits while validation's timing counted with the full ones, so oblique
 * minimums validated and then failed on the Bloch backend ("TR too short"), and lobes of two roles summed on one
 * channel reached up to 1.27× the limit.
 */
import { describe, expect, it } from 'vitest';
import { TEST_SCANNER as scanner } from '../../scanner.testing.ts';
import { defaultProtocol } from '../defaults.ts';
import { parameterDefinitions, type ParameterKey } from '../parameters.ts';
import { SEQUENCE_FAMILIES, type Protocol, type SequenceFamily, type SliceGeometry } from '../protocol.ts';
import { protocolTiming } from '../timing.ts';
import { timingViolations, validateProtocol } from '../validate.ts';
import { buildTimeline } from './index.ts';
import { gradientLimits } from './raster.ts';
import { gradientExtremes } from './timelineExtremes.testing.ts';

const DEG = Math.PI / 180;

/** The stack turns under test: on the axes, 20° and 45° about the row and the column, an in-plane rotation. */
const TURNS: Record<string, Partial<SliceGeometry>> = {
  'on the axes': {},
  'tilted 20° about the row': { tiltAboutRow: 20 * DEG },
  'tilted 45° about the row': { tiltAboutRow: 45 * DEG },
  'tilted 20° about the column': { tiltAboutColumn: 20 * DEG },
  'tilted 45° about the column': { tiltAboutColumn: -45 * DEG },
  'rotated 30° in-plane': { rotation: 30 * DEG },
};

/** Timing parameters in the order that settles them: TR's minimum depends on TE and TI, MOLLI's TI on TR. */
const TIMING_KEYS: readonly ParameterKey[] = ['echoSpacing', 'echoTime', 'inversionTime', 'repetitionTime'];

/** The console's step for TE [s] (parameters.ts). */
const TE_STEP_S = 1e-4;

/** Multi-echo echo times from TE on, each gap the shortest validation allows (or the protocol's, if longer). */
function echoTimesFrom(p: Protocol): Protocol {
  if (!p.echoTimes) return p;
  const { minEchoSpacing } = protocolTiming(p, scanner);
  const gap = Math.max(
    Math.ceil(minEchoSpacing / TE_STEP_S - 1e-9) * TE_STEP_S,
    ...p.echoTimes.slice(1).map((t, i) => t - (p.echoTimes?.[i] ?? 0)),
  );
  return { ...p, echoTimes: p.echoTimes.map((_, i) => p.echoTime + i * gap) };
}

/** `p` with each timing parameter it has set to the minimum validation reports, until none moves. */
function atMinimumTiming(p: Protocol): Protocol {
  let current = p;
  for (let round = 0; round < 6; round++) {
    const before = current;
    for (const key of TIMING_KEYS) {
      const definition = parameterDefinitions(current, scanner).find((d) => d.key === key);
      if (definition) current = echoTimesFrom({ ...current, [key]: definition.min });
    }
    if (TIMING_KEYS.every((key) => current[key] === before[key])) return current;
  }
  return current;
}

function turned(family: SequenceFamily, turn: Partial<SliceGeometry>): Protocol {
  const p = defaultProtocol(family, scanner);
  return { ...p, geometry: { ...p.geometry, ...turn } };
}

describe('every default protocol at its validated minimum timing plays on an oblique stack', () => {
  const limits = gradientLimits(scanner);
  for (const [name, turn] of Object.entries(TURNS))
    it.each(SEQUENCE_FAMILIES)(
      `%s ${name}: validation and the fast plan accept it, the Bloch builder builds it within every channel's limits`,
      (family) => {
        const p = atMinimumTiming(turned(family, turn));
        expect(validateProtocol(p, scanner)).toEqual([]);
        expect(timingViolations(p, scanner)).toEqual([]);
        const { amplitude, slew } = gradientExtremes(buildTimeline(p, scanner));
        expect(amplitude).toBeLessThanOrEqual(limits.maxGradient * (1 + 1e-9));
        expect(slew).toBeLessThanOrEqual(limits.maxSlew * (1 + 1e-4));
      },
    );
});

describe('minimum timing on an oblique stack', () => {
  it.each(SEQUENCE_FAMILIES)(
    '%s: the minimum TE, TR, TI and echo spacing are never below those on the axes, and TE rises at 45°',
    (family) => {
      const onAxes = protocolTiming(turned(family, {}), scanner);
      for (const turn of Object.values(TURNS)) {
        const oblique = protocolTiming(turned(family, turn), scanner);
        expect(oblique.minEchoTime).toBeGreaterThanOrEqual(onAxes.minEchoTime);
        expect(oblique.minRepetitionTime).toBeGreaterThanOrEqual(onAxes.minRepetitionTime);
        expect(oblique.minInversionTime).toBeGreaterThanOrEqual(onAxes.minInversionTime);
        expect(oblique.minEchoSpacing).toBeGreaterThanOrEqual(onAxes.minEchoSpacing);
      }
      const tilted = protocolTiming(turned(family, { tiltAboutRow: 45 * DEG }), scanner);
      expect(tilted.minEchoTime).toBeGreaterThan(onAxes.minEchoTime);
    },
  );
});
