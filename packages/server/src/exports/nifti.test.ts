import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isNiftiFileName, niftiFileBytes } from './nifti.ts';

describe('NIfTI file bytes by name', () => {
  const nii = Uint8Array.from({ length: 400 }, (_, i) => i % 7);

  it('gzip-compresses for .nii.gz (magic 1f 8b) and the bytes inflate back unchanged', () => {
    const gz = niftiFileBytes('scan.nii.gz', nii);
    expect([gz[0], gz[1]]).toEqual([0x1f, 0x8b]);
    expect(new Uint8Array(gunzipSync(gz))).toEqual(nii);
    expect([...niftiFileBytes('SCAN.NII.GZ', nii).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  });

  it('stores .nii as it is', () => {
    expect(niftiFileBytes('dir/scan.nii', nii)).toBe(nii);
  });

  it('refuses a name that is neither .nii nor .nii.gz', () => {
    expect(isNiftiFileName('scan.nii.gz')).toBe(true);
    expect(isNiftiFileName('scan.gz')).toBe(false);
    expect(() => niftiFileBytes('scan.img', nii)).toThrow(/\.nii or \.nii\.gz/);
  });
});
