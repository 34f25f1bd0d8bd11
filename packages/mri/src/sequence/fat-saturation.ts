/**
 * How long spectral fat saturation (CHESS; Haase et al., Phys Med Biol 1985;30:341; Bernstein et al., Handbook of
 * MRI Pulse Sequences, 2004, §6.2) takes before each excitation: the one count that validation's timing
 * (timing.ts) and the timeline builder (build/fatSat.ts) share, so a protocol with fat saturation at its minimum
 * TR and TI plays on both backends (issue 23.4).
 */
import { FAT_WATER_SHIFT_PPM } from '../constants.ts';
import { chemicalShiftHz } from '../tissue/field.ts';
import type { Seconds, Tesla } from '../units.ts';
import { roleScanner } from './gradient-share.ts';
import { SPOILER_CYCLES_PER_SLICE, ceilToGradientRaster, dephasingArea, shortestLobe } from './hardware.ts';
import type { Protocol, Scanner } from './protocol.ts';

/**
 * Time–bandwidth product of the fat-saturation sinc (Hann-apodised), with a bandwidth equal to the fat–water
 * shift, so the pulse spans fat ± Δf/2 and water, Δf away, sits in its stop band: water tips 1.2° (Mz loses
 * 0.02 %), where TBW 2 tipped it 8° (build/fatSat.test.ts).
 */
export const FAT_SAT_TIME_BANDWIDTH = 4;

/**
 * The spoiler after the fat-saturation pulse, in slice spoilers (four cycles across the slice each): 16 cycles,
 * so that it dephases fat's tipped magnetisation within a voxel however thin the part of the slice one looks at
 * (the Bloch slice phantom's layer is a sixteenth of the slice: one slice spoiler turned it a quarter cycle and
 * fat kept 13 % of its unsaturated signal in the knee SE, issue 23.5); scanners spoil fat saturation as strongly.
 */
export const FAT_SAT_SPOILER_SCALE = 4;

/**
 * Multiples of FAT_SAT_SPOILER_SCALE slice spoilers the fat-saturation spoiler plays, repetition n taking entry
 * n mod 2: consecutive spoilers that repeat (or cancel) refocus, with the next one, the stimulated echo of the fat
 * a pulse leaves transverse, stored by the excitation and recalled by the next pulse (spoiler moments varied from
 * repetition to repetition against such coherences: Crawley et al., MRM 1988;8:248). One fat voxel of the default SE
 * with its isochromats through the whole slice: line-to-line echo fluctuation (ghosts) 3.1 % of M0 with one
 * spoiler every repetition, 0.3 % with these (docs/physics.md, "Fat saturation").
 */
export const FAT_SAT_SPOILER_CYCLE: readonly number[] = [1, 2];

/** Fat-saturation pulse length at field `b0` [s]: TBW/|Δf| on the gradient raster (18.4 ms at 1.5 T). */
export function fatSaturationPulseDuration(b0: Tesla): Seconds {
  return ceilToGradientRaster(FAT_SAT_TIME_BANDWIDTH / Math.abs(chemicalShiftHz(FAT_WATER_SHIFT_PPM, b0)));
}

/**
 * Time fat saturation adds before each excitation [s]: its pulse, then its spoiler's block (the shortest lobe of
 * the largest spoiler, FAT_SAT_SPOILER_SCALE × max(FAT_SAT_SPOILER_CYCLE) slice spoilers, within the slice role's
 * limits, gradient-share.ts); 0 when the protocol has it off.
 * The builders' block raster is the gradient raster (10 µs), so both blocks are already on it.
 */
export function fatSaturationDuration(protocol: Protocol, scanner: Scanner): Seconds {
  if (!protocol.fatSaturation) return 0;
  const scale = FAT_SAT_SPOILER_SCALE * Math.max(...FAT_SAT_SPOILER_CYCLE);
  const spoiler = dephasingArea(scale * SPOILER_CYCLES_PER_SLICE, protocol.sliceThickness);
  return fatSaturationPulseDuration(scanner.b0) + shortestLobe(spoiler, roleScanner(protocol, scanner));
}
