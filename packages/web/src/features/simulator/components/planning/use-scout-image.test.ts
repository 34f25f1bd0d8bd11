import { describe, expect, it } from 'vitest';
import { scoutImagePath } from './use-scout-image.ts';

describe('the scout image request', () => {
  it('asks for the session isocentre without a region, and for a region with ?regionId=N', () => {
    expect(scoutImagePath('s1', 'sagittal', undefined)).toBe('v1/sessions/s1/scout-images/sagittal');
    expect(scoutImagePath('s1', 'axial', 3)).toBe('v1/sessions/s1/scout-images/axial?regionId=3');
    expect(scoutImagePath('s1', 'axial', 0)).toBe('v1/sessions/s1/scout-images/axial?regionId=0');
  });
});
