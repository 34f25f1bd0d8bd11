import { describe, expect, it } from 'vitest';
import { hasTimingBolus, toolPaths } from './tool-paths.ts';

describe('tool paths of the Tools menu', () => {
  it('are the routes of the tissue page, the 3D viewer, the k-space view and the timing-bolus tool', () => {
    expect(toolPaths.tissueCharacteristics('s1')).toBe('/tissue-characteristics/s1');
    expect(toolPaths.viewer3d('s1')).toBe('/session/s1/3d-viewer');
    expect(toolPaths.kspace('s1')).toBe('/session/s1/k-space');
    expect(toolPaths.kspace('s1', 'scan 2')).toBe('/session/s1/k-space?series=scan%202');
    expect(toolPaths.timingBolus('s 1')).toBe('/timing-bolus-injection?sessionId=s%201');
  });

  it('offer the timing bolus on model 223 only', () => {
    expect(hasTimingBolus(223)).toBe(true);
    expect(hasTimingBolus(203)).toBe(false);
  });
});
