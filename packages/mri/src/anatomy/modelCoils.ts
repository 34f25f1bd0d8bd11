/**
 * The receive coils of each anatomical model (anatomy/registry.ts lists them with the model), by model id, in a
 * module of their own so the browser can look a coil up (the console's SNR, sequence/derived.ts) without
 * importing the model builders.
 */
import type { Vec3 } from '../units.ts';
import { coilSnrFactor, ringOfElements } from './coils.ts';
import type { Coil } from './types.ts';

/** Quadrature transmit/receive body coil: two rings of elements around the bore, 0.3 m radius. */
export const BODY_COIL: Coil = {
  uniqueName: 'body',
  shownName: 'Body coil',
  elements: [...ringOfElements([0, 0, -0.1], 0.3, 4, 2), ...ringOfElements([0, 0, 0.1], 0.3, 4, 2)],
  elementRadius: 0.25,
};

const KNEE_COIL: Coil = {
  uniqueName: 'knee8',
  shownName: 'Knee coil (8 channels)',
  elements: [
    ...ringOfElements([0, 0.005, -0.04], 0.085, 4, 2),
    ...ringOfElements([0, 0.005, 0.04], 0.085, 4, 2),
  ],
  elementRadius: 0.06,
};

const HEAD_COIL: Coil = {
  uniqueName: 'head16',
  shownName: 'Head coil (16 channels)',
  elements: [...ringOfElements([0, 0.0, -0.02], 0.125, 8, 2), ...ringOfElements([0, 0.0, 0.05], 0.115, 8, 2)],
  elementRadius: 0.07,
};

/** Body array: anterior and posterior grids of 3 × 2 elements around a region centred at the origin. */
function bodyArray(uniqueName: string, shownName: string, halfWidth: number, halfDepth: number): Coil {
  const elements: Vec3[] = [];
  for (const y of [-halfDepth, halfDepth])
    for (const x of [-halfWidth, 0, halfWidth]) for (const z of [-0.07, 0.07]) elements.push([x, y, z]);
  return { uniqueName, shownName, elements, elementRadius: 0.08 };
}

const TORSO_COIL = bodyArray('body12', 'Body array (12 channels)', 0.12, 0.16);

const SHOULDER_COIL: Coil = {
  uniqueName: 'shoulder8',
  shownName: 'Shoulder coil (8 channels)',
  elements: [
    ...ringOfElements([0.0, 0.0, -0.02], 0.09, 4, 0),
    ...ringOfElements([0.04, 0.0, -0.02], 0.09, 4, 0),
  ],
  elementRadius: 0.06,
};

const WRIST_COIL: Coil = {
  uniqueName: 'wrist8',
  shownName: 'Hand/wrist coil (8 channels)',
  elements: [
    ...ringOfElements([0.01, 0, -0.01], 0.07, 4, 2),
    ...ringOfElements([0.01, 0, -0.08], 0.07, 4, 2),
  ],
  elementRadius: 0.05,
};

const FOOT_COIL: Coil = {
  uniqueName: 'footAnkle8',
  shownName: 'Foot/ankle coil (8 channels)',
  elements: [...ringOfElements([0, 0.0, -0.03], 0.09, 4, 1), ...ringOfElements([0, 0.0, 0.06], 0.08, 4, 2)],
  elementRadius: 0.06,
};

const COILS_BY_MODEL: Readonly<Record<number, readonly Coil[]>> = {
  1: [HEAD_COIL, BODY_COIL],
  2: [KNEE_COIL, BODY_COIL],
  3: [TORSO_COIL, BODY_COIL],
  4: [bodyArray('spine12', 'Spine array (12 channels)', 0.05, 0.1), BODY_COIL],
  5: [TORSO_COIL, BODY_COIL],
  6: [TORSO_COIL, BODY_COIL],
  7: [SHOULDER_COIL, BODY_COIL],
  8: [WRIST_COIL, BODY_COIL],
  9: [FOOT_COIL, BODY_COIL],
  10: [{ ...BODY_COIL, elements: BODY_COIL.elements.map(([x, y, z]) => [x, y, z + 1.0] as const) }],
};

/** The coils of model `modelId` (none for an unknown id). */
export function modelCoils(modelId: number): readonly Coil[] {
  return COILS_BY_MODEL[modelId] ?? [];
}

/** The body coil's SNR gain at the isocentre (`coilSnrFactor`, ≈ 0.67): the console's SNR reference (100 %). */
const BODY_COIL_GAIN_AT_ISOCENTRE = coilSnrFactor(BODY_COIL, [0, 0, 0]);

/**
 * The SNR of coil `coilName` of model `modelId` at `point` [m] relative to the body coil at the isocentre: the
 * ratio of their `coilSnrFactor`s, as the engine receives them (the console's coil factor, sequence/derived.ts
 * relativeSnrPercent). A coil the model does not have is received as one unit channel, as the engine does.
 */
export function modelCoilSnrFactor(modelId: number, coilName: string, point: Vec3): number {
  const coil = modelCoils(modelId).find((c) => c.uniqueName === coilName);
  return (coil ? coilSnrFactor(coil, point) : 1) / BODY_COIL_GAIN_AT_ISOCENTRE;
}
