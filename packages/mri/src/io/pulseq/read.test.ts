import { describe, expect, it } from 'vitest';
import { readSeq } from './read.ts';
import { SEQ_FILES, seq15, seqFixture } from './fixtures.test-support.ts';

describe('readSeq on every file in test-data', () => {
  it('finds the fixtures', () => {
    expect(SEQ_FILES.size).toBe(15);
  });

  for (const [name, text] of SEQ_FILES) {
    it(`parses ${name} into blocks whose events fit inside them`, () => {
      const seq = readSeq(text);
      expect(seq.blocks.length).toBeGreaterThan(0);
      for (const block of seq.blocks) {
        expect(block.duration).toBeGreaterThanOrEqual(0);
        for (const g of [block.gx, block.gy, block.gz]) {
          if (g) expect(g.times.at(-1) ?? 0).toBeLessThanOrEqual(block.duration + 1e-12);
        }
        if (block.adc) {
          expect(block.adc.delay + block.adc.numSamples * block.adc.dwell).toBeLessThanOrEqual(
            block.duration + 1e-12,
          );
        }
      }
    });
  }

  it('finds every event on its raster; only the two hand-edited KomaMRI files fail their signature', () => {
    const warned = [...SEQ_FILES]
      .filter(([, text]) => readSeq(text).warnings.length > 0)
      .map(([name]) => name);
    expect(warned.sort()).toEqual([
      'read-comparison/v15_gr-time-shaped.seq',
      'read-comparison/v15_gr-uniformly-shaped.seq',
    ]);
    for (const name of warned) expect(readSeq(SEQ_FILES.get(name) ?? '').warnings).toHaveLength(1);
  });

  it('agrees with the TotalDuration that the writing tool declared', () => {
    for (const name of [
      'pypulseq_write_epi.seq',
      'read-comparison/v15_fid.seq',
      'read-comparison/v14_fid.seq',
    ]) {
      const seq = readSeq(seqFixture(name));
      const total = seq.blocks.reduce((sum, b) => sum + b.duration, 0);
      expect(total).toBeCloseTo(Number(seq.definitions.TotalDuration), 9);
    }
  });
});

describe('readSeq of a 1.2.1 file (JEMRIS gradient echo)', () => {
  const seq = readSeq(seqFixture('koma_gre_JEMRIS_v121.seq'));

  it('takes block durations from [DELAYS] and from the longest event', () => {
    expect(seq.version).toBe('1.2.1');
    expect(seq.blocks[0]?.duration).toBeCloseTo(100e-6, 12); // RF: 100 samples × 1 µs
    expect(seq.blocks[1]?.duration).toBeCloseTo(3690e-6, 12); // delay 1
    expect(seq.blocks[3]?.duration).toBeCloseTo(4800e-6, 12); // readout trapezoid 400 + 4000 + 400 µs
    expect(seq.blocks[3]?.adc).toMatchObject({ numSamples: 32, dwell: 125e-6, delay: 400e-6 });
    expect(seq.blocks[5]?.duration).toBeCloseTo(35950e-6, 12); // delay 2
  });

  it('uses the legacy rasters and centres the samples of a constant pulse', () => {
    const rf = seq.blocks[0]?.rf;
    expect(seq.raster).toEqual({ gradient: 10e-6, rf: 1e-6, adc: 100e-9, block: 10e-6 });
    expect(rf?.times[0]).toBeCloseTo(0.5e-6, 15);
    expect(rf?.center).toBeCloseTo(50e-6, 12);
    expect(seq.blocks[6]?.rf?.phaseOffset).toBeCloseTo(1.74533, 12);
  });

  it('accepts the JEMRIS signature, which hashes the newline before [SIGNATURE] too', () => {
    expect(seq.signature?.matches).toBe(true);
    expect(seq.warnings).toEqual([]);
  });
});

describe('readSeq timing rules', () => {
  it('reconstructs the edge amplitudes of a uniformly sampled 1.4 gradient from its cell-centre samples', () => {
    const text = [
      '[VERSION]\nmajor 1\nminor 4\nrevision 1\n',
      '[DEFINITIONS]\nAdcRasterTime 1e-07\nBlockDurationRaster 1e-05\nGradientRasterTime 1e-05\nRadiofrequencyRasterTime 1e-06\n',
      '[BLOCKS]\n1 3 0 1 0 0 0 0\n',
      '[GRADIENTS]\n1 1000 1 0 0\n',
      '[SHAPES]\nshape_id 1\nnum_samples 3\n0.5\n1.5\n2.5\n',
    ].join('\n');
    const g = readSeq(text).blocks[0]?.gx;
    // A linear ramp through 500, 1500, 2500 Hz/m at 5, 15, 25 µs starts at 0 and ends at 3000 Hz/m at 30 µs.
    expect([...(g?.times ?? [])].map((t) => t * 1e6)).toEqual(
      [0, 5, 15, 25, 30].map((x) => expect.closeTo(x, 9)),
    );
    expect([...(g?.amplitudes ?? [])]).toEqual([0, 500, 1500, 2500, 3000].map((x) => expect.closeTo(x, 6)));
  });

  it('places oversampled gradient samples every half raster between the first and last edge', () => {
    const text = seq15(
      '[BLOCKS]\n1 2 0 1 0 0 0 0\n\n[GRADIENTS]\n1 100 0 0 1 -1 0\n\n[SHAPES]\nshape_id 1\nnum_samples 3\n0.5\n1\n0.5\n',
    );
    const g = readSeq(text).blocks[0]?.gx;
    expect([...(g?.times ?? [])].map((t) => t * 1e6)).toEqual(
      [0, 5, 10, 15, 20].map((x) => expect.closeTo(x, 9)),
    );
    expect([...(g?.amplitudes ?? [])]).toEqual([0, 50, 100, 50, 0]);
  });

  it('warns about events off their raster, naming the line', () => {
    const text = seq15(
      '[BLOCKS]\n1 100 0 1 0 0 1 0\n\n[TRAP]\n1 1000 25 60 20 0\n\n[ADC]\n1 10 1050 0 0 0 0 0 0\n',
    );
    expect(readSeq(text).warnings).toEqual([
      `line 17: trapezoid rise time of 0.000025 s is not a multiple of the 0.00001 s raster`,
      `line 20: ADC dwell time of 0.00000105 s is not a multiple of the 1e-7 s raster`,
    ]);
  });

  it('reads RF centre, use, ppm offsets and ADC phase modulation of 1.5 files', () => {
    const text = seq15(
      [
        '[BLOCKS]\n1 20 1 0 0 0 1 0\n',
        '[RF]\n1 100 1 0 0 50 10 -3.35 0.0841 12 0.5 s\n',
        '[ADC]\n1 2 1000 5 1 2 3 4 2\n',
        '[SHAPES]\nshape_id 1\nnum_samples 4\n1\n0\n0\n2\n\nshape_id 2\nnum_samples 2\n0.1\n0.2\n',
      ].join('\n'),
    );
    const block = readSeq(text).blocks[0];
    expect(block?.rf).toMatchObject({
      center: 50e-6,
      delay: 10e-6,
      use: 'saturation',
      freqOffset: 12,
      phaseOffset: 0.5,
    });
    expect(block?.rf?.freqOffsetPpm).toBe(-3.35);
    expect(block?.rf?.phaseOffsetPpm).toBe(0.0841);
    expect(block?.adc).toMatchObject({
      numSamples: 2,
      dwell: 1e-6,
      delay: 5e-6,
      freqOffsetPpm: 1,
      phaseOffsetPpm: 2,
    });
    expect([...(block?.adc?.phaseModulation ?? [])]).toEqual([0.1, 0.2]);
  });
});

describe('readSeq of a 1.3 file', () => {
  it('reads 8-column blocks with [DELAYS] and label extensions, using the legacy rasters', () => {
    const text = [
      '[VERSION]\nmajor 1\nminor 3\nrevision 1\n',
      '[BLOCKS]\n1 1 0 0 0 0 0 1\n2 0 1 0 0 0 1 0\n',
      '[RF]\n1 250 1 0 0 0 0\n',
      '[ADC]\n1 8 10000 0 0 0\n',
      '[DELAYS]\n1 2500\n',
      '[EXTENSIONS]\n1 1 1 0\nextension LABELSET 1\n1 5 LIN\n',
      '[SHAPES]\nshape_id 1\nnum_samples 20\n1\n0\n0\n17\n',
    ].join('\n');
    const seq = readSeq(text);
    expect(seq.blocks.map((b) => b.duration)).toEqual([2500e-6, 80e-6]);
    expect(seq.blocks[0]?.extensions).toEqual([{ type: 'LABELSET', values: [5], text: 'LIN' }]);
    expect(seq.blocks[1]?.rf?.times.length).toBe(20);
    expect(seq.blocks[1]?.rf?.center).toBeCloseTo(10e-6, 15);
  });
});
