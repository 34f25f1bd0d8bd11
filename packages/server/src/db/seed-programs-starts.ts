/**
 * Where the demo modules start (issue 20.4): each module's starting protocol leaves its task to the student, so
 * no module opens on the protocol that solves it. SI units (s, rad, m, Hz per pixel), over the sequence types'
 * defaults (@larmor/mri sequence/defaults.ts). seed-programs.test.ts scans each one: the starting protocol fails
 * the module's main objective, and a known-good protocol passes it.
 */
import type { StartingProtocol } from '@larmor/contracts';

const degrees = (d: number): number => (d * Math.PI) / 180;
/** Sequence-type codes (contracts/sequence-types.ts), as in seed-programs-content.ts. */
const SEQ = {
  spoiledGre: 1,
  gre: 2,
  se: 5,
  flair: 11,
  stir: 13,
  t2StarGre: 16,
  t1Se: 20,
  seT2: 34,
};

/** A short-TR, short-TE spin echo: T1-weighted, CSF dark. */
const T1_SPIN_ECHO = { repetitionTime: 0.5, echoTime: 0.015 };
/** TR 2000 ms, TE 15 ms: proton-density weighted at 1.5 T, neither T1 nor T2 contrast. */
const PD_SPIN_ECHO = { repetitionTime: 2, echoTime: 0.015 };
/** A short-TE gradient echo with a large flip angle: T1-weighted, little T2* decay. */
const T1_GRADIENT_ECHO = { repetitionTime: 0.25, echoTime: 0.0048, flipAngle: degrees(70) };

export const STARTING_PROTOCOLS = {
  /** "Make CSF bright": starts T1-weighted (CSF dark). */
  t2Brain: [
    { sequenceType: SEQ.se, parameters: T1_SPIN_ECHO },
    { sequenceType: SEQ.seT2, parameters: T1_SPIN_ECHO },
  ],
  /** "T1 weighting": starts proton-density weighted (TR 2000 ms, TE 15 ms). */
  t1Brain: [
    { sequenceType: SEQ.se, parameters: PD_SPIN_ECHO },
    { sequenceType: SEQ.t1Se, parameters: PD_SPIN_ECHO },
  ],
  /** "Null the CSF": TI 1000 ms, far before CSF's null (≈ 2400 ms at TR 9000 ms). */
  flair: [{ sequenceType: SEQ.flair, parameters: { inversionTime: 1 } }],
  /** "T2*": a short-TE gradient echo at 70° (T1-weighted). */
  t2Star: [
    { sequenceType: SEQ.gre, parameters: T1_GRADIENT_ECHO },
    { sequenceType: SEQ.t2StarGre, parameters: T1_GRADIENT_ECHO },
  ],
  /** "Fix the wrap-around": a 100 mm phase FOV, smaller than the knee. */
  wrap: [
    { sequenceType: SEQ.se, parameters: { fovRead: 0.16, fovPhase: 0.1 } },
    { sequenceType: SEQ.gre, parameters: { fovRead: 0.16, fovPhase: 0.1 } },
  ],
  /** "Chemical shift": 100 Hz per pixel, fat shifted about 2 pixels at 1.5 T. */
  chemicalShift: [
    { sequenceType: SEQ.gre, parameters: { bandwidthPerPixel: 100, echoTime: 0.009 } },
    { sequenceType: SEQ.se, parameters: { bandwidthPerPixel: 100 } },
  ],
  /** "Suppress fat": a STIR at TI 600 ms, long after fat's null (≈ 240 ms). */
  fatSuppression: [{ sequenceType: SEQ.stir, parameters: { inversionTime: 0.6 } }],
  /** "Enhancing tumour": starts proton-density weighted. */
  tumour: [
    { sequenceType: SEQ.t1Se, parameters: PD_SPIN_ECHO },
    { sequenceType: SEQ.spoiledGre, parameters: { flipAngle: degrees(10) } },
  ],
} satisfies Record<string, StartingProtocol[]>;
