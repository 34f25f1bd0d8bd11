import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { Protocol } from '@larmor/mri';
import { axialStack } from '../../state/planning.test-support.ts';
import { usePlanningProtocol } from './use-planning-protocol.ts';

describe('usePlanningProtocol: the localisers keep their protocol through contrast edits', () => {
  it('answers the first protocol while only TE, TR or averages change, and the new one on a planning change', () => {
    const first = axialStack();
    const { result, rerender } = renderHook((protocol: Protocol) => usePlanningProtocol(protocol), {
      initialProps: first,
    });
    expect(result.current).toBe(first);
    rerender({ ...first, echoTime: 0.09 });
    expect(result.current).toBe(first);
    rerender({ ...first, echoTime: 0.1, repetitionTime: 3, nex: 2 });
    expect(result.current).toBe(first);

    const wider = { ...first, echoTime: 0.1, fovRead: 0.24 };
    rerender(wider);
    expect(result.current).toBe(wider);
    // Kept from there on: a later TE edit answers the protocol of the last planning change.
    rerender({ ...wider, echoTime: 0.02 });
    expect(result.current).toBe(wider);
    const moved = { ...wider, geometry: { ...wider.geometry, center: [0, 0, 0.02] as const } };
    rerender(moved);
    expect(result.current).toBe(moved);
  });
});
