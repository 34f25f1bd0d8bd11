import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  PROTOCOL_B_VALUES_MAX,
  PROTOCOL_ECHO_TIMES_MAX,
  scanSnapshotSchema,
  type ProtocolBody,
  type ScanSnapshotBody,
} from '@larmor/contracts';
import type { Protocol } from '@larmor/mri';
import type { ScanSnapshot } from '@larmor/mri/simulate';
import { testBlochSnapshot, testSnapshot } from '@larmor/mri/testing';

/** Exact type equality (not mere assignability): optional, readonly and literal types must all agree. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

describe('the scan snapshot schema of @larmor/contracts is @larmor/mri ScanSnapshot', () => {
  it('infers exactly the types of @larmor/mri (snapshot and protocol)', () => {
    const snapshotTypesAgree: Equal<ScanSnapshotBody, ScanSnapshot> = true;
    const protocolTypesAgree: Equal<ProtocolBody, Protocol> = true;
    expect([snapshotTypesAgree, protocolTypesAgree]).toEqual([true, true]);
    expectTypeOf<ScanSnapshotBody>().toEqualTypeOf<ScanSnapshot>();
  });

  it('parses snapshots of both engines back to equal values (JSON round trip through the schema)', () => {
    const snapshots: ScanSnapshot[] = [
      testSnapshot({
        tissueOverrides: { muscle: { t1: 1.1 } },
        simulation: {
          noiseLevel: 1,
          susceptibility: true,
          motion: { kind: 'rotation', amplitude: 0.05, frequency: 2 },
        },
      }),
      testBlochSnapshot(4),
    ];
    for (const s of snapshots) expect(scanSnapshotSchema.parse(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });

  it('refuses what is not a snapshot: a function, a non-finite number, an unknown engine, a fractional seed', () => {
    const good = testSnapshot();
    const bad: unknown[] = [
      { ...good, tissueOverrides: { muscle: { t1: () => 1 } } },
      { ...good, protocol: { ...good.protocol, echoTime: Infinity } },
      { ...good, engine: 'gpu' },
      { ...good, seed: 1.5 },
      { ...good, protocol: { ...good.protocol, sliceCount: 0 } },
    ];
    for (const b of bad) expect(scanSnapshotSchema.safeParse(b).success).toBe(false);
  });

  it('is bounded: more than PROTOCOL_B_VALUES_MAX b-values or PROTOCOL_ECHO_TIMES_MAX echo times, or a tissue key past its length, is not a snapshot (issue 19 item 5)', () => {
    const good = testSnapshot();
    const list = (length: number) => Array.from({ length }, (_, i) => i * 1e-3);
    const ok = { ...good, protocol: { ...good.protocol, bValues: list(PROTOCOL_B_VALUES_MAX) } };
    expect(scanSnapshotSchema.safeParse(ok).success).toBe(true);
    const bad: unknown[] = [
      { ...good, protocol: { ...good.protocol, bValues: list(PROTOCOL_B_VALUES_MAX + 1) } },
      { ...good, protocol: { ...good.protocol, bValues: list(250_000) } },
      { ...good, protocol: { ...good.protocol, echoTimes: list(PROTOCOL_ECHO_TIMES_MAX + 1) } },
      { ...good, tissueOverrides: { ['m'.repeat(65)]: { t1: 1 } } },
    ];
    for (const b of bad) expect(scanSnapshotSchema.safeParse(b).success).toBe(false);
  });
});
