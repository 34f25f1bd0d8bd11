/**
 * Issue 19 items 4 and 5: a pulse sequence's lists (contracts `protocolSchema`: `echoTimes` at most
 * PROTOCOL_ECHO_TIMES_MAX, `bValues` at most PROTOCOL_B_VALUES_MAX, each only on the families that use it)
 * are refused with 400 and a validation map, never a 500, and a refused list is never stored.
 */
import { PROTOCOL_B_VALUES_MAX, PROTOCOL_ECHO_TIMES_MAX, pulseSequenceSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import {
  call,
  errorOf,
  refused,
  useSimulatorApp,
  type Headers,
  studentSession,
} from '../sessions/world.test-support.ts';

/** Scheme codes (contracts sequence-types.ts): Gradient Echo (GRE), Spin Echo (SE), DWI. */
const GRE = 2;
const SE = 5;
const DWI = 12;

describe.each(databases)('echo times and b-values of a pulse sequence on %s', (kind) => {
  const t = useSimulatorApp(kind);

  /** A session with one pulse sequence of each scheme; their URLs. */
  async function arrange() {
    const { h, active } = await studentSession(t.app, t.db, { sequenceTypes: [GRE, SE, DWI] });
    const sessionId = active.session.id;
    const collectionId = active.collections[0]?.id ?? '';
    const res = await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences-many`, h, {
      pulseSequences: [GRE, SE, DWI].map((scheme) => ({
        pulseSequenceSchemeId: scheme,
        name: `Scheme ${scheme}`,
        collectionId,
      })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [gre, se, dwi] = (res.body as unknown as unknown[]).map((s) => pulseSequenceSchema.parse(s));
    const url = (id: string | undefined) => `v1/sessions/${sessionId}/pulse-sequences/${id ?? ''}`;
    return { h, gre: url(gre?.id), se: url(se?.id), dwi: url(dwi?.id) };
  }

  /** PATCH `url` with `parameters`; expects 400 naming `field` with `rule`, and the sequence unchanged. */
  async function refusedPatch(
    h: Headers,
    url: string,
    parameters: Record<string, unknown>,
    field: string,
    rule: string,
  ) {
    const before = await call(t.app, 'GET', url, h);
    const res = await refused(t.app, t.db, 'PATCH', url, h, { parameters });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(400);
    expect(errorOf(res.body).validation?.[field]).toBe(rule);
    expect((await call(t.app, 'GET', url, h)).body).toEqual(before.body);
  }

  it('more than the most echo times or b-values answers 400 "max", not 500, and stores nothing', async () => {
    const { h, gre, dwi } = await arrange();
    // As long as a body may be (zeros: two bytes each): a spread of it would overflow the stack.
    const echoes = Array.from({ length: 250_000 }, () => 0);
    await refusedPatch(h, gre, { echoTimes: echoes }, 'parameters.echoTimes', 'max');
    const oneTooMany = Array.from({ length: PROTOCOL_ECHO_TIMES_MAX + 1 }, (_, i) => 0.005 + i * 0.005);
    await refusedPatch(h, gre, { echoTimes: oneTooMany }, 'parameters.echoTimes', 'max');
    const bs = Array.from({ length: 250_000 }, () => 0);
    await refusedPatch(h, dwi, { bValues: bs }, 'parameters.bValues', 'max');
    const bsTooMany = Array.from({ length: PROTOCOL_B_VALUES_MAX + 1 }, (_, i) => i * 1e8);
    await refusedPatch(h, dwi, { bValues: bsTooMany }, 'parameters.bValues', 'max');
  });

  it('b-values outside DWI and echo times on a single-echo family answer 400 "family" and store nothing', async () => {
    const { h, se, gre, dwi } = await arrange();
    await refusedPatch(h, se, { bValues: [0, 1e9] }, 'parameters.bValues', 'family');
    await refusedPatch(h, gre, { bValues: [0] }, 'parameters.bValues', 'family');
    await refusedPatch(h, se, { echoTimes: [0.02, 0.04] }, 'parameters.echoTimes', 'family');
    await refusedPatch(h, dwi, { echoTimes: [0.1, 0.12] }, 'parameters.echoTimes', 'family');
  });

  it('the families that use them keep the most echo times and b-values', async () => {
    const { h, gre, dwi } = await arrange();
    const bValues = Array.from({ length: PROTOCOL_B_VALUES_MAX }, (_, i) => i * 1e8);
    const ok = await call(t.app, 'PATCH', dwi, h, { parameters: { bValues } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(pulseSequenceSchema.parse(ok.body).parameters.bValues).toEqual(bValues);
    const current = pulseSequenceSchema.parse((await call(t.app, 'GET', gre, h)).body).parameters;
    const echoTimes = [current.echoTime, current.echoTime + 0.01];
    const two = await call(t.app, 'PATCH', gre, h, {
      parameters: { echoTimes, repetitionTime: Math.max(current.repetitionTime, 0.1) },
    });
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(pulseSequenceSchema.parse(two.body).parameters.echoTimes).toEqual(echoTimes);
  });
});
