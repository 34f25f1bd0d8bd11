import { describe, expect, it } from 'vitest';
import { defaultProtocol, parameterDefinitions, type ParameterDefinition } from '@larmor/mri/sequence';
import type { Protocol } from '@larmor/mri';
import {
  edgeHandles,
  foldOverZones,
  resizeStack,
  rotateByHandle,
  rotationHandle,
  stackBox,
} from './planning-handles.ts';
import { projectStack, type ScoutPlane } from './planning.ts';
import { PLANNING_KEYS, samePlanning } from './planning-protocol.ts';
import { axial, axialStack, coronal, sagittal, scanner } from './planning.test-support.ts';

/** `protocol` behind a proxy that records each top-level field read. */
function recording(protocol: Protocol, read: Set<string>): Protocol {
  return new Proxy(protocol, {
    get(target, key, receiver) {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/**
 * Everything the localisers draw and every edit they make from a protocol, on one scout (the editor's ranges are
 * computed from the whole protocol, outside the planning: they come with it, not from it).
 */
function planAll(protocol: Protocol, scout: ScoutPlane, definitions: readonly ParameterDefinition[]): void {
  projectStack(protocol, scout);
  foldOverZones(protocol, scout);
  stackBox(protocol);
  rotationHandle(protocol, scout, 10);
  rotateByHandle(protocol, scout, { x: 100, y: 100 }, { x: 140, y: 90 }, true);
  for (const handle of edgeHandles(protocol, scout)) resizeStack(protocol, scout, handle, 7, -5, definitions);
  for (const axis of ['read', 'phase', 'slice'] as const)
    resizeStack(protocol, scout, { axis, side: 1 }, 7, -5, definitions);
}

const PROTOCOLS: Record<string, Protocol> = {
  'axial SE, phase along columns': axialStack(),
  'sagittal SE, phase along rows, oversampled, rotated': axialStack({
    phaseDirection: 'row',
    phaseOversampling: 0.5,
    geometry: { orientation: 'sagittal', center: [0.01, 0, 0], rotation: 0.3 },
  }),
  'coronal 3D MPRAGE slab': {
    ...defaultProtocol('MPRAGE', scanner),
    geometry: { orientation: 'coronal', center: [0, 0.02, 0] },
  },
  'axial 3D GRE slab (is3d)': { ...defaultProtocol('GRE', scanner), is3d: true },
};

describe('the planning fields: what the localisers are drawn and edited from', () => {
  for (const [name, protocol] of Object.entries(PROTOCOLS)) {
    it(`planning.ts and planning-handles.ts read no other field of the protocol (${name})`, () => {
      const read = new Set<string>();
      const definitions = parameterDefinitions(protocol, scanner);
      for (const scout of [axial, coronal, sagittal]) planAll(recording(protocol, read), scout, definitions);
      const outside = [...read].filter((key) => !(PLANNING_KEYS as readonly string[]).includes(key));
      expect(outside).toEqual([]);
      expect(read.has('geometry')).toBe(true);
    });
  }

  it('a contrast edit (TE, TR, flip, averages) keeps the planning; a planning field or a new geometry does not', () => {
    const protocol = axialStack();
    expect(samePlanning(protocol, { ...protocol, echoTime: 0.09, repetitionTime: 3, nex: 2 })).toBe(true);
    expect(samePlanning(protocol, { ...protocol, flipAngle: 1 })).toBe(true);
    for (const key of ['fovRead', 'fovPhase', 'sliceThickness', 'sliceGap', 'phaseOversampling'] as const)
      expect(samePlanning(protocol, { ...protocol, [key]: protocol[key] + 0.001 })).toBe(false);
    expect(samePlanning(protocol, { ...protocol, sliceCount: protocol.sliceCount + 1 })).toBe(false);
    expect(samePlanning(protocol, { ...protocol, phaseDirection: 'row' })).toBe(false);
    expect(samePlanning(protocol, { ...protocol, is3d: true })).toBe(false);
    expect(samePlanning(protocol, { ...protocol, geometry: { ...protocol.geometry } })).toBe(false);
  });
});
