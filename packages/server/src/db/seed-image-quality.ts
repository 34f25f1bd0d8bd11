/**
 * Program "Image quality and artifacts" (issue 24): signal, resolution and time (SNR against voxel size,
 * averages, bandwidth and field; resolution against time; Gibbs truncation), then artifacts and their remedies.
 * SNR ∝ voxel volume · √(phase lines · NEX / bandwidth per pixel) · B0 (reference/analytic_formulas.md).
 */
import type { SeedProgram } from './seed-content-kit.ts';
import { ARTIFACT_MODULES } from './seed-artifacts.ts';
import { SIGNAL_MODULES } from './seed-signal.ts';

export const IMAGE_QUALITY: SeedProgram = {
  title: 'Image quality and artifacts',
  summary:
    'Signal, resolution and scan time, and the artifacts that spoil an image: recognise them and fix them.',
  description: `Every protocol is a compromise between signal-to-noise ratio, resolution and scan time, and every
image can be spoilt by an artifact. Here you measure the trade-offs and remove the artifacts.

1. **Signal, resolution and time**: voxel size, averages, bandwidth, matrix and field strength.
2. **Artifacts and how to fix them**: wrap-around, chemical shift, motion, truncation, susceptibility and EPI
   distortion.`,
  courses: [
    {
      title: 'Signal, resolution and time',
      description:
        'Measure what voxel size, averages, bandwidth, matrix and field strength do to SNR and scan time.',
      modules: SIGNAL_MODULES,
    },
    {
      title: 'Artifacts and how to fix them',
      description:
        'Recognise the common artifacts on the image, know their cause, and change the protocol to remove them.',
      modules: ARTIFACT_MODULES,
    },
  ],
};
