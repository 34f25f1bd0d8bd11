/**
 * The spec's pulse-sequence type codes (simulator.md §3: "sequence-type codes 1-27, 33 and 34 (GRE, MOLLI,
 * bSSFP, SE, TSE, EPI, MP-RAGE, Dixon, FLAIR, DWI, etc.; the full code-to-name mapping is not shown)").
 *
 * The spec leaves the mapping out, so it is ours: each code names one scheme a module may allow, and the
 * sequence family of `@larmor/mri` (`SEQUENCE_FAMILIES`) that runs it. The one example the original back end
 * shows (scheme 1 has type 2, "Gradient Echo (GRE)"; reference/simulator-console-research.md §0) is kept.
 * Codes 28–32 do not exist. The server checks that every `family` here is one the engine offers.
 */
import { z } from 'zod';

/** A sequence type: its code, a short stable key, the name shown, and the engine family that runs it. */
export interface SequenceType {
  code: number;
  key: string;
  name: string;
  /** A `SequenceFamily` of `@larmor/mri` (spelled the same; contracts import nothing of ours). */
  family: string;
}

/** Every sequence type, in code order. */
export const SEQUENCE_TYPES: readonly SequenceType[] = [
  { code: 1, key: 'spoiledGre', name: 'Spoiled gradient echo (T1-weighted FLASH)', family: 'GRE' },
  { code: 2, key: 'gre', name: 'Gradient Echo (GRE)', family: 'GRE' },
  { code: 3, key: 'molli', name: 'MOLLI T1 mapping', family: 'MOLLI' },
  { code: 4, key: 'bssfp', name: 'Balanced SSFP (bSSFP)', family: 'bSSFP' },
  { code: 5, key: 'se', name: 'Spin Echo (SE)', family: 'SE' },
  { code: 6, key: 'tse', name: 'Turbo Spin Echo (TSE)', family: 'TSE' },
  { code: 7, key: 'greEpi', name: 'Gradient-echo EPI', family: 'GRE-EPI' },
  { code: 8, key: 'seEpi', name: 'Spin-echo EPI', family: 'SE-EPI' },
  { code: 9, key: 'mprage', name: 'MP-RAGE', family: 'MPRAGE' },
  { code: 10, key: 'dixon', name: 'Dixon (in and out of phase)', family: 'Dixon' },
  { code: 11, key: 'flair', name: 'FLAIR', family: 'FLAIR' },
  { code: 12, key: 'dwi', name: 'Diffusion-weighted imaging (DWI)', family: 'DWI' },
  { code: 13, key: 'stir', name: 'STIR', family: 'STIR' },
  { code: 14, key: 'irSe', name: 'Inversion recovery (IR-SE)', family: 'IR' },
  { code: 15, key: 'swi', name: 'Susceptibility-weighted imaging (SWI)', family: 'SWI' },
  { code: 16, key: 't2StarGre', name: 'T2*-weighted gradient echo', family: 'GRE' },
  { code: 17, key: 'gre3d', name: '3D gradient echo', family: 'GRE' },
  { code: 18, key: 'perfusionGre', name: 'Dynamic contrast-enhanced GRE (perfusion)', family: 'GRE' },
  { code: 19, key: 'timingBolusGre', name: 'Timing bolus (fast GRE)', family: 'GRE' },
  { code: 20, key: 't1Se', name: 'T1-weighted spin echo', family: 'SE' },
  { code: 21, key: 'pdTse', name: 'Proton-density TSE', family: 'TSE' },
  { code: 22, key: 't2Tse', name: 'T2-weighted TSE', family: 'TSE' },
  { code: 23, key: 'ssfse', name: 'Single-shot TSE (HASTE)', family: 'TSE' },
  { code: 24, key: 'cineBssfp', name: 'Cine bSSFP', family: 'bSSFP' },
  { code: 25, key: 'irBssfp', name: 'Inversion-recovery bSSFP', family: 'bSSFP' },
  { code: 26, key: 'irTse', name: 'Inversion-recovery TSE', family: 'IR' },
  { code: 27, key: 'epiBold', name: 'EPI (BOLD)', family: 'GRE-EPI' },
  { code: 33, key: 'dixonTse', name: 'Dixon water/fat separation (3-point)', family: 'Dixon' },
  { code: 34, key: 'seT2', name: 'T2-weighted spin echo', family: 'SE' },
];

/** The codes a module may allow. */
export const SEQUENCE_TYPE_CODES: readonly number[] = SEQUENCE_TYPES.map((t) => t.code);

/** A known sequence-type code. */
export const sequenceTypeCodeSchema = z
  .number()
  .int()
  .refine((code) => SEQUENCE_TYPE_CODES.includes(code), {
    message: 'Unknown sequence type',
    params: { rule: 'sequence_type' },
  });

/** The sequence type of a code, or undefined. */
export function sequenceTypeOf(code: number): SequenceType | undefined {
  return SEQUENCE_TYPES.find((t) => t.code === code);
}

export const sequenceTypeSchema = z.object({
  code: z.number().int(),
  key: z.string(),
  name: z.string(),
  family: z.string(),
  /** Whether the free plan may run it (@larmor/mri FREE_PLAN_LIMITS.families). */
  free: z.boolean(),
});
