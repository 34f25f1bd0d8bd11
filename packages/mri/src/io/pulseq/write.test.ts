/** writeSeq round trips: write → read gives the same timeline (tolerances in timeline-compare.test-support.ts). */
import { describe, expect, it } from 'vitest';
import type { GradientEvent, SequenceTimeline } from '../../sequence/timeline.ts';
import { readSeq } from './read.ts';
import { PULSEQ_WRITE_VERSION, writeSeq } from './write.ts';
import { SEQ_FILES } from './fixtures.test-support.ts';
import { expectSameTimeline } from './timeline-compare.test-support.ts';

describe('writeSeq', () => {
  for (const [name, text] of SEQ_FILES) {
    it(`round-trips ${name}: every waveform survives write then read`, () => {
      const original = readSeq(text);
      const written = writeSeq(original);
      const again = readSeq(written, { strictSignature: true });
      expect(again.version).toBe(PULSEQ_WRITE_VERSION);
      expectSameTimeline(original, again);
    });
  }

  it('writes shapes compressed and events deduplicated', () => {
    const written = writeSeq(readSeq(SEQ_FILES.get('pypulseq_write_epi.seq') ?? ''));
    // The EPI's 3000-sample sinc pulse is not compressible and is stored once, for three RF events.
    expect(written.match(/^num_samples 3000$/gm)).toHaveLength(2);
    expect(written.match(/^shape_id /gm)?.length).toBeLessThanOrEqual(4);
    const rfSection = written.slice(
      written.indexOf('[RF]'),
      written.indexOf('\n\n', written.indexOf('[RF]')),
    );
    expect(rfSection.split('\n')).toHaveLength(4);
  });

  it('round-trips a timeline of our own: time-shaped RF, arbitrary gradients, ppm offsets, extensions', () => {
    const raster = { gradient: 10e-6, rf: 1e-6, adc: 100e-9, block: 10e-6 };
    const ramp: GradientEvent = {
      times: Float64Array.of(0, 5e-6, 15e-6, 25e-6, 30e-6),
      amplitudes: Float64Array.of(0, 500, 1500, 2500, 3000),
    };
    const extended: GradientEvent = {
      times: Float64Array.of(0, 20e-6, 50e-6, 60e-6),
      amplitudes: Float64Array.of(3000, 1000, 1000, 0),
    };
    const timeline: SequenceTimeline = {
      raster,
      definitions: { Name: 'own', FOV: '0.2 0.2 0.005' },
      blocks: [
        {
          duration: 200e-6,
          rf: {
            amplitude: Float64Array.of(10, 250, -40),
            phase: Float64Array.of(0, 7, -1),
            times: Float64Array.of(0, 60e-6, 150e-6),
            delay: 20e-6,
            freqOffset: 120,
            phaseOffset: 0.25,
            center: 60e-6,
            use: 'refocusing',
            freqOffsetPpm: -3.4,
            phaseOffsetPpm: 0.08,
          },
          gx: ramp,
        },
        {
          duration: 100e-6,
          gx: extended,
          adc: {
            numSamples: 4,
            dwell: 10e-6,
            delay: 10e-6,
            freqOffset: 0,
            phaseOffset: 1,
            freqOffsetPpm: 1.5,
            phaseModulation: Float64Array.of(0, 0.1, 0.2, 0.3),
          },
          extensions: [
            { type: 'LABELSET', values: [4], text: 'LIN' },
            { type: 'TRIGGERS', values: [1, 2, 10e-6, 50e-6] },
            { type: 'DELAYS', values: [0, -100e-6, 2], text: 'TE' },
          ],
        },
        { duration: 0, extensions: [{ type: 'LABELINC', values: [1], text: 'LIN' }] },
      ],
    };
    const written = writeSeq(timeline);
    const again = readSeq(written, { strictSignature: true });
    expectSameTimeline(timeline, again);
    expect(again.definitions).toMatchObject({ Name: 'own', FOV: '0.2 0.2 0.005', TotalDuration: '0.0003' });
  });

  it('refuses a block whose duration is off the block raster', () => {
    const timeline: SequenceTimeline = {
      raster: { gradient: 10e-6, rf: 1e-6, adc: 100e-9, block: 10e-6 },
      definitions: {},
      blocks: [{ duration: 15e-6 }],
    };
    expect(() => writeSeq(timeline)).toThrow('block 1: duration 0.000015 s is not a multiple of 0.00001 s');
  });
});
