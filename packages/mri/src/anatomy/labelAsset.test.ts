import { describe, expect, it } from 'vitest';
import { decodeLabelAsset, encodeLabelAsset } from './labelAsset.ts';

describe('label asset format', () => {
  it('round-trips geometry, tissue keys and labels exactly', () => {
    const labels = Uint8Array.from({ length: 2 * 3 * 4 }, (_, i) => i % 3);
    const asset = {
      tissues: ['air', 'csf', 'whiteMatter'],
      volume: {
        dims: [2, 3, 4] as const,
        voxelSize: [0.001, 0.0015, 0.002] as const,
        origin: [-0.1, 0.2, -0.3] as const,
        labels,
      },
    };
    const decoded = decodeLabelAsset(encodeLabelAsset(asset));
    expect(decoded.tissues).toEqual(asset.tissues);
    expect(decoded.volume.dims).toEqual([2, 3, 4]);
    expect(decoded.volume.voxelSize).toEqual([0.001, 0.0015, 0.002]);
    expect(decoded.volume.origin).toEqual([-0.1, 0.2, -0.3]);
    expect(Array.from(decoded.volume.labels)).toEqual(Array.from(labels));
  });

  it('copies the labels out of the input bytes (a Node Buffer slice would share them)', () => {
    const bytes = Buffer.from(
      encodeLabelAsset({
        tissues: ['air', 'csf'],
        volume: { dims: [2, 1, 1], voxelSize: [1, 1, 1], origin: [0, 0, 0], labels: Uint8Array.of(0, 1) },
      }),
    );
    const decoded = decodeLabelAsset(bytes);
    bytes.fill(7);
    expect(Array.from(decoded.volume.labels)).toEqual([0, 1]);
  });

  it('rejects bytes that are not a label volume or are truncated', () => {
    expect(() => decodeLabelAsset(new Uint8Array(100))).toThrow(/not a Larmor label volume/);
    const bytes = encodeLabelAsset({
      tissues: ['air'],
      volume: { dims: [2, 2, 2], voxelSize: [1, 1, 1], origin: [0, 0, 0], labels: new Uint8Array(8) },
    });
    expect(() => decodeLabelAsset(bytes.subarray(0, bytes.length - 1))).toThrow(/length/);
  });
});
