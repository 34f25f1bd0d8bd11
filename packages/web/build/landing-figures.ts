/**
 * The landing page's figures (issue "Accessibility and look"): one axial slice of the Colin27-derived brain,
 * scanned by the engine at build time as T1-weighted, T2-weighted and FLAIR, served at `/figures/landing/<name>.jpg`
 * (JPEG: the three fit the first page's budget).
 * The page (app/layouts/LandingLayout.tsx) names the same files and parameters; a test keeps them in step.
 */
import type { FigureSpec } from './render-figure.ts';

const MS = 1e-3;
/** The landing images are shown larger than the knowledge base's, so they get a finer matrix. */
const LANDING_MATRIX = 192;

/** One landing figure: the brain slice with `protocol`'s changes to the family's defaults, as a JPEG. */
function landing(
  name: string,
  family: FigureSpec['family'],
  protocol: FigureSpec['protocol'] = {},
): FigureSpec {
  return {
    name,
    model: 'brain',
    family,
    format: 'jpeg',
    protocol: { ...protocol, matrixRead: LANDING_MATRIX, matrixPhase: LANDING_MATRIX },
  };
}

export const LANDING_FIGURES: readonly FigureSpec[] = [
  landing('brain-t1', 'SE', { repetitionTime: 500 * MS, echoTime: 15 * MS }),
  landing('brain-t2', 'SE', { repetitionTime: 4000 * MS, echoTime: 100 * MS }),
  landing('brain-flair', 'FLAIR'),
];
