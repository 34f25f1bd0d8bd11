import { describe, expect, it } from 'vitest';
import { T2_STAR_ISOCHROMATS } from '@larmor/mri/bloch';
import { isochromatsOf, tissueOverridesOf } from './snapshot.ts';

describe("a scan snapshot's tissue overrides", () => {
  it("carry the module's T1, T2, PD and T2* in seconds; a session's T1 and T2 replace them but keep the module's PD", () => {
    const module = {
      tissueOverrides: [
        { tissue: 'csf', t1Ms: 4000, t2Ms: 2000, pd: 0.9, t2StarMs: 1500 },
        { tissue: 'fat', t1Ms: 260, t2Ms: 80 },
      ],
    };
    expect(tissueOverridesOf(module, [])).toEqual({
      csf: { t1: 4, t2: 2, pd: 0.9, t2star: 1.5 },
      fat: { t1: 0.26, t2: 0.08 },
    });
    expect(tissueOverridesOf(module, [{ tissue: 'csf', t1_ms: 3000, t2_ms: 1000 }]).csf).toEqual({
      t1: 3,
      t2: 1,
      pd: 0.9,
    });
  });
});

describe("a scan snapshot's isochromats", () => {
  it('ask for T2_STAR_ISOCHROMATS per pixel only with the T2* setting on the Bloch engine (censol)', () => {
    expect(isochromatsOf('censol', { t2Star: 1 })).toEqual({ isochromats: T2_STAR_ISOCHROMATS });
    expect(isochromatsOf('censol', { t2Star: 0 })).toEqual({});
    expect(isochromatsOf('cpusim', { t2Star: 1 })).toEqual({});
  });
});
