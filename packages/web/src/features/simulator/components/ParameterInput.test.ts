import { describe, expect, it } from 'vitest';
import { defaultProtocol, parameterDefinitions } from '@larmor/mri/sequence';
import { testScanner } from '@larmor/mri/testing';
import { sameParameterInput, type ParameterInputProps } from './ParameterInput.tsx';

const scanner = testScanner();
const se = defaultProtocol('SE', scanner);
const dispatch = () => undefined;
const units = { distance: 'mm', time: 'ms' } as const;

/** The props ParameterPanel gives the field `key` of `protocol` (definitions computed again, as on each edit). */
function propsOf(protocol: typeof se, key: 'echoTime' | 'repetitionTime' | 'fovRead'): ParameterInputProps {
  const def = parameterDefinitions(protocol, scanner).find((d) => d.key === key);
  if (!def) throw new Error(`no ${key}`);
  return { def, valueSi: protocol[key], draft: undefined, units, dispatch };
}

describe('ParameterInput is rendered again only when its own field changes (memo comparator)', () => {
  it('a TE edit leaves the FOV field equal though its definition was computed again', () => {
    const before = propsOf(se, 'fovRead');
    const after = propsOf({ ...se, echoTime: se.echoTime + 0.001 }, 'fovRead');
    expect(after.def).not.toBe(before.def);
    expect(sameParameterInput(before, after)).toBe(true);
  });

  it('the TE field itself differs, as does a field whose limit, draft, refusal or units changed', () => {
    const te = propsOf(se, 'echoTime');
    expect(sameParameterInput(te, propsOf({ ...se, echoTime: se.echoTime + 0.001 }, 'echoTime'))).toBe(false);
    expect(sameParameterInput(te, { ...te, def: { ...te.def, max: te.def.max / 2 } })).toBe(false);
    expect(sameParameterInput(te, { ...te, draft: '1.' })).toBe(false);
    expect(sameParameterInput(te, { ...te, refusal: 'Not allowed on the free plan' })).toBe(false);
    expect(sameParameterInput(te, { ...te, units: { distance: 'mm', time: 's' } })).toBe(false);
  });
});
