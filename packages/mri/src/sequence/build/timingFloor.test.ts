/**
 * Validation's timing floor is the builders' (issue 23.4): a TE, TR or TI at the exact minimum timing.ts reports
 * is refused by validation or builds on the Bloch backend, and 20 µs below it validation always refuses it. Before,
 * validation allowed half the console's 0.1 ms step below the rounded-up minimum, so a GRE's TR or a Dixon's TE
 * 20 µs below the minimum validated and then failed to build ("TR too short").
 */
import { describe, expect, it } from 'vitest';
import { TEST_SCANNER as scanner } from '../../scanner.testing.ts';
import { defaultProtocol } from '../defaults.ts';
import { SEQUENCE_FAMILIES, type Protocol, type SequenceFamily, type SliceGeometry } from '../protocol.ts';
import { protocolTiming } from '../timing.ts';
import { validateProtocol } from '../validate.ts';
import { buildTimeline } from './index.ts';

const DEG = Math.PI / 180;
const TURNS: readonly Partial<SliceGeometry>[] = [
  {},
  { tiltAboutRow: 20 * DEG },
  { tiltAboutColumn: 45 * DEG },
  { rotation: 30 * DEG },
];
/** Below the exact minimum by this much [s]: under the half step (50 µs) validation's range check allows. */
const BELOW_S = 2e-5;

type TimingKey = 'echoTime' | 'repetitionTime' | 'inversionTime';

/** The protocol with `key` at its exact minimum less `below` [s] (multi-echo times follow TE; TI with a long TR). */
function atFloor(base: Protocol, key: TimingKey, below: number): Protocol {
  const t = protocolTiming(base, scanner);
  if (key === 'echoTime') {
    const te = t.minEchoTime - below;
    const gap = base.echoTimes ? (base.echoTimes[1] ?? 0) - (base.echoTimes[0] ?? 0) : 0;
    return {
      ...base,
      echoTime: te,
      ...(base.echoTimes ? { echoTimes: base.echoTimes.map((_, i) => te + i * gap) } : {}),
    };
  }
  if (key === 'repetitionTime') return { ...base, repetitionTime: t.minRepetitionTime - below };
  return { ...base, inversionTime: t.minInversionTime - below, repetitionTime: base.repetitionTime + 1 };
}

function keysOf(family: SequenceFamily): TimingKey[] {
  const keys: TimingKey[] = ['echoTime'];
  // MOLLI's TR is its readout spacing (TE = TR/2) and its TI follows TR: its defaults set both together.
  if (family !== 'MOLLI') keys.push('repetitionTime');
  if (protocolTiming(defaultProtocol(family, scanner), scanner).minInversionTime > 0 && family !== 'MOLLI')
    keys.push('inversionTime');
  return keys;
}

function builds(p: Protocol): boolean {
  try {
    buildTimeline(p, scanner);
    return true;
  } catch {
    return false;
  }
}

describe('validation refuses what the builder cannot play at the timing floor', () => {
  it.each(SEQUENCE_FAMILIES)(
    '%s: at the exact minimum TE, TR and TI, refused or built; 20 µs below, refused',
    (family) => {
      for (const turn of TURNS) {
        const p0 = defaultProtocol(family, scanner);
        const base = { ...p0, geometry: { ...p0.geometry, ...turn } };
        for (const key of keysOf(family)) {
          const exact = atFloor(base, key, 0);
          const refused = validateProtocol(exact, scanner).some((v) => v.rule === 'min');
          expect({ key, turn, outcome: refused || builds(exact) }).toEqual({ key, turn, outcome: true });
          const below = validateProtocol(atFloor(base, key, BELOW_S), scanner);
          expect(below.some((v) => v.rule === 'min')).toBe(true);
        }
      }
    },
  );
});
