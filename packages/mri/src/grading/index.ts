/**
 * `@larmor/mri/grade`: automatic grading of submitted series against a module's objectives (issue 14), the
 * protocol comparison and the difference map of two series. Pure: no I/O.
 */
export * from './objectives.ts';
export { gradeSubmission, checkObjective, type ObjectiveResult } from './grade.ts';
export type { GradedSeries, SeriesImage } from './context.ts';
export {
  analyseWeighting,
  classifyWeighting,
  WEIGHTING_REFERENCE_TISSUES,
  WEIGHTING_SENSITIVITY_THRESHOLD,
} from './weighting.ts';
export { ARTIFACT_WORDS, artifactsNamed } from './imageChecks.ts';
export { ARTIFACT_LIMITS } from './artifacts.ts';
export * from './compare.ts';
export * from './difference.ts';
export { fractionOf, labelsOf, PURE_PIXEL_FRACTION, sliceLabels, type SliceLabels } from './labels.ts';
